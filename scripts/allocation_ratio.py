#!/usr/bin/env python3
"""How far a best-arm sampler's allocation is from w*(mu): per run, T(N/t) / T*(mu).

For the best arm of arms of one exponential family with a common variance (Gaussian arms of one
sigma), 1 / T(w) = min_b d_b / (1/w_best + 1/w_b) with d_b proportional to the gap squared, so
the ratio T(N/t) / T*(mu) needs only the gaps and w*(mu) of `cpex hardness --json` and the pulls
of each run (`run.record-pulls = yes`, exported with `cpex export STORE.db --csv RUNS.csv`).
A ratio of 1 is the optimal allocation; the GLR stops near T(N/t) log(1/delta).

usage: scripts/allocation_ratio.py HARDNESS.json RUNS.csv
  e.g. cpex hardness large-k.ini --set algorithm.plugin=peps --json > h.json
       cpex sweep large-k.ini --set algorithm.plugin=peps --set run.record-pulls=yes --out r.db
       cpex export r.db --csv r.csv && scripts/allocation_ratio.py h.json r.csv
"""
import csv
import json
import sys


def fail(message):
    print(f"allocation_ratio: {message}", file=sys.stderr)
    sys.exit(2)


def inverse_time(gaps, w, best):
    # min over the challengers b of gap_b^2 / (1/w_best + 1/w_b); 0 when an arm has no weight.
    if w[best] <= 0.0:
        return 0.0
    return min((g * g) / (1.0 / w[best] + 1.0 / w[b]) if w[b] > 0.0 else 0.0
               for b, g in enumerate(gaps) if b != best)


def main(argv):
    if len(argv) != 3:
        fail("usage: allocation_ratio.py HARDNESS.json RUNS.csv")
    try:
        with open(argv[1]) as f:
            point = json.load(f)["points"][0]
        gaps, w_star = point["measures"]["gaps"], point["measures"]["w_star"]
        family, oracle = point["environment"], point["oracle"]
    except (OSError, ValueError, KeyError, IndexError, TypeError) as e:
        fail(f"{argv[1]}: not the output of `cpex hardness --json` with gaps and w_star ({e})")
    if family != "gaussian" or oracle != "top-k" or len(gaps) != len(w_star) or len(gaps) < 2:
        fail(f"{argv[1]}: the best of Gaussian arms only (here {family} arms, oracle {oracle})")
    best = max(range(len(w_star)), key=lambda a: w_star[a])  # the best arm has the largest w*
    optimum = inverse_time(gaps, w_star, best)
    if optimum <= 0.0:
        fail(f"{argv[1]}: w* gives no weight to some arm")
    try:
        with open(argv[2], newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        fail(f"{argv[2]}: {e}")
    print("run samples T(N/t)/T* w_best/w*_best least w_b/w*_b")
    for row in rows:
        try:
            pulls = [float(x) for x in (row.get("pulls") or "").split()]
        except ValueError:
            fail(f"{argv[2]}: run {row.get('run_id')}: pulls are not numbers")
        if len(pulls) != len(gaps):
            fail(f"{argv[2]}: run {row.get('run_id')}: {len(pulls)} pull counts for {len(gaps)} arms "
                 "(record them with --set run.record-pulls=yes)")
        t = sum(pulls)
        if not t > 0.0:
            fail(f"{argv[2]}: run {row.get('run_id')}: no pulls")
        w = [n / t for n in pulls]
        inverse = inverse_time(gaps, w, best)
        ratio = optimum / inverse if inverse > 0.0 else float("inf")
        least = min(w[b] / w_star[b] for b in range(len(w)) if b != best)
        print(f"{row.get('run_id')} {t:.0f} {ratio:.3f} {w[best] / w_star[best]:.3f} {least:.3f}")


if __name__ == "__main__":
    main(sys.argv)
