#!/usr/bin/env python3
"""The one style of `cpex report --plot` (python/cpex/plot.py): draws figures from
small hand-made results files, reads the SVGs back (and inspects the figure objects that
plot.build_figure returns) and checks what a reviewer looks for: one colour and marker per
plugin in every figure, the capped marker in the legend, the y = δ line of error plots at
the rows' δ, ticks at the data, readable log ticks, --share-y, --label and the dodge.

usage: plot_style_test.py CPEX PYTHON_DIR CASE     (run by ctest: plot-style-CASE)"""
import json
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

from figure_checks import SVG, check, finish, series_styles, setup

CPEX, PYTHON_DIR, CASE = sys.argv[1], sys.argv[2], sys.argv[3]
work = setup(PYTHON_DIR, "plot-style")
import plot  # noqa: E402
import plot_style  # noqa: E402

HEADER = ("run_id,point,environment.n,algorithm.plugin,algorithm,environment,oracle,repetition,"
          "seed,samples,stopped,recommendation,correct,optimal,wall_time_s,resolved,pulls\n")


def results(name, algorithms, ns=(10, 20, 50), capped=(), wrong=(), delta=0.05, base=1000):
    """A results CSV: 4 runs per (algorithm, n); runs of `capped` (algorithm, n) pairs end
    at the cap, `wrong` pairs answer wrongly once."""
    path = os.path.join(work, name)
    rows, run = [], 0
    for a_index, algorithm in enumerate(algorithms):
        for n in ns:
            for r in range(4):
                stopped = "max-samples" if (algorithm, n) in capped and r == 0 else "rule"
                correct = 0 if (algorithm, n) in wrong and r == 1 else 1
                samples = base * n * (a_index + 1) + 10 * r
                rows.append("%d,0,%d,%s,%s,env,top-k,%d,1,%d,%s,0,%d,%d,0.1,delta=%g;preset=x,\n" % (
                    run, n, algorithm, algorithm, r, samples, stopped, correct, correct, delta))
                run += 1
    with open(path, "w") as f:
        f.write(HEADER + "".join(rows))
    return path


def draw(csv, name, *options):
    out = os.path.join(work, name)
    r = subprocess.run([CPEX, "report", csv, "--plot", out, "--x", "environment.n"] + list(options),
                       capture_output=True, text=True)
    check(r.returncode == 0, "cpex report --plot %s: %s" % (name, r.stderr.strip()))
    return ET.parse(out).getroot() if r.returncode == 0 else ET.Element("svg")


def by_id(root, prefix):
    return [e for e in root.iter() if e.get("id", "").startswith(prefix)]


def stroke_of(element):
    """The stroke colour of the first path drawn inside an element (the series' line)."""
    for e in element.iter():
        m = re.search(r"stroke:\s*(#[0-9a-fA-F]{6})", e.get("style", ""))
        if m:
            return m.group(1).lower()
    return None


def texts(root):
    return [t.text or "" for t in root.iter(SVG + "text")] + \
           ["".join(t.itertext()) for t in root.iter(SVG + "text")]


def series_lines(ax):
    """The series' data lines of a panel by series name (their gid series-NAME-pK)."""
    return {re.sub(r"^series-|-p\d+$", "", l.get_gid()): l for l in ax.get_lines()
            if (l.get_gid() or "").startswith("series-")}


def figure(report, *argv):
    return plot.build_figure(report, plot.parse_arguments(list(argv), with_files=False))


def report_json(csv, *options):
    r = subprocess.run([CPEX, "report", csv, "--format", "json"] + list(options),
                       capture_output=True, text=True)
    check(r.returncode == 0, "cpex report --format json: " + r.stderr.strip())
    return json.loads(r.stdout)


