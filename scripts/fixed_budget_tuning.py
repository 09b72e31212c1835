#!/usr/bin/env python3
"""UGapE's eta and UCB-E's c at the budget n of Audibert, Bubeck & Munos's seven experiments.

For every experiment of pipelines/fixed-budget/audibert-expE.ini (its means, its budget n,
its H_eps = sum_i 4/Delta_i^2 from the `hardness` key), runs at T = n:
  ugape  with a = eta (n - K) / H_eps         for eta in ETAS,
  ucb-e  with a = c (n - K) / H1, H1 = H_eps/4 for c in CS (c = 25/36: UCB-E's Theorem 1),
each with REPS runs (seed 2010), and prints a markdown table of error rates with 95%
Clopper-Pearson intervals, the best value of each column family marked. Usage:
    scripts/fixed_budget_tuning.py [--cpex build/bin/cpex] [--reps 2000] [--threads 2] > table.md
(docs/reproductions/fixed-budget.md, "UGapE and UCB-E: the exploration parameter").
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ETAS = [0.25, 1, 2, 4, 8, 16, 32, 64]
CS = [25 / 36, 1, 2, 4, 8, 16, 32]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def experiment(e):
    text = open(os.path.join(ROOT, "pipelines", "fixed-budget", f"audibert-exp{e}.ini")).read()
    means = re.search(r"^means\s*=\s*(.*)$", text, re.M).group(1)
    hardness = float(re.search(r"^hardness\s*=\s*(.*)$", text, re.M).group(1))
    budget = int(re.search(r"^budget\s*=\s*(\d+)", text, re.M).group(1))
    return means, hardness, budget


def run(cpex, means, budget, algorithm, reps, threads):
    text = (f"[environment]\nplugin = bernoulli\nmeans = {means}\n[oracle]\nplugin = top-k\nk = 1\n"
            f"[algorithm]\n{algorithm}\n[run]\nseed = 2010\nrepetitions = {reps}\nbudget = {budget}\n")
    with tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False) as f:
        f.write(text)
    try:
        out = subprocess.run([cpex, "run", f.name, "--json", "--quiet", "--threads", str(threads)],
                             check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(f.name)
    s = json.loads(out)
    return s["error_rate"], s["error_rate_ci95"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cpex", default=os.path.join(ROOT, "build", "bin", "cpex"))
    parser.add_argument("--reps", type=int, default=2000)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    header = ["experiment (n)"] + [f"UGapE η={e:g}" for e in ETAS] + [f"UCB-E c={c:.3g}" for c in CS]
    print("| " + " | ".join(header) + " |")
    print("| --- |" + " ---: |" * (len(header) - 1))
    for e in range(1, 8):
        means, h_eps, n = experiment(e)
        k = len(means.split(","))
        cells = []
        for eta in ETAS:
            cells.append(run(args.cpex, means, n, f"plugin = ugape\nhardness = {h_eps}\neta = {eta}",
                             args.reps, args.threads))
        for c in CS:
            cells.append(run(args.cpex, means, n, f"plugin = ucb-e\nhardness = {h_eps / 4}\nc = {c}",
                             args.reps, args.threads))
        best_u = min(range(len(ETAS)), key=lambda i: cells[i][0])
        best_c = min(range(len(ETAS), len(cells)), key=lambda i: cells[i][0])
        text = []
        for i, (rate, ci) in enumerate(cells):
            t = f"{rate:.3f} [{ci[0]:.3f}, {ci[1]:.3f}]"
            text.append(f"**{t}**" if i in (best_u, best_c) else t)
        print(f"| {e} ({n}) | " + " | ".join(text) + " |", flush=True)
        print(f"experiment {e} done (K = {k})", file=sys.stderr)


if __name__ == "__main__":
    main()
