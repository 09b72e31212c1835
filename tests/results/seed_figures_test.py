#!/usr/bin/env python3
"""The seed reproductions' figures read back from their SVGs: scripts/seedNNN_figures.py
(000, 001, 003) run with --svg on a small made-up results directory — one CSV per
pipeline of pipelines/seedNNN/ that the script reads, a row per run at every point of the
pipeline's sweep axes (the real algorithms, Δ_min, n, profiles, arm sizes and means), with
made-up samples, wall times and ratios spread over several decades, a cell with some runs
capped and (but in seed 001's, whose bars stay within two decades under the paper's ticks,
as in the quick run) one with all runs capped — and in every figure: the PNG and the SVG
written, no two texts overlapping (python/cpex/figure_text.py) and the legend naming every
series (seed 001's also the paper's ticks). Seconds, no sweep: the layout, not the numbers.

usage: seed_figures_test.py SOURCE_DIR PYTHON_DIR SEED    (run by ctest: seed-figures-SEED;
       $CPEX_BUILD_DIR: the build tree whose bin/cpex the scripts run)"""
import configparser
import csv
import itertools
import os
import random
import subprocess
import sys
import xml.etree.ElementTree as ET

from figure_checks import check, finish, legend_texts, setup

SOURCE, PYTHON_DIR, SEED = sys.argv[1], sys.argv[2], sys.argv[3]
work = setup(PYTHON_DIR, "seed-figures-" + SEED)
import _columns  # noqa: E402  (the result-column table, generated from result_columns.def)
import figure_text  # noqa: E402

PIPELINES = os.path.join(SOURCE, "pipelines", "seed" + SEED)
REPETITIONS = 3


def sweep_points(path):
    """Every point of the pipeline's sweep, as {key: value}: `axis = K1 & K2 = a;b | c;d`
    (points apart by |, or by commas when no | is there; a point's keys by ;), the axes
    crossed."""
    with open(path) as f:
        lines = [line.split("=", 1)[1].strip() for line in f if line.startswith("axis")]
    axes = []
    for line in lines:
        keys, values = line.split(" = ", 1)
        keys = [k.strip() for k in keys.split("&")]
        points = values.split("|") if "|" in values else values.split(",")
        axes.append([dict(zip(keys, p.split(";") if len(keys) > 1 else [p])) for p in points])
    return [{k: v.strip() for part in combination for k, v in part.items()}
            for combination in itertools.product(*axes)]


