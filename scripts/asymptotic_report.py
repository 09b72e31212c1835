"""Tables and the figure of docs/reproductions/lower-bound.md and gk2016.md from the sweeps
of pipelines/lower-bound/ and pipelines/gk2016/ (run by scripts/reproduce_asymptotic.sh).

The statistics come from `cpex report --format json` (mean samples of the runs that ended,
95% percentile-bootstrap interval, wrong answers with Clopper-Pearson intervals);
T*(mu) from `cpex-optimal-weights` (numerics::optimal_weights). This script only divides by
T*(mu) log(1/delta) and lays out the tables and the figure.

For lower-bound-problems (pipelines/lower-bound-problems/, one problem per file) T*(mu)
comes from `cpex hardness FILE --json` (numerics::CharacteristicTimeSolver, certified).

usage: asymptotic_report.py lower-bound|gk2016|lower-bound-problems BUILD_DIR CSV_DIR FIGURE_DIR
"""
import json
import math
import os
import subprocess
import sys

INSTANCE_NAMES = {
    ("bernoulli", "0.5,0.45,0.43,0.4"): "GK μ¹ (Bernoulli)",
    ("bernoulli", "0.3,0.21,0.2,0.19,0.18"): "GK μ² (Bernoulli)",
    ("gaussian", "0.5,0.45,0.43,0.4"): "GK μ¹, Gaussian σ = 1/2",
}
SIGMA = {"gaussian": 0.5}

# GK 2016, Table 1 (delta = 0.1, 3000 runs): E[tau] as published.
GK_TABLE1 = {
    "0.5,0.45,0.43,0.4": {"Track-and-Stop": 4052, "Chernoff-Racing": 4516, "KL-LUCB": 8437, "KL-Racing": 9590},
    "0.3,0.21,0.2,0.19,0.18": {"Track-and-Stop": 1406, "Chernoff-Racing": 3078, "KL-LUCB": 2716, "KL-Racing": 3334},
}

ALGORITHM_ORDER = ["track-and-stop (D)", "track-and-stop (C)", "top-two", "lucb", "lil-lucb",
                   "lucb-pp", "lil-rand-lucb", "lil-clucb", "lil-ucb", "ugape"]


