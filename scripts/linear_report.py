"""Tables and the figure of docs/reproductions/linear-soare.md and linear-transductive.md from
the sweeps of pipelines/linear-soare/ and pipelines/linear-transductive/ (run by
scripts/reproduce_linear.sh).

The statistics come from `cpex report --format json` (mean samples of the runs that stopped by
their rule, 95% percentile-bootstrap interval, errors); T*(theta) from `cpex hardness --json`
(numerics::linear_lower_bound) at every sweep point. This script only divides and lays out.

usage: linear_report.py soare|transductive BUILD_DIR CSV_DIR FIGURE_DIR
"""
import json
import math
import os
import subprocess
import sys

ORDER = ["lingame", "lingame@c", "lazy-track-and-stop", "fw-sampling", "top-two", "rage", "rage@authors-elimination",
         "rage@authors-schedule", "rage@authors", "lingape"]

# Wang, Tzeng & Proutiere (FWS), Table 1 as found in the submission version (1000 runs, Soare's
# instance d = 6, w = 0.1): average samples; LB_lin = T* kl(delta, 1 - delta).
FWS_TABLE1 = {
    0.1: {"fw-sampling": 1030, "lazy-track-and-stop": 7651, "lingame@c": 2498, "lingame": 2319, "LB": 359},
    0.01: {"fw-sampling": 1614, "lazy-track-and-stop": 8290, "lingame@c": 3501, "lingame": 3431, "LB": 920},
    0.001: {"fw-sampling": 2229, "lazy-track-and-stop": 8952, "lingame@c": 4324, "lingame": 4326, "LB": 1408},
    0.0001: {"fw-sampling": 2839, "lazy-track-and-stop": 9575, "lingame@c": 5118, "lingame": 5120, "LB": 1881},
}


