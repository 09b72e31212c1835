#!/usr/bin/env python3
"""The leaderboard's figure (scripts/leaderboard.py, docs/leaderboard.md) read back from its
SVG: drawn from made-up ratios for every instance of its suite and the algorithms of
pipelines/leaderboard/ (variants NAME@LABEL included, ratios over several decades, a
missing δ = 10⁻² point), in the one style of the figures: no two texts overlapping
(figure_text.py), each algorithm in its plugin's colour (a variant in a tone of it), every
algorithm named, the line x = 1 drawn and the legend naming it. Seconds, no sweep.

usage: leaderboard_figure_test.py SOURCE_DIR PYTHON_DIR     (run by ctest: leaderboard-figure)"""
import glob
import os
import random
import re
import sys
import xml.etree.ElementTree as ET

from figure_checks import all_texts, check, finish, legend_texts, setup

SOURCE, PYTHON_DIR = sys.argv[1], sys.argv[2]
work = setup(PYTHON_DIR, "leaderboard-figure")
import figure_text  # noqa: E402
import plot_style  # noqa: E402

sys.path.insert(0, os.path.join(SOURCE, "scripts"))
import leaderboard  # noqa: E402

algorithms = set()
for path in glob.glob(os.path.join(SOURCE, "pipelines", "leaderboard", "*.ini")):
    for line in open(path):
        if line.startswith("axis = algorithm.plugin"):
            algorithms |= {a.strip() for a in line.split("=", 2)[2].split(",")}
check(len(algorithms) >= 8, "the leaderboard's algorithms: %s" % sorted(algorithms))
rng = random.Random(7)
points = []
for _, short in leaderboard.SUITE:
    for a in sorted(algorithms):
        high = 10 ** rng.uniform(0.0, 2.5)
        points.append((short, a, [None if rng.random() < 0.1 else high * rng.uniform(1.0, 3.0), high]))
out = os.path.join(work, "leaderboard.png")
leaderboard.figure(points, out, ["svg"])
svg = out[:-4] + ".svg"
check(os.path.exists(out) and os.path.exists(svg), "the PNG and the SVG are written")
found = figure_text.overlaps(svg)
check(not found, "no text overlaps another: %s" % [(a.text, b.text) for a, b in found[:3]])
root = ET.parse(svg).getroot()
texts = all_texts(root)
check(all(a in texts for a in algorithms), "every algorithm named: %s" % sorted(set(algorithms) - set(texts)))
check("x = 1: the lower bound" in legend_texts(root), "the legend names the line x = 1")
check(sum(1 for e in root.iter() if e.get("id") == "ratio-one") == len(leaderboard.SUITE), "x = 1 in every panel")
for a in sorted(algorithms):
    colour = plot_style.plugin_style(plot_style.plugin_of(a))[0]
    drawn = [e for e in root.iter() if (e.get("id") or "").startswith("series-%s-" % a)]
    strokes = {m.group(1).lower() for e in drawn for c in e.iter()
               for m in [re.search(r"(?:fill|stroke):\s*(#[0-9a-fA-F]{6})", c.get("style", ""))] if m}
    if "@" not in a:
        check(colour.lower() in strokes, "%s drawn in its plugin's colour %s: %s" % (a, colour, strokes))
    else:
        check(bool(strokes), "%s drawn: %s" % (a, strokes))
sys.exit(finish("leaderboard-figure"))
