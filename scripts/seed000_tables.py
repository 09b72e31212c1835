#!/usr/bin/env python3
"""Formats the seed 000 reproduction (`cpex sweep --out` CSVs and the Fig. 1 trace) as
Markdown: Fig. 1 (mean approximation ratio and additive error of SAQM / SA-FOA by round
window), Fig. 2 (microseconds per round against n, k = n/2) and Fig. 3 (samples against
Delta_min; the non-default readings in their own columns, e.g. icb/prop1) with both
verdicts of every cell (not correct under the run's epsilon on the sum,
not optimal). Checks the claims: every run that stopped returned an acceptable (correct)
super arm (but for ME / LUCB with arm-epsilon = paper, which promise only k epsilon on the
sum), and at n = 24 sa-exhaustive's round costs more than 10x the slowest polynomial
algorithm's; how many were also optimal is reported, not enforced (epsilon > 0 allows a
near-optimal answer).

usage: seed000_tables.py DIR    Exits 1 if a claim does not hold."""
import csv
import json
import pathlib
import sys

from cpex_results import Cell, rows, verdict_table

ORDER = ["saqm", "sa-foa", "clucb-qm", "icb", "clucb-full", "me-full", "lucb-full", "sa-exhaustive", "clucb-ex",
         "icb/prop1", "sa-foa/epsilon", "saqm/certified"]
# Keys of the non-default readings and their non-default values: a run under one is its own
# column, "algorithm/value" (fig3-readings.ini; seed001_tables.py uses the same labels).
READINGS = {"width": "lemma1", "stop-at": "half-epsilon", "alpha": "0.9", "best-candidate": "exchange"}


def label(row):
    """The algorithm of a run row, with the non-default readings it ran under appended."""
    resolved = json.loads(row["resolved"] or "{}")
    extra = [str(resolved[key]) for key, default in READINGS.items()
             if key in resolved and str(resolved[key]) not in (default, "0.9")]
    return "/".join([row["algorithm"]] + extra)


def load(out_dir, prefix):
    return [r for p in sorted(out_dir.glob(prefix + "*.csv")) if not p.name.endswith(".trace.csv") for r in rows(p)]


def fig1(out_dir, out):
    path = out_dir / "fig1-approximation.trace.csv"
    points = {r["run_id"]: r for r in load(out_dir, "fig1-approximation")}
    if not path.exists():
        return
    cells = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            if r["name"] not in ("ratio", "additive-error"):
                continue
            run = points.get(r["run_id"])
            if run is None:
                continue
            window = min(int(r["sample"]) // 10000, 9)
            key = (float(run["environment.delta-min"]), run["algorithm"], r["name"], window)
            cells.setdefault(key, []).append(float(r["value"]))
    out.write("\n### Fig. 1: approximation ratio / additive error (mean per window of 1e4 rounds)\n\n")
    out.write("| Delta_min | algorithm | value | " + " | ".join("%d-%dk" % (10 * w, 10 * w + 10) for w in range(10)) + " |\n")
    out.write("|---:|---|---|" + "---:|" * 10 + "\n")
    for gap in (0.1, 1.0):
        for algorithm in ("saqm", "sa-foa"):
            for name in ("ratio", "additive-error"):
                values = [cells.get((gap, algorithm, name, w)) for w in range(10)]
                out.write("| %g | %s | %s | %s |\n" % (gap, algorithm, name, " | ".join(
                    "%.3f" % (sum(v) / len(v)) if v else "" for v in values)))


def fig2(out_dir, out):
    table = {}
    for r in load(out_dir, "fig2-"):
        micro = 1e6 * float(r["wall_time_s"]) / max(int(r["samples"]), 1)
        table.setdefault(int(r["environment.n"]), {}).setdefault(r["algorithm"], []).append(micro)
    algorithms = [a for a in ORDER if any(a in v for v in table.values())]
    out.write("\n### Fig. 2: microseconds per round (wall time / samples, mean of runs), k = n/2\n\n")
    out.write("| n | " + " | ".join(algorithms) + " |\n|---:|" + "---:|" * len(algorithms) + "\n")
    for n in sorted(table):
        out.write("| %d | %s |\n" % (n, " | ".join(
            "%.1f" % (sum(table[n][a]) / len(table[n][a])) if a in table[n] else "" for a in algorithms)))
    last = table.get(max(table)) if table else {}
    if "sa-exhaustive" in last:
        poly = max(sum(v) / len(v) for a, v in last.items() if a != "sa-exhaustive")
        exh = sum(last["sa-exhaustive"]) / len(last["sa-exhaustive"])
        return exh > 10 * poly
    return True


def fig3(out_dir, out):
    table = {}
    for r in load(out_dir, "fig3-"):
        table.setdefault(float(r["environment.delta-min"]), {}).setdefault(label(r), Cell()).add(r)
    algorithms = [a for a in ORDER if any(a in v for v in table.values())]
    out.write("\n### Fig. 3: samples against Delta_min (n = 10, k = 5; mean ± 95%% half-width)\n\n")
    out.write("| Delta_min | " + " | ".join(algorithms) + " |\n|---:|" + "---:|" * len(algorithms) + "\n")
    for gap in sorted(table):
        out.write("| %g | %s |\n" % (gap, " | ".join(
            table[gap][a].text() if a in table[gap] else "" for a in algorithms)))
    verdict_table(out, "Fig. 3", "Delta_min", {("%g" % gap, a): c for gap in table
                                                       for a, c in table[gap].items()},
                          ["%g" % gap for gap in sorted(table)], algorithms)
    # ME / LUCB with arm-epsilon = paper promise only k epsilon on the sum: their answers
    # judged at epsilon on the sum are reported above, not enforced.
    enforced = sum(1 for gap in table for c in table[gap].values() for r in c.rows
                   if r["stopped"] == "rule" and r["correct"] != "1"
                   and json.loads(r["resolved"] or "{}").get("arm-epsilon") != "paper")
    return enforced == 0


def main():
    out_dir = pathlib.Path(sys.argv[1])
    out = sys.stdout
    fig1(out_dir, out)
    blow_up = fig2(out_dir, out)
    correct = fig3(out_dir, out)
    out.write("\nClaims: sa-exhaustive's round cost blows up at n = 24 (> 10x the polynomial ones): %s; "
              "every stopped Fig. 3 run returned a correct (epsilon-optimal on the sum) super arm: %s\n" % (
                  "holds" if blow_up else "FAILS", "holds" if correct else "FAILS"))
    return 0 if blow_up and correct else 1


if __name__ == "__main__":
    sys.exit(main())