def report(build, csvs, keys):
    out = subprocess.run([os.path.join(build, "bin", "cpex"), "report", *csvs, "--by", ",".join(keys),
                          "--format", "json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["groups"]


def characteristic_time(build, family, means):
    args = [os.path.join(build, "bin", "cpex-optimal-weights"), family]
    if family in SIGMA:
        args += ["--sigma", str(SIGMA[family])]
    out = subprocess.run(args + ["--json"] + means.split(","), check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def label(values):
    name = values["algorithm"]
    if name == "track-and-stop":
        return "track-and-stop (%s)" % values.get("resolved.tracking", "d").upper()
    if values.get("resolved.rate"):
        return "%s (%s)" % (name, values["resolved.rate"])
    return name


# The CPEx runs behind each published cell of GK 2016 Table 1.
GK_OURS = {"Track-and-Stop": ("track-and-stop (D)", "Track-and-Stop (D-Tracking)"),
           "KL-LUCB": ("kl-lucb (gk2016)", "KL-LUCB (kl-lucb, rate = gk2016)"),
           "KL-Racing": ("kl-racing (gk2016)", "KL-Racing (kl-racing, rate = gk2016)")}


def fmt(x):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    return "%.2f" % x


def cell(group, bound):
    s = group["samples"]
    if s["mean"] is None:
        return None
    lo, hi = s["mean_ci95_bootstrap"] if s["mean_ci95_bootstrap"] else (None, None)
    lo, hi = (lo / bound if lo else float("nan")), (hi / bound if hi else float("nan"))
    text = "%s [%s, %s]" % (fmt(s["mean"] / bound), fmt(lo), fmt(hi))
    notes = []
    if group["capped"]:
        notes.append("%d capped" % group["capped"])
    if group["wrong"]:
        notes.append("%d wrong" % group["wrong"])
    if notes:
        text += " (" + ", ".join(notes) + ")"
    return s["mean"] / bound, text, lo, hi


def normalize(means):
    return ",".join(x.strip() for x in str(means).split(","))


def lower_bound(build, csv_dir, figure_dir):
    csvs = sorted(os.path.join(csv_dir, f) for f in os.listdir(csv_dir) if f.endswith(".csv"))
    keys = ["environment.plugin", "environment.means", "algorithm.delta", "algorithm", "resolved.tracking"]
    groups = report(build, csvs, keys)
    table = {}  # instance -> algorithm -> delta -> (ratio, text)
    t_star = {}
    for g in groups:
        v = g["values"]
        family, means = v["environment.plugin"], normalize(v["environment.means"])
        instance = (family, means)
        if instance not in t_star:
            t_star[instance] = characteristic_time(build, family, means)["characteristic_time"]
        delta = float(v["algorithm.delta"])
        bound = t_star[instance] * math.log(1.0 / delta)
        c = cell(g, bound)
        if c:
            table.setdefault(instance, {}).setdefault(label(v), {})[delta] = c
    deltas = sorted({d for inst in table.values() for alg in inst.values() for d in alg}, reverse=True)
    lines = []
    for instance in sorted(table, key=lambda i: list(INSTANCE_NAMES).index(i) if i in INSTANCE_NAMES else 99):
        name = INSTANCE_NAMES.get(instance, "%s %s" % instance)
        lines.append("\n### %s: μ = (%s), T*(μ) = %.1f\n" % (name, instance[1].replace(",", ", "), t_star[instance]))
        lines.append("| algorithm | " + " | ".join("δ = 1e%d" % round(math.log10(d)) for d in deltas) + " |")
        lines.append("| --- |" + " --- |" * len(deltas))
        algorithms = sorted(table[instance], key=lambda a: ALGORITHM_ORDER.index(a) if a in ALGORITHM_ORDER else 99)
        for a in algorithms:
            row = [table[instance][a][d][1] if d in table[instance][a] else "–" for d in deltas]
            lines.append("| %s | %s |" % (a, " | ".join(row)))
    print("\n".join(lines))
    draw(table, t_star, deltas, os.path.join(figure_dir, "lower-bound.png"))


def draw(table, t_star, deltas, path, columns=None):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "plot_style", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python", "cpex", "plot_style.py"))
    style = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(style)
    instances = sorted(table, key=lambda i: list(INSTANCE_NAMES).index(i) if i in INSTANCE_NAMES else 99)
    columns = columns or len(instances)
    rows = (len(instances) + columns - 1) // columns
    fig, grid = plt.subplots(rows, columns, figsize=(4.6 * columns, 4.4 * rows + 0.8), sharey=True, squeeze=False)
    axes = [ax for row in grid for ax in row]
    for ax in axes[len(instances):]:
        ax.set_visible(False)
    for ax, instance in zip(axes, instances):
        for a in sorted(table[instance], key=lambda a: ALGORITHM_ORDER.index(a) if a in ALGORITHM_ORDER else 99):
            points = sorted((math.log10(1.0 / d), r[0], r[2], r[3]) for d, r in table[instance][a].items())
            optimal = a.startswith(("track", "top"))
            x = [p[0] for p in points]
            y = [p[1] for p in points]
            errors = [[p[1] - p[2] for p in points], [p[3] - p[1] for p in points]]
            colour, marker = style.plugin_style(style.plugin_of(a.split(" ")[0]))
            # One colour and marker per plugin in every CPEx figure (python/cpex/plot_style.py);
            # a variant of a plugin (C-Tracking) keeps its colour with a dotted line.
            ax.errorbar(x, y, yerr=errors, color=colour, marker=marker,
                        linestyle=":" if a.endswith("(C)") else ("-" if optimal else "--"),
                        markersize=4 if optimal else 3, capsize=2, linewidth=1.2, elinewidth=0.8, label=a)
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_yscale("log")
        ax.set_xlabel("log10(1/δ)")
        ax.set_title(INSTANCE_NAMES.get(instance, str(instance)), fontsize=10)
        ax.grid(True, which="both", alpha=0.3)
    for row in grid:
        row[0].set_ylabel("mean samples / (T*(μ) log(1/δ))")
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=5, fontsize=9, frameon=False)
    fig.suptitle("Samples against the lower bound's leading term (1 = asymptotically optimal; "
                 "bars: 95% bootstrap intervals)")
    fig.tight_layout(rect=(0, 0.1 / rows, 1, 1))
    fig.savefig(path, dpi=110)


def gk2016(build, csv_dir):
    csvs = sorted(os.path.join(csv_dir, f) for f in os.listdir(csv_dir) if f.endswith(".csv"))
    keys = ["environment.means", "algorithm", "resolved.tracking", "resolved.rate"]
    groups = report(build, csvs, keys)
    rows = {}
    t_star = {}
    for g in groups:
        v = g["values"]
        means = normalize(v["environment.means"])
        if means not in t_star:
            t_star[means] = characteristic_time(build, "bernoulli", means)
        s = g["samples"]
        lo, hi = s["mean_ci95_bootstrap"]
        rows.setdefault(means, []).append(
            (label(v), "%.0f [%.0f, %.0f]" % (s["mean"], lo, hi), g["runs"], g["wrong"], g["capped"]))
    lines = []
    for means in GK_TABLE1:
        if means not in rows:
            continue
        ts = t_star[means]
        bound = ts["characteristic_time"] * math.log(10.0)
        kl = ts["characteristic_time"] * (0.1 * math.log(0.1 / 0.9) + 0.9 * math.log(0.9 / 0.1))
        lines.append("\n### μ = (%s): T*(μ) = %.1f, T*(μ) log(1/δ) = %.0f, T*(μ) kl(δ, 1−δ) = %.0f; w*(μ) = (%s)\n"
                     % (means.replace(",", ", "), ts["characteristic_time"], bound, kl,
                        ", ".join("%.3f" % w for w in ts["weights"])))
        lines.append("| algorithm | E[τ], GK 2016 Table 1 (3000 runs) | E[τ], CPEx [95% bootstrap] | runs | wrong | capped |")
        lines.append("| --- | --- | --- | --- | --- | --- |")
        ours = {r[0]: r for r in rows[means]}
        for name, published in GK_TABLE1[means].items():
            ours_name, shown = GK_OURS.get(name, (None, name))
            mine = ours.pop(ours_name, None)
            if mine:
                lines.append("| %s | %d | %s | %d | %d | %d |" % (shown, published, mine[1], mine[2], mine[3], mine[4]))
            else:
                lines.append("| %s | %d | (not in CPEx) | | | |" % (name, published))
        for name in sorted(ours, key=lambda a: ALGORITHM_ORDER.index(a) if a in ALGORITHM_ORDER else 99):
            r = ours[name]
            lines.append("| %s | – | %s | %d | %d | %d |" % (name, r[1], r[2], r[3], r[4]))
    print("\n".join(lines))


PROBLEM_NAMES = {
    "top-m": "top-2, Gaussian (σ = 1)", "eps-good": "0.1-good arm, Bernoulli", "threshold": "arms above τ = 2, Poisson",
    "poisson": "best arm, Poisson", "exponential": "best arm, exponential",
    "unknown-variance": "best arm, Gaussian of unknown variance", "matroid": "maximum spanning tree, Gaussian",
}


def problems(build, csv_dir, figure_dir):
    """One table per problem (file of pipelines/lower-bound-problems/) and one figure."""
    table, t_star, described = {}, {}, {}
    for name in PROBLEM_NAMES:
        csv = os.path.join(csv_dir, name + ".csv")
        if not os.path.exists(csv):
            continue
        pipeline = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "pipelines",
                                "lower-bound-problems", name + ".ini")
        out = json.loads(subprocess.run([os.path.join(build, "bin", "cpex"), "hardness", pipeline, "--json"],
                                        check=True, capture_output=True, text=True).stdout)
        measures = (out["points"][0] if "points" in out else out)["measures"]
        t_star[name] = measures["T_star"]
        described[name] = measures.get("w_star")
        for g in report(build, [csv], ["algorithm.delta", "algorithm"]):
            v = g["values"]
            delta = float(v["algorithm.delta"])
            c = cell(g, t_star[name] * math.log(1.0 / delta))
            if c:
                table.setdefault(name, {}).setdefault(v["algorithm"], {})[delta] = c
    deltas = sorted({d for inst in table.values() for alg in inst.values() for d in alg}, reverse=True)
    lines = []
    for name in table:
        weights = ", ".join("%.3f" % w for w in described[name] or [])
        lines.append("\n### %s: T*(μ) = %.1f%s\n" % (PROBLEM_NAMES[name], t_star[name],
                                                   ", w*(μ) = (%s)" % weights if weights else ""))
        lines.append("| algorithm | " + " | ".join("δ = 1e%d" % round(math.log10(d)) for d in deltas) + " |")
        lines.append("| --- |" + " --- |" * len(deltas))
        for a in sorted(table[name], key=lambda a: ALGORITHM_ORDER.index(a) if a in ALGORITHM_ORDER else 99):
            row = [table[name][a][d][1] if d in table[name][a] else "–" for d in deltas]
            lines.append("| %s | %s |" % (a, " | ".join(row)))
    print("\n".join(lines))
    keyed = {PROBLEM_NAMES[n]: v for n, v in table.items()}
    draw(keyed, t_star, deltas, os.path.join(figure_dir, "lower-bound-problems.png"), columns=4)


def main():
    if len(sys.argv) != 5 or sys.argv[1] not in ("lower-bound", "gk2016", "lower-bound-problems"):
        sys.exit(__doc__)
    kind, build, csv_dir, figure_dir = sys.argv[1:]
    if kind == "lower-bound":
        lower_bound(build, csv_dir, figure_dir)
    elif kind == "lower-bound-problems":
        problems(build, csv_dir, figure_dir)
    else:
        gk2016(build, csv_dir)


if __name__ == "__main__":
    main()
