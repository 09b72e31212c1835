#!/usr/bin/env python3
"""Turns anytime verdicts into an error-vs-samples results file that `cpex report` reads.

A pipeline run with `[run] trace-file = T.csv`, `trace-recommendations = yes` and
`trace-every = N` writes, every N samples of every run, the verdict on the algorithm's
current recommendation (trace rows `anytime.correct` and `anytime.optimal`, 1 or 0). This
script joins that trace with the run's results CSV (`--out R.csv`) and writes one row per
(run, checkpoint s) in the results schema, with `samples` = s and `correct` / `optimal` =
the verdicts in force at s:
  - s within the run: the last verdicts at a sample count <= s;
  - s beyond the run's end: the run's final answer (its `correct`, `optimal`) when it
    ended by its rule or at its budget (that answer stands); a capped or failed run gives
    no row.
Checkpoints are the sample counts the trace holds. Then, for example:

    python3 scripts/anytime_results.py T.csv R.csv anytime.csv
    cpex report anytime.csv --by algorithm,samples --y error-rate \\
        --plot error.png --x samples --logy

gives the error rate against the number of samples with Clopper-Pearson intervals, for
fixed-confidence algorithms as well as fixed-budget ones. `--x-column run.budget` also
writes the checkpoint into a column `run.budget`, so that the rows line up with a
fixed-budget sweep's (`axis = run.budget = ...`) in one report or figure.
Errors: one line, exit 1."""
import argparse
import csv
import io
import sys
from bisect import bisect_right


def fail(message):
    sys.stderr.write("anytime_results.py: %s\n" % message)
    sys.exit(1)


def read_rows(path):
    try:
        with open(path, newline="") as f:
            text = f.read()
    except OSError as e:
        fail("cannot read %s: %s" % (path, e.strerror))
    if text and not text.endswith("\n"):  # a row torn by a kill during its write
        text = text[: text.rfind("\n") + 1]
    reader = csv.DictReader(io.StringIO(text, newline=""))
    return reader.fieldnames or [], list(reader)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace")
    parser.add_argument("results")
    parser.add_argument("output")
    parser.add_argument("--x-column", default="",
                        help="also write the checkpoint into this column (e.g. run.budget)")
    args = parser.parse_args()
    if args.output in (args.trace, args.results):
        fail("the output %s is an input" % args.output)

    trace_columns, trace = read_rows(args.trace)
    for column in ("run_id", "sample", "name", "value"):
        if column not in trace_columns:
            fail("%s: no column '%s' (not a cpex trace file?)" % (args.trace, column))
    columns, results = read_rows(args.results)
    for column in ("run_id", "samples", "stopped", "correct"):
        if column not in columns:
            fail("%s: no column '%s' (not a cpex results CSV?)" % (args.results, column))

    verdicts = {}  # run_id -> {sample: {"correct": "1"/"0", "optimal": ...}}
    for row in trace:
        if row["name"] in ("anytime.correct", "anytime.optimal"):
            at = verdicts.setdefault(row["run_id"], {}).setdefault(int(row["sample"]), {})
            at[row["name"][len("anytime."):]] = "1" if row["value"] == "1" else "0"
    if not verdicts:
        fail("%s has no anytime.correct rows (set [run] trace-recommendations = yes)" % args.trace)
    checkpoints = sorted({s for rows in verdicts.values() for s in rows})
    if "status" not in columns:
        columns = columns + ["status"]
    if args.x_column and args.x_column not in columns:
        columns = columns + [args.x_column]

    written = 0
    with open(args.output, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=columns, lineterminator="\n")
        writer.writeheader()
        for run in results:
            ended = run["stopped"] in ("rule", "budget")
            if not run["samples"]:
                continue  # an error row
            total = int(run["samples"])
            own = verdicts.get(run["run_id"], {})
            samples = sorted(own)
            for s in checkpoints:
                if s <= total:
                    at = bisect_right(samples, s)
                    if at == 0:
                        continue  # no verdict yet
                    verdict = own[samples[at - 1]]
                elif ended:
                    verdict = {"correct": run["correct"], "optimal": run.get("optimal", "")}
                else:
                    continue  # capped: its answer after the cap is unknown
                out = dict(run)
                out.update(samples=str(s), stopped="rule", status="stopped",
                           correct=verdict.get("correct", ""), recommendation="", pulls="",
                           wall_time_s="0")
                if "optimal" in out:
                    out["optimal"] = verdict.get("optimal", "")
                if args.x_column:
                    out[args.x_column] = str(s)
                writer.writerow(out)
                written += 1
    sys.stderr.write("anytime_results.py: %d rows, %d checkpoints, into %s\n"
                     % (written, len(checkpoints), args.output))


if __name__ == "__main__":
    main()
