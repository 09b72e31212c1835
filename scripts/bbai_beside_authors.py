"""Tri-BBAI and Opt-BBAI beside the authors' code on their instance (docs/reproductions/batched.md).

Runs the authors' Tri_BBAI and Opt_BBAI_New -- panxulab/Optimal-Batched-Best-Arm-Identification,
its Algorithm.py and Bandits.py imported from a checkout the user names -- as their
TriBBAI.py and OptBBAI.py do: for each delta, np.random.seed(1), the instance (K = 10,
mu_1 = 0.5, the others uniform in [0.2, 0.4]; their script then draws its unused "normal"
instance, which moves numpy's stream, so we draw it too), L1 = ceil(2 log K sqrt(log 1/delta)),
L2 = ceil(80 log(1/delta) log log(1/delta) / K), L3 = ceil(log(1/delta)^2), epsilon = 0.01,
alpha = 1.001, then the runs, one numpy stream through them all. Beside them, CPEx's sweep of
pipelines/batched/authors-instance.ini (the same instance: checked against the draw above) for
NAME@authors (the code's two Stage II batches) and NAME (the paper's one).

Per delta and side: runs, wrong answers, mean samples with its standard error, samples /
(T*(mu) log(1/delta)) (T* by `cpex hardness`, and the authors' own optimal_weights beside it),
mean and largest batch count, how often Stage III's test stopped the run; for tri, the exact
probability that the empirical best is wrong after L3 pulls of every arm (what Stage IV returns
when it pulls every arm to L3; binomial sums, ties to the smaller index as numpy's argmax) and
what Stage II would pull without its cap L2, planned from Stage I's means (--plan-draws outcomes
of Stage I, a numpy stream of its own, through the authors' optimal_weights).

Batches: the authors count a batch for every stage or check they enter, CPEx only batches with
a pull. For tri the authors' count is also given without an empty Stage IV (one where every arm
already had L3 pulls: their Stage III statistic `chernoff` is wrapped to record the pull counts
it is handed; it is called once a run, just before Stage IV).

Speed: their Bernoulli KL is scipy.stats.entropy on two-point lists (about 90% of their CPU).
By default it is replaced by the same sum in plain Python (each list normalized, x log(x/y),
0 for x = 0, inf for y = 0 < x), after checking on a grid of 10,201 pairs that the two give the
same double to the bit; numpy's random stream is untouched, so the runs are theirs. --exact-kl
keeps scipy's (about 8 times slower).

Nothing of the authors' code is in this repository: their modules are imported from the path
given and called as their scripts call them. Not run in CI (it needs the authors' code, numpy,
scipy: Debian's python3-numpy, python3-scipy). Run with Debian's Python:

usage: /usr/bin/python3 scripts/bbai_beside_authors.py AUTHORS_CHECKOUT [--algorithm tri|opt|both]
           [--runs N] [--cpex-runs N] [--deltas D,...] [--build DIR] [--threads N] [--exact-kl]
           [--plan-draws N] [--instance]
"""
import csv
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

from beside_authors import ROOT, command_line, cpex_program, refuser

PIPELINE = os.path.join(ROOT, "pipelines", "batched", "authors-instance.ini")
DELTAS = ["1e-1", "1e-2", "1e-3", "1e-4", "1e-5", "1e-6", "1e-7", "1e-8", "1e-9", "1e-10"]
EPSILON, ALPHA = 0.01, 1.001
USAGE = ("usage: /usr/bin/python3 scripts/bbai_beside_authors.py AUTHORS_CHECKOUT [--algorithm tri|opt|both] "
         "[--runs N] [--cpex-runs N] [--deltas D,...] [--build DIR] [--threads N] [--exact-kl] [--plan-draws N] "
         "[--instance]")


refuse = refuser("bbai_beside_authors")


