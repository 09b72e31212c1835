#!/usr/bin/env python3
"""Formats the per-run CSVs of the seed 004 reproduction (`cpex sweep --out`) as Markdown
tables and checks the seed's headline claim.

Each cell is the mean number of samples over the runs that stopped by their own rule, with
a 95% normal-approximation interval; runs capped at run.max-samples and wrong answers are
counted next to it ("c" and "err"), so nothing is hidden.

Headline (seed 004 §5.1): on 1-sparse instances with K = 2 and N >= 100, heuristic
presets, lil'RandLUCB needs fewer samples on average than LUCB++, lil'LUCB, LUCB and
lil'CLUCB.

usage: seed004_tables.py DIR   (DIR holds fig1-*.csv and fig2-*.csv)
Prints the tables and the headline evidence; exits 1 if the headline does not hold."""
import pathlib
import sys

from cpex_results import Cell, rows

ORDER = ["lucb", "lil-lucb", "lucb-pp", "lil-clucb", "lil-rand-lucb", "lil-ucb"]


def instance_name(row):
    gen = row["environment.generator"]
    if gen == "one-sparse":
        return "1-sparse"
    alpha = row.get("environment.alpha") or "0.3"
    if gen == "alpha-exponential":
        return "%s-exponential" % alpha
    return "lil-exponential α=%s" % alpha


def k_name(row):
    k = int(row["environment.k"])
    return {1: "K=1", 2: "K=2"}.get(k, "K=N/2")


def collect(directory, figure):
    """{(preset, instance, K): {N: {algorithm: Cell}}}"""
    table = {}
    for path in sorted(pathlib.Path(directory).glob(figure + "-*.csv")):
        preset = path.stem.rsplit("-", 1)[1]
        presets = ["heuristic", "faithful"] if preset == "lucb" else [preset]
        for row in rows(path):
            n = int(row["environment.n"])
            for p in presets:
                key = (p, instance_name(row), k_name(row))
                cells = table.setdefault(key, {}).setdefault(n, {})
                cells.setdefault(row["algorithm"], Cell()).add(row)
    return table


def print_tables(table, out):
    for key in sorted(table):
        preset, instance, k = key
        by_n = table[key]
        algorithms = [a for a in ORDER if any(a in r for r in by_n.values())]
        out.write("\n#### %s, %s, %s presets\n\n" % (instance, k, preset))
        out.write("| N | " + " | ".join(algorithms) + " |\n")
        out.write("|---:|" + "---:|" * len(algorithms) + "\n")
        for n in sorted(by_n):
            out.write("| %d | " % n + " | ".join(
                by_n[n][a].text() if a in by_n[n] else "" for a in algorithms) + " |\n")
        cells = [c for r in by_n.values() for c in r.values()]
        capped = sum(c.capped for c in cells)
        runs = sum(len(c.rows) for c in cells)
        out.write("\nCapped runs in this table: %d of %d%s.\n" % (
            capped, runs, "" if capped == 0 else " (marked \"c\" in their cells; the "
            "means are over the runs that stopped)"))


def headline(table, out):
    by_n = table.get(("heuristic", "1-sparse", "K=2"), {})
    ok = bool(by_n)
    out.write("\nHeadline check (1-sparse, K=2, N >= 100, heuristic presets; LUCB as is):\n\n")
    for n in sorted(by_n):
        if n < 100:
            continue
        rand = by_n[n]["lil-rand-lucb"]
        for a in ORDER:
            if a in ("lil-rand-lucb", "lil-ucb") or a not in by_n[n]:
                continue
            other = by_n[n][a]
            fewer = rand.mean() < other.mean()
            disjoint = rand.mean() + rand.half_width() < other.mean() - other.half_width()
            ok = ok and fewer
            out.write("- N=%d: lil-rand-lucb %.0f vs %s %.0f: %s (%s)\n" % (
                n, rand.mean(), a, other.mean(), "fewer" if fewer else "NOT fewer",
                "intervals disjoint" if disjoint else "intervals overlap"))
    out.write("\nHeadline %s.\n" % ("holds" if ok else "DOES NOT hold"))
    return ok


def main():
    directory = sys.argv[1]
    fig1 = {}
    for figure, title in [("fig1", "Figure 1 (Best-K)"), ("fig2", "Figure 2 (Best-1)")]:
        table = collect(directory, figure)
        if table:
            sys.stdout.write("\n### %s\n" % title)
            print_tables(table, sys.stdout)
        if figure == "fig1":
            fig1 = table
    sys.exit(0 if headline(fig1, sys.stdout) else 1)


if __name__ == "__main__":
    main()
