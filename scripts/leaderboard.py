"""The tables and the figure of docs/leaderboard.md (run by scripts/reproduce_leaderboard.sh).

The leaderboard table is `cpex leaderboard --format md` on the store the script filled
(CSV_DIR/store: one results store per instance, algorithm and delta; nothing is run again):
per instance and algorithm, samples / (T*(mu) log(1/delta)) with the 95% bootstrap interval
(the report layer's lower_bound_ratio), the wrong answers among the ended runs, and the CPU
per run and per sample; the figure draws the same ratios (`--format csv`). The elimination
pipelines (pipelines/leaderboard/elimination-*.ini, one CSV each in CSV_DIR) give the samples
and time per run of each sampler with elimination = none, stopping, sampling and the saving of
each against none.

usage: leaderboard.py BUILD_DIR CSV_DIR FIGURE_PATH [--quick]   (writes the Markdown on stdout)
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


def figure(points, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [short for _, short in SUITE]
    fig, axes = plt.subplots(2, 4, figsize=(16, 11), sharex=True)
    for ax, short in zip(axes.flat, names):
        mine = [(a, r) for s, a, r in points if s == short and r[-1] is not None]
        mine.sort(key=lambda x: x[1][-1], reverse=True)
        for y, (algorithm, ratios) in enumerate(mine):
            if ratios[0] is not None:
                ax.plot(ratios[0], y, "o", mfc="none", mec="tab:gray", ms=5)
            ax.plot(ratios[-1], y, "o", color="tab:blue", ms=5)
        ax.set_yticks(range(len(mine)))
        ax.set_yticklabels([a for a, _ in mine], fontsize=7)
        ax.axvline(1.0, color="black", lw=0.8)
        ax.set_xscale("log")
        ax.set_title(short, fontsize=10)
        ax.grid(axis="x", which="both", alpha=0.3)
    for ax in axes[-1]:
        ax.set_xlabel("samples / (T*(μ) log(1/δ))")
    fig.suptitle("CPEx leaderboard v1: filled δ = 10⁻⁶, hollow δ = 10⁻² (mean over the runs that stopped)")
    fig.tight_layout(rect=(0, 0, 1, 0.97))
    fig.savefig(path, dpi=110)


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
                if g["errors"]:
                    text += ", %d err" % g["errors"]
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
    figure(points, figure_path)
    print(table.rstrip())
    print()
    print("![The leaderboard](%s)" % os.path.basename(figure_path))
    text = elimination(build, csvs)
    if text:
        print("\n## Elimination (Tirinzoni & Degenne 2022), measured")
        print(text)


if __name__ == "__main__":
    main()
