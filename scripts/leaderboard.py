"""The tables and the figure of docs/leaderboard.md (run by scripts/reproduce_leaderboard.sh).

The leaderboard table is `cpex leaderboard --format md` on the store the script filled
(CSV_DIR/store: one results store per instance, algorithm and delta; nothing is run again):
per instance and algorithm, samples / (T*(mu) log(1/delta)) with the 95% bootstrap interval
(the report layer's lower_bound_ratio), the wrong answers among the ended runs, and the CPU
per run and per sample; the figure draws the same ratios (`--format csv`). The elimination
pipelines (pipelines/leaderboard/elimination-*.ini, one CSV each in CSV_DIR) give the samples
and time per run of each sampler with elimination = none, stopping, sampling and the saving of
each against none.

usage: leaderboard.py BUILD_DIR CSV_DIR FIGURE_PATH [--quick] [--svg]   (writes the Markdown on
       stdout; --svg: the figure also as SVG beside the PNG)
"""
import csv
import io
import json
import os
import subprocess
import sys

SUITE = [  # (instance, short name shown in the figure)
    ("gk-mu1", "GK μ¹"),
    ("gk-mu2", "GK μ²"),
    ("top-m", "top-2"),
    ("epsilon-good", "0.1-good"),
    ("threshold", "threshold"),
    ("poisson", "Poisson"),
    ("low-mean", "low-mean"),
    ("large-k", "K = 50"),
    ("pareto", "Pareto set"),
    ("constrained", "constrained"),
    ("good-arm", "good arm"),
    ("large-k-1000", "K = 1000"),
]


def cpex_output(build, *args):
    return subprocess.run([os.path.join(build, "bin", "cpex"), *args], check=True, capture_output=True,
                          text=True).stdout


def cpex_json(build, *args):
    return json.loads(cpex_output(build, *args))


def groups(build, csv_path, keys):
    return cpex_json(build, "report", csv_path, "--by", ",".join(keys), "--format", "json")["groups"]


def cost_text(seconds):
    if seconds is None:
        return "–"
    return "%.3g ms" % (1e3 * seconds) if seconds >= 1e-3 else "%.3g µs" % (1e6 * seconds)


def ratio(text):
    """The mean of a cell "1.12 [1.05, 1.20] ..." (None for "-", "refused", "all capped")."""
    try:
        return float(text.split()[0])
    except (ValueError, IndexError):
        return None


def board(build, store, quick):
    """(Markdown table, figure points) of `cpex leaderboard` on the store."""
    args = ["leaderboard", "--out", store, "--quiet"] + (["--quick"] if quick else [])
    table = cpex_output(build, *args, "--format", "md")
    short = dict(SUITE)
    rows = list(csv.reader(io.StringIO(cpex_output(build, *args, "--format", "csv"))))
    header, rows = rows[0], rows[1:]
    deltas = [i for i, h in enumerate(header) if h.startswith("delta = ")]
    points = [(short[row[0]], row[1], [ratio(row[i]) for i in deltas]) for row in rows]
    return table, points


