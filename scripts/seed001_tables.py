#!/usr/bin/env python3
"""Formats the seed 001 Table 2 reproduction (simulated crowdsourcing profiles) as Markdown:
mean samples over the runs of each profile and algorithm beside the paper's numbers, and
the mean wall time per run, and both verdicts of every cell (not correct under the run's
epsilon on the sum, not optimal). Checks the claims that hold by construction of a correct
algorithm: every run that stopped returned a correct (epsilon-optimal) team — but for ME /
LUCB with arm-epsilon = paper, which promise only k epsilon on the sum — none was capped; how many teams were also optimal is reported, not enforced. The orderings of the
paper (SA-FOA fewest, CLUCB-QM next, CLUCB and ME worst) are reported, not enforced.

The non-default readings (readings*.csv, table2*.csv for the defaults) get their own table per
profile and announced sigma, each cell ours / paper; the support-size sweep
(support-size*.csv) one per profile and support-multiple.

usage: seed001_tables.py DIR    Exits 1 if a run erred or was capped."""
import json
import pathlib
import sys

from cpex_results import Cell, rows, verdict_table
from seed000_tables import label

PROFILES = ["IT", "Medicine", "Chinese", "Pokemon", "English", "Science"]
ORDER = ["saqm", "sa-foa", "clucb-qm", "clucb-full", "me-full", "lucb-full", "icb"]
# Seed 001 Table 2 (average over 10 realizations), columns in ORDER, as printed. The unit is
# 10^3 samples: our copy of 001 lost the caption, but seed 000's Table 2 (same data sets,
# ICB / SAQM / SA-FOA, 5 realizations) says "Number of samples (x10^3)" and its values have
# the same magnitudes (IT: ICB 46,658 vs 43,773, SAQM 68,328 vs 62,985).
PAPER_UNIT = 1000
# Seed 000's Table 2 (x 10^3, 5 realizations): ICB, SAQM, SA-FOA on the same data sets.
PAPER_000 = {
    "IT": {"icb": 46658, "saqm": 68328, "sa-foa": 3421},
    "Medicine": {"icb": 73337, "saqm": 86252, "sa-foa": 3493},
    "Chinese": {"icb": 105214, "saqm": 110504, "sa-foa": 4949},
    "Pokemon": {"icb": 20943, "saqm": 91423, "sa-foa": 3050},
    "English": {"icb": 118587, "saqm": 131512, "sa-foa": 9313},
    "Science": {"icb": 362558, "saqm": 291773, "sa-foa": 15611},
}
PAPER = {
    "IT": [62985, 1437, 9896, 405313, 111603, 91442, 43773],
    "Medicine": [96174, 865, 15678, 400953, 139504, 109124, 66468],
    "Chinese": [88209, 1060, 19438, 754439, 301635, 129795, 99424],
    "Pokemon": [83209, 328, 1994, 151748, 331799, 89674, 19705],
    "English": [121890, 1023, 31300, 671274, 380060, 117611, 114406],
    "Science": [276325, 1505, 100950, 1825106, 1292074, 224494, 418155],
}


def enforced_errors(cell):
    """Errors that break a guarantee: ME / LUCB with arm-epsilon = paper (epsilon per arm)
    promise only k epsilon on the sum, so their answers judged at epsilon on the sum are
    reported in the verdict table, not enforced."""
    return sum(1 for r in cell.rows if r["stopped"] == "rule" and r["correct"] != "1"
               and json.loads(r["resolved"] or "{}").get("arm-epsilon") != "paper")


