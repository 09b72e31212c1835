#!/usr/bin/env python3
"""Runs a pipeline at a given delta and checks that its runs need at most LIMIT times the lower
bound's leading term on average: the run summary's lower_bound_ratio (samples / (T*(mu)
log(1/delta)), from the report layer) and no wrong answer.

usage: lower_bound_ratio.py CPEX PIPELINE PLUGIN_DIR DELTA RUNS LIMIT"""
import json
import subprocess
import sys


def main(cpex, pipeline, plugin_dir, delta, runs, limit):
    out = subprocess.run([cpex, "run", pipeline, "--plugin-path", plugin_dir, "--json", "--quiet",
                          "--set", "algorithm.delta=" + delta, "--set", "run.repetitions=" + runs],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("cpex run failed: " + out.stderr.strip())
    summary = json.loads(out.stdout)
    ratio = summary["lower_bound_ratio"]["mean"]
    print("%s: %d runs at delta %s, %d wrong, mean samples %.1f, mean samples / (T* log(1/delta)) = %.3f"
          % (summary["algorithm"], summary["runs"], delta, summary["wrong"], summary["samples"]["mean"], ratio))
    if summary["wrong"] != 0 or summary["runs"] != int(runs):
        sys.exit("wrong answers or missing runs")
    if not ratio <= float(limit):
        sys.exit("the ratio %.3f exceeds %s" % (ratio, limit))


if __name__ == "__main__":
    if len(sys.argv) != 7:
        sys.exit(__doc__.strip().splitlines()[-1])
    main(*sys.argv[1:])
