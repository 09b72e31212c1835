#!/usr/bin/env python3
"""Draws the hidden 2-objective instance of pipelines/pareto/hidden.ini: K = 6 arms of two
objectives uniform in [0, 1]^2 (numpy's default_rng(2023)), redrawn until every Pareto gap
(Kone, Kaufmann & Richert 2023, docs/algorithms/pareto.md) is at least 0.1 and the Pareto set
has at least 2 arms. The gaps are computed here with numpy, independently of CPEx's numerics.

usage: draw_pareto_instance.py   (prints the `means = ...` line)
"""
import numpy as np


def gaps(mu):
    k = len(mu)
    big_m = np.array([[np.max(mu[i] - mu[j]) for j in range(k)] for i in range(k)])
    star = np.array([max(-big_m[i, j] for j in range(k) if j != i) for i in range(k)])
    out = np.empty(k)
    for i in range(k):
        if star[i] > 0:
            out[i] = star[i]
        else:
            out[i] = min(min(big_m[i, j], max(big_m[j, i], 0) + max(star[j], 0)) for j in range(k) if j != i)
    return out, np.sum(star <= 0)


def main():
    rng = np.random.default_rng(2023)
    while True:
        mu = rng.uniform(0.0, 1.0, size=(6, 2)).round(3)
        g, front = gaps(mu)
        if g.min() >= 0.1 and front >= 2:
            print("means = " + "; ".join(" ".join(f"{x:.3f}" for x in row) for row in mu))
            print("# gaps " + ", ".join(f"{x:.3f}" for x in g))
            return


if __name__ == "__main__":
    main()
