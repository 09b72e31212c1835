"""RAGE beside the authors' code on Fiez, Jain, Jamieson & Ratliff's transductive instance.

Runs the authors' RAGE (fiezt/Transductive-Linear-Bandit-Code, its RAGE.py, imported from a
checkout the user names) and CPEx's `rage` readings on the same instance -- the X, Z and theta
of pipelines/linear-transductive/fiez.ini and its CSVs, checked against the authors'
`transductive_problem_instance(20, 0.1)` of run_transductive.py --, delta = 0.05, N(0, 1)
noise, the authors' factor 10 (rounding eps = 0.1), and prints one side-by-side table: mean
samples with a 95% percentile-bootstrap interval (the same resampling for both sides), errors,
and how many phases the runs took.

Nothing of the authors' code is in this repository: their module is imported from the path
given, and their RAGE class is only subclassed to record each phase's length, support and
rho (the subclass calls their methods and changes nothing). The seeds of their runs follow
their script (np.random.seed(SEED), then SEED-list = np.random.randint(0, 100000, RUNS)).
Their code has two readings: var=True (their default: the data-dependent elimination) is
our `rage@authors`; var=False (the fixed level 2^-t) is our `rage@authors-schedule`. Our
`rage` (the paper's constants) and `rage@authors-elimination` have no counterpart there and
are printed for reference. docs/reproductions/linear-transductive.md explains every
difference.

Not run in CI (it needs the authors' code and numpy). Run with Debian's Python:

usage: /usr/bin/python3 scripts/rage_beside_authors.py AUTHORS_CHECKOUT [--runs N]
           [--seed S] [--cpex-seed S] [--build DIR] [--phases]
"""
import ast
import configparser
import csv
import json
import os
import subprocess
import sys
import tempfile
import time

from beside_authors import ROOT, command_line, cpex_program, refuser

PIPELINE = os.path.join(ROOT, "pipelines", "linear-transductive", "fiez.ini")
OURS = ["rage", "rage@authors-elimination", "rage@authors-schedule", "rage@authors"]
# Our reading that their code runs with var = True / False.
COUNTERPART = {True: "rage@authors", False: "rage@authors-schedule"}


refuse = refuser("rage_beside_authors")
USAGE = ("usage: /usr/bin/python3 scripts/rage_beside_authors.py AUTHORS_CHECKOUT [--runs N] [--seed S] "
         "[--cpex-seed S] [--build DIR] [--phases]")


def arguments():
    p = command_line("RAGE: the authors' code beside CPEx on their transductive instance",
                     "fiezt/Transductive-Linear-Bandit-Code", USAGE, refuse)
    p.add_argument("--runs", type=int, default=20, help="runs per reading on each side (default 20, as their script)")
    p.add_argument("--seed", type=int, default=43, help="seed of the authors' seed list (default 43, their script's)")
    p.add_argument("--cpex-seed", type=int, default=2019, help="run.seed of the CPEx sweep (default 2019, fiez.ini's)")
    p.add_argument("--phases", action="store_true", help="also print each phase of the authors' first run")
    a = p.parse_args()
    if a.runs < 2:
        refuse("--runs must be at least 2")
    return a


def load_instance(np):
    """X (K x d), Z (|Z| x d), theta (d x 1) and delta of fiez.ini, rows as the authors' code wants them."""
    ini = configparser.ConfigParser(interpolation=None, inline_comment_prefixes=None)
    ini.optionxform = str
    ini.read(PIPELINE)
    env = ini["environment"]
    here = os.path.dirname(PIPELINE)
    x = np.loadtxt(os.path.join(here, env["features-file"]), delimiter=",", skiprows=1, ndmin=2)
    z = np.loadtxt(os.path.join(here, env["answers-file"]), delimiter=",", skiprows=1, ndmin=2)
    theta = np.array([float(v) for v in env["theta"].split(",")]).reshape(-1, 1)
    if float(env.get("sigma", "1")) != 1.0:
        refuse("fiez.ini's sigma is not 1, the authors' noise")
    delta = float(ini["algorithm"]["delta"])
    return x, z, theta, delta


def authors_instance(np, path):
    """The authors' transductive_problem_instance(20, 0.1), taken from run_transductive.py
    without running the script (which starts its experiments on import): the function's
    definition alone is compiled from their file. None when the file or function is missing."""
    script = os.path.join(path, "run_transductive.py")
    if not os.path.isfile(script):
        return None
    with open(script) as f:
        tree = ast.parse(f.read(), script)
    defs = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "transductive_problem_instance"]
    if not defs:
        return None
    scope = {"np": np}
    exec(compile(ast.Module(body=defs, type_ignores=[]), script, "exec"), scope)
    return scope["transductive_problem_instance"](20, 0.1)


def bootstrap(np, values, seed=12345, resamples=10000):
    v = np.asarray(values, dtype=float)
    rng = np.random.RandomState(seed)
    means = v[rng.randint(0, len(v), (resamples, len(v)))].mean(axis=1)
    return v.mean(), np.percentile(means, 2.5), np.percentile(means, 97.5)


