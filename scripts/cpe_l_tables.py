#!/usr/bin/env python3
"""Tables of docs/reproductions/cpe-l.md from the CSVs of pipelines/cpe-l/ (one row per run).

For every structure and algorithm: runs, errors, capped runs, mean hardness H (the
planted-gap environment reports each run's H = sum_e Delta_e^-2 in the resolved column),
mean samples, the least-squares fit log(samples) = log C + b log H over the runs, the
median of samples / H and the median of samples / (T*(mu) log(1/delta)) (the `lower_bound`
column: each run's instance has its own T*). Then lil'CLUCB against CLUCB on the same instances (paired by
sweep point and repetition): the geometric mean of the sample ratio, for lil'CLUCB's
heuristic and faithful presets. Exits 1 if a run
erred or was capped, or if lil'CLUCB does not take fewer samples than CLUCB on every
structure (seed 004 §4.2's claim).
usage: cpe_l_tables.py DIR
"""
import csv
import json
import math
import statistics
import sys
from pathlib import Path

STRUCTURES = [("tree", "spanning trees"), ("path", "DAG paths"), ("matching", "matchings"),
              ("topk", "top-k")]
ALGORITHMS = ["clucb", "lil-clucb", "lil-clucb-faithful"]  # file suffixes


def read_runs(path):
    runs = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            resolved = json.loads(row["resolved"])  # the resolved parameters, a JSON object
            runs[(row["point"], row["repetition"])] = {
                "samples": int(row["samples"]),
                "correct": row["correct"] == "1",
                "capped": row["status"] == "capped",
                "hardness": float(resolved["hardness"]),
                "gap": float(row["environment.gap"]),
                # T*(mu) log(1/delta) of the run's instance (empty or nan when unknown)
                "lower_bound": float(row.get("lower_bound") or "nan"),
            }
    return runs


def lower_bound_ratio(runs):
    """The median of samples / (T* log(1/delta)) over the runs whose instance has one."""
    ratios = [r["samples"] / r["lower_bound"] for r in runs
              if math.isfinite(r["lower_bound"]) and r["lower_bound"] > 0]
    return f"{statistics.median(ratios):.2f} ({len(ratios)} runs)" if ratios else "–"


def fit(runs):
    xs = [math.log(r["hardness"]) for r in runs]
    ys = [math.log(r["samples"]) for r in runs]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    return math.exp(my - b * mx), b


def main():
    out = Path(sys.argv[1])
    ok = True
    print("| structure | algorithm | runs | errors | capped | mean H | mean samples |"
          " fit samples = C H^b | median samples/H | median samples/(T* log(1/δ)) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    data = {}
    for key, label in STRUCTURES:
        for algorithm in ALGORITHMS:
            runs = read_runs(out / f"{key}-{algorithm}.csv")
            data[key, algorithm] = runs
            values = list(runs.values())
            errors = sum(not r["correct"] for r in values)
            capped = sum(r["capped"] for r in values)
            ok = ok and errors == 0 and capped == 0
            c, b = fit(values)
            print(f"| {label} | {algorithm} | {len(values)} | {errors} | {capped} | "
                  f"{statistics.fmean(r['hardness'] for r in values):.0f} | "
                  f"{statistics.fmean(r['samples'] for r in values):.0f} | "
                  f"{c:.1f} H^{b:.2f} | "
                  f"{statistics.median(r['samples'] / r['hardness'] for r in values):.1f} | "
                  f"{lower_bound_ratio(values)} |")
    print()
    print("| structure | gap | lil'CLUCB heuristic / CLUCB | lil'CLUCB faithful / CLUCB |")
    print("| --- | --- | --- | --- |")
    for key, label in STRUCTURES:
        a = data[key, "clucb"]
        gaps = sorted({r["gap"] for r in a.values()}, reverse=True)
        for gap in gaps + [None]:
            cells = []
            for variant in ALGORITHMS[1:]:
                b = data[key, variant]
                pairs = [(a[k]["samples"], b[k]["samples"]) for k in a
                         if k in b and (gap is None or a[k]["gap"] == gap)]
                ratio = math.exp(statistics.fmean(math.log(y / x) for x, y in pairs))
                if gap is None:
                    ok = ok and ratio < 1.0
                cells.append(f"{ratio:.2f}")
            print(f"| {label} | {'all' if gap is None else gap} | {' | '.join(cells)} |")
    print()
    print("claim (seed 004 §4.2: lil'CLUCB needs fewer samples than CLUCB):",
          "holds" if ok else "DOES NOT HOLD (or a run erred / was capped)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
