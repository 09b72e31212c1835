#!/usr/bin/python3
"""Samples per CPU-second of CPEx's lil'UCB (`cpex run` on a pipeline) beside an
independent NumPy implementation of banditpylib's lil'UCB learner
(benchmarks/peers/lil_ucb_numpy.py) on the same instance: seed 004's 1-sparse Best-1
instance (best arm 0.5, the others 0, Gaussian noise sigma = 0.5), lil'UCB-heuristic
(epsilon = 0, beta = 1/2, lambda = 1 + 10/N, delta = nu/5, nu = 0.01: CPEx's preset
`heuristic-jamieson`). Prints, per N, the runs, the mean samples per run, the process CPU
time and samples per CPU-second of both, and their ratio.

usage: /usr/bin/python3 benchmarks/peers/compare_lil_ucb.py [--cpex build/bin/cpex] [--sizes 100 1000]
       [--runs-cpex 2000] [--runs-numpy 3]     (Debian's python3-numpy; from the repo root)
"""
import argparse
import csv
import os
import resource
import subprocess
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lil_ucb_numpy import run_once  # noqa: E402

SIGMA = 0.5
NU = 0.01

PIPELINE = """[environment]
plugin    = topk-instance
generator = one-sparse
noise     = gaussian
variance  = 0.25
n         = {n}
k         = 1

[oracle]
plugin = top-k
k      = 1

[algorithm]
plugin = lil-ucb
preset = heuristic-jamieson
delta  = {nu}

[run]
seed        = 1
repetitions = {runs}
max-samples = 100000000
"""


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure_cpex(binary, n, runs, threads):
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "peer.ini")
        out = os.path.join(tmp, "runs.csv")
        with open(ini, "w") as f:
            f.write(PIPELINE.format(n=n, nu=NU, runs=runs))
        before = children_cpu()
        subprocess.run([binary, "run", ini, "--quiet", "--threads", str(threads), "--out", out],
                       check=True, stdout=subprocess.DEVNULL)
        cpu = children_cpu() - before
        with open(out) as f:
            rows = list(csv.DictReader(f))
    samples = sum(int(r["samples"]) for r in rows)
    correct = sum(1 for r in rows if r.get("correct", "1") in ("1", "true", "True"))
    return len(rows), samples, cpu, correct


def measure_numpy(n, runs):
    means = np.zeros(n)
    means[0] = 0.5
    rng = np.random.default_rng(1)
    samples = correct = 0
    start = time.process_time()
    for _ in range(runs):
        t, best = run_once(means, SIGMA, 1.0 - NU, rng)
        samples += t
        correct += best == 0
    return runs, samples, time.process_time() - start, correct


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpex", default="build/bin/cpex")
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--runs-cpex", type=int, default=2000)
    parser.add_argument("--runs-numpy", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    print(f"{'N':>6} {'implementation':<22} {'runs':>6} {'samples/run':>12} {'CPU s':>8} "
          f"{'samples/CPU-s':>14} {'correct':>8}")
    for n in args.sizes:
        rates = {}
        for name, result in (("cpex lil-ucb", measure_cpex(args.cpex, n, args.runs_cpex, args.threads)),
                             ("numpy (banditpylib)", measure_numpy(n, args.runs_numpy))):
            runs, samples, cpu, correct = result
            rates[name] = samples / cpu if cpu > 0 else float("inf")
            print(f"{n:>6} {name:<22} {runs:>6} {samples / runs:>12.0f} {cpu:>8.3f} "
                  f"{rates[name]:>14.3g} {correct:>5}/{runs}")
        print(f"{n:>6} {'ratio cpex / numpy':<22} {rates['cpex lil-ucb'] / rates['numpy (banditpylib)']:>51.0f}x")


if __name__ == "__main__":
    main()
