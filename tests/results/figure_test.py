#!/usr/bin/env python3
"""The figures of `cpex report --plot` read back from their SVGs (issue 34): every plot type
(samples, error rate, not-optimal rate, wall time; lines and bars; one panel and several)
drawn from small hand-made results, and in each: every series named in the legend whatever
its values (an error-rate plot on a log axis whose series are all zero but one), the axis
labels, wrapped panel titles, slanted category names, and no two texts overlapping
(figure_text.py, which a deliberately overlapping figure shows to find overlaps). Also:
plugins outside the built-in table get colours no built-in plugin has, distinct within a
figure and the same in every figure; named variants take tones of their plugin's colour.

usage: figure_test.py CPEX PYTHON_DIR      (run by ctest: figure-text)"""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

from figure_checks import all_texts, check, finish, legend_texts, series_styles, setup

CPEX, PYTHON_DIR = sys.argv[1], sys.argv[2]
work = setup(PYTHON_DIR, "figure-test")
import figure_text  # noqa: E402
import plot_style  # noqa: E402

COLUMNS = ("algorithm,environment,oracle,repetition,seed,samples,stopped,recommendation,correct,"
           "optimal,wall_time_s,resolved,pulls")


def results(name, algorithms, axes, wrong=lambda algorithm, point, r: False):
    """A results CSV: 4 runs per (algorithm, point of `axes`), `axes` a list of (key, values)
    swept together point by point; `wrong(algorithm, point, r)` marks a wrong answer."""
    keys = [k for k, _ in axes]
    points = list(zip(*[v for _, v in axes]))
    lines = ["run_id,point," + ",".join('"%s"' % k if "," in k else k for k in keys) + "," + COLUMNS]
    run = 0
    for a, algorithm in enumerate(algorithms):
        for p, values in enumerate(points):
            for r in range(4):
                correct = 0 if wrong(algorithm, p, r) else 1
                cells = ['"%s"' % v if "," in str(v) else str(v) for v in values]
                lines.append("%d,%d,%s,%s,env,top-k,%d,1,%d,rule,0,%d,%d,0.01,delta=0.05," % (
                    run, p, ",".join(cells), algorithm, r, 1000 * (a + 1) * (p + 1) + 7 * r, correct,
                    correct))
                run += 1
    path = os.path.join(work, name)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def draw(csv, name, *options):
    """cpex report --plot NAME.svg; the SVG's root (an empty one when drawing failed)."""
    out = os.path.join(work, name + ".svg")
    r = subprocess.run([CPEX, "report", csv, "--plot", out] + list(options), capture_output=True, text=True)
    check(r.returncode == 0, "%s: cpex report --plot: %s" % (name, r.stderr.strip()))
    if r.returncode != 0:
        return ET.Element("svg"), out
    found = figure_text.overlaps(out)
    check(not found, "%s: no text overlaps another: %s" % (name, found[:3]))
    return ET.parse(out).getroot(), out


def strokes(root, series):
    """The stroke colours of the drawn lines of `series`, in lower case."""
    return {c.lower() for c in series_styles(root, series, "stroke", "#[0-9a-fA-F]{6}")}


ALGORITHMS = ["lucb", "lil-ucb", "lucb-pp", "lil-lucb", "top-two", "track-and-stop"]
N = ("environment.n", [10, 20, 50])


def case_every_series_in_the_legend():
    # Only lucb errs; on a log axis the other five have nothing to draw but 0-markers.
    csv = results("errors.csv", ALGORITHMS, [N], wrong=lambda a, p, r: a == "lucb" and r == 0)
    for y in ("error-rate", "not-optimal", "samples", "wall"):
        root, _ = draw(csv, "type-" + y, "--x", "environment.n", "--y", y, "--logy")
        words = legend_texts(root)
        check(all(a in words for a in ALGORITHMS), "--y %s: the legend names every algorithm: %s" % (y, words))
        texts = all_texts(root)
        check("number of arms n" in texts, "--y %s: the x label" % y)
        check(any(t.startswith(("error rate", "not-optimal rate", "samples", "mean wall time")) for t in texts),
              "--y %s: the y label: %s" % (y, texts))
    root, _ = draw(csv, "type-bars", "--x", "environment.n", "--bars", "--logy")
    check(all(a in legend_texts(root) for a in ALGORITHMS), "bars: the legend names every algorithm")