def orderings(cells, out):
    """The algorithms of each profile from fewest to most samples, ours and the paper's, and
    how often the paper's findings hold (reported, not enforced)."""
    out.write("\n### Orderings (fewest samples first)\n\n| profile | ours | paper |\n|---|---|---|\n")
    counts = {"sa-foa fewest": 0, "clucb-qm second": 0, "clucb-full and me-full the two worst": 0,
              "lucb-full before clucb-full": 0, "clucb-qm before saqm and clucb-full": 0}
    complete = 0
    for profile in PROFILES:
        ours = {a: cells[(profile, a)].mean() for a in ORDER if (profile, a) in cells}
        paper = dict(zip(ORDER, PAPER[profile]))
        mine = sorted(ours, key=ours.get)
        theirs = sorted(ORDER, key=paper.get)
        out.write("| %s | %s | %s |\n" % (profile, " < ".join(mine), " < ".join(theirs)))
        if len(ours) < len(ORDER):
            continue
        complete += 1
        counts["sa-foa fewest"] += mine[0] == "sa-foa"
        counts["clucb-qm second"] += mine[1] == "clucb-qm"
        counts["clucb-full and me-full the two worst"] += set(mine[-2:]) == {"clucb-full", "me-full"}
        counts["lucb-full before clucb-full"] += ours["lucb-full"] < ours["clucb-full"]
        counts["clucb-qm before saqm and clucb-full"] += ours["clucb-qm"] < min(ours["saqm"], ours["clucb-full"])
    out.write("\nPaper findings on our %d complete profiles: %s\n" % (
        complete, "; ".join("%s: %d of %d" % (k, v, complete) for k, v in counts.items())))


READING_COLUMNS = ["saqm", "saqm/certified", "sa-foa", "sa-foa/epsilon", "sa-foa/epsilon/keep", "icb", "icb/prop1",
                   "clucb-qm"]


def paper_of(profile, algorithm):
    return PAPER_UNIT * PAPER[profile][ORDER.index(algorithm.split("/")[0])]


def readings(out_dir, out):
    """Ours under each reading beside the paper's, per profile and announced sigma; returns
    the number of erring or capped runs."""
    cells = {}
    for path in sorted(out_dir.glob("readings*.csv")) + sorted(out_dir.glob("table2*.csv")):
        if "strict" in path.name:
            continue
        for r in rows(path):
            sigma = json.loads(r["resolved"] or "{}").get("sigma", 0.0)
            # (rows of a sweep with a fixed profile and no profile axis are IT's)
            cells.setdefault((r.get("environment.profile", "IT"), "%.3g" % sigma, label(r)), Cell()).add(r)
    if not any(k[2] not in ORDER for k in cells):
        return 0
    out.write("\n### Readings (issue 17 §2): mean samples ours / 001's (x 10^3 applied) (ratio; ratio to 000's "
              "Table 2 where it has the algorithm; runs)\n\n")
    out.write("| profile | sigma | " + " | ".join(READING_COLUMNS) + " |\n|---|---:|" + "---:|" * len(READING_COLUMNS) + "\n")
    bad = 0
    for profile in PROFILES:
        for sigma in sorted({k[1] for k in cells if k[0] == profile}, key=float):
            entries = []
            for column in READING_COLUMNS:
                cell = cells.get((profile, sigma, column))
                if cell is None:
                    entries.append("")
                    continue
                bad += enforced_errors(cell) + cell.capped
                base = column.split("/")[0]
                old = ("; 000: %.2f" % (cell.mean() / (PAPER_UNIT * PAPER_000[profile][base]))
                       if base in PAPER_000[profile] else "")
                entries.append("%.3g / %.3g (%.2f%s; %d)" % (cell.mean(), paper_of(profile, column),
                                                              cell.mean() / paper_of(profile, column), old,
                                                              len(cell.rows)))
            out.write("| %s | %s | %s |\n" % (profile, sigma, " | ".join(entries)))
    return bad


