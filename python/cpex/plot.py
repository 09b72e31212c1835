#!/usr/bin/env python3
"""Draws a grouped report of `cpex report` (its JSON form) with matplotlib: one line per
series with 95% interval bars, one panel per combination of the remaining grouping keys
that take several values. Run by `cpex report --plot`; usable alone:

    cpex report runs.csv --format json > summary.json
    python3 plot.py summary.json figure.svg --x environment.n --logx [--share-y]
        [--label environment.n="number of arms N"]

Style (plot_style.py): each algorithm plugin has one colour and marker in every figure;
variants of one plugin (NAME@LABEL, other series keys) differ by line style. Every series
has its legend entry, drawn or not; titles wrap to their width and long category names
are slanted, so no text overlaps another (figure_text.py checks an SVG). Ticks sit at the data
when there are at most 8 distinct x; log ticks are plain numbers or m×10^e. Series are
dodged a little on x so that equal points stay visible. A red ring marks a point with
capped runs, a black cross one with failed runs, an open up-triangle a point whose runs
were all capped (its censored lower bound); the legend explains each. Error-rate plots
draw y = δ from the groups' "delta" (added by `cpex report`) or a δ grouping key.
A group whose value of a panel key is empty (e.g. an algorithm without the swept
`resolved.preset`) is drawn in every panel of that key, as a baseline.
`build_figure(report, argv)` returns the matplotlib figure (tests inspect it).
Errors: one line on stderr, exit status 1 (3 when matplotlib is missing)."""
import argparse
import json
import math
import os
import pathlib
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot_style  # noqa: E402  (beside this file)

# The summary keys of `cpex report --format json` (docs/results.md, "Summary keys"); an
# interval is [low, high] or null (the samples: the report's bootstrap interval, else a
# normal one, as a script drawing published numbers gives).
# Each metric: its name (the title's), the y axis' text, the value and its interval.
METRICS = {
    "samples": ("samples", "samples (mean, 95% CI)", lambda g: g["samples"]["mean"],
                lambda g: (g["samples"]["mean_ci95_bootstrap"] or g["samples"].get("mean_ci95_normal")
                           or [None, None])),
    "error-rate": ("error rate", "error rate (95% CI)", lambda g: g["wrong_rate"],
                   lambda g: g["wrong_rate_ci95"] or [None, None]),
    "not-optimal": ("not-optimal rate", "not-optimal rate (95% CI)", lambda g: g["not_optimal_rate"],
                    lambda g: g["not_optimal_rate_ci95"] or [None, None]),
    "wall": ("mean wall time per run", "mean wall time per run (s)", lambda g: g["mean_wall_time_s"],
             lambda g: [None, None]),
    "lower-bound-ratio": ("samples / (T*(μ) log(1/δ))", "samples / (T*(μ) log(1/δ)) (mean, 95% CI)",
                          lambda g: (g.get("lower_bound_ratio") or {}).get("mean"),
                          lambda g: ((g.get("lower_bound_ratio") or {}).get("mean_ci95_bootstrap")
                                     or (g.get("lower_bound_ratio") or {}).get("mean_ci95_normal")
                                     or [None, None])),
}
RATES = ("error-rate", "not-optimal")
FORMATS = ("svg", "png", "pdf")
FEW_TICKS = 8
TEXT_SIZE = 9  # points: every text of a figure


class PlotError(Exception):
    pass


def fail(message, status=1):
    sys.stderr.write(message + "\n")
    sys.exit(status)


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def sort_key(value):
    """Numbers numerically, before text (as cpex report orders groups)."""
    x = number(value)
    return (0, x, "") if x is not None else (1, 0.0, value)


def parse_label(text):
    key, sep, label = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError("--label %s: expected KEY=TEXT" % text)
    return key, label


def parse_arguments(argv=None, with_files=True):
    parser = argparse.ArgumentParser(description="Plot a cpex report.")
    if with_files:
        parser.add_argument("summary")
        parser.add_argument("output")
    parser.add_argument("--x", required=True)
    parser.add_argument("--y", default="samples", choices=sorted(METRICS))
    parser.add_argument("--series", default="algorithm")
    parser.add_argument("--logx", action="store_true")
    parser.add_argument("--logy", action="store_true")
    parser.add_argument("--share-y", action="store_true", help="one y range for every panel")
    parser.add_argument("--bars", action="store_true",
                        help="grouped bars: one group per x value (as categories), one bar per series")
    parser.add_argument("--label", action="append", type=parse_label, default=[],
                        help="KEY=TEXT: axis, legend and panel text of KEY (repeatable)")
    parser.add_argument("--title", default="")
    parser.add_argument("--ylabel", default="", help="the y axis' text (default: the metric's)")
    return parser.parse_args(argv)


