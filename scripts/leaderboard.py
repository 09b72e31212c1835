"""The tables and the figure of docs/leaderboard.md from the sweeps of pipelines/leaderboard/
(run by scripts/reproduce_leaderboard.sh).

Per instance and algorithm: the mean samples of the runs that stopped by their rule over
T*(mu) log(1/delta) at delta = 1e-2 and 1e-6, with the ends of the mean's 95% bootstrap
interval divided alike (`cpex report --format json`), the stopping-time tail at 1e-6 (the
99th percentile of samples / (T*(mu) log(1/delta)) over the runs with a lower bound, capped
runs counted at their cap -- `lower_bound_ratio.p99` of the report, "≥" with capped runs --
and how many runs took more than 10 T*(mu) log(1/delta)), the errors (wrong answers among the
stopped runs, under the run's epsilon), the capped runs, and the compute cost: the mean
wall-clock time of a run (each run executes on one thread) and that time over the run's mean
samples. T*(mu) per sweep point from `cpex hardness --json` (the point's own problem: an
algorithm with an accuracy epsilon is measured against the epsilon-good problem it is judged
on). The elimination pipelines (pipelines/leaderboard/elimination-*.ini) give the samples and
time per run of each sampler with elimination = none, stopping, sampling and the saving of each
against none.

usage: leaderboard.py BUILD_DIR CSV_DIR FIGURE_PATH   (writes the Markdown on stdout)
"""
import json
import math
import os
import subprocess
import sys

SUITE = [  # (file, short name shown in the table and the figure)
    ("gk-mu1", "GK μ¹"),
    ("gk-mu2", "GK μ²"),
    ("top-m", "top-2"),
    ("epsilon-good", "0.1-good"),
    ("threshold", "threshold"),
    ("poisson", "Poisson"),
    ("low-mean", "low-mean"),
    ("large-k", "K = 50"),
]
DELTAS = ["1e-2", "1e-6"]


def cpex_json(build, *args):
    out = subprocess.run([os.path.join(build, "bin", "cpex"), *args], check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out)


def bounds(build, pipeline):
    """(algorithm, delta) -> T*(mu) log(1/delta) of every sweep point."""
    data = cpex_json(build, "hardness", pipeline, "--json")
    points = data["points"] if "points" in data else [data]
    out = {}
    for p in points:
        v = p["values"]
        t = p["measures"].get("T_star_log_1_over_delta")
        if t is not None:  # a file of one algorithm sweeps delta only: any algorithm (None)
            out[(v.get("algorithm.plugin"), v["algorithm.delta"])] = t
    return out


def groups(build, csv, keys):
    return cpex_json(build, "report", csv, "--by", ",".join(keys), "--format", "json")["groups"]


def fmt(x, digits=2):
    if x is None or (isinstance(x, float) and (math.isnan(x) or math.isinf(x))):
        return "–"
    return "%.*f" % (digits, x)


def cost_text(seconds):
    if seconds is None:
        return "–"
    return "%.3g ms" % (1e3 * seconds) if seconds >= 1e-3 else "%.3g µs" % (1e6 * seconds)


def cell(group, bound):
    """(ratio, text) of one (algorithm, delta) group; ratio None when no run stopped."""
    s = group["samples"]
    if s["mean"] is None:
        at_least = s.get("mean_at_least")
        return None, "≥ %s (all capped)" % fmt(at_least / bound if at_least else None)
    lo, hi = s["ci95"] if s["ci95"] else (None, None)
    ratio = s["mean"] / bound
    text = "%s [%s, %s]" % (fmt(ratio), fmt(lo / bound if lo is not None else None),
                            fmt(hi / bound if hi is not None else None))
    if group["capped"]:
        text += " (%d capped)" % group["capped"]
    return ratio, text


def tail_text(group):
    """'p99 (beyond 10x)' of a group: the 99th percentile of samples / lower_bound and the runs
    over 10, '≥' when capped runs (counted at their cap) are among them; '–' without."""
    tail = (group or {}).get("lower_bound_ratio") or {}
    if not tail.get("tail_runs"):
        return "–"
    at_least = "≥ " if tail.get("tail_capped") else ""
    return "%s%s (%d/%d > 10)" % (at_least, fmt(tail.get("p99")), tail.get("beyond_10", 0), tail["tail_runs"])


def leaderboard(build, csvs):
    """The rows of every instance: its own pipeline's sweep and any other of its name
    (NAME-*.ini: an expensive algorithm run with fewer repetitions, e.g. TTTS)."""
    rows, points = [], []
    for name, short in SUITE:
        by, bound = {}, {}
        files = sorted(f[:-4] for f in os.listdir(os.path.join("pipelines", "leaderboard"))
                       if f.endswith(".ini") and (f == name + ".ini" or f.startswith(name + "-")))
        for stem in files:
            csv = os.path.join(csvs, stem + ".csv")
            if not os.path.exists(csv):
                continue
            bound.update(bounds(build, os.path.join("pipelines", "leaderboard", stem + ".ini")))
            for g in groups(build, csv, ["algorithm", "algorithm.delta"]):
                v = g["values"]
                by.setdefault(v["algorithm"], {})[v["algorithm.delta"]] = g
        for algorithm, cells in by.items():
            texts, ratios, errors = [], [], []
            for delta in DELTAS:
                g = cells.get(delta)
                b = bound.get((algorithm, delta), bound.get((None, delta)))
                if g is None or b is None:
                    texts.append("–")
                    ratios.append(None)
                    errors.append("–")
                    continue
                r, t = cell(g, b)
                texts.append(t)
                ratios.append(r)
                errors.append("%d/%d" % (g["errors"], g["stopped"]))
            last = cells.get(DELTAS[-1])
            per_run = last["mean_wall_time_s"] if last else None
            per_sample = (per_run / last["samples"]["mean"]
                          if last and per_run is not None and last["samples"]["mean"] else None)
            rows.append((short, algorithm, ratios, texts, errors, per_run, per_sample, tail_text(last)))
            points.append((short, algorithm, ratios))
    return rows, points


def table(rows):
    out = ["| instance | algorithm | δ = 10⁻² | δ = 10⁻⁶ | p99 at 10⁻⁶ (runs > 10) | errors (10⁻², 10⁻⁶) | "
           "CPU per run (10⁻⁶) | CPU per sample |",
           "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    order = {short: i for i, (_, short) in enumerate(SUITE)}

    def key(row):
        r = row[2][-1]
        return (order[row[0]], r is None, r if r is not None else 0.0)

    for short, algorithm, ratios, texts, errors, per_run, per_sample, tail in sorted(rows, key=key):
        out.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (short, algorithm, texts[0], texts[1], tail,
                                                                   ", ".join(errors), cost_text(per_run),
                                                                   cost_text(per_sample)))
    return "\n".join(out)


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
    rows, points = leaderboard(build, csvs)
    figure(points, figure_path)
    print(table(rows))
    print()
    print("![The leaderboard](%s)" % os.path.basename(figure_path))
    text = elimination(build, csvs)
    if text:
        print("\n## Elimination (Tirinzoni & Degenne 2022), measured")
        print(text)


if __name__ == "__main__":
    main()
