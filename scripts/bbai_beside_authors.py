"""Tri-BBAI and Opt-BBAI beside the authors' code on their instance.

Runs the authors' Tri_BBAI (or Opt_BBAI_New) -- panxulab/Optimal-Batched-Best-Arm-Identification,
its Algorithm.py and Bandits.py imported from a checkout the user names -- exactly as their
TriBBAI.py (OptBBAI.py) does: for each delta, np.random.seed(1), the instance (K = 10,
mu_1 = 0.5, the others uniform in [0.2, 0.4]; their script then draws its unused "normal"
instance, which moves numpy's stream, so we draw it too), L1 = ceil(2 log K sqrt(log 1/delta)),
L2 = ceil(80 log(1/delta) log log(1/delta) / K), L3 = ceil(log(1/delta)^2), epsilon = 0.01,
alpha = 1.001, then the runs. Beside them, CPEx's sweep of pipelines/batched/authors-instance.ini
(the same instance, checked against the draw above; tri-bbai and opt-bbai with one Stage II batch,
the paper's structure, and @authors with the code's two). One table per algorithm: per delta the
error rate, mean samples and samples / (T*(mu) log(1/delta)) (T* by `cpex hardness`), mean and
largest batch count, and how often Stage III's test stopped the run. docs/reproductions/batched.md
explains every difference.

Nothing of the authors' code is in this repository: their module is imported from the path given
and called as their script calls it.

Not run in CI (it needs the authors' code, numpy and scipy: Debian's python3-numpy,
python3-scipy). Run with Debian's Python:

usage: /usr/bin/python3 scripts/bbai_beside_authors.py AUTHORS_CHECKOUT [--algorithm tri|opt]
           [--runs N] [--cpex-runs N] [--deltas D,...] [--build DIR] [--threads N] [--instance]
"""
import argparse
import csv
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PIPELINE = os.path.join(ROOT, "pipelines", "batched", "authors-instance.ini")
DELTAS = ["1e-1", "1e-2", "1e-3", "1e-4", "1e-5", "1e-6", "1e-7", "1e-8", "1e-9", "1e-10"]


def refuse(message):
    print("bbai_beside_authors: " + message, file=sys.stderr)
    sys.exit(2)


def arguments():
    p = argparse.ArgumentParser(description="Tri-BBAI / Opt-BBAI: the authors' code beside CPEx on their instance")
    p.add_argument("authors", help="a checkout of panxulab/Optimal-Batched-Best-Arm-Identification")
    p.add_argument("--algorithm", choices=["tri", "opt"], default="tri")
    p.add_argument("--runs", type=int, default=100, help="runs of the authors' code per delta (their script: 1000)")
    p.add_argument("--cpex-runs", type=int, default=1000, help="runs of each CPEx reading per delta (default 1000)")
    p.add_argument("--deltas", default=",".join(DELTAS), help="comma-separated deltas (default 1e-1 ... 1e-10)")
    p.add_argument("--build", default=os.environ.get("CPEX_BUILD_DIR", os.path.join(ROOT, "build")))
    p.add_argument("--threads", type=int, default=1, help="threads of the CPEx sweep")
    p.add_argument("--instance", action="store_true", help="print the authors' instance in full and exit")
    p.error = lambda message: refuse(message + " (usage: /usr/bin/python3 scripts/bbai_beside_authors.py "
                                     "AUTHORS_CHECKOUT [--algorithm tri|opt] [--runs N] [--cpex-runs N] "
                                     "[--deltas D,...] [--build DIR] [--threads N] [--instance])")
    a = p.parse_args()
    if a.runs < 1 or a.cpex_runs < 1:
        refuse("--runs and --cpex-runs must be at least 1")
    return a


def authors_modules(checkout):
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


