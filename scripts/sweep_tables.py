#!/usr/bin/env python3
"""Formats the per-run CSVs of the seed 004 reproduction (`cpex sweep --out`) as Markdown
tables and checks the seed's headline claim.

Each cell is the mean number of samples over the runs that stopped by their own rule, with
a 95% normal-approximation interval; runs capped at run.max-samples and wrong answers are
counted next to it ("c" and "err"), so nothing is hidden.

Headline (seed 004 §5.1): on 1-sparse instances with K = 2 and N >= 100, heuristic
presets, lil'RandLUCB needs fewer samples on average than LUCB++, lil'LUCB, LUCB and
lil'CLUCB.

usage: sweep_tables.py DIR   (DIR holds fig1-*.csv and fig2-*.csv)
Prints the tables and the headline evidence; exits 1 if the headline does not hold."""
import csv
import math
import pathlib
import sys

ORDER = ["lucb", "lil-lucb", "lucb-pp", "lil-clucb", "lil-rand-lucb", "lil-ucb"]


class Cell:
    def __init__(self):
        self.samples = []
        self.capped = 0
        self.errors = 0

    def add(self, row):
        if row["stopped"] == "rule":
            self.samples.append(int(row["samples"]))
        else:
            self.capped += 1
        if row["correct"] != "1":
            self.errors += 1

    def mean(self):
        return sum(self.samples) / len(self.samples)

    def half_width(self):
        n = len(self.samples)
        if n < 2:
            return float("nan")
        m = self.mean()
        var = sum((x - m) ** 2 for x in self.samples) / (n - 1)
        return 1.959963984540054 * math.sqrt(var / n)

    def text(self):
        notes = []
        if self.capped:
            notes.append("%d c" % self.capped)
        if self.errors:
            notes.append("%d err" % self.errors)
        suffix = " (%s)" % ", ".join(notes) if notes else ""
        return "%.0f ± %.0f%s" % (self.mean(), self.half_width(), suffix)


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
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                n = int(row["environment.n"])
                for p in presets:
                    key = (p, instance_name(row), k_name(row))
                    cells = table.setdefault(key, {}).setdefault(n, {})
                    cells.setdefault(row["algorithm"], Cell()).add(row)
    return table


def print_tables(table, out):
    for key in sorted(table):
        preset, instance, k = key
        rows = table[key]
        algorithms = [a for a in ORDER if any(a in r for r in rows.values())]
        out.write("\n#### %s, %s, %s presets\n\n" % (instance, k, preset))
        out.write("| N | " + " | ".join(algorithms) + " |\n")
        out.write("|---:|" + "---:|" * len(algorithms) + "\n")
        for n in sorted(rows):
            out.write("| %d | " % n + " | ".join(
                rows[n][a].text() if a in rows[n] else "" for a in algorithms) + " |\n")


def headline(table, out):
    rows = table.get(("heuristic", "1-sparse", "K=2"), {})
    ok = bool(rows)
    out.write("\nHeadline check (1-sparse, K=2, N >= 100, heuristic presets; LUCB as is):\n\n")
    for n in sorted(rows):
        if n < 100:
            continue
        rand = rows[n]["lil-rand-lucb"]
        for a in ORDER:
            if a in ("lil-rand-lucb", "lil-ucb") or a not in rows[n]:
                continue
            other = rows[n][a]
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
