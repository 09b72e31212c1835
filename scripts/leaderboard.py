"""The tables and the figure of docs/leaderboard.md from the sweeps of pipelines/leaderboard/
(run by scripts/reproduce_leaderboard.sh).

Per instance and algorithm: the mean samples of the runs that stopped by their rule over
T*(mu) log(1/delta) at delta = 1e-2 and 1e-6, with the ends of the mean's 95% bootstrap
interval divided alike (`cpex report --format json`), the errors (wrong answers among the
stopped runs, under the run's epsilon), the capped runs, and the compute cost: the mean
wall-clock time of a run (each run executes on one thread) and that time over the run's mean
samples. T*(mu) per sweep point from `cpex hardness --json` (the point's own problem: an
algorithm with an accuracy epsilon is measured against the epsilon-good problem it is judged
on). The elimination pipelines (pipelines/leaderboard/elimination-*.ini) give the samples and
time per run of each sampler with elimination = none, stopping, sampling and the saving of each
against none.

With --keep DOC (scripts/reproduce_leaderboard.sh --instances: a few instances run again),
the rows of every instance whose CSVs are not in CSV_DIR, and the elimination section when its
CSVs are not there, are taken from DOC's generated table as they are.

usage: leaderboard.py BUILD_DIR CSV_DIR FIGURE_PATH [--keep DOC]   (writes the Markdown on stdout)
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
    ("pareto", "Pareto set"),
    ("constrained", "constrained"),
    ("good-arm", "good arm"),
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


def instance_files(name):
    return sorted(f[:-4] for f in os.listdir(os.path.join("pipelines", "leaderboard"))
                  if f.endswith(".ini") and (f == name + ".ini" or f.startswith(name + "-")))


def has_csvs(csvs, name):
    return any(os.path.exists(os.path.join(csvs, stem + ".csv")) for stem in instance_files(name))


def kept_rows(doc, shorts):
    """The rows of DOC's generated table for the instances `shorts`, as (short, algorithm,
    ratios, texts, errors, per_run text, per_sample text)."""
    out = []
    if not doc or not os.path.exists(doc):
        return out
    table_started = False
    for line in open(doc, encoding="utf-8"):
        if line.startswith("| instance | algorithm |"):
            table_started = True
            continue
        if not table_started or not line.startswith("| "):
            if table_started and not line.strip():
                break
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 7 or cells[0] not in shorts or cells[0] == "---":
            continue

        def ratio(text):
            try:
                return float(text.split()[0])
            except ValueError:
                return None

        out.append((cells[0], cells[1], [ratio(cells[2]), ratio(cells[3])], [cells[2], cells[3]],
                    cells[4].split(", "), cells[5], cells[6]))
    return out


def kept_elimination(doc):
    """DOC's elimination section (its text after the heading), or ''."""
    if not doc or not os.path.exists(doc):
        return ""
    text = open(doc, encoding="utf-8").read()
    heading = "\n## Elimination (Tirinzoni & Degenne 2022), measured\n"
    return text.split(heading, 1)[1].rstrip("\n") if heading in text else ""


def leaderboard(build, csvs):
    """The rows of every instance: its own pipeline's sweep and any other of its name
    (NAME-*.ini: an expensive algorithm run with fewer repetitions, e.g. TTTS)."""
    rows, points = [], []
    for name, short in SUITE:
        by, bound = {}, {}
        for stem in instance_files(name):
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
            rows.append((short, algorithm, ratios, texts, errors, per_run, per_sample))
            points.append((short, algorithm, ratios))
    return rows, points


def table(rows):
    out = ["| instance | algorithm | δ = 10⁻² | δ = 10⁻⁶ | errors (10⁻², 10⁻⁶) | CPU per run (10⁻⁶) | "
           "CPU per sample |",
           "| --- | --- | --- | --- | --- | --- | --- |"]
    order = {short: i for i, (_, short) in enumerate(SUITE)}

    def key(row):
        r = row[2][-1]
        return (order[row[0]], r is None, r if r is not None else 0.0)

    for short, algorithm, ratios, texts, errors, per_run, per_sample in sorted(rows, key=key):
        # Kept rows carry their cost cells as text already.
        run_text = per_run if isinstance(per_run, str) else cost_text(per_run)
        sample_text = per_sample if isinstance(per_sample, str) else cost_text(per_sample)
        out.append("| %s | %s | %s | %s | %s | %s | %s |" % (short, algorithm, texts[0], texts[1],
                                                              ", ".join(errors), run_text, sample_text))
    return "\n".join(out)


def figure(points, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [short for _, short in SUITE]
    fig, axes = plt.subplots(3, 4, figsize=(16, 16), sharex=True)
    for ax in axes.flat[len(names):]:
        ax.set_visible(False)
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
    keep = sys.argv[sys.argv.index("--keep") + 1] if "--keep" in sys.argv else None
    rows, points = leaderboard(build, csvs)
    if keep:
        missing = {short for name, short in SUITE if not has_csvs(csvs, name)}
        for row in kept_rows(keep, missing):
            rows.append(row)
            points.append((row[0], row[1], row[2]))
    figure(points, figure_path)
    print(table(rows))
    print()
    print("![The leaderboard](%s)" % os.path.basename(figure_path))
    text = elimination(build, csvs) or (kept_elimination(keep) if keep else "")
    if text:
        print("\n## Elimination (Tirinzoni & Degenne 2022), measured")
        print(text)


if __name__ == "__main__":
    main()
