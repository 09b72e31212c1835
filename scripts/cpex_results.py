"""Reading `cpex sweep --out` CSV files for the reproduction scripts' tables: rows as
dicts, grouped by the scripts into cells, and each cell's statistics computed by `cpex
report` itself (the one summary of docs/results.md: runs ended by their rule or at their
budget, capped and failed runs counted apart, wrong answers and answers not optimal among
the ended runs with their 95% Clopper-Pearson intervals). No statistic is computed here.

The `cpex` program: $CPEX, else $CPEX_BUILD_DIR/bin/cpex, else build/bin/cpex of this
repository, else `cpex` on PATH."""
import csv
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile

CELL_KEY = "cpex_results.cell"  # the column that tells the cells apart in one report


def cpex_program():
    """The `cpex` program the statistics come from."""
    if os.environ.get("CPEX"):
        return os.environ["CPEX"]
    build = os.environ.get("CPEX_BUILD_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                             os.pardir, "build")
    program = os.path.join(build, "bin", "cpex")
    if os.path.exists(program):
        return program
    found = shutil.which("cpex")
    if not found:
        raise SystemExit("cpex_results: no cpex program (set CPEX or CPEX_BUILD_DIR, or build into build/)")
    return found


def summarize(cells):
    """Fills the summary of every cell with one `cpex report --format json` over all their
    rows (a cell's rows tagged with its index)."""
    cells = [c for c in cells if c._summary is None]
    if not cells:
        return
    columns = []
    for cell in cells:
        for row in cell.rows:
            columns.extend(k for k in row if k not in columns)
    columns.append(CELL_KEY)
    fd, path = tempfile.mkstemp(suffix=".csv", prefix="cpex-results-")
    try:
        with os.fdopen(fd, "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=columns, restval="", lineterminator="\n")
            writer.writeheader()
            for index, cell in enumerate(cells):
                for row in cell.rows:
                    writer.writerow(dict(row, **{CELL_KEY: str(index)}))
        done = subprocess.run([cpex_program(), "report", path, "--by", CELL_KEY, "--format", "json"],
                              capture_output=True, text=True)
    finally:
        os.remove(path)
    if done.returncode != 0:
        raise SystemExit("cpex report failed: " + done.stderr.strip())
    groups = {int(g["values"][CELL_KEY]): g for g in json.loads(done.stdout)["groups"]}
    for index, cell in enumerate(cells):
        cell._summary = groups[index]


def _number(value):
    return float("nan") if value is None else value


class Cell:
    """The runs of one table cell, and their summary from `cpex report` (summary():
    the keys of docs/results.md, "Summary keys")."""

    def __init__(self):
        self.rows = []
        self._summary = None

    def add(self, row):
        self.rows.append(row)
        self._summary = None

    def merge(self, other):
        """This cell with the runs of `other` added (for totals)."""
        self.rows.extend(other.rows)
        self._summary = None
        return self

    def summary(self):
        summarize([self])
        return self._summary

    @property
    def ended(self):
        """Runs that ended by their rule or at their budget."""
        return self.summary()["ended"]

    @property
    def capped(self):
        return self.summary()["capped"]

    @property
    def failed(self):
        return self.summary()["failed"]

    def rates(self):
        """'wrong e/n [lo, hi]; not optimal m/n [lo, hi]' over the ended runs."""
        s = self.summary()
        if s["ended"] == 0:
            return "no run ended"
        text = "wrong %d/%d [%.3g, %.3g]" % ((s["wrong"], s["ended"]) + tuple(s["wrong_rate_ci95"]))
        known = s["ended"] - s["optimal_unknown"]
        if known:
            text += "; not optimal %d/%d [%.3g, %.3g]" % ((s["not_optimal"], known) +
                                                           tuple(s["not_optimal_rate_ci95"]))
        else:
            text += "; not optimal unknown"
        return text

    def verdicts(self):
        """'e / m' (wrong / not optimal among the ended runs; '?' where unknown)."""
        s = self.summary()
        return "%d / %s" % (s["wrong"], "?" if s["optimal_unknown"] else str(s["not_optimal"]))

    def mean(self):
        return _number(self.summary()["samples"]["mean"])

    def half_width(self):
        """Half-width of the 95% normal-approximation interval of the mean (NaN for fewer
        than 2 ended runs)."""
        s = self.summary()
        interval = s["samples"]["mean_ci95_normal"]
        if s["ended"] < 2 or interval is None:
            return float("nan")
        return interval[1] - s["samples"]["mean"]

    def text(self):
        s = self.summary()
        notes = []
        if s["capped"]:
            notes.append("%d c" % s["capped"])
        if s["wrong"]:
            notes.append("%d wrong" % s["wrong"])
        suffix = " (%s)" % ", ".join(notes) if notes else ""
        return "%.0f ± %.0f%s" % (self.mean(), self.half_width(), suffix)


def rows(path):
    """The rows of a result CSV. A last line without its newline is a row torn by a kill
    during its write; it is skipped, with a note on stderr."""
    with open(path, newline="") as f:
        text = f.read()
    if text and not text.endswith("\n"):
        cut = text.rfind("\n") + 1
        sys.stderr.write("%s: skipping a torn last row (%d bytes)\n" % (path, len(text) - cut))
        text = text[:cut]
    yield from csv.DictReader(io.StringIO(text, newline=""))


def verdict_table(out, title, row_name, cells, row_values, columns):
    """Writes both verdicts of the ended runs of every cell ((row value, column) -> Cell):
    'wrong / not optimal (of n)', then per column and over all cells the two rates with
    their 95% Clopper-Pearson intervals. Returns the Cell of all runs."""
    per_column = {column: Cell() for column in columns}
    for (value, name), cell in cells.items():
        if name in per_column:
            per_column[name].merge(cell)
    total = Cell()
    for column in columns:
        total.merge(per_column[column])
    summarize(list(cells.values()) + list(per_column.values()) + [total])
    out.write("\n### %s: verdicts of the runs that ended (by their rule or at their budget) — "
              "wrong / not optimal (of n ended)\n\n" % title)
    out.write("| %s | %s |\n|---|%s\n" % (row_name, " | ".join(columns), "---:|" * len(columns)))
    for value in row_values:
        entries = []
        for column in columns:
            cell = cells.get((value, column))
            entries.append("" if cell is None else "— (of 0)" if not cell.ended else
                           "%s (of %d)" % (cell.verdicts(), cell.ended))
        out.write("| %s | %s |\n" % (value, " | ".join(entries)))
    out.write("\n")
    for column in columns:
        out.write("- %s: %s\n" % (column, per_column[column].rates()))
    out.write("- all: %d ended runs (%d capped, %d failed, counted apart): %s\n" % (
        total.ended, total.capped, total.failed, total.rates()))
    return total