def parse_command_line():
    p = command_line("Tri-BBAI / Opt-BBAI: the authors' code beside CPEx on their instance",
                     "panxulab/Optimal-Batched-Best-Arm-Identification", USAGE, refuse)
    p.add_argument("--algorithm", choices=["tri", "opt", "both"], default="both")
    p.add_argument("--runs", type=int, default=200, help="runs of the authors' code per delta (their script: 1000)")
    p.add_argument("--cpex-runs", type=int, default=1000, help="runs of each CPEx reading per delta")
    p.add_argument("--deltas", default=",".join(DELTAS), help="comma-separated deltas (default 1e-1 ... 1e-10)")
    p.add_argument("--threads", type=int, default=1, help="threads of the CPEx sweep")
    p.add_argument("--exact-kl", action="store_true", help="keep their scipy KL (slower; same numbers)")
    p.add_argument("--plan-draws", type=int, default=200,
                   help="Stage I outcomes drawn for tri's uncapped Stage II plan column (0: no column)")
    p.add_argument("--instance", action="store_true", help="print the authors' instance in full and exit")
    a = p.parse_args()
    if a.runs < 1 or a.cpex_runs < 1 or a.plan_draws < 0:
        refuse("--runs and --cpex-runs must be at least 1, --plan-draws at least 0")
    for d in a.deltas.split(","):
        try:
            if not 0 < float(d) < 1 / math.e:
                raise ValueError
        except ValueError:
            refuse("--deltas: %r is not a delta in (0, 1/e) (L2 needs log log(1/delta) > 0)" % d)
    return a


def plain_kl(mu1, mu2):
    """scipy.stats.entropy([1 - mu1, mu1], [1 - mu2, mu2]) in plain Python, step by step as scipy does."""
    def term(x, y):
        if x > 0 and y > 0:
            return x * math.log(x / y)
        return 0.0 if x == 0 and y >= 0 else math.inf
    p0, p1, q0, q1 = 1 - mu1, mu1, 1 - mu2, mu2
    sp, sq = p0 + p1, q0 + q1
    return term(p0 / sp, q0 / sq) + term(p1 / sp, q1 / sq)


def authors_modules(checkout, exact_kl):
    for name in ("Algorithm.py", "Bandits.py"):
        if not os.path.isfile(os.path.join(checkout, name)):
            refuse("%s: no %s (a checkout of panxulab/Optimal-Batched-Best-Arm-Identification?)" % (checkout, name))
    try:
        import numpy  # noqa: F401
        import scipy  # noqa: F401
    except ImportError as e:
        refuse("needs numpy and scipy (%s): use Debian's /usr/bin/python3 with python3-numpy, python3-scipy" % e)
    sys.path.insert(0, os.path.abspath(checkout))
    import Algorithm
    import Bandits
    if not exact_kl:
        grid = [i / 100 for i in range(101)]
        for x in grid:
            for y in grid:
                theirs, ours = Algorithm.bernouli_kl_divergence(x, y), plain_kl(x, y)
                if not (theirs == ours or (math.isnan(theirs) and math.isnan(ours))):
                    refuse("the plain KL differs from the authors' at (%g, %g): %r vs %r; use --exact-kl"
                           % (x, y, ours, theirs))
        Algorithm.bernouli_kl_divergence = plain_kl
    return Algorithm, Bandits


def authors_instance(np, seed=1, arms=10):
    """Their script's draws after np.random.seed(seed): the uniform instance, then the normal one
    (drawn and discarded as they do, so that numpy's stream is where theirs is)."""
    np.random.seed(seed)
    uniform = np.random.uniform(0.2, 0.4, arms)
    uniform[0] = 0.5
    normal = np.random.normal(0.2, 0.2, arms)
    for i in range(arms):
        mean = normal[i]
        while mean > 0.4 or mean < 0:
            mean = np.random.normal(0.2, 0.2)
        normal[i] = mean
    return uniform


def authors_constants(np, delta, k):
    log_inverse = np.log(1 / delta)
    return (int(np.ceil(2 * np.log(k) * np.sqrt(log_inverse))),
            int(np.ceil(80 * log_inverse * np.log(log_inverse) / k)),
            int(np.ceil(log_inverse * log_inverse)))


def authors_side(algorithm, bandits, np, which, delta, runs):
    """`runs` of their algorithm at delta as their script makes them: the instance re-drawn after
    np.random.seed(1), then one numpy stream through the runs."""
    means = authors_instance(np)
    k = len(means)
    l1, l2, l3 = authors_constants(np, delta, k)
    run = algorithm.Tri_BBAI if which == "tri" else algorithm.Opt_BBAI_New
    original, least_pulls = algorithm.chernoff, []

    def recording_chernoff(pull_num, mu, maxindex):
        least_pulls.append(min(pull_num))
        return original(pull_num, mu, maxindex)
    algorithm.chernoff = recording_chernoff
    cell = {"runs": runs, "wrong": 0, "samples": [], "batches": [], "pulled_batches": [], "stage3": 0,
            "constants": (l1, l2, l3)}
    start = time.process_time()
    try:
        for _ in range(runs):
            least_pulls.clear()
            sim = bandits.Simulator(num_arms=k, arm_means=means)
            total, _mu, best, condition, batch = run(EPSILON, delta, l1, l2, l3, ALPHA, sim)
            cell["wrong"] += best != int(np.argmax(means)) + 1
            cell["samples"].append(float(total))
            cell["batches"].append(batch)
            empty_stage_four = which == "tri" and not condition and least_pulls[0] >= l3
            cell["pulled_batches"].append(batch - (1 if empty_stage_four else 0))
            cell["stage3"] += bool(condition)
    finally:
        algorithm.chernoff = original
    cell["cpu"] = time.process_time() - start
    return cell


