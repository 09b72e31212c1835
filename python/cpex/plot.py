#!/usr/bin/env python3
"""Draws a grouped report of `cpex report` (its JSON form) with matplotlib: one line per
series with 95% interval bars, one panel per combination of the remaining grouping keys
that take several values. Run by `cpex report --plot`; usable alone:

    cpex report runs.csv --format json > summary.json
    python3 plot.py summary.json figure.svg --x environment.n --logx

A group whose value of a panel key is empty (e.g. an algorithm without the swept
`resolved.preset`) is drawn in every panel of that key, as a baseline.
Errors: one line on stderr, exit status 1 (3 when matplotlib is missing)."""
import argparse
import json
import math
import sys

METRICS = {
    "samples": ("samples (mean, 95% CI)", lambda g: g["samples"]["mean"],
                lambda g: g["samples"]["ci95"]),
    "error-rate": ("error rate (95% CI)", lambda g: g["error_rate"],
                   lambda g: g["error_rate_ci95"]),
    "not-optimal": ("not-optimal rate (95% CI)", lambda g: g["not_optimal_rate"],
                    lambda g: g["not_optimal_rate_ci95"]),
    "wall": ("mean wall time per run (s)", lambda g: g["mean_wall_time_s"], lambda g: [None, None]),
}
FORMATS = ("svg", "png", "pdf")


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


def short(key):
    return key.rsplit(".", 1)[-1] if key.startswith(("environment.", "oracle.", "resolved.", "run.")) else key


def panel_title(keys, values):
    return ", ".join("%s=%s" % (short(k), v) for k, v in zip(keys, values))


def parse_arguments():
    parser = argparse.ArgumentParser(description="Plot a cpex report.")
    parser.add_argument("summary")
    parser.add_argument("output")
    parser.add_argument("--x", required=True)
    parser.add_argument("--y", default="samples", choices=sorted(METRICS))
    parser.add_argument("--series", default="algorithm")
    parser.add_argument("--logx", action="store_true")
    parser.add_argument("--logy", action="store_true")
    parser.add_argument("--title", default="")
    return parser.parse_args()


def layout(report, x_key, series_keys):
    """Panel keys, panels (tuples of values) and each group's panels."""
    keys = report["keys"]
    for key in [x_key] + series_keys:
        if key not in keys:
            fail("--plot: '%s' is not a grouping key (keys: %s)" % (key, ", ".join(keys)))
    others = [k for k in keys if k != x_key and k not in series_keys]
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


def main():
    args = parse_arguments()
    extension = args.output.rsplit(".", 1)[-1].lower() if "." in args.output else ""
    if extension not in FORMATS:
        fail("--plot %s: the file name must end in .svg, .png or .pdf" % args.output)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import matplotlib.ticker
    except ImportError:
        fail("--plot needs matplotlib for Python 3: install the Debian package python3-matplotlib", 3)
    with open(args.summary) as f:
        report = json.load(f)
    series_keys = [k for k in args.series.split(",") if k]
    label, value_of, interval_of = METRICS[args.y]
    panel_keys, panels, members = layout(report, args.x, series_keys)
    if not panels:
        fail("--plot: no groups to draw")

    xs = {g["values"][args.x] for g in report["groups"]}
    numeric_x = all(number(v) is not None for v in xs)
    categories = sorted(xs, key=sort_key)
    series_names = sorted({tuple(g["values"][k] for k in series_keys) for g in report["groups"]},
                          key=lambda t: [sort_key(v) for v in t])
    cycle = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    markers = "osD^v<>ph*"
    style = {s: (cycle[i % len(cycle)], markers[i % len(markers)]) for i, s in enumerate(series_names)}

    plt.rcParams.update({"font.size": 9, "axes.titlesize": 9, "lines.linewidth": 1.4})
    nrows, ncols = grid(panel_keys, panels)
    fig, axes = plt.subplots(nrows, ncols, figsize=(3.4 * ncols + 0.6, 2.7 * nrows + 0.9),
                             squeeze=False, constrained_layout=True)
    for index, panel in enumerate(panels):
        ax = axes[index // ncols][index % ncols]
        for name in series_names:
            points = []
            for g in report["groups"]:
                if tuple(g["values"][k] for k in series_keys) != name or panel not in members(g):
                    continue
                y = value_of(g)
                if y is None:
                    continue
                raw = g["values"][args.x]
                x = number(raw) if numeric_x else categories.index(raw)
                low, high = interval_of(g)
                marked = g["capped"] > 0 or g["failed"] > 0
                points.append((x, y, low, high, marked))
            if not points:
                continue
            points.sort()
            color, marker = style[name]
            x = [p[0] for p in points]
            y = [p[1] for p in points]
            below = [p[1] - p[2] if p[2] is not None else 0.0 for p in points]
            above = [p[3] - p[1] if p[3] is not None else 0.0 for p in points]
            ax.errorbar(x, y, yerr=[below, above], color=color, marker=marker, markersize=3.5,
                        capsize=2.5, label=", ".join(v for v in name if v) or "(none)")
            ringed = [(p[0], p[1]) for p in points if p[4]]
            if ringed:
                ax.scatter(*zip(*ringed), s=60, facecolors="none", edgecolors="red", zorder=5)
        if args.logx:
            ax.set_xscale("log")
        if args.logy:
            ax.set_yscale("log")
        if not numeric_x:
            ax.set_xticks(range(len(categories)), categories)
        elif not args.logx and all(number(v).is_integer() for v in xs):
            ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
        if panel_keys:
            ax.set_title(panel_title(panel_keys, panel))
        ax.set_xlabel(args.x)
        ax.set_ylabel(label)
        ax.grid(True, which="major", alpha=0.3)
    for index in range(len(panels), nrows * ncols):
        axes[index // ncols][index % ncols].set_visible(False)
    handles, labels = [], []
    for row in axes:
        for ax in row:
            for h, l in zip(*ax.get_legend_handles_labels()):
                if l not in labels:
                    handles.append(h)
                    labels.append(l)
    title = args.title or "%s against %s" % (label.split(" (")[0], args.x)
    fig.suptitle(title)
    fig.legend(handles, labels, loc="center left", bbox_to_anchor=(1.0, 0.5),
               title=", ".join(short(k) for k in series_keys), frameon=False)
    fig.savefig(args.output, dpi=150, format=extension, bbox_inches="tight")


if __name__ == "__main__":
    main()