def support_size(out_dir, out):
    """Mean samples per profile, support-multiple and static algorithm; returns bad runs."""
    cells = {}
    for path in sorted(out_dir.glob("support-size*.csv")):
        for r in rows(path):
            cells.setdefault((r["environment.profile"], float(r["algorithm.support-multiple"]), label(r)), Cell()).add(r)
    if not cells:
        return 0
    algorithms = [a for a in ORDER if any(k[2] == a for k in cells)]
    out.write("\n### Support size (support = random, ceil(m n) super arms): mean samples ± 95% half-width, "
              "ratio to m = 2\n\n| profile | m | " + " | ".join(algorithms) + " |\n|---|---:|" +
              "---:|" * len(algorithms) + "\n")
    bad = 0
    for profile in PROFILES:
        for m in sorted({k[1] for k in cells if k[0] == profile}):
            entries = []
            for a in algorithms:
                cell, base = cells.get((profile, m, a)), cells.get((profile, 2.0, a))
                if cell is None:
                    entries.append("")
                    continue
                bad += enforced_errors(cell) + cell.capped
                entries.append("%s (%.2f)" % (cell.text(), cell.mean() / base.mean() if base else float("nan")))
            out.write("| %s | %g | %s |\n" % (profile, m, " | ".join(entries)))
    return bad


def main():
    out_dir = pathlib.Path(sys.argv[1])
    cells, walls = {}, {}
    for path in sorted(out_dir.glob("table2*.csv")):
        for r in rows(path):
            algorithm = r["algorithm"]
            if json.loads(r["resolved"] or "{}").get("arm-epsilon") == "strict":
                algorithm += "/strict"  # ME / LUCB with epsilon / (2k) per arm, a separate table
            key = (r["environment.profile"], algorithm)
            cells.setdefault(key, Cell()).add(r)
            walls.setdefault(key, []).append(float(r["wall_time_s"]))
    out = sys.stdout
    out.write("\n### Table 2 (001): mean samples, ours / paper (the paper's printed value x 10^3); "
              "mean wall seconds per run in brackets\n\n")
    out.write("| profile | " + " | ".join(ORDER) + " |\n|---|" + "---:|" * len(ORDER) + "\n")
    bad = 0
    for profile in PROFILES:
        entries = []
        for i, algorithm in enumerate(ORDER):
            cell = cells.get((profile, algorithm))
            if cell is None:
                entries.append("— / %d" % (PAPER_UNIT * PAPER[profile][i]))
                continue
            bad += enforced_errors(cell) + cell.capped
            wall = sum(walls[(profile, algorithm)]) / len(walls[(profile, algorithm)])
            entries.append("%s / %d [%.1f s, %d runs]" % (cell.text(), PAPER_UNIT * PAPER[profile][i], wall,
                                                          len(cell.rows)))
        out.write("| %s | %s |\n" % (profile, " | ".join(entries)))
    strict = [a for a in ("me-full/strict", "lucb-full/strict") if any(key[1] == a for key in cells)]
    if strict:
        out.write("\n### ME and LUCB with arm-epsilon = strict (epsilon / (2k) per arm): ours / paper (x 10^3)\n\n")
        out.write("| profile | " + " | ".join(strict) + " |\n|---|" + "---:|" * len(strict) + "\n")
        for profile in PROFILES:
            entries = []
            for algorithm in strict:
                cell = cells.get((profile, algorithm))
                paper = PAPER_UNIT * PAPER[profile][ORDER.index(algorithm.split("/")[0])]
                if cell is None:
                    entries.append("— / %d" % paper)
                    continue
                bad += enforced_errors(cell) + cell.capped
                wall = sum(walls[(profile, algorithm)]) / len(walls[(profile, algorithm)])
                entries.append("%s / %d [%.1f s, %d runs]" % (cell.text(), paper, wall, len(cell.rows)))
            out.write("| %s | %s |\n" % (profile, " | ".join(entries)))
    orderings(cells, out)
    bad += readings(out_dir, out) + support_size(out_dir, out)
    columns = [a for a in ORDER + ["me-full/strict", "lucb-full/strict"] if any(key[1] == a for key in cells)]
    verdict_table(out, "Table 2", "profile", cells, PROFILES, columns)
    out.write("\nClaim: every run stopped by its rule with a correct (epsilon-optimal) team: %s\n" % (
        "holds" if bad == 0 else "FAILS"))
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