def authors_characteristic_time(algorithm, np):
    tb, _weights = algorithm.optimal_weights(authors_instance(np).copy())
    return tb


def stage_two_plans(algorithm, np, delta, draws):
    """What Stage II would pull without the cap L2, over `draws` Stage I outcomes (L1 Bernoulli
    draws an arm, a stream of its own: numpy's default_rng(2310)), with the authors' b and
    optimal_weights: sum_i ceil(alpha w_i(b) T*(b) log(1/delta)) / (T*(mu) log(1/delta)). Returns
    the median and the share of draws above 2 (infinite plans, b without a unique best, count
    as above 2)."""
    means = authors_instance(np)
    k = len(means)
    l1 = authors_constants(np, delta, k)[0]
    log_inverse = math.log(1 / delta)
    t_star, _ = algorithm.optimal_weights(means.copy())
    rng = np.random.default_rng(2310)
    ratios = []
    for _ in range(draws):
        b = rng.binomial(l1, means) / l1
        best = int(np.argmax(b))
        b = b + EPSILON
        b[best] -= 2 * EPSILON
        tb, weights = algorithm.optimal_weights(b)
        plan = sum(math.ceil(ALPHA * w * tb * log_inverse) if math.isfinite(ALPHA * w * tb * log_inverse) else math.inf
                   for w in weights)
        ratios.append(plan / (t_star * log_inverse))
    return statistics.median(ratios), sum(r > 2 for r in ratios) / draws


def stage_four_error(means, pulls):
    """P(the empirical best is not arm 0) when every arm has `pulls` Bernoulli draws, ties going to
    the smaller index (numpy's argmax): 1 - sum_s P(S_0 = s) prod_{i > 0} P(S_i <= s)."""
    from scipy.stats import binom
    import numpy as np
    s = np.arange(pulls + 1)
    correct = binom.pmf(s, pulls, means[0])
    for mean in means[1:]:
        correct = correct * binom.cdf(s, pulls, mean)
    return max(0.0, 1.0 - float(correct.sum()))


def cpex(build, *args):
    done = subprocess.run([cpex_program(build, refuse), *args], capture_output=True, text=True)
    if done.returncode != 0:
        refuse("cpex %s failed: %s" % (args[0], (done.stderr.strip().splitlines() or ["no message"])[-1]))
    return done.stdout


def cpex_instance():
    with open(PIPELINE) as f:
        for line in f:
            if line.strip().startswith("means"):
                return [float(x) for x in line.split("=", 1)[1].split(",")]
    refuse("%s: no means line" % PIPELINE)


