#!/usr/bin/env python3
"""Formats `cpex sweep --json` outputs of the seed 004 reproduction as Markdown tables
(mean samples with 95% intervals, per algorithm and N) and checks the seed's headline:
on 1-sparse instances with K = 2 and N >= 100, heuristic presets, lil'RandLUCB needs fewer
samples on average than every other algorithm.

usage: sweep_tables.py DIR      (DIR holds fig1-*.json and fig2-*.json)
Prints the tables; exits 1 if the headline does not hold (with the evidence)."""
import json
import pathlib
import sys

ORDER = ["lucb", "lil-lucb", "lucb-pp", "lil-clucb", "lil-rand-lucb", "lil-ucb"]


def load(path):
    with open(path) as f:
        return json.load(f)["points"]


def instance_name(values):
    gen = values["environment.generator"]
    if gen == "one-sparse":
        return "1-sparse"
    if gen == "alpha-exponential":
        return "%s-exponential" % values.get("environment.alpha", "0.3")
    return "lil-exponential alpha=%s" % values["environment.alpha"]


def k_name(values):
    n, k = int(values["environment.n"]), int(values["environment.k"])
    return "K=1" if k == 1 else ("K=2" if k == 2 and n > 4 else "K=N/2")


def collect(directory, figure):
    """{(preset, instance, K): {N: {algorithm: point}}}"""
    table = {}
    for path in sorted(pathlib.Path(directory).glob(figure + "-*.json")):
        preset = path.stem.rsplit("-", 1)[1]
        presets = ["heuristic", "faithful"] if preset == "lucb" else [preset]
        for point in load(path):
            v = point["values"]
            n = int(v["environment.n"])
            if k_name(v) == "K=N/2" and int(v["environment.k"]) * 2 != n:
                continue
            for p in presets:
                key = (p, instance_name(v), k_name(v))
                table.setdefault(key, {}).setdefault(n, {})[point["algorithm"]] = point
    return table


def cell(point):
    s = point["samples"]
    half = (s["mean_ci95"][1] - s["mean_ci95"][0]) / 2
    err = "" if point["errors"] == 0 else " (%d err)" % point["errors"]
    return "%.0f ± %.0f%s" % (s["mean"], half, err)


def print_tables(table, out):
    for key in sorted(table):
        preset, instance, k = key
        rows = table[key]
        algorithms = [a for a in ORDER if any(a in r for r in rows.values())]
        out.write("\n#### %s, %s, %s\n\n" % (instance, k, preset))
        out.write("| N | " + " | ".join(algorithms) + " |\n")
        out.write("|---:|" + "---:|" * len(algorithms) + "\n")
        for n in sorted(rows):
            out.write("| %d | " % n + " | ".join(
                cell(rows[n][a]) if a in rows[n] else "" for a in algorithms) + " |\n")


def headline(table, out):
    rows = table.get(("heuristic", "1-sparse", "K=2"), {})
    ok = True
    out.write("\nHeadline (1-sparse, K=2, N >= 100, heuristic): lil-rand-lucb mean vs the others\n")
    for n in sorted(rows):
        if n < 100:
            continue
        rand = rows[n]["lil-rand-lucb"]["samples"]
        for a, p in sorted(rows[n].items()):
            if a == "lil-rand-lucb":
                continue
            other = p["samples"]
            fewer = rand["mean"] < other["mean"]
            separated = rand["mean_ci95"][1] < other["mean_ci95"][0]
            ok = ok and fewer
            out.write("  N=%d vs %-10s: %.0f vs %.0f (%s%s)\n" % (
                n, a, rand["mean"], other["mean"], "fewer" if fewer else "NOT fewer",
                ", intervals disjoint" if separated else ", intervals overlap"))
    return ok


def main():
    directory = sys.argv[1]
    for figure, title in [("fig1", "Figure 1 (Best-K)"), ("fig2", "Figure 2 (Best-1)")]:
        table = collect(directory, figure)
        if table:
            sys.stdout.write("\n### %s\n" % title)
            print_tables(table, sys.stdout)
            if figure == "fig1":
                fig1 = table
    ok = headline(fig1, sys.stdout)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