def authors_side(algorithm, bandits, np, which, delta, runs):
    means = authors_instance(np)
    k = len(means)
    log_inverse = math.log(1 / delta)
    l1 = int(np.ceil(2 * np.log(k) * np.sqrt(log_inverse)))
    l2 = int(np.ceil(80 * log_inverse * np.log(log_inverse) / k))
    l3 = int(np.ceil(log_inverse * log_inverse))
    run = algorithm.Tri_BBAI if which == "tri" else algorithm.Opt_BBAI_New
    wrong, samples, batches, stopped = 0, [], [], 0
    start = time.process_time()
    for _ in range(runs):
        sim = bandits.Simulator(num_arms=k, arm_means=means)
        total, _mu, best, condition, batch = run(0.01, delta, l1, l2, l3, 1.001, sim)
        wrong += best != int(np.argmax(means)) + 1
        samples.append(float(total))
        batches.append(batch)
        stopped += bool(condition)
    return {"runs": runs, "wrong": wrong, "samples": statistics.fmean(samples), "batches": statistics.fmean(batches),
            "max_batches": max(batches), "stage3": stopped / runs, "cpu": time.process_time() - start,
            "l": (l1, l2, l3)}


def cpex(build, *args):
    return subprocess.run([os.path.join(build, "bin", "cpex"), *args], check=True, capture_output=True, text=True).stdout


def cpex_side(build, which, deltas, runs, threads):
    """Per (algorithm, delta): runs, wrong, mean samples, mean and largest batches, the share that
    Stage III's test stopped (`ended-by` in the resolved column), T* log(1/delta)."""
    plugins = ["%s-bbai" % which, "%s-bbai@authors" % which]
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        results = os.path.join(tmp, "bbai.csv")
        cpex(build, "sweep", PIPELINE, "--quiet", "--threads", str(threads), "--out", results,
             "--set", "run.repetitions=%d" % runs, "--set", "algorithm.plugin=" + ",".join(plugins),
             "--set", "algorithm.delta=" + ",".join(deltas))
        with open(results, newline="") as f:
            for row in csv.DictReader(f):
                key = (row["algorithm"], row["algorithm.delta"])
                cell = out.setdefault(key, {"runs": 0, "wrong": 0, "samples": [], "batches": [], "stage3": 0})
                cell["runs"] += 1
                cell["wrong"] += row["correct"] != "1"
                cell["samples"].append(float(row["samples"]))
                cell["batches"].append(int(row["batches"]))
                cell["stage3"] += json.loads(row["resolved"]).get("ended-by") == "stage-iii"
    hardness = json.loads(cpex(build, "hardness", PIPELINE, "--json"))
    bound = {}
    for p in hardness.get("points", [hardness]):
        t = p["measures"].get("T_star_log_1_over_delta")
        if t is not None:
            bound[p["values"]["algorithm.delta"]] = t
    return out, bound


def fmt(x, digits=3):
    return "–" if x is None else ("%.*g" % (digits, x))


def main():
    a = arguments()
    algorithm, bandits = authors_modules(a.authors)
    import numpy as np

    if a.instance:
        print(", ".join(repr(float(x)) for x in authors_instance(np)))
        return
    deltas = [d.strip() for d in a.deltas.split(",") if d.strip()]
    ours, bound = cpex_side(a.build, a.algorithm, deltas, a.cpex_runs, a.threads)
    name = "%s-bbai" % a.algorithm
    print("| δ | T* log(1/δ) | side | runs | wrong | mean samples | ratio | batches (mean, max) | "
          "Stage III stopped | CPU s |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |")
    for delta in deltas:
        theirs = authors_side(algorithm, bandits, np, a.algorithm, float(delta), a.runs)
        t = bound.get(delta)
        print("| %s | %s | authors' code | %d | %d | %.0f | %s | %.2f, %d | %.2f | %.1f |" % (
            delta, fmt(t, 5), theirs["runs"], theirs["wrong"], theirs["samples"],
            fmt(theirs["samples"] / t if t else None), theirs["batches"], theirs["max_batches"], theirs["stage3"],
            theirs["cpu"]))
        for plugin in (name + "@authors", name):
            cell = ours.get((plugin, delta))
            if not cell:
                continue
            mean = statistics.fmean(cell["samples"])
            print("| %s | | `%s` | %d | %d | %.0f | %s | %.2f, %d | %.2f | |" % (
                delta, plugin, cell["runs"], cell["wrong"], mean, fmt(mean / t if t else None),
                statistics.fmean(cell["batches"]), max(cell["batches"]), cell["stage3"] / cell["runs"]))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
