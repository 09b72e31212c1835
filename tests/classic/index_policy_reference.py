#!/usr/bin/env python3
"""ucb-e and apt against an independent simulation (numpy, its own random numbers).

For each budget T, the error rate of the plugin (`cpex run --json`, RUNS runs) and of a
vectorized numpy implementation of the paper's algorithm written here (RUNS runs), with
99% Clopper-Pearson intervals: the two intervals must overlap at every budget, and each
error rate must fall with the budget (the interval at the largest budget below the one at
the smallest). Usage: index_policy_reference.py CPEX_BINARY
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from scipy.stats import beta

RUNS = 2000


def clopper_pearson(errors, runs, confidence=0.99):
    a = (1 - confidence) / 2
    lo = 0.0 if errors == 0 else beta.ppf(a, errors, runs - errors + 1)
    hi = 1.0 if errors == runs else beta.ppf(1 - a, errors + 1, runs - errors)
    return lo, hi


def simulate(means, budget, choose, rng):
    """Every arm once, then `choose(sums, counts)` (one arm per run) until `budget`
    samples; returns the final (sums, counts), one row per run."""
    means = np.asarray(means)
    k = len(means)
    counts = np.ones((RUNS, k))
    sums = (rng.random((RUNS, k)) < means).astype(float)
    rows = np.arange(RUNS)
    for _ in range(budget - k):
        arm = choose(sums, counts)
        sums[rows, arm] += rng.random(RUNS) < means[arm]
        counts[rows, arm] += 1
    return sums, counts


def ucb_e(means, budget, a, rng):
    """UCB-E (Audibert et al. 2010): argmax mean + sqrt(a/T) (b = 1); answer: the best
    empirical mean. Ties: the smaller index (argmax)."""
    sums, counts = simulate(means, budget, lambda s, c: np.argmax(s / c + np.sqrt(a / c), axis=1), rng)
    return int(np.sum(np.argmax(sums / counts, axis=1) != np.argmax(means)))


def apt(means, budget, tau, eps, rng):
    """APT (Locatelli et al. 2016): argmin sqrt(T_i) (|mean_i - tau| + eps); answer:
    {i : mean_i >= tau}. Ties: the smaller index (argmin)."""
    choose = lambda s, c: np.argmin(np.sqrt(c) * (np.abs(s / c - tau) + eps), axis=1)
    sums, counts = simulate(means, budget, choose, rng)
    answer = sums / counts >= tau
    return int(np.sum(np.any(answer != (np.asarray(means) > tau), axis=1)))


def plugin_errors(cpex, text):
    with tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False) as f:
        f.write(text)
    try:
        out = subprocess.run([cpex, "run", f.name, "--json", "--quiet", "--threads", "2"],
                             check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(f.name)
    s = json.loads(out)
    assert s["runs"] == RUNS and s["failed"] == 0, s
    return s["wrong"]


def compare(name, budgets, plugin, reference):
    ok = True
    intervals = {}
    for t in budgets:
        p, r = plugin(t), reference(t)
        ip, ir = clopper_pearson(p, RUNS), clopper_pearson(r, RUNS)
        intervals[t] = (ip, ir)
        overlap = ip[0] <= ir[1] and ir[0] <= ip[1]
        print(f"{name} T={t}: plugin {p / RUNS:.4f} [{ip[0]:.4f}, {ip[1]:.4f}], "
              f"reference {r / RUNS:.4f} [{ir[0]:.4f}, {ir[1]:.4f}]{'' if overlap else '  DISJOINT'}")
        ok &= overlap
    lo, hi = budgets[0], budgets[-1]
    for which in (0, 1):
        falls = intervals[hi][which][1] < intervals[lo][which][0]
        if not falls:
            print(f"{name}: {'plugin' if which == 0 else 'reference'} error does not fall from T={lo} to T={hi}")
        ok &= falls
    return ok


def main():
    cpex = sys.argv[1]
    rng = np.random.default_rng(2016)
    ok = True
    # UCB-E on Audibert et al.'s experiment 4 (K = 6, n = 600), a = 2.
    means = [0.35, 0.35, 0.4, 0.4, 0.42, 0.5]
    text = ("[environment]\nplugin = bernoulli\nmeans = " + ", ".join(map(str, means)) +
            "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = ucb-e\na = 2\n[run]\nseed = 7\n"
            f"repetitions = {RUNS}\nbudget = ")
    ok &= compare("ucb-e", [150, 600, 2400], lambda t: plugin_errors(cpex, text + str(t) + "\n"),
                  lambda t: ucb_e(means, t, 2.0, rng))
    if len(sys.argv) > 2 and sys.argv[2] == "--apt":
        # APT on a thresholding instance: tau = 0.5, eps = 0.05 (Locatelli et al.'s loss
        # counts every arm here: no mean lies within eps of tau).
        means = [0.2, 0.35, 0.42, 0.58, 0.65, 0.8]
        text = ("[environment]\nplugin = bernoulli\nmeans = " + ", ".join(map(str, means)) +
                "\n[oracle]\nplugin = threshold\ntau = 0.5\n[algorithm]\nplugin = apt\nepsilon = 0.05\n"
                f"[run]\nseed = 7\nrepetitions = {RUNS}\nbudget = ")
        ok &= compare("apt", [60, 240, 960], lambda t: plugin_errors(cpex, text + str(t) + "\n"),
                      lambda t: apt(means, t, 0.5, 0.05, rng))
    print("agree" if ok else "DISAGREE")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