def layout(report, x_key, series_keys, exclude=()):
    """Panel keys, panels (tuples of values) and each group's panels; keys in `exclude`
    make no panels."""
    keys = report["keys"]
    for key in [x_key] + series_keys:
        if key not in keys:
            raise PlotError("--plot: '%s' is not a grouping key (keys: %s)" % (key, ", ".join(keys)))
    others = [k for k in keys if k != x_key and k not in series_keys and k not in exclude]
    panel_keys = [k for k in others
                  if len({g["values"][k] for g in report["groups"] if g["values"][k] != ""}) > 1]
    panels = sorted({tuple(g["values"][k] for k in panel_keys) for g in report["groups"]
                     if all(g["values"][k] != "" for k in panel_keys)},
                    key=lambda t: [sort_key(v) for v in t])
    if not panels:
        panels = [tuple()] if not panel_keys else []

    def members(group):
        own = [group["values"][k] for k in panel_keys]
        return [p for p in panels if all(v == "" or v == pv for v, pv in zip(own, p))]

    return panel_keys, panels, members


def grid(panel_keys, panels):
    """Columns: the values of the last panel key when there are several keys, else up to 3."""
    if len(panel_keys) >= 2:
        ncols = len({p[-1] for p in panels})
    else:
        ncols = min(len(panels), 3)
    ncols = max(1, ncols)
    return (len(panels) + ncols - 1) // ncols, ncols


def series_styles(series_names, series_keys):
    """(colour, marker, line style, filled, hatch) per series: colour and marker from the
    plugin (the `algorithm` series value, or the first); a plugin's variants (NAME@LABEL,
    other series keys) each in their own tone of its colour, marker, line style and hatch
    (plot_style.variant_style)."""
    if "algorithm" in series_keys:
        plugin_index = series_keys.index("algorithm")
    elif "algorithm.plugin" in series_keys:
        plugin_index = series_keys.index("algorithm.plugin")
    else:
        plugin_index = None
    variants = {}
    styles = {}

    def plugin(name):
        return plot_style.plugin_of(name[plugin_index] if plugin_index is not None
                                    else ", ".join(v for v in name if v))
    plugin_styles = plot_style.figure_styles([plugin(name) for name in series_names])
    for name in series_names:
        colour, marker = plugin_styles[plugin(name)]
        k = variants.setdefault(plugin(name), [])
        k.append(name)
        styles[name] = plot_style.variant_style(colour, marker, len(k) - 1)
    return styles


def text_width(text, size, matplotlib):
    """The width in points of one line of `text` at `size` points in the figures' font."""
    import matplotlib.font_manager
    import matplotlib.textpath
    properties = matplotlib.font_manager.FontProperties(size=size)
    width, _, _ = matplotlib.textpath.text_to_path.get_text_width_height_descent(
        text, properties, ismath=False)
    return width


def wrap_text(text, width, size, matplotlib):
    """`text` broken into lines at most `width` points wide: after a space (so after the
    ", " of a list), and inside a word only when the word alone is wider than a line."""
    lines = []
    for paragraph in text.split("\n"):
        line = ""
        for token in re.findall(r"[^ ]+ *", paragraph) or [""]:
            if line and text_width((line + token).rstrip(), size, matplotlib) > width:
                lines.append(line.rstrip())
                line = ""
            while len(token.rstrip()) > 1 and text_width(token.rstrip(), size, matplotlib) > width:
                cut = len(token.rstrip()) - 1
                while cut > 1 and text_width(token[:cut], size, matplotlib) > width:
                    cut -= 1
                lines.append(token[:cut])
                token = token[cut:]
            line += token
        lines.append(line.rstrip())
    return "\n".join(lines)