def case_colours():
    # The same plugins in two figures with different companions and orders.
    one = draw(results("one.csv", ["lucb", "lil-ucb"]), "one.svg", "--logy")
    two = draw(results("two.csv", ["lucb-pp", "lil-ucb", "lucb", "my-own-plugin", "clucb"]), "two.svg")
    colours = {}
    for label, root in (("one", one), ("two", two)):
        for plugin in ("lucb", "lil-ucb"):
            found = [e for e in root.iter() if e.get("id") == "series-%s-p0" % plugin]
            check(len(found) == 1, "%s.svg has one line of %s (found %d)" % (label, plugin, len(found)))
            if found:
                colours.setdefault(plugin, []).append(stroke_of(found[0]))
    for plugin, seen in colours.items():
        check(len(seen) == 2 and seen[0] == seen[1] and seen[0] is not None,
              "%s has one colour in both figures: %s" % (plugin, seen))
    check(colours.get("lucb", [None])[0] != colours.get("lil-ucb", [None])[0],
          "lucb and lil-ucb differ in colour: %s" % colours)
    # Colour and marker pairs of the built-in plugins are unique; an unknown name gets the
    # same pair in every call (a stable hash).
    pairs = [(plot_style.PALETTE[c], m) for c, m in plot_style.PLUGINS.values()]
    check(len(set(pairs)) == len(pairs), "no two built-in plugins share colour and marker")
    for family in plot_style.FAMILIES:
        family_colours = [plot_style.plugin_style(p)[0] for p in family]
        check(len(set(family_colours)) == len(family), "one colour each in %s" % (family,))
    check(plot_style.plugin_style("my-own-plugin") == plot_style.plugin_style("my-own-plugin") and
          plot_style.plugin_style("my-own-plugin")[0] in plot_style.OTHER_PALETTE, "hashed style is stable")
    mine = by_id(two, "series-my-own-plugin-p0")
    check(len(mine) == 1 and stroke_of(mine[0]) == plot_style.plugin_style("my-own-plugin")[0],
          "an unknown plugin is drawn in its hashed colour")
    # Markers come from the plugin too: lucb's line in the figure object.
    fig = figure(report_json(os.path.join(work, "two.csv")), "--x", "environment.n")
    markers = {name: l.get_marker() for name, l in series_lines(fig.axes[0]).items()}
    check(markers.get("lucb") == plot_style.PLUGINS["lucb"][1], "lucb's marker: %s" % markers)


def case_capped_legend():
    capped = draw(results("capped.csv", ["lucb", "lil-ucb"], capped={("lucb", 20)}), "capped.svg", "--logy")
    legend = by_id(capped, "legend")
    check(len(legend) == 1, "the figure has one legend")
    words = " ".join(texts(legend[0])) if legend else ""
    check("capped" in words, "the legend names the capped marker: %r" % words)
    check(len(by_id(capped, "capped-p")) >= 1, "the capped point is ringed")
    # Every run of lil-ucb capped: its points are lower bounds, named in the legend, and
    # the series keeps its entry.
    every = {("lil-ucb", n) for n in (10, 20, 50)}
    path = results("all-capped.csv", ["lucb", "lil-ucb"], capped=every)
    with open(path) as f:
        lines = f.read().splitlines()
    lines = [lines[0]] + [l.replace(",rule,", ",max-samples,") if ",lil-ucb,lil-ucb," in l else l
                          for l in lines[1:]]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    root = draw(path, "all-capped.svg", "--logy")
    words = " ".join(texts(by_id(root, "legend")[0])) if by_id(root, "legend") else ""
    check("lower bound" in words and "lil-ucb" in words,
          "an all-capped series is in the legend with the lower-bound marker: %r" % words)
    check(len(by_id(root, "series-lil-ucb-lower-p0")) == 1, "its lower bounds are drawn")
    clean = draw(results("clean.csv", ["lucb", "lil-ucb"]), "clean.svg", "--logy")
    words = " ".join(texts(by_id(clean, "legend")[0])) if by_id(clean, "legend") else ""
    check("capped" not in words and not by_id(clean, "capped-p"),
          "no capped marker without capped runs: %r" % words)


