#!/usr/bin/env python3
"""Seed 001's Table 2 as a figure (`scripts/reproduce.sh 001`): grouped bars of mean
samples per crowdsourcing profile and algorithm on a log axis with 95% bootstrap
intervals, drawn from `cpex report --format json` by plot.py (`--bars`, the one CPEx
style), with the paper's number of each cell as a black bar-wide tick:

  seed001-table2.png

usage: seed001_figures.py DIR FIGURE_DIR [--svg]    (DIR holds the CSVs of pipelines/seed001/*.ini;
       --svg: also seed001-table2.svg, which python/cpex/figure_text.py reads)"""
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = pathlib.Path(os.environ.get("CPEX_BUILD_DIR", ROOT / "build"))
sys.path.insert(0, str(ROOT / "python" / "cpex"))
sys.path.insert(0, str(ROOT / "scripts"))
import plot  # noqa: E402
from seed001_tables import ORDER, PAPER, PAPER_UNIT  # noqa: E402


def main():
    directory, figures, also = plot.figure_script_arguments(sys.argv[1:])
    # The paper's reading only (ME / LUCB with arm-epsilon = strict have their own table).
    files = [str(p) for p in sorted(directory.glob("table2*.csv")) if "strict" not in p.name]
    if not files:
        return 0
    report = json.loads(subprocess.run(
        [str(BUILD / "bin" / "cpex"), "report", *files, "--by", "environment.profile,algorithm",
         "--format", "json"], check=True, capture_output=True, text=True).stdout)
    runs = sorted({g["runs"] for g in report["groups"]})
    runs_text = str(runs[0]) if len(runs) == 1 else f"{runs[0]}-{runs[-1]}"
    args = plot.parse_arguments(["--x", "environment.profile", "--bars", "--logy",
                                 "--label", "environment.profile=profile (simulated from Table 1)",
                                 "--title", "Seed 001 Table 2: samples per profile (bars: ours, "
                                 f"{runs_text} runs per cell; black ticks: the paper)"], with_files=False)
    fig = plot.build_figure(report, args)
    ax = fig.axes[0]
    categories = sorted({g["values"]["environment.profile"] for g in report["groups"]}, key=plot.sort_key)
    drawn = False
    for patch in ax.patches:
        gid = patch.get_gid() or ""
        if not gid.startswith("series-"):
            continue
        algorithm = gid[len("series-"):].rsplit("-p", 1)[0]
        centre = patch.get_x() + patch.get_width() / 2.0
        profile = categories[int(round(centre))]
        if algorithm in ORDER and profile in PAPER:
            value = PAPER[profile][ORDER.index(algorithm)] * PAPER_UNIT
            ax.plot([patch.get_x(), patch.get_x() + patch.get_width()], [value, value], color="black",
                    linewidth=2.0, zorder=6, solid_capstyle="butt")
            drawn = True
    if drawn:
        import matplotlib.lines
        plot.add_legend_entry(fig, matplotlib.lines.Line2D([], [], color="black", linewidth=2.0),
                              "the paper (Table 2)")
    plot.save(fig, str(figures / "seed001-table2.png"), also=also)
    return 0


if __name__ == "__main__":
    sys.exit(main())