def figure(points, path, also=()):
    """One panel per instance: each algorithm's ratio at δ = 10⁻⁶ (filled) and 10⁻² (hollow)
    in its plugin's colour and marker (python/cpex/plot_style.py; a variant NAME@LABEL in
    its own tone of the plugin's), the lower bound x = 1 drawn and named, one form of tick
    label per axis. `also`: formats written beside the PNG (["svg"]: the text stays text, so
    figure_text.py can check it; tests/results/leaderboard_figure_test.py)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.lines
    import matplotlib.pyplot as plt
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python", "cpex"))
    import plot
    import plot_style

    plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "cpex", "font.size": 8})
    names = [short for _, short in SUITE]
    algorithms = sorted({a for _, a, _ in points})
    plugins = plot_style.figure_styles([plot_style.plugin_of(a) for a in algorithms])
    styles, seen = {}, {}
    for a in algorithms:
        plugin = plot_style.plugin_of(a)
        index = seen[plugin] = seen.get(plugin, -1) + 1
        styles[a] = plot_style.variant_style(*plugins[plugin], index)
    rows = (len(names) + 3) // 4
    fig, axes = plt.subplots(rows, 4, figsize=(16, 5.5 * rows), sharex=True, squeeze=False)
    for ax in axes.flat[len(names):]:
        ax.set_visible(False)  # the last row's empty panels
    for ax, short in zip(axes.flat, names):
        mine = [(a, r) for s, a, r in points if s == short and r[-1] is not None]
        mine.sort(key=lambda x: x[1][-1], reverse=True)
        for y, (algorithm, ratios) in enumerate(mine):
            colour, marker = styles[algorithm][0], styles[algorithm][1]
            if ratios[0] is not None:
                ax.plot(ratios[0], y, marker, mfc="none", mec=colour, ms=5)
            ax.plot(ratios[-1], y, marker, color=colour, ms=5).__getitem__(0).set_gid(
                "series-%s-%s" % (algorithm, short.replace(" ", "_")))
        ax.set_yticks(range(len(mine)))
        ax.set_yticklabels([a for a, _ in mine], fontsize=7)
        ax.axvline(1.0, color="0.35", linestyle="--", lw=1.0).set_gid("ratio-one")
        ax.set_xscale("log")
        ax.set_title(short, fontsize=9)
        ax.grid(axis="x", which="both", alpha=0.3)
    for ax in axes.flat[:len(names)]:
        plot.set_ticks(ax, "x", [], True, matplotlib)
    for i, ax in enumerate(axes.flat[:len(names)]):
        if i + 4 >= len(names):  # the lowest panel of its column
            ax.set_xlabel("samples / (T*(μ) log(1/δ))")
            ax.xaxis.set_tick_params(labelbottom=True)
    line = matplotlib.lines.Line2D
    plot.figure_legend(fig, [line([], [], marker="o", linestyle="none", color="0.3"),
                             line([], [], marker="o", linestyle="none", mfc="none", mec="0.3"),
                             line([], [], color="0.35", linestyle="--", lw=1.0)],
                       ["δ = 10⁻⁶", "δ = 10⁻²", "x = 1: the lower bound"], "mean over the runs that stopped")
    fig.suptitle("CPEx leaderboard v1: samples / (T*(μ) log(1/δ)) per instance; each algorithm in its "
                 "plugin's colour and marker")
    fig.tight_layout(rect=(0, 0, 1, 0.97))
    plot.save(fig, path, also=also)


def elimination(build, csvs):
    out = []
    for name, title in [("elimination-best", "best arm"), ("elimination-top3", "top-3")]:
        csv = os.path.join(csvs, name + ".csv")
        if not os.path.exists(csv):
            continue
        by = {}
        for g in groups(build, csv, ["algorithm", "algorithm.elimination"]):
            v = g["values"]
            by.setdefault(v["algorithm"], {})[v["algorithm.elimination"]] = g
        out.append("\n**%s** (K = 40, δ = 0.01):\n" % title)
        out.append("| algorithm | samples: none | stopping | sampling | time per run: none | stopping | sampling |")
        out.append("| --- | --- | --- | --- | --- | --- | --- |")
        for algorithm in sorted(by):
            cells = by[algorithm]
            base = cells.get("none")

            def samples(mode):
                g = cells.get(mode)
                if g is None or g["samples"]["mean"] is None:
                    return "–"
                text = "%.0f" % g["samples"]["mean"]
                if mode != "none" and base and base["samples"]["mean"]:
                    text += " (%+.0f%%)" % (100.0 * (g["samples"]["mean"] / base["samples"]["mean"] - 1.0))
                if g["wrong"]:
                    text += ", %d err" % g["wrong"]
                return text

            def time(mode):
                g = cells.get(mode)
                if g is None:
                    return "–"
                text = cost_text(g["mean_wall_time_s"])
                if mode != "none" and base and base["mean_wall_time_s"]:
                    text += " (%+.0f%%)" % (100.0 * (g["mean_wall_time_s"] / base["mean_wall_time_s"] - 1.0))
                return text

            out.append("| %s | %s | %s | %s | %s | %s | %s |" % (algorithm, samples("none"), samples("stopping"),
                                                                  samples("sampling"), time("none"),
                                                                  time("stopping"), time("sampling")))
    return "\n".join(out)


def main():
    build, csvs, figure_path = sys.argv[1:4]
    table, points = board(build, os.path.join(csvs, "store"), "--quick" in sys.argv[4:])
    figure(points, figure_path, ["svg"] if "--svg" in sys.argv[4:] else [])
    print(table.rstrip())
    print()
    print("![The leaderboard](%s)" % os.path.basename(figure_path))
    text = elimination(build, csvs)
    if text:
        print("\n## Elimination (Tirinzoni & Degenne 2022), measured")
        print(text)


if __name__ == "__main__":
    main()
