#!/usr/bin/env python3
"""Tables of the seed 003 reproduction (`scripts/reproduce.sh 003`).

Seed 003 has no experiments; the tables show its claims:
(1) COCI (adaptive) against coci-uniform on opinion and water instances whose arms have
    very different consistent optimality radii Lambda_i: samples, the hardness measures
    H_Lambda = sum Lambda_i^-2 and H_Lambda^U = m / min Lambda_i^2 (computed from the true
    parameters by `cpex hardness`), and samples / hardness;
(2) COCI against the CLUCB family on top-k (§5).
Each cell: mean samples of the runs that stopped by their own rule, ± the 95% normal
interval half-width; capped runs ("c") and wrong answers ("err") are counted next to it.

usage: seed003_tables.py DIR   (DIR holds the CSVs of pipelines/seed003/*.ini)
Exits 1 if COCI does not need fewer samples than coci-uniform at every point of (1)."""
import json
import os
import pathlib
import subprocess
import sys

from cpex_results import Cell, rows

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = pathlib.Path(os.environ.get("CPEX_BUILD_DIR", ROOT / "build"))


def read(path):
    return list(rows(path))


def swept(row):
    return {k: v for k, v in row.items() if "." in k and not k.startswith("algorithm.")}


def hardness(pipeline, overrides):
    """H_Lambda and H_Lambda^U of the pipeline's instance (the swept keys narrowed to one point)."""
    args = [str(BUILD / "bin" / "cpex"), "hardness", str(pipeline), "--json"]
    for kv in overrides.items():
        args += ["--set", "%s=%s" % kv]
    out = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    measures = (out["points"][0] if "points" in out else out)["measures"]
    return float(measures["H_Lambda"]), float(measures["H_Lambda_U"])


def adaptive_table(directory, name, title, out):
    rows = read(directory / (name + ".csv"))
    points = {}
    for row in rows:
        key = tuple(sorted(swept(row).items()))
        points.setdefault(key, {}).setdefault(row["algorithm"], Cell()).add(row)
    out.write("\n#### %s\n\n" % title)
    out.write("| m | H_Λ | H_Λ^U | H_Λ^U / H_Λ | coci | coci-uniform | uniform / coci "
              "| coci / H_Λ | uniform / H_Λ^U |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
    holds = True
    for key in sorted(points, key=lambda k: len(str(k))):
        cells = points[key]
        h, hu = hardness(ROOT / "pipelines" / "seed003" / (name + ".ini"), dict(key))
        m = len(dict(key)[next(k for k, _ in key if k.startswith("environment."))].split(","))
        a, u = cells["coci"], cells["coci-uniform"]
        ratio = u.mean() / a.mean()
        holds &= ratio > 1
        out.write("| %d | %.0f | %.0f | %.1f | %s | %s | %.2f | %.1f | %.1f |\n" % (
            m, h, hu, hu / h, a.text(), u.text(), ratio, a.mean() / h, u.mean() / hu))
    return holds


def topk_table(directory, out):
    cells, order = {}, ["coci", "clucb", "lil-clucb", "lucb"]
    for path in sorted(directory.glob("topk-*.csv")):
        for row in read(path):
            n = len(row["environment.means"].split(","))
            cells.setdefault(n, {}).setdefault(row["algorithm"], Cell()).add(row)
    names = [a for a in order if any(a in c for c in cells.values())]
    out.write("\n#### Top-2 of n Bernoulli arms (0.7, 0.7, 0.55, rest 0.3), error bound 0.05\n\n")
    out.write("| n | H_Λ | " + " | ".join(names) + " |\n|---:|---:|" + "---:|" * len(names) + "\n")
    for n in sorted(cells):
        means = ", ".join(["0.7", "0.7", "0.55"] + ["0.3"] * (n - 3))
        h, _ = hardness(ROOT / "pipelines" / "seed003" / "topk-coci.ini",
                        {"environment.means": means})
        out.write("| %d | %.0f | " % (n, h) +
                  " | ".join(cells[n][a].text() if a in cells[n] else "–" for a in names) + " |\n")


def main():
    directory = pathlib.Path(sys.argv[1])
    out = sys.stdout
    ok = adaptive_table(directory, "opinion-adaptive-vs-uniform",
                        "Partitioned opinion sampling (osa-greedy, variance, δ = 0.05)", out)
    ok &= adaptive_table(directory, "water-adaptive-vs-uniform",
                         "Water resource planning (water-planning, mean, δ = 0.05)", out)
    topk_table(directory, out)
    out.write("\nClaim (adaptive needs fewer samples than uniform at every point): %s\n"
              % ("holds" if ok else "DOES NOT HOLD"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
