#!/usr/bin/env python3
"""The Python reader (share/cpex/python/cpex) on real results: importable from the build
and the install prefix, typed columns and resolved parameters, the SQLite store read like
the CSV (by the reader and by `cpex report`), the installed `cpex report --plot`, and the
example of docs/results.md executed as written.

usage: reader_test.py SOURCE_DIR BUILD_DIR CMAKE     (run by ctest: python-reader)"""
import json
import os
import pathlib
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile

source, build, cmake = (pathlib.Path(a) for a in sys.argv[1:4])
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED:", what)


# The Python tests' fixture (tests/data/gaussian_top1.ini), 6 repetitions, swept 2 x 2.
PIPELINE = (source / "tests" / "data" / "gaussian_top1.ini").read_text().replace(
    "repetitions = 12", "repetitions = 6") + """[sweep]
axis = algorithm.delta = 0.1, 0.01
axis = environment.sigma = 0.25, 0.5
"""

STORE_SCHEMA = """CREATE TABLE runs (run_id INTEGER PRIMARY KEY, point INTEGER,
  "algorithm.delta" TEXT, "environment.sigma" TEXT, algorithm TEXT, environment TEXT,
  oracle TEXT, repetition INTEGER, seed INTEGER, samples INTEGER, stopped TEXT,
  recommendation TEXT, correct INTEGER, optimal INTEGER, wall_time_s REAL, resolved TEXT,
  pulls TEXT, lower_bound REAL, status TEXT, error TEXT);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"""


def run_cpex(binary, *args, cwd):
    return subprocess.run([str(binary)] + list(args), cwd=cwd, capture_output=True, text=True)


def make_store(csv_frame, path, optimal=True):
    """The runs of a CSV in the store's fixed schema (resolved as JSON, explicit status);
    optimal=False: the schema before the `optimal` column (and `lower_bound`)."""
    with sqlite3.connect(path) as db:
        db.executescript(STORE_SCHEMA if optimal else
                         STORE_SCHEMA.replace(" optimal INTEGER,", "").replace(" lower_bound REAL,", ""))
        for _, r in csv_frame.iterrows():
            text = r["resolved"]  # a JSON object (today's CSV) or name=value;... (older CSVs)
            resolved = (json.loads(text) if text.startswith("{") else
                        dict(item.split("=", 1) for item in text.split(";") if item))
            verdicts = (int(r["correct"]), int(r["optimal"])) if optimal else (int(r["correct"]),)
            bound = (float(r["lower_bound"]) if r["lower_bound"] else None,) if optimal else ()
            db.execute("INSERT INTO runs VALUES (%s)" % ",".join("?" * (18 + 2 * optimal)), (
                int(r["run_id"]), int(r["point"]), str(r["algorithm.delta"]),
                str(r["environment.sigma"]), r["algorithm"], r["environment"], r["oracle"],
                int(r["repetition"]), int(r["seed"]), int(r["samples"]), r["stopped"],
                r["recommendation"]) + verdicts + (float(r["wall_time_s"]),
                json.dumps({k: float(v) if isinstance(v, str) and re.fullmatch(r"[-+.0-9e]+", v)
                            else v for k, v in resolved.items()}),
                r["pulls"]) + bound + (str(r["status"]), None))
        db.execute("INSERT INTO meta VALUES ('version', 'test')")


def docs_example():
    text = (source / "docs" / "results.md").read_text()
    match = re.search(r"<!-- example run by tests/python/reader_test.py -->\s*```python\n(.*?)```",
                      text, re.S)
    check(match is not None, "docs/results.md has the marked Python example")
    return match.group(1) if match else ""