def write_results(name, value_of):
    """NAME.csv with a row per run at every point of pipelines/seedNNN/NAME.ini:
    value_of(algorithm index, point index of that algorithm, repetition) gives (samples,
    capped?, wall time). The algorithms: the swept algorithm.plugin, else the pipeline's own."""
    path = os.path.join(PIPELINES, name + ".ini")
    config = configparser.ConfigParser(interpolation=None, strict=False)  # [sweep] repeats `axis`
    config.read(path)
    points = sweep_points(path)
    algorithms = []
    for point in points:
        algorithm = point.get("algorithm.plugin", config["algorithm"]["plugin"])
        if algorithm not in algorithms:
            algorithms.append(algorithm)
    swept = list(points[0])
    columns = _columns.NAMES[:_columns.AXES_AT] + swept + _columns.NAMES[_columns.AXES_AT:]
    cap = int(config["run"].get("max-samples", "10000000"))
    rows, by_algorithm = [], {}
    for p, point in enumerate(points):
        algorithm = point.get("algorithm.plugin", config["algorithm"]["plugin"])
        a = algorithms.index(algorithm)
        index = by_algorithm.setdefault(algorithm, 0)
        by_algorithm[algorithm] += 1
        for r in range(REPETITIONS):
            samples, capped, wall = value_of(a, index, r)
            samples = cap if capped else min(int(samples), cap - 1)
            row = dict(point, run_id=len(rows), point=p, algorithm=algorithm, environment="env",
                       oracle=config["oracle"]["plugin"], repetition=r, seed=1, samples=samples,
                       stopped="max-samples" if capped else "rule", recommendation="0 1", correct=1,
                       optimal=1, wall_time_s="%.9f" % wall, resolved="{}", pulls="", lower_bound="",
                       status="capped" if capped else "stopped", error="")
            rows.append(row)
    with open(os.path.join(work, name + ".csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=columns, restval="")  # a column the rows leave: empty
        writer.writeheader()
        writer.writerows(rows)
    return algorithms, rows


def spread(a, index, r, low=2.5, step=0.35, growth=1.6, all_capped=True):
    """Made-up samples: each algorithm its decade (10^(low + step a)), growing by `growth`
    per point, a few percent apart per repetition; the second algorithm's first point has
    one run capped, the first's third point all of them (unless not `all_capped`)."""
    noise = random.Random(1000 * a + 10 * index + r).uniform(0.9, 1.1)
    samples = 10 ** (low + step * a) * growth ** index * noise
    capped = (all_capped and a == 0 and index == 2) or (a == 1 and index == 0 and r == 0)
    return samples, capped, 1e-6 * samples


def seed000():
    algorithms, rows = write_results("fig1-approximation", lambda a, i, r: (100000, True, 1.0))
    with open(os.path.join(work, "fig1-approximation.trace.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["run_id", "point", "repetition", "sample", "name", "value"])
        for row in rows:
            rng = random.Random(row["run_id"])
            for sample in range(1000, 100001, 1000):
                writer.writerow([row["run_id"], row["point"], row["repetition"], sample, "Z", 1.0])
                writer.writerow([row["run_id"], row["point"], row["repetition"], sample, "ratio",
                                 min(1.0, rng.uniform(0.88, 1.0))])
    figure = {"seed000-fig1": algorithms}
    # µs per round from 0.03 (ME) to 10^5 (SA-Ex at n = 24, ×4 per step of n).
    figure["seed000-fig2"], _ = write_results(
        "fig2-time", lambda a, i, r: (600, False, 600e-6 * (4.0 ** i if a == 5 else 0.03 * 3 ** a) * (1 + 0.3 * r)))
    figure["seed000-fig3"], _ = write_results("fig3-samples", lambda a, i, r: spread(a, 5 - i, r))
    return figure


def seed001():
    # As in the quick run: ours within two decades (and no capped run's bound above them),
    # two and more below the paper's ticks (10^6 - 2·10^9), which widen the axis after
    # the bars are drawn.
    algorithms, _ = write_results("table2", lambda a, i, r: spread(a, i, r, low=3.5, step=0.15, growth=1.2,
                                                                    all_capped=False))
    return {"seed001-table2": algorithms + ["the paper (Table 2)"]}


def seed003():
    adaptive = []
    for name in ("opinion-adaptive-vs-uniform", "water-adaptive-vs-uniform"):
        algorithms, _ = write_results(name, lambda a, i, r: spread(a, i, r, low=3.8, step=0.6, growth=1.5))
        adaptive += [x for x in algorithms if x not in adaptive]
    topk = []
    for name in ("topk-coci", "topk-clucb", "topk-lil-clucb", "topk-lucb"):
        algorithms, _ = write_results(name, lambda a, i, r, n=len(topk): spread(n, i, r, low=3.8, step=0.15))
        topk += algorithms
    return {"seed003-fig1": adaptive, "seed003-fig2": adaptive, "seed003-fig3": topk}


figures = {"000": seed000, "001": seed001, "003": seed003}[SEED]()
script = os.path.join(SOURCE, "scripts", "seed%s_figures.py" % SEED)
r = subprocess.run([sys.executable, script, work, work, "--svg"], capture_output=True, text=True)
check(r.returncode == 0, "%s --svg: exit %d: %s" % (os.path.basename(script), r.returncode, r.stderr.strip()))
for name, series in sorted(figures.items()):
    png, svg = (os.path.join(work, name + extension) for extension in (".png", ".svg"))
    check(os.path.getsize(png) > 0 if os.path.exists(png) else False, "%s.png written" % name)
    if not os.path.exists(svg):
        check(False, "%s.svg written" % name)
        continue
    found = figure_text.overlaps(svg)
    check(not found, "%s: no text overlaps another: %s" % (name, "; ".join("%r ~ %r" % pair for pair in found[:3])))
    words = legend_texts(ET.parse(svg).getroot())
    check(all(s in words for s in series), "%s: the legend names every series %s: %s" % (name, series, words))
sys.exit(finish("seed-figures-" + SEED))
