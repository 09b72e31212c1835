"""The stopping-time tail figure of docs/reproductions/loose-brake.md: for each algorithm of
pipelines/loose-brake/heavy-tail.ini, the share of runs with tau > x T*(mu) log(1/delta) against
x (a survival curve on log-log axes), without and with BrakeBooster (run.brake-booster), from the
sweep's CSV (`lower_bound` column: T*(mu) log(1/delta) per run). A capped run counts as not
stopped at every x up to its cap, and its curve stops there: beyond the cap nothing was seen.

usage: python3 scripts/loose_brake_figure.py RESULTS.csv FIGURE.png [--svg]
"""
import csv
import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def survival(rows):
    """(xs, shares): the share of runs with ratio > x at each observed ratio x (a step curve)."""
    ratios = sorted(float(r["samples"]) / float(r["lower_bound"]) for r in rows)
    n = len(ratios)
    xs, shares = [], []
    for i, x in enumerate(ratios):
        xs.append(x)
        shares.append((n - i - 1) / n if i + 1 < n else 1.0 / n)
    return xs, shares


def main():
    if len(sys.argv) < 3:
        print("usage: python3 scripts/loose_brake_figure.py RESULTS.csv FIGURE.png [--svg]", file=sys.stderr)
        return 2
    results, figure = sys.argv[1], sys.argv[2]
    with open(results, newline="") as f:
        rows = [r for r in csv.DictReader(f) if r.get("lower_bound") and r["status"] in ("stopped", "capped")]
    if not rows:
        print("loose_brake_figure: %s: no run with a lower bound" % results, file=sys.stderr)
        return 1
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    # One colour per plugin in every CPEx figure (python/cpex/plot_style.py, loaded alone).
    spec = importlib.util.spec_from_file_location("plot_style", os.path.join(ROOT, "python", "cpex", "plot_style.py"))
    style = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(style)
    figure_styles, plugin_of = style.figure_styles, style.plugin_of

    groups = {}
    for r in rows:
        groups.setdefault((r["run.brake-booster"], r["algorithm"]), []).append(r)
    styles = figure_styles(plugin_of(a) for _, a in groups)
    fig, axes = plt.subplots(1, 2, figsize=(12, 5), sharey=True)
    for ax, boosted in zip(axes, ("no", "yes")):
        for (flag, algorithm), group in sorted(groups.items()):
            if flag != boosted:
                continue
            xs, shares = survival(group)
            capped = sum(r["status"] == "capped" for r in group)
            label = "%s (%d capped)" % (algorithm, capped) if capped else algorithm
            colour, _marker = styles[plugin_of(algorithm)]
            ax.step(xs, shares, where="post", label=label, color=colour,
                    linestyle="--" if "@" in algorithm else "-")
        ax.axvline(10.0, color="black", lw=0.8, ls=":")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("x = τ / (T*(μ) log(1/δ))")
        ax.set_title("BrakeBooster" if boosted == "yes" else "the algorithm alone")
        ax.grid(which="both", alpha=0.3)
        ax.legend(fontsize=7)
    axes[0].set_ylabel("share of runs with τ > x T*(μ) log(1/δ)")
    fig.suptitle("Stopping-time tails, K = 4 Gaussian arms (1, 0.9, 0.9, 0.9), σ = 1, δ = 0.05 (Balagopalan et al.'s instance)")
    fig.tight_layout(rect=(0, 0, 1, 0.95))
    fig.savefig(figure, dpi=110)
    if "--svg" in sys.argv[3:]:
        fig.savefig(os.path.splitext(figure)[0] + ".svg")
    return 0


if __name__ == "__main__":
    sys.exit(main())