def series_handle(style, bars, matplotlib):
    """The legend entry of a series, drawn or not (all of its values zero on a log axis,
    all capped, ...): every series is in the legend."""
    colour, marker, linestyle, filled, hatch = style
    if bars:
        return matplotlib.patches.Patch(facecolor=colour, edgecolor="0.15" if hatch else colour,
                                        linewidth=0.5, hatch=hatch or None)
    return matplotlib.lines.Line2D([], [], color=colour, marker=marker, markersize=4,
                                   linestyle=linestyle, markerfacecolor=colour if filled else "white")


def group_deltas(group, delta_key):
    deltas = [d for d in group.get("delta", []) if d is not None]
    if not deltas and delta_key:
        d = number(group["values"].get(delta_key))
        deltas = [d] if d is not None else []
    return deltas


def log_locator(matplotlib):
    """A locator of plot_style.log_ticks over the axis' range when the figure is drawn, not
    when it is built: a script that widens an axis afterwards (seed 001's figure adds the
    paper's values, two decades above ours) gets ticks spaced for the final range, not the
    2x and 5x ticks of the first one squeezed together."""
    class LogTicks(matplotlib.ticker.Locator):
        def __call__(self):
            return self.tick_values(*self.axis.get_view_interval())

        def tick_values(self, vmin, vmax):
            return plot_style.log_ticks(min(vmin, vmax), max(vmin, vmax))

    return LogTicks()


def axis_formatter(matplotlib):
    """Tick labels in one form per axis: plain when every tick of the axis is plain
    (plot_style.plain_range), else every one m×10^e — never "10⁻⁶" beside "0.01"."""
    class OneForm(matplotlib.ticker.Formatter):
        plain = None

        def set_locs(self, locs):
            super().set_locs(locs)
            low, high = self.axis.get_view_interval() if self.axis is not None else (-math.inf, math.inf)
            low, high = min(low, high), max(low, high)
            shown = [v for v in locs if low * (1 - 1e-9) <= v <= high * (1 + 1e-9)] or list(locs)
            self.plain = plot_style.plain_range(shown)

        def __call__(self, x, pos=None):
            return plot_style.number_text(x, self.plain)

    return OneForm()


def set_ticks(ax, axis, values, log, matplotlib):
    """Ticks at the data for at most FEW_TICKS distinct values; else readable log ticks;
    one form of label per axis."""
    ticker = matplotlib.ticker
    target = ax.xaxis if axis == "x" else ax.yaxis
    formatter = axis_formatter(matplotlib)
    if values and len(values) <= FEW_TICKS:
        target.set_major_locator(ticker.FixedLocator(sorted(values)))
        target.set_major_formatter(formatter)
        target.set_minor_locator(ticker.NullLocator())
    elif log:
        target.set_major_locator(log_locator(matplotlib))
        target.set_major_formatter(formatter)
        target.set_minor_formatter(ticker.NullFormatter())


