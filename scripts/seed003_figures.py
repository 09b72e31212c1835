#!/usr/bin/env python3
"""Figures of the seed 003 reproduction (`scripts/reproduce.sh 003`), drawn by
`cpex report --plot` in the one CPEx style (docs/results.md, "Plots"):

  seed003-fig1.png  adaptive vs uniform (claim 1): mean samples of COCI and coci-uniform
                    against the number of arms m, one panel per problem (opinion, water);
  seed003-fig2.png  the same runs against each algorithm's own hardness (H_Λ for COCI,
                    H_Λ^U for the uniform version; Theorems 1 and 4: samples ∝ H log H);
  seed003-fig3.png  top-k (CPE-L, §5): COCI and the CLUCB family against H_Λ of the
                    instance.

The swept keys of these pipelines are lists (sizes, means), so the rows are first written
to DIR/figures-adaptive.csv and DIR/figures-topk.csv with derived columns `problem`, `m` and `hardness` (from `cpex hardness`,
as seed003_tables.py computes them), which the plots use as keys.

usage: seed003_figures.py DIR FIGURE_DIR [--svg]    (DIR holds the CSVs of pipelines/seed003/*.ini;
       --svg: each figure also as seed003-figK.svg, which python/cpex/figure_text.py reads)"""
import csv
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from seed003_tables import BUILD, ROOT, hardness, swept  # noqa: E402

sys.path.insert(0, str(ROOT / "python" / "cpex"))
from plot import figure_script_arguments  # noqa: E402

PROBLEMS = {"opinion-adaptive-vs-uniform": "opinion", "water-adaptive-vs-uniform": "water"}


def read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def derived_rows(directory):
    """Every run of the seed's CSVs with `problem`, `m` and `hardness` added."""
    out, cache = [], {}
    for name, problem in PROBLEMS.items():
        pipeline = ROOT / "pipelines" / "seed003" / (name + ".ini")
        for row in read(directory / (name + ".csv")):
            point = swept(row)
            key = (name, tuple(sorted(point.items())))
            if key not in cache:
                cache[key] = hardness(pipeline, point)
            h, hu = cache[key]
            first = next(k for k in sorted(point) if k.startswith("environment."))
            row.update(problem=problem, m=str(len(point[first].split(","))),
                       hardness="%.6g" % (hu if row["algorithm"] == "coci-uniform" else h))
            out.append(row)
    for path in sorted(directory.glob("topk-*.csv")):
        for row in read(path):
            means = row["environment.means"]
            if means not in cache:
                cache[means] = hardness(ROOT / "pipelines" / "seed003" / "topk-coci.ini",
                                        {"environment.means": means})
            row.update(problem="top-k", m=str(len(means.split(","))), hardness="%.6g" % cache[means][0])
            out.append(row)
    return out


def write(path, columns, rows):
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=columns, restval="")
        writer.writeheader()
        writer.writerows(rows)


def main():
    directory, figures, also = figure_script_arguments(sys.argv[1:])
    rows = derived_rows(directory)
    columns = []
    for row in rows:
        columns += [c for c in row if c not in columns]
    # Claim 1's rows and the top-k rows apart: each figure has its own problems.
    adaptive, topk = directory / "figures-adaptive.csv", directory / "figures-topk.csv"
    write(adaptive, columns, [r for r in rows if r["problem"] != "top-k"])
    write(topk, columns, [r for r in rows if r["problem"] == "top-k"])
    cpex = str(BUILD / "bin" / "cpex")
    labels = ["--label", "m=number of arms m", "--label", "hardness=hardness (H_Λ; H_Λ^U for coci-uniform)"]

    def plot(table, name, by, x, title, extra=()):
        for extension in ["png"] + also:
            subprocess.run([cpex, "report", str(table), "--by", by, "--plot", str(figures / (name + "." + extension)),
                            "--x", x, "--logx", "--logy", "--title", title, *labels, *extra], check=True)

    plot(adaptive, "seed003-fig1", "problem,m,algorithm", "m",
         "Seed 003 claim 1: adaptive (COCI) vs uniform sampling, samples against m")
    plot(adaptive, "seed003-fig2", "problem,hardness,algorithm", "hardness",
         "Seed 003: samples against each algorithm's own hardness (Theorems 1 and 4)")
    plot(topk, "seed003-fig3", "hardness,algorithm", "hardness",
         "Seed 003 §5 (CPE-L): top-2 of n Bernoulli arms, samples against H_Λ",
         ["--label", "hardness=H_Λ of the instance (n = 10, 20, 40)"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