def run_authors(np, rage_class, x, z, theta, delta, runs, seed, var):
    """Their RAGE, `runs` times on their seed list; per run: samples, success, phase lengths."""
    import logging
    logging.disable(logging.CRITICAL)  # their per-phase log lines and per-run verdicts

    class Recorded(rage_class):
        # Records what their algorithm computes; every method is theirs.
        def optimal_allocation(self):
            design, rho = super().optimal_allocation()
            self.trace.append({"rho": float(rho), "support": int((design > 0).sum()), "active": len(self.active_arms)})
            return design, rho

        def rounding(self, design, num_samples):
            self.trace[-1]["samples"] = int(num_samples)
            return super().rounding(design, num_samples)

    np.random.seed(seed)
    seeds = list(np.random.randint(0, 100000, runs))
    out = []
    for s in seeds:
        r = Recorded(x, theta, 10, delta, z)
        r.trace = []
        r.algorithm(s, var=var)
        out.append({"samples": int(r.N), "correct": bool(r.success), "trace": r.trace})
    return out


def run_ours(cpex, runs, seed):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "rage.csv")
        subprocess.run([cpex, "sweep", PIPELINE, "--set", "algorithm.plugin=" + ",".join(OURS),
                        "--set", "run.repetitions=%d" % runs, "--set", "run.seed=%d" % seed,
                        "--out", out, "--quiet"], check=True, stdout=subprocess.DEVNULL)
        with open(out) as f:
            rows = list(csv.DictReader(f))
    result = {name: [] for name in OURS}
    for row in rows:
        if row["status"] != "stopped":
            refuse("a CPEx run did not stop by its rule (%s, status %s)" % (row["algorithm.plugin"], row["status"]))
        resolved = json.loads(row["resolved"])
        result[row["algorithm.plugin"]].append({"samples": int(row["samples"]), "correct": row["correct"] == "1",
                                                "phases": int(resolved["phases"])})
    return result


def counts(values):
    tally = {}
    for v in values:
        tally[v] = tally.get(v, 0) + 1
    return ", ".join("%d: %d" % (k, tally[k]) for k in sorted(tally))


def main():
    a = arguments()
    if not os.path.isdir(a.authors) or not os.path.isfile(os.path.join(a.authors, "RAGE.py")):
        refuse("'%s' is not a checkout of fiezt/Transductive-Linear-Bandit-Code (no RAGE.py there)" % a.authors)
    try:
        import numpy as np
    except ImportError:
        refuse("numpy is not available to %s: run this script with /usr/bin/python3 (Debian's, numpy 1.24)"
               % sys.executable)
    cpex = cpex_program(a.build, refuse)
    sys.path.insert(0, os.path.abspath(a.authors))
    try:
        from RAGE import RAGE
    except ImportError as e:
        refuse("cannot import the authors' RAGE.py (%s): run this script with /usr/bin/python3" % e)

    x, z, theta, delta = load_instance(np)
    theirs = authors_instance(np, a.authors)
    if theirs is None:
        check = "run_transductive.py's transductive_problem_instance not found: not compared"
    else:
        tx, tz, tt = theirs
        if tx.shape != x.shape or tz.shape != z.shape or tt.shape != theta.shape:
            refuse("the authors' instance has other shapes than fiez.ini's (X %s, Z %s, theta %s)"
                   % (tx.shape, tz.shape, tt.shape))
        diff = max(abs(tx - x).max(), abs(tz - z).max(), abs(tt - theta).max())
        check = "max |difference| to run_transductive.py's transductive_problem_instance(20, 0.1): %.1e" % diff
    print("Instance: %s (their d = %d: vectors in R^%d, |X| = %d, |Z| = %d; delta = %g, N(0, 1) noise)"
          % (os.path.relpath(PIPELINE, ROOT), x.shape[1] // 2, x.shape[1], x.shape[0], z.shape[0], delta))
    print("  " + check)

    rows = []
    traces = {}
    for var in (True, False):
        start = time.time()
        runs = run_authors(np, RAGE, x, z, theta, delta, a.runs, a.seed, var)
        traces[var] = runs[0]["trace"]
        rows.append(("authors' RAGE.py, var=%s" % var, COUNTERPART[var], runs, time.time() - start))
    start = time.time()
    ours = run_ours(cpex, a.runs, a.cpex_seed)
    ours_time = (time.time() - start) / len(OURS)
    for name in OURS:
        rows.append(("CPEx " + name, name, ours[name], ours_time))

    print()
    print("| implementation | reading | runs | mean samples [95% bootstrap] | errors | runs by phases | runs by samples |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for label, reading, runs, _ in rows:
        samples = [r["samples"] for r in runs]
        mean, lo, hi = bootstrap(np, samples)
        errors = sum(1 for r in runs if not r["correct"])
        phases = [len(r["trace"]) if "trace" in r else r["phases"] for r in runs]
        print("| %s | %s | %d | %.0f [%.0f, %.0f] | %d | %s | %s |"
              % (label, reading, len(runs), mean, lo, hi, errors, counts(phases), counts(samples)))
    print()
    print("Seeds: authors' list from np.random.seed(%d) (their script's protocol); CPEx run.seed = %d."
          % (a.seed, a.cpex_seed))
    print("Wall time: authors %.0f s and %.0f s (var=True, False); CPEx %.1f s per reading."
          % (rows[0][3], rows[1][3], ours_time))
    if a.phases:
        for var in (True, False):
            print()
            print("Authors' first run, var=%s: phase, active items, design support, rho, samples" % var)
            for k, p in enumerate(traces[var], 1):
                print("  %d  %3d  %3d  %.6g  %d" % (k, p["active"], p["support"], p["rho"], p["samples"]))


if __name__ == "__main__":
    main()