def cpex_side(build, plugins, deltas, runs, threads):
    """Per (algorithm, delta): runs, wrong, samples, batches, Stage III's share (`ended-by` in the
    resolved column); and T* log(1/delta) per delta from `cpex hardness`."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        results = os.path.join(tmp, "bbai.csv")
        start = time.time()
        cpex(build, "sweep", PIPELINE, "--quiet", "--threads", str(threads), "--out", results,
             "--set", "run.repetitions=%d" % runs, "--set", "algorithm.plugin=" + ",".join(plugins),
             "--set", "algorithm.delta=" + ",".join(deltas))
        wall = time.time() - start
        with open(results, newline="") as f:
            for row in csv.DictReader(f):
                key = (row["algorithm"], row["algorithm.delta"])
                cell = out.setdefault(key, {"runs": 0, "wrong": 0, "samples": [], "batches": [], "stage3": 0})
                cell["runs"] += 1
                cell["wrong"] += row["correct"] != "1"
                cell["samples"].append(float(row["samples"]))
                cell["batches"].append(int(row["batches"]))
                cell["stage3"] += json.loads(row["resolved"]).get("ended-by") == "stage-iii"
    hardness = json.loads(cpex(build, "hardness", PIPELINE, "--json", "--set",
                               "algorithm.delta=" + ",".join(deltas)))
    bound = {}
    for p in hardness.get("points", [hardness]):
        t = p["measures"].get("T_star_log_1_over_delta")
        if t is not None:
            bound[p["values"]["algorithm.delta"]] = t
    return out, bound, wall


def fmt(x, digits=3):
    return "–" if x is None else ("%.*g" % (digits, x))


def standard_error(values):
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")


def row(delta, side, cell, t, batches_text, extra):
    mean = statistics.fmean(cell["samples"])
    return "| %s | %s | %d | %d | %.0f ± %.0f | %s | %s | %.1f%% |%s" % (
        delta, side, cell["runs"], cell["wrong"], mean, standard_error(cell["samples"]),
        "%.2f" % (mean / t) if t else "–", batches_text, 100.0 * cell["stage3"] / cell["runs"], extra)


def table(which, algorithm, bandits, np, deltas, a, ours, bound):
    name = "%s-bbai" % which
    tri = which == "tri"
    print("\n%s: the authors' %s (%d runs a delta) beside CPEx (%d runs a delta)\n" % (
        name, "Tri_BBAI" if tri else "Opt_BBAI_New", a.runs, a.cpex_runs))
    print("| δ | side | runs | wrong | mean samples ± s.e. | samples / (T* log 1/δ) | batches mean (max) | "
          "Stage III stopped |" + (" P(wrong) after L3 each | Stage II plan, no cap: median (share > 2) |"
                                   if tri else ""))
    print("| --- | --- | ---: | ---: | ---: | ---: | --- | ---: |" + (" ---: | ---: |" if tri else ""))
    cpu = 0.0
    for delta in deltas:
        theirs = authors_side(algorithm, bandits, np, which, float(delta), a.runs)
        cpu += theirs["cpu"]
        t = bound.get(delta)
        batches = "%.2f (%d)" % (statistics.fmean(theirs["batches"]), max(theirs["batches"]))
        if tri:
            batches += "; with a pull %.2f (%d)" % (statistics.fmean(theirs["pulled_batches"]),
                                                    max(theirs["pulled_batches"]))
        extra = ""
        if tri:
            plan = "%.2f (%.0f%%)" % tuple(x * y for x, y in zip(
                stage_two_plans(algorithm, np, float(delta), a.plan_draws), (1, 100))) if a.plan_draws else "–"
            extra = " %s | %s |" % (fmt(stage_four_error(authors_instance(np), theirs["constants"][2]), 2), plan)
        print(row(delta, "authors' code", theirs, t, batches, extra))
        for plugin in (name + "@authors", name):
            cell = ours.get((plugin, delta))
            if cell:
                print(row(delta, "`%s`" % plugin, cell, t,
                          "%.2f (%d)" % (statistics.fmean(cell["batches"]), max(cell["batches"])),
                          " | |" if tri else ""))
        sys.stdout.flush()
    return cpu


def main():
    a = parse_command_line()
    algorithm, bandits = authors_modules(a.authors, a.exact_kl)
    import numpy as np

    if a.instance:
        print(", ".join(repr(float(x)) for x in authors_instance(np)))
        return
    theirs, ours_means = [float(x) for x in authors_instance(np)], cpex_instance()
    if theirs != ours_means:
        refuse("%s's means %s are not the authors' draw %s" % (PIPELINE, ours_means, theirs))
    deltas = [d.strip() for d in a.deltas.split(",") if d.strip()]
    which = ["tri", "opt"] if a.algorithm == "both" else [a.algorithm]
    plugins = [p for w in which for p in ("%s-bbai" % w, "%s-bbai@authors" % w)]
    ours, bound, wall = cpex_side(a.build, plugins, deltas, a.cpex_runs, a.threads)
    t_star = next(iter(bound.values())) / math.log(1 / float(next(iter(bound))))
    print("T*(mu): %.4f by `cpex hardness`, %.4f by the authors' optimal_weights" % (
        t_star, authors_characteristic_time(algorithm, np)))
    print("CPEx sweep: %.1f s wall (%d threads)" % (wall, a.threads))
    cpu = sum(table(w, algorithm, bandits, np, deltas, a, ours, bound) for w in which)
    print("\nthe authors' code: %.0f s CPU%s" % (cpu, " (scipy KL)" if a.exact_kl else " (plain KL)"))


if __name__ == "__main__":
    main()