def case_delta_line():
    csv = results("delta.csv", ["lucb", "lil-ucb"], wrong={("lucb", 10)}, delta=0.1)
    root = draw(csv, "delta.svg", "--y", "error-rate")
    check(len(by_id(root, "delta-line-p")) == 1, "an error plot has a y = delta line")
    legend = " ".join(texts(by_id(root, "legend")[0])) if by_id(root, "legend") else ""
    check("δ = 0.1" in legend, "the legend gives delta from the rows: %r" % legend)
    draw(csv, "delta-again.svg", "--y", "error-rate")
    with open(os.path.join(work, "delta.svg"), "rb") as a, open(os.path.join(work, "delta-again.svg"), "rb") as b:
        check(a.read() == b.read(), "the same report gives the same SVG bytes (no date, fixed ids)")
    samples = draw(csv, "samples.svg")
    check(not by_id(samples, "delta-line-p"), "a samples plot has no delta line")
    # The line sits at the rows' delta (figure object; delta as a grouping key).
    report = report_json(csv, "--by", "environment.n,algorithm,resolved.delta")
    fig = figure(report, "--x", "environment.n", "--y", "error-rate")
    lines = [l for ax in fig.axes for l in ax.get_lines() if l.get_gid() and l.get_gid().startswith("delta-line")]
    check(len(lines) == 1 and all(abs(y - 0.1) < 1e-12 for y in lines[0].get_ydata()),
          "the delta line is y = 0.1: %s" % [list(l.get_ydata()) for l in lines])
    check(len(fig.axes) == 1, "delta makes no panels of its own")


def case_ticks():
    csv = results("ticks.csv", ["lucb", "lil-ucb"], ns=(5, 10, 15, 20, 25))
    fig = figure(report_json(csv), "--x", "environment.n")
    check(list(fig.axes[0].get_xticks()) == [5, 10, 15, 20, 25],
          "ticks at the data: %s" % list(fig.axes[0].get_xticks()))
    # The dodge: the two series are drawn apart, within a quarter of the gap.
    xs = {name: list(l.get_xdata()) for name, l in series_lines(fig.axes[0]).items()}
    check(xs.get("lucb") != xs.get("lil-ucb") and
          all(abs(a - b) <= 1.25 + 1e-9 for a, b in zip(xs.get("lucb", []), xs.get("lil-ucb", [1e9]))),
          "series dodged apart by at most a quarter of the gap: %s" % xs)
    # Log axes: data ticks on x, one exponent per label on y.
    csv = results("log.csv", ["lucb", "lil-ucb"], ns=(10, 20, 50, 100), base=300)
    fig = figure(report_json(csv), "--x", "environment.n", "--logx", "--logy")
    fig.canvas.draw()
    ax = fig.axes[0]
    check(list(ax.get_xticks()) == [10, 20, 50, 100], "log x ticks at the data: %s" % list(ax.get_xticks()))
    labels = [t.get_text() for t in ax.get_yticklabels() if t.get_text()]
    check(len(labels) >= 2 and all(l.count("10^") <= 1 for l in labels),
          "readable log y labels: %s" % labels)
    check(not [t.get_text() for t in ax.get_yminorticklabels() if t.get_text()], "no minor labels")
    check(plot_style.number_text(3000) == "3000" and plot_style.number_text(3e4) == r"$3\times10^{4}$"
          and plot_style.number_text(1e6) == r"$10^{6}$", "tick texts")


def case_share_label():
    csv = results("panels.csv", ["lucb"], ns=(10, 20))
    extra = results("panels2.csv", ["lucb"], ns=(10, 20), base=100000)
    inputs = [csv + "::K=2", extra + "::K=4"]
    out = os.path.join(work, "panels.svg")
    r = subprocess.run([CPEX, "report"] + inputs + ["--by", "K,environment.n,algorithm", "--plot", out,
                        "--x", "environment.n", "--share-y", "--label", "environment.n=number of arms N",
                        "--label", "K=answer size K"], capture_output=True, text=True)
    check(r.returncode == 0, "--share-y --label: " + r.stderr.strip())
    if r.returncode == 0:
        words = texts(ET.parse(out).getroot())
        check("number of arms N" in words, "--label names the x axis")
        check(any(w.startswith("answer size K = ") for w in words), "--label names the panels: %s" % words)
    report = json.loads(subprocess.run([CPEX, "report"] + inputs + ["--by", "K,environment.n,algorithm",
                                        "--format", "json"], capture_output=True, text=True).stdout)
    shared = figure(report, "--x", "environment.n", "--share-y")
    apart = figure(report, "--x", "environment.n")
    check(len(shared.axes) == 2 and shared.axes[0].get_ylim() == shared.axes[1].get_ylim(),
          "--share-y: one y range")
    check(len(apart.axes) == 2 and apart.axes[0].get_ylim() != apart.axes[1].get_ylim(),
          "without --share-y each panel has its own range")
    check(apart.axes[0].get_xlabel() == "number of arms n", "default label of environment.n")