def main():
    sys.path.insert(0, str(build / "share" / "cpex" / "python"))
    import cpex  # from the build tree
    import pandas as pd

    work = pathlib.Path(tempfile.mkdtemp(prefix="cpex-reader-"))
    (work / "sweep.ini").write_text(PIPELINE)
    done = run_cpex(build / "bin" / "cpex", "sweep", "sweep.ini", "--out", "runs.csv", "--threads", "2", cwd=work)
    check(done.returncode == 0, "cpex sweep: " + done.stderr)

    runs = cpex.read_results(work / "runs.csv")
    check(len(runs) == 24, "24 runs")
    types = runs.dtypes
    check(str(types["samples"]) == "Int64", "samples Int64, got %s" % types["samples"])
    check(str(types["correct"]) == "boolean", "correct boolean, got %s" % types["correct"])
    check(str(types["optimal"]) == "boolean", "optimal boolean, got %s" % types["optimal"])
    columns = list(runs.columns)
    check(columns.index("optimal") == columns.index("correct") + 1, "optimal right after correct")
    check(not (runs["optimal"] & ~runs["correct"]).any(), "optimal implies correct")
    check(str(types["wall_time_s"]) == "float64", "wall_time_s float64")
    check(str(types["status"]) == "category", "status category")
    check(str(types["environment.sigma"]) == "float64", "swept sigma is a number")
    check(str(types["resolved.delta"]) == "float64", "resolved.delta is a number")
    check(sorted(runs["resolved.delta"].unique()) == [0.01, 0.1], "resolved.delta values")
    check(set(runs["status"]) <= {"stopped", "capped"}, "status derived from stopped")
    check(runs.attrs["swept"] == ["algorithm.delta", "environment.sigma"], "swept axes")

    store = work / "runs.db"
    make_store(pd.read_csv(work / "runs.csv", dtype=str, keep_default_na=False).assign(
        status=lambda f: f["stopped"].map(lambda s: "stopped" if s == "rule" else "capped")), store)
    stored = cpex.read_results(store)
    for column in ["run_id", "samples", "correct", "optimal", "resolved.delta", "environment.sigma", "status"]:
        check(stored[column].astype(str).tolist() == runs[column].astype(str).tolist(),
              "store and CSV agree on " + column)
    from_csv = run_cpex(build / "bin" / "cpex", "report", "runs.csv", "--format", "csv", cwd=work)
    from_store = run_cpex(build / "bin" / "cpex", "report", "runs.db", "--format", "csv", cwd=work)
    check(from_csv.returncode == 0 and from_csv.stdout == from_store.stdout,
          "cpex report gives the same table from the CSV and the store: " + from_store.stderr)
    check("not_optimal_rate" in from_csv.stdout.splitlines()[0], "cpex report has the not-optimal rate")

    # A store (and a CSV) written before the `optimal` column: read, optimality unknown (NA).
    old_store = work / "old.db"
    make_store(pd.read_csv(work / "runs.csv", dtype=str, keep_default_na=False).assign(
        status=lambda f: f["stopped"].map(lambda s: "stopped" if s == "rule" else "capped")),
        old_store, optimal=False)
    old_csv = work / "old.csv"
    pd.read_csv(work / "runs.csv", dtype=str, keep_default_na=False).drop(columns="optimal").to_csv(
        old_csv, index=False)
    for old in (old_store, old_csv):
        frame = cpex.read_results(old)
        check(str(frame.dtypes["optimal"]) == "boolean" and frame["optimal"].isna().all(),
              "optimal is NA (unknown) in %s" % old.name)
        check(frame["correct"].astype(str).tolist() == runs["correct"].astype(str).tolist(),
              "correct read from %s" % old.name)

    # The example of docs/results.md, as written, in the directory of runs.csv.
    example = docs_example()
    check(len([l for l in example.splitlines() if l.strip()]) == 5, "the example has 5 lines")
    env = dict(os.environ, PYTHONPATH=str(build / "share" / "cpex" / "python"))
    ran = subprocess.run([sys.executable, "-c", example], cwd=work, env=env, capture_output=True, text=True)
    check(ran.returncode == 0 and "lucb" in ran.stdout, "docs example runs: " + ran.stderr)

    # The install prefix: the package imports from there and the installed cpex finds plot.py.
    prefix = work / "prefix"
    installed = subprocess.run([str(cmake), "--install", str(build), "--prefix", str(prefix)],
                               capture_output=True, text=True)
    check(installed.returncode == 0, "cmake --install: " + installed.stderr)
    env = dict(os.environ, PYTHONPATH=str(prefix / "share" / "cpex" / "python"))
    imported = subprocess.run([sys.executable, "-c", "import cpex; print(cpex.__file__)"],
                              cwd=work, env=env, capture_output=True, text=True)
    check(str(prefix) in imported.stdout, "cpex imports from the install prefix: " + imported.stderr)
    plotted = run_cpex(prefix / "bin" / "cpex", "report", "runs.csv", "--plot", "sigma.svg",
                   "--x", "environment.sigma", "--series", "algorithm.delta", cwd=work)
    check(plotted.returncode == 0 and (work / "sigma.svg").stat().st_size > 1000,
          "installed cpex report --plot: " + plotted.stderr)

    if failures:
        sys.exit("%d check(s) failed (files kept in %s)" % (len(failures), work))
    shutil.rmtree(work)
    print("reader: all checks passed")


if __name__ == "__main__":
    main()
