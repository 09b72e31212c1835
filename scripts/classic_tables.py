#!/usr/bin/env python3
"""The measured tables of issue 30's classic algorithms (docs/reproductions/fixed-budget.md,
docs/algorithms/kl.md), from `cpex run --json`:

fixed-budget: UGapE's eta and UCB-E's c at the budget n of Audibert, Bubeck & Munos's
seven experiments. For every experiment of pipelines/fixed-budget/audibert-expE.ini (its means, its budget n,
its H_eps = sum_i 4/Delta_i^2 from the `hardness` key), runs at T = n:
  ugape  with a = eta (n - K) / H_eps         for eta in ETAS,
  ucb-e  with a = c (n - K) / H1, H1 = H_eps/4 for c in CS (c = 25/36: UCB-E's Theorem 1),
each with REPS runs (seed 2010), and prints a markdown table of error rates with 95%
Clopper-Pearson intervals, the best value of each column family marked.

kl-lucb: mean samples of lucb, kl-lucb (rate = lucb1: the same rate, only the bounds
differ), kl-lucb and kl-racing (rate = kk2013) on Bernoulli arms with means <= 0.1 and
near 1/2 (top 1, delta = 0.1 and 1e-10) and on Kaufmann & Kalyanakrishnan's B1 and B2
(top 3, delta = 0.1), REPS runs each, with 95% intervals and the ratios to lucb.

Usage: scripts/classic_tables.py fixed-budget|kl-lucb [--cpex build/bin/cpex] [--reps N] [--threads 2]
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


def run(cpex, means, budget, algorithm, reps, threads, summary=False, k=1):
    text = (f"[environment]\nplugin = bernoulli\nmeans = {means}\n[oracle]\nplugin = top-k\nk = {k}\n"
            f"[algorithm]\n{algorithm}\n[run]\nseed = 2010\nrepetitions = {reps}\n"
            + (f"budget = {budget}\n" if budget else "max-samples = 100000000\n"))
    with tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False) as f:
        f.write(text)
    try:
        out = subprocess.run([cpex, "run", f.name, "--json", "--quiet", "--threads", str(threads)],
                             check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(f.name)
    s = json.loads(out)
    return s if summary else (s["wrong_rate"], s["wrong_rate_ci95"])


def kl_lucb(args):
    b1 = ", ".join(f"{x:g}" for x in [0.5] + [0.5 - a / 40 for a in range(2, 16)])
    b2 = ", ".join(f"{x:g}" for x in [0.25] + [(0.5 - a / 40) / 2 for a in range(2, 16)])
    # (name, means, k, epsilon, deltas)
    instances = [("means <= 0.1", "0.1, 0.05, 0.05, 0.02, 0.01", 1, 0, (0.1, 1e-10)),
                 ("near 1/2", "0.6, 0.5, 0.45, 0.4, 0.35", 1, 0, (0.1, 1e-10)),
                 ("B1: 1/2, 1/2 - a/40 (a = 2..15), top 3, eps 0.04", b1, 3, 0.04, (0.1,)),
                 ("B2: B1 / 2, top 3, eps 0.02", b2, 3, 0.02, (0.1,))]
    algorithms = [("lucb", "plugin = lucb"), ("kl-lucb, rate = lucb1", "plugin = kl-lucb\nrate = lucb1"),
                  ("kl-lucb, rate = kk2013", "plugin = kl-lucb"), ("kl-racing, rate = kk2013", "plugin = kl-racing")]
    print("| instance | delta | " + " | ".join(a for a, _ in algorithms) +
          " | kl-lucb (lucb1) / lucb | kl-lucb (kk2013) / lucb |")
    print("| --- | --- |" + " ---: |" * (len(algorithms) + 2))
    for name, means, k, eps, deltas in instances:
        for delta in deltas:
            cells, values = [], []
            for _, text in algorithms:
                s = run(args.cpex, means, 0, f"{text}\ndelta = {delta}\nepsilon = {eps}", args.reps,
                        args.threads, True, k)
                assert s["ended"] == args.reps, s
                m, (lo, hi) = s["samples"]["mean"], s["samples"]["mean_ci95_normal"]
                values.append(m)
                cells.append(f"{m:,.0f} [{lo:,.0f}, {hi:,.0f}] ({s["wrong"]} wrong)")
            print(f"| {name} | {delta:g} | " + " | ".join(cells) +
                  f" | {values[1] / values[0]:.3f} | {values[2] / values[0]:.3f} |", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("table", choices=["fixed-budget", "kl-lucb"])
    parser.add_argument("--cpex", default=os.path.join(ROOT, "build", "bin", "cpex"))
    parser.add_argument("--reps", type=int, default=2000)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    if args.table == "kl-lucb":
        kl_lucb(args)
        return
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