def case_bars():
    # Table 2 style: grouped bars per category on a log axis, in the plugins' colours.
    csv = results("bars.csv", ["saqm", "icb"], ns=(10, 20, 50), capped={("icb", 50)})
    root = draw(csv, "bars.svg", "--bars", "--logy")
    for plugin in ("saqm", "icb"):
        bars = [e for e in root.iter() if e.get("id") == "series-%s-p0" % plugin]
        check(len(bars) == 3, "three bars of %s (found %d)" % (plugin, len(bars)))
        fills = {re.search(r"fill:\s*(#[0-9a-f]{6})", e.get("style", "") + "".join(
            c.get("style", "") for c in e.iter())).group(1) for e in bars
            if re.search(r"fill:\s*#", e.get("style", "") + "".join(c.get("style", "") for c in e.iter()))}
        check(fills == {plot_style.plugin_style(plugin)[0]}, "%s's bars in its colour: %s" % (plugin, fills))
    check(len(by_id(root, "capped-p")) == 1, "the capped bar is ringed")
    fig = figure(report_json(csv), "--x", "environment.n", "--bars", "--logy")
    check(fig.axes[0].get_yscale() == "log" and [t.get_text() for t in fig.axes[0].get_xticklabels()] ==
          ["10", "20", "50"], "bars: log y, one category per x value")


def fills_of(root, series):
    """The fill of each drawn bar of `series` (a colour or a url(#hatch) pattern)."""
    return series_styles(root, series, "fill", r"#[0-9a-fA-F]{6}|url\([^)]*\)")


def case_variants():
    # Three variants of one plugin beside another plugin: each variant its own tone of the
    # plugin's colour, marker, line style and hatch, in lines, bars and the legend; a value
    # label names a variant everywhere.
    names = ["top-two@t3c", "top-two@ttts", "top-two@ttucb", "track-and-stop"]
    csv = results("variants.csv", names)
    root = draw(csv, "variants-bars.svg", "--bars", "--logy", "--label", "top-two@t3c=T3C")
    legend = " ".join(texts(by_id(root, "legend")[0])) if by_id(root, "legend") else ""
    check("T3C" in legend and "top-two@t3c" not in legend, "--label names a value in the legend: %r" % legend)
    fills = {n: fills_of(root, n) for n in names}
    check(all(len(f) >= 1 for f in fills.values()), "every variant has bars: %s" % fills)
    colours = [tuple(sorted(f)) for f in fills.values()]
    check(len(set(colours)) == len(names), "bars of the variants look different: %s" % fills)
    hatches = [e for e in root.iter() if e.tag == SVG + "pattern"]
    check(len(hatches) >= 2, "the variants' bars are hatched apart (%d hatch patterns)" % len(hatches))
    lines = draw(csv, "variants-lines.svg")
    strokes = {n: stroke_of(([e for e in lines.iter() if e.get("id") == "series-%s-p0" % n] or [ET.Element("g")])[0])
               for n in names}
    check(len(set(strokes.values())) == len(names), "each variant its own tone: %s" % strokes)
    import colorsys
    base = colorsys.rgb_to_hsv(*[int(plot_style.plugin_style("top-two")[0][i:i + 2], 16) / 255.0 for i in (1, 3, 5)])[0]
    for n in names[:3]:
        c = strokes.get(n) or "#000000"
        hue = colorsys.rgb_to_hsv(*[int(c[i:i + 2], 16) / 255.0 for i in (1, 3, 5)])[0]
        check(abs(hue - base) < 0.02, "%s is a tone of top-two's colour (hue %.3f vs %.3f)" % (n, hue, base))
    fig = figure(report_json(csv), "--x", "environment.n")
    drawn = series_lines(fig.axes[0])
    looks = {n: (l.get_color(), l.get_marker(), l.get_linestyle()) for n, l in drawn.items()}
    check(len({v[1] for k, v in looks.items() if k.startswith("top-two")}) == 3 and
          len({v[2] for k, v in looks.items() if k.startswith("top-two")}) == 3,
          "the variants' markers and line styles differ: %s" % looks)
    handles = fig.legends[0].legend_handles if hasattr(fig.legends[0], "legend_handles") else fig.legends[0].legendHandles
    check(len({(h.get_color(), h.get_marker(), h.get_linestyle()) for h in handles[:4]}) == 4,
          "the legend's entries differ as the lines do")