def build_figure(report, args):
    """The figure of `report` (the JSON of cpex report) under parsed `args`."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.lines
    import matplotlib.patches
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    # --label NAME=TEXT names a grouping key, or else a value (top-two@t3c=T3C).
    # The report's own "labels" (a store's [labels]) first; --label wins.
    given = list((report.get("labels") or {}).items()) + list(args.label)
    labels = {k: v for k, v in given if k in report["keys"] or k in plot_style.DEFAULT_LABELS}
    named = {k: v for k, v in given if k not in labels}

    def shown(value):
        return named.get(value, value)

    def series_text(name):
        return ", ".join(shown(v) for v in name if v) or "(none)"

    series_keys = [k for k in args.series.split(",") if k]
    metric_name, y_label, value_of, interval_of = METRICS[args.y]
    y_label = args.ylabel or y_label
    delta_key = next((k for k in plot_style.DELTA_KEYS if k in report["keys"]), None)
    # On a rate plot δ is drawn as lines (y = δ), not split into panels.
    panel_keys, panels, members = layout(report, args.x, series_keys,
                                         (delta_key,) if args.y in RATES else ())
    if not panels:
        raise PlotError("--plot: no groups to draw")

    xs = {g["values"][args.x] for g in report["groups"]}
    numeric_x = all(number(v) is not None for v in xs) and not args.bars
    if args.logx and args.bars:
        raise PlotError("--plot: --bars draws x as categories (no --logx)")
    if args.logx and numeric_x and any(number(v) <= 0 for v in xs):
        raise PlotError("--plot: --logx needs positive values of %s" % args.x)
    categories = sorted(xs, key=sort_key)
    series_names = sorted({tuple(g["values"][k] for k in series_keys) for g in report["groups"]},
                          key=lambda t: [sort_key(v) for v in t])
    styles = series_styles(series_names, series_keys)
    if numeric_x:
        offsets = plot_style.dodge_offsets([number(v) for v in xs], len(series_names), args.logx)
    elif args.bars:  # bars side by side, 80% of each category's width
        bar_width = 0.8 / len(series_names)
        offsets = [(i - (len(series_names) - 1) / 2.0) * bar_width for i in range(len(series_names))]
    else:
        offsets = [(i - (len(series_names) - 1) / 2.0) * 0.08 for i in range(len(series_names))]

    plt.rcParams.update({"font.size": TEXT_SIZE, "axes.titlesize": TEXT_SIZE, "lines.linewidth": 1.4,
                         "svg.fonttype": "none", "svg.hashsalt": "cpex"})
    nrows, ncols = grid(panel_keys, panels)
    width = 3.4
    if args.bars:  # room for every bar and category name
        width = max(width, 0.16 * len(series_names) * len(categories) + 1.0)
    panel_text_width = width * 72 - 24  # points: a panel's share of the figure, less a gap
    figure_width = width * ncols + 0.6
    fig, axes = plt.subplots(nrows, ncols, figsize=(figure_width, 2.7 * nrows + 0.9),
                             squeeze=False, constrained_layout=True,
                             sharey="all" if args.share_y else "none")
    seen = {"capped": False, "failed": False, "lower": False, "zero": False, "delta": False, "one": False}
    all_deltas = set()
    for index, panel in enumerate(panels):
        ax = axes[index // ncols][index % ncols]
        panel_deltas = set()
        for s, name in enumerate(series_names):
            points, lower_bounds = [], []
            for g in report["groups"]:
                if tuple(g["values"][k] for k in series_keys) != name or panel not in members(g):
                    continue
                if args.y in RATES:
                    panel_deltas.update(group_deltas(g, delta_key))
                raw = g["values"][args.x]
                x = number(raw) if numeric_x else categories.index(raw)
                x = x * offsets[s] if (numeric_x and args.logx) else x + offsets[s]
                y = value_of(g)
                if y is None:
                    bound = g["samples"].get("mean_at_least") if args.y == "samples" else None
                    if bound is not None and g["capped"] > 0:
                        lower_bounds.append((x, bound))
                    continue
                low, high = interval_of(g)
                points.append((x, y, low, high, g["capped"] > 0, g["failed"] > 0))
            colour, marker, linestyle, filled, hatch = styles[name]
            gid = "series-" + "-".join(v or "none" for v in name).replace(" ", "_")
            if lower_bounds:
                artist = ax.scatter(*zip(*lower_bounds), marker="^", s=40, facecolors="none",
                                    edgecolors=colour, zorder=4)
                artist.set_gid(gid + "-lower-p%d" % index)
                seen["lower"] = True
            if not points:
                continue
            points.sort()
            if args.logy:
                # A zero (no error at all) has no place on a log axis: drawn as an open
                # down-triangle at its upper 95% bound instead.
                bounds = [(p[0], p[3]) for p in points if p[1] <= 0 and p[3] is not None and p[3] > 0]
                if bounds:
                    ax.scatter(*zip(*bounds), marker="v", s=22, facecolors="none", edgecolors=colour, zorder=4)
                    seen["zero"] = True
                points = [p for p in points if p[1] > 0]
                if not points:
                    continue
            x = [p[0] for p in points]
            y = [p[1] for p in points]
            below = [p[1] - p[2] if p[2] is not None else 0.0 for p in points]
            above = [p[3] - p[1] if p[3] is not None else 0.0 for p in points]
            label = series_text(name)
            if args.bars:
                bars = ax.bar(x, y, width=bar_width * 0.95, color=colour, linewidth=0.5,
                              edgecolor="0.15" if hatch else colour, hatch=hatch or None, label=label,
                              yerr=[below, above], capsize=2, error_kw={"elinewidth": 0.9, "ecolor": "0.2"})
                for patch in bars.patches:
                    patch.set_gid(gid + "-p%d" % index)
            else:
                container = ax.errorbar(x, y, yerr=[below, above], color=colour, marker=marker,
                                        markersize=4, capsize=2.5, linestyle=linestyle,
                                        markerfacecolor=colour if filled else "white", label=label)
                container.lines[0].set_gid(gid + "-p%d" % index)
            capped = [(p[0], p[1]) for p in points if p[4]]
            if capped:
                ax.scatter(*zip(*capped), s=70, facecolors="none", edgecolors=plot_style.CAPPED_COLOR,
                           linewidths=1.2, zorder=5).set_gid("capped-p%d" % index)
                seen["capped"] = True
            failed = [(p[0], p[1]) for p in points if p[5]]
            if failed:
                ax.scatter(*zip(*failed), s=40, marker="x", color="black", zorder=6).set_gid("failed-p%d" % index)
                seen["failed"] = True
        if args.y == "lower-bound-ratio":  # the lower bound itself: a ratio of 1
            seen["one"] = True
            ax.axhline(1.0, color="0.35", linestyle="--", linewidth=1.0,
                       zorder=1).set_gid("ratio-one-p%d" % index)
        if args.y in RATES and panel_deltas:
            seen["delta"] = True
            all_deltas |= panel_deltas
            if args.x in plot_style.DELTA_KEYS and numeric_x:
                grid_x = sorted(number(v) for v in xs)
                ax.plot(grid_x, grid_x, color="0.35", linestyle="--", linewidth=1.0,
                        zorder=1)[0].set_gid("delta-line-p%d" % index)
            else:
                for d in sorted(panel_deltas):
                    ax.axhline(d, color="0.35", linestyle="--", linewidth=1.0,
                               zorder=1).set_gid("delta-line-p%d" % index)
        if args.logx:
            ax.set_xscale("log")
        if args.logy:
            ax.set_yscale("log")
        if not numeric_x:
            ax.set_xticks(range(len(categories)), [shown(c) for c in categories])
            ax.set_xlim(-0.5, len(categories) - 0.5)
            # Category names wider than their share of the panel are slanted.
            if sum(text_width(shown(c), TEXT_SIZE, matplotlib) + 6 for c in categories) > 0.8 * panel_text_width:
                ax.tick_params(axis="x", labelrotation=30)
                for label in ax.get_xticklabels():
                    label.set_horizontalalignment("right")
        if panel_keys:  # wrapped to the panel's width, so that neighbours never touch
            parts = ["%s = %s" % (plot_style.short_label(k, labels), shown(v)) for k, v in zip(panel_keys, panel)]
            ax.set_title(wrap_text(", ".join(parts), panel_text_width, TEXT_SIZE, matplotlib))
        ax.set_xlabel(plot_style.label_of(args.x, labels))
        if index % ncols == 0 or not args.share_y:
            ax.set_ylabel(y_label)
        ax.grid(True, which="major", alpha=0.3)
    # Ticks once every panel has its data (shared y: one range).
    x_numbers = sorted({number(v) for v in xs}) if numeric_x else []
    for index in range(len(panels)):
        ax = axes[index // ncols][index % ncols]
        if numeric_x:
            set_ticks(ax, "x", x_numbers, args.logx, matplotlib)
        if args.logy:  # a linear y keeps matplotlib's ticks
            set_ticks(ax, "y", [], True, matplotlib)
    for index in range(len(panels), nrows * ncols):
        axes[index // ncols][index % ncols].set_visible(False)

    handles = [series_handle(styles[name], args.bars, matplotlib) for name in series_names]
    texts = [series_text(name) for name in series_names]
    Line2D = matplotlib.lines.Line2D
    if seen["capped"]:
        handles.append(Line2D([], [], marker="o", linestyle="none", markersize=8,
                              markerfacecolor="none", markeredgecolor=plot_style.CAPPED_COLOR))
        texts.append("some runs capped (mean of the others)")
    if seen["lower"]:
        handles.append(Line2D([], [], marker="^", linestyle="none", color="gray", markerfacecolor="none"))
        texts.append("all runs capped: ≥ lower bound")
    if seen["failed"]:
        handles.append(Line2D([], [], marker="x", linestyle="none", color="black"))
        texts.append("some runs failed")
    if seen["zero"]:
        handles.append(Line2D([], [], marker="v", linestyle="none", color="gray", markerfacecolor="none"))
        texts.append("0 observed: upper 95% bound")
    if seen["one"]:
        handles.append(Line2D([], [], color="0.35", linestyle="--", linewidth=1.0))
        texts.append("y = 1: the lower bound")
    if seen["delta"]:
        handles.append(Line2D([], [], color="0.35", linestyle="--", linewidth=1.0))
        on_x = args.x in plot_style.DELTA_KEYS and numeric_x
        texts.append("y = δ" + ("" if on_x or len(all_deltas) != 1
                                else " = " + plot_style.number_text(min(all_deltas))))
    title = args.title or "%s against %s" % (metric_name, plot_style.label_of(args.x, labels))
    fig.suptitle(wrap_text(title, figure_width * 72 - 20, TEXT_SIZE, matplotlib))
    figure_legend(fig, handles, texts, ", ".join(plot_style.label_of(k, labels) for k in series_keys))
    return fig


def figure_legend(fig, handles, texts, title):
    """The figure's one legend, right of the panels; its id "legend" lets a test find it in
    the SVG."""
    legend = fig.legend(handles, texts, loc="center left", bbox_to_anchor=(1.0, 0.5), title=title,
                        frameon=False)
    legend.set_gid("legend")
    return legend


def add_legend_entry(fig, handle, text):
    """One more entry at the end of the legend of a figure of build_figure, for what a
    script draws on it afterwards (seed 001's ticks of the paper's values)."""
    old = fig.legends[0]
    handles = list(old.legend_handles if hasattr(old, "legend_handles") else old.legendHandles)
    texts = [t.get_text() for t in old.get_texts()]
    old.remove()
    return figure_legend(fig, handles + [handle], texts + [text], old.get_title().get_text())


def save(fig, path, extension=None, also=()):
    """Writes the figure (no dates in SVG / PDF: the same report gives the same bytes), and
    once more beside it in each format of `also` (e.g. "svg": the seed figure scripts'
    --svg). With $CPEX_FIGURE_CHECK set (the quick reproduction sets it), the figure is also
    drawn as SVG and read back by figure_text.py: two overlapping texts raise PlotError
    naming them."""
    extension = extension or path.rsplit(".", 1)[-1].lower()
    for form, target in [(extension, path)] + [(f, path.rsplit(".", 1)[0] + "." + f) for f in also
                                               if f != extension]:
        metadata = {"Date": None} if form in ("svg", "pdf") else {}
        fig.savefig(target, dpi=150, format=form, bbox_inches="tight", metadata=metadata)
    if os.environ.get("CPEX_FIGURE_CHECK"):
        import tempfile
        import figure_text
        with tempfile.NamedTemporaryFile(suffix=".svg") as svg:
            fig.savefig(svg.name, format="svg", bbox_inches="tight", metadata={"Date": None})
            found = figure_text.overlaps(svg.name)
        if found:
            raise PlotError("%s: %d overlapping texts, e.g. %r and %r (CPEX_FIGURE_CHECK)"
                            % (path, len(found), found[0][0].text, found[0][1].text))


def figure_script_arguments(argv):
    """DIR, FIGURE_DIR (as paths) and the formats to write beside each PNG (["svg"] with
    --svg) of a script that draws figures in this style from a results directory (the seed
    figure scripts: `seedNNN_figures.py DIR FIGURE_DIR [--svg]`)."""
    parser = argparse.ArgumentParser(description="Draw a reproduction's figures.")
    parser.add_argument("directory", help="the CSVs of the reproduction's sweeps")
    parser.add_argument("figures", help="where the figures go")
    parser.add_argument("--svg", action="store_true",
                        help="each figure also as SVG (text as text: figure_text.py reads it)")
    args = parser.parse_args(argv)
    return pathlib.Path(args.directory), pathlib.Path(args.figures), ["svg"] if args.svg else []


def main():
    args = parse_arguments()
    extension = args.output.rsplit(".", 1)[-1].lower() if "." in args.output else ""
    if extension not in FORMATS:
        fail("--plot %s: the file name must end in .svg, .png or .pdf" % args.output)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        fail("--plot needs matplotlib for Python 3: install the Debian package python3-matplotlib", 3)
    with open(args.summary) as f:
        report = json.load(f)
    try:
        save(build_figure(report, args), args.output, extension)
    except PlotError as e:
        fail(str(e))


if __name__ == "__main__":
    main()
