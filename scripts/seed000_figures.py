#!/usr/bin/env python3
"""Figures 1-3 of the seed 000 reproduction (`scripts/reproduce.sh 000`), in the one CPEx
style (python/cpex/plot.py, docs/results.md "Plots"):

  seed000-fig1.png  approximation ratio Z_t / Z_t^exact of SAQM and SA-FOA per window of
                    10^4 rounds (from the Fig. 1 trace), one panel per Δ_min;
  seed000-fig2.png  microseconds per round (wall time / samples; median of the runs, with
                    their min and max: a few runs of a few ms each, so scheduler noise
                    would dominate a mean) against n, k = n/2;
  seed000-fig3.png  samples against Δ_min (n = 10, k = 5), drawn by `cpex report --plot`.

Figs. 1 and 2 plot derived numbers (a trace, a time per round) that `cpex report` does not
compute: this script groups them itself (mean and normal 95% interval) into the JSON form
of `cpex report` and draws it with plot.py's build_figure, so the style is the same.

usage: seed000_figures.py DIR FIGURE_DIR [--svg]    (DIR holds the CSVs of pipelines/seed000/*.ini;
       --svg: each figure also as seed000-figK.svg, text kept as text, which
       python/cpex/figure_text.py reads to find overlapping text)"""
import csv
import math
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = pathlib.Path(os.environ.get("CPEX_BUILD_DIR", ROOT / "build"))
sys.path.insert(0, str(ROOT / "python" / "cpex"))
import plot  # noqa: E402


def read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def runs(directory, prefix):
    return [r for p in sorted(directory.glob(prefix + "*.csv")) if not p.name.endswith(".trace.csv")
            for r in read(p)]


def group(values, numbers, capped=0, median=False):
    """One group of `cpex report`'s JSON with `numbers` as the samples: mean and the normal
    95% interval of the mean, or (median=True) the median and [min, max]."""
    n = len(numbers)
    mean = sum(numbers) / n if n else None
    half = None
    if n >= 2:
        sd = math.sqrt(sum((x - mean) ** 2 for x in numbers) / (n - 1))
        half = 1.96 * sd / math.sqrt(n)
    ci = [mean - half, mean + half] if half is not None else [None, None]
    if median and n:
        ordered = sorted(numbers)
        mean = (ordered[(n - 1) // 2] + ordered[n // 2]) / 2.0
        ci = [ordered[0], ordered[-1]]
    return {"values": values, "runs": n + capped, "ended": n, "by_rule": n, "at_budget": 0,
            "capped": capped, "failed": 0,
            "samples": {"mean": mean, "mean_ci95_normal": ci, "mean_ci95_bootstrap": None,
                        "median": None, "median_ci95": None, "min": None, "max": None,
                        "mean_at_least": None},
            "wrong": 0, "wrong_rate": 0.0, "wrong_rate_ci95": [0, 1], "not_optimal": 0,
            "not_optimal_rate": 0.0, "not_optimal_rate_ci95": [0, 1], "optimal_unknown": 0,
            "capped_wrong": 0, "capped_not_optimal": 0, "mean_wall_time_s": None}


# The formats written beside each PNG ("svg" with --svg).
ALSO = []


def draw(report, path, *argv, finish=None):
    fig = plot.build_figure(report, plot.parse_arguments(list(argv), with_files=False))
    if finish:
        finish(fig)
    plot.save(fig, str(path), also=ALSO)


def ratio_axes(fig):
    """Fig. 1 on the paper's scale: the ratio from 0.85 to 1, with its 0.9 line."""
    for ax in fig.axes:
        ax.set_ylim(0.85, 1.005)
        ax.axhline(0.9, color="0.35", linestyle=":", linewidth=1.0)
        ax.set_xlim(0, 100)
    fig.axes[0].text(2, 0.902, "0.9 (the paper: ratios almost always above)", fontsize=7, color="0.35",
                     va="bottom")


def fig1(directory, figures):
    trace = directory / "fig1-approximation.trace.csv"
    if not trace.exists():
        return
    points = {r["run_id"]: r for r in runs(directory, "fig1-approximation")}
    cells = {}
    for r in read(trace):
        run = points.get(r["run_id"])
        if r["name"] != "ratio" or run is None:
            continue
        window = min(int(r["sample"]) // 10000, 9)
        key = (run["environment.delta-min"], str(10 * window + 5), run["algorithm"])
        cells.setdefault(key, []).append(float(r["value"]))
    keys = ["environment.delta-min", "round", "algorithm"]
    report = {"keys": keys, "pooled": [],
              "groups": [group(dict(zip(keys, k)), v) for k, v in sorted(cells.items())]}
    draw(report, figures / "seed000-fig1.png", "--x", "round", "--share-y",
         "--ylabel", "Z_t / Z_t^exact (mean, 95% CI)",
         "--label", "round=round (thousands; window of 10⁴ rounds)",
         "--label", "environment.delta-min=Δ_min",
         "--title", "Seed 000 Figure 1: approximation ratio of SAQM and SA-FOA (n = 10, k = 5)",
         finish=ratio_axes)


def fig2(directory, figures):
    cells = {}
    for r in runs(directory, "fig2-"):
        micro = 1e6 * float(r["wall_time_s"]) / max(int(r["samples"]), 1)
        cells.setdefault((r["environment.n"], r["algorithm"]), []).append(micro)
    if not cells:
        return
    keys = ["environment.n", "algorithm"]
    report = {"keys": keys, "pooled": [],
              "groups": [group(dict(zip(keys, k)), v, median=True) for k, v in sorted(cells.items())]}
    draw(report, figures / "seed000-fig2.png", "--x", "environment.n", "--logy",
         "--ylabel", "µs per round (median of the runs, min–max)", "--label", "environment.n=number of arms n (k = n/2)",
         "--title", "Seed 000 Figure 2: time per round against n")


def fig3(directory, figures):
    # The default readings only (fig3-readings.ini's variants are in the tables).
    files = [str(p) for p in sorted(directory.glob("fig3-samples*.csv"))]
    if not files:
        return
    for extension in ["png"] + ALSO:
        subprocess.run([str(BUILD / "bin" / "cpex"), "report", *files, "--by", "environment.delta-min,algorithm",
                        "--plot", str(figures / ("seed000-fig3." + extension)), "--x", "environment.delta-min",
                        "--logy", "--label", "environment.delta-min=Δ_min",
                        "--title", "Seed 000 Figure 3: samples against Δ_min (n = 10, k = 5)"], check=True)


def main():
    directory, figures, ALSO[:] = plot.figure_script_arguments(sys.argv[1:])
    fig1(directory, figures)
    fig2(directory, figures)
    fig3(directory, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