def case_ratio_line():
    # A ratio plot against delta on a log axis, two deltas four decades apart: y = 1 drawn and
    # in the legend, the title the metric's full name, the series close to their delta, one
    # tick form per axis.
    path = os.path.join(work, "ratio.csv")
    lines = ["run_id,point,algorithm.delta,algorithm,environment,oracle,repetition,seed,samples,stopped,"
             "recommendation,correct,optimal,wall_time_s,resolved,pulls,lower_bound"]
    algorithms = ["top-two@t3c", "top-two@ttts", "track-and-stop", "lucb", "lil-ucb", "kl-lucb"]
    run = 0
    for a, algorithm in enumerate(algorithms):
        for p, delta in enumerate((1e-6, 0.01)):
            for r in range(4):
                lines.append("%d,%d,%g,%s,env,top-k,%d,1,%d,rule,0,1,1,0.01,delta=%g,,%g" % (
                    run, p, delta, algorithm, r, (1 + a) * 1000 + 10 * r, delta, 900.0))
                run += 1
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    out = os.path.join(work, "ratio-delta.svg")
    r = subprocess.run([CPEX, "report", path, "--plot", out, "--x", "algorithm.delta", "--logx",
                        "--y", "lower-bound-ratio"], capture_output=True, text=True)
    check(r.returncode == 0, "ratio plot: " + r.stderr.strip())
    if r.returncode != 0:
        return
    root = ET.parse(out).getroot()
    check(len(by_id(root, "ratio-one-p")) == 1, "a ratio plot draws y = 1")
    words = " ".join(texts(root))
    check("y = 1" in words, "the legend explains y = 1: %r" % words)
    check("samples / (T*(μ) log(1/δ)) against" in words, "the title names the full metric: %r" % words)
    fig = figure(report_json(path, "--by", "algorithm.delta,algorithm"), "--x", "algorithm.delta", "--logx",
                 "--y", "lower-bound-ratio")
    fig.canvas.draw()
    ax = fig.axes[0]
    ones = [l for l in ax.get_lines() if (l.get_gid() or "").startswith("ratio-one")]
    check(len(ones) == 1 and all(y == 1 for y in ones[0].get_ydata()), "the line is y = 1")
    for name, line in series_lines(ax).items():
        xs = sorted(line.get_xdata())
        check(abs(math.log10(xs[-1] / 0.01)) <= 0.09 and abs(math.log10(xs[0] / 1e-6)) <= 0.09,
              "%s is drawn close to its deltas: %s" % (name, xs))
    for axis in (ax.get_xticklabels(), ax.get_yticklabels()):
        shown = [t.get_text() for t in axis if t.get_text()]
        check(len({"10^" in t or "times" in t for t in shown}) <= 1, "one tick form per axis: %s" % shown)
    check(plot_style.number_text(5000, False) == r"$5\times10^{3}$" and plot_style.number_text(0.5, True) == "0.5",
          "the forms on demand")


CASES = {"bars": case_bars, "variants": case_variants, "ratio-line": case_ratio_line, "colours": case_colours, "capped-legend": case_capped_legend, "delta-line": case_delta_line,
         "ticks": case_ticks, "share-label": case_share_label}
CASES[CASE]()
sys.exit(finish(CASE))