def report(build, csvs, keys):
    out = subprocess.run([os.path.join(build, "bin", "cpex"), "report", *csvs, "--by", ",".join(keys),
                          "--format", "json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["groups"]


def hardness(path):
    with open(path) as f:
        data = json.load(f)
    points = data["points"] if "points" in data else [data]
    return points


def order(name):
    return ORDER.index(name) if name in ORDER else 99


def fmt(x, digits=2):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    return "%.*f" % (digits, x)


def kl(delta):
    return delta * math.log(delta / (1 - delta)) + (1 - delta) * math.log((1 - delta) / delta)


def stats_cell(g, bound):
    s = g["samples"]
    if s["mean"] is None:
        return None
    lo, hi = s["mean_ci95_bootstrap"] if s["mean_ci95_bootstrap"] else (float("nan"), float("nan"))
    notes = []
    if g["capped"]:
        notes.append("%d capped" % g["capped"])
    if g["wrong"]:
        notes.append("%d err" % g["wrong"])
    return {"mean": s["mean"], "lo": lo, "hi": hi, "ratio": s["mean"] / bound, "rlo": lo / bound, "rhi": hi / bound,
            "notes": ", ".join(notes), "runs": g["runs"]}


def soare(build, csv_dir, figure_dir):
    # Across the angle.
    points = hardness(os.path.join(csv_dir, "angle.hardness.json"))
    t_star = {}
    for p in points:
        angle = float(p["environment.angle"]) if "environment.angle" in p else float(p["values"]["environment.angle"])
        t_star[angle] = p["measures"]["T_star"]
    groups = report(build, [os.path.join(csv_dir, "angle.csv")], ["environment.angle", "algorithm"])
    table = {}
    delta = 0.01
    for g in groups:
        v = g["values"]
        angle = float(v["environment.angle"])
        c = stats_cell(g, t_star[angle] * math.log(1 / delta))
        if c:
            table.setdefault(v["algorithm"], {})[angle] = c
    angles = sorted(t_star, reverse=True)
    out = ["\n### Across the angle (d = 2, θ = (2, 0), σ = 1, δ = 0.01)\n",
           "Mean samples / (T*(θ) log(1/δ)) [95% bootstrap interval]; T*(θ) from `cpex hardness`.\n",
           "| algorithm | " + " | ".join("ω = %g" % a for a in angles) + " |",
           "| --- |" + " --- |" * len(angles),
           "| T*(θ) | " + " | ".join("%.1f" % t_star[a] for a in angles) + " |"]
    for a in sorted(table, key=order):
        row = []
        for w in angles:
            c = table[a].get(w)
            row.append("–" if not c else "%s [%s, %s]%s" % (fmt(c["ratio"]), fmt(c["rlo"]), fmt(c["rhi"]),
                                                            " (%s)" % c["notes"] if c["notes"] else ""))
        out.append("| %s | %s |" % (a, " | ".join(row)))
    print("\n".join(out))
    draw(table, angles, os.path.join(figure_dir, "linear-soare.png"))
    # FWS Table 1's instance.
    path = os.path.join(csv_dir, "fws-table1.csv")
    if not os.path.exists(path):
        return
    t = hardness(os.path.join(csv_dir, "fws-table1.hardness.json"))[0]["measures"]["T_star"]
    groups = report(build, [path], ["algorithm.delta", "algorithm"])
    rows = {}
    for g in groups:
        v = g["values"]
        d = float(v["algorithm.delta"])
        rows.setdefault(v["algorithm"], {})[d] = stats_cell(g, t * math.log(1 / d))
    deltas = sorted({d for r in rows.values() for d in r}, reverse=True)
    out = ["\n### FWS Table 1's instance (d = 6, ω = 0.1, θ = 2e₁; T*(θ) = %.2f)\n" % t,
           "Mean samples (CPEx, %d runs) beside the published average over 1000 runs (FWS submission, "
           "Table 1); LB = T*(θ) kl(δ, 1 − δ).\n" % next(iter(next(iter(rows.values())).values()))["runs"],
           "| algorithm | " + " | ".join("δ = %g: CPEx / published" % d for d in deltas) + " |",
           "| --- |" + " --- |" * len(deltas),
           "| LB | " + " | ".join("%.0f / %s" % (t * kl(d), FWS_TABLE1.get(d, {}).get("LB", "–")) for d in deltas) + " |"]
    for a in sorted(rows, key=order):
        cells = []
        for d in deltas:
            c = rows[a].get(d)
            cells.append("%s / %s" % ("–" if not c else "%.0f [%.0f, %.0f]" % (c["mean"], c["lo"], c["hi"]),
                                      FWS_TABLE1.get(d, {}).get(a, "–")))
        out.append("| %s | %s |" % (a, " | ".join(cells)))
    print("\n".join(out))


def draw(table, angles, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "plot_style", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python", "cpex", "plot_style.py"))
    style = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(style)
    fig, ax = plt.subplots(figsize=(7.5, 5.2))
    for a in sorted(table, key=order):
        points = sorted((w, c) for w, c in table[a].items())
        x = [p[0] for p in points]
        y = [p[1]["ratio"] for p in points]
        err = [[p[1]["ratio"] - p[1]["rlo"] for p in points], [p[1]["rhi"] - p[1]["ratio"] for p in points]]
        colour, marker = style.plugin_style(style.plugin_of(a.split("@")[0]))
        ax.errorbar(x, y, yerr=err, color=colour, marker=marker, linestyle=":" if "@" in a else "-",
                    markersize=4, capsize=2, linewidth=1.2, elinewidth=0.8, label=a)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("angle ω of the (cos ω, sin ω) arm")
    ax.set_ylabel("mean samples / (T*(θ) log(1/δ))")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8, ncol=2)
    ax.set_title("Soare et al.'s instance, δ = 0.01 (1 = the lower bound's leading term)", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def transductive(build, csv_dir, figure_dir):
    t = hardness(os.path.join(csv_dir, "fiez.hardness.json"))[0]["measures"]
    delta = 0.05
    bound = t["T_star"] * math.log(1 / delta)
    groups = report(build, [os.path.join(csv_dir, "fiez.csv")], ["algorithm"])
    out = ["\n### CPEx on the authors' transductive instance (d = 20: |X| = 40, |Z| = 40; δ = 0.05)\n",
           "T*(θ) = %.1f, T*(θ) log(1/δ) = %.0f (certified relative gap %.1e).\n" % (t["T_star"], bound,
                                                                                   t["T_star_relative_gap"]),
           "| algorithm | runs | mean samples [95% bootstrap] | / T* log(1/δ) | errors | capped |",
           "| --- | --- | --- | --- | --- | --- |"]
    for g in sorted(groups, key=lambda g: order(g["values"]["algorithm"])):
        c = stats_cell(g, bound)
        if not c:
            continue
        out.append("| %s | %d | %.0f [%.0f, %.0f] | %s | %d | %d |" % (g["values"]["algorithm"], g["runs"], c["mean"],
                                                                      c["lo"], c["hi"], fmt(c["ratio"]), g["wrong"],
                                                                      g["capped"]))
    print("\n".join(out))


def main():
    if len(sys.argv) != 5 or sys.argv[1] not in ("soare", "transductive"):
        sys.exit(__doc__)
    kind, build, csv_dir, figure_dir = sys.argv[1:]
    if kind == "soare":
        soare(build, csv_dir, figure_dir)
    else:
        transductive(build, csv_dir, figure_dir)


if __name__ == "__main__":
    main()