def case_long_titles():
    # Panels by a list of means (long values) and a second key: titles wrap within their panel.
    means = ["0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5, 0.45, 0.4",
             "0.5, 0.45, 0.4, 0.35, 0.3, 0.25, 0.2, 0.15, 0.1, 0.05, 0.0",
             "0.95, 0.9, 0.5, 0.45, 0.4, 0.35, 0.3, 0.25, 0.2, 0.15, 0.1"]
    keys = [("environment.means", [m for m in means for _ in range(2)]),
            ("environment.sigma", [0.25, 0.5] * 3), ("run.budget", [100, 200] * 3)]
    csv = results("titles.csv", ["lucb", "lil-ucb"], keys)
    root, _ = draw(csv, "titles", "--x", "run.budget", "--by", "environment.means,environment.sigma,"
                   "run.budget,algorithm", "--title", "samples of LUCB1 and lil'UCB on three mean "
                   "vectors and two noise levels, against the budget T of each run")
    titles = [t for t in all_texts(root) if t.startswith("means = ") or t.startswith("sigma")]
    check(len(titles) >= 6, "wrapped panel titles: each panel's title is several lines: %s" % titles)


def case_categories_and_variants():
    # Many long category names (named variants and other plugins) on x: slanted, no overlap.
    names = ["lucb@paper", "lucb@lucb1-rate", "lucb@tight-rate", "my-plugin@first", "my-plugin@second",
             "their-plugin", "another-plugin", "lil-ucb"]
    csv = results("categories.csv", names, [N])
    root, _ = draw(csv, "categories", "--x", "algorithm", "--by", "algorithm,environment.n",
                   "--series", "environment.n")
    check(all(n in all_texts(root) for n in names), "every category named on x")
    root, _ = draw(csv, "variants", "--x", "environment.n")
    words = legend_texts(root)
    check(all(n in words for n in names), "the legend names every variant: %s" % words)
    import colorsys
    lucb = plot_style.plugin_style("lucb")[0].lower()

    def hue(c):
        return colorsys.rgb_to_hsv(*[int(c[i:i + 2], 16) / 255.0 for i in (1, 3, 5)])[0]
    tones = [strokes(root, v) for v in ("lucb@paper", "lucb@lucb1-rate", "lucb@tight-rate")]
    check({lucb} in tones and all(len(t) == 1 and abs(hue(min(t)) - hue(lucb)) < 0.02 for t in tones)
          and len({min(t) for t in tones if t}) == 3,
          "lucb's variants in three tones of its colour, one its own: %s" % tones)
    others = {n: strokes(root, n) for n in ("my-plugin@first", "their-plugin", "another-plugin")}
    colours = [c for s in others.values() for c in s]
    check(len(colours) == 3 and len(set(colours)) == 3, "other plugins differ in colour: %s" % others)
    builtin = {c.lower() for c in plot_style.PALETTE} | {plot_style.CAPPED_COLOR}
    check(not set(colours) & builtin, "no other plugin has a built-in plugin's colour: %s" % others)
    # The same colour in another figure with other companions.
    again, _ = draw(results("again.csv", ["their-plugin", "lucb"], [N]), "again", "--x", "environment.n")
    check(strokes(again, "their-plugin") == others["their-plugin"],
          "their-plugin keeps its colour: %s, %s" % (strokes(again, "their-plugin"), others["their-plugin"]))


def case_the_checker_finds_overlaps():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plt.rcParams.update({"svg.fonttype": "none"})
    fig, axes = plt.subplots(1, 2, figsize=(4, 2))
    for ax in axes:  # two long titles over narrow neighbouring panels
        ax.set_title("means = 0.5, 0.45, 0.4, 0.35, 0.3, 0.25, 0.2")
    path = os.path.join(work, "overlapping.svg")
    fig.savefig(path)
    check(len(figure_text.overlaps(path)) >= 1, "a figure with overlapping titles is found out")


for case in (case_every_series_in_the_legend, case_long_titles, case_categories_and_variants,
             case_the_checker_finds_overlaps):
    case()
sys.exit(finish("figure-text"))
