"""Reading `cpex sweep --out` CSV files for reports: per-cell statistics over the runs that
stopped by their own rule, with capped runs and errors counted (shared by the
reproduction scripts)."""
import csv
import io
import math
import sys


class Cell:
    """Sample counts of the runs of one table cell."""

    def __init__(self):
        self.samples = []
        self.capped = 0
        self.errors = 0
        self.rows = []

    def add(self, row):
        self.rows.append(row)
        if row["stopped"] == "rule":
            self.samples.append(int(row["samples"]))
        else:
            self.capped += 1
        if row["correct"] != "1":
            self.errors += 1

    def mean(self):
        return sum(self.samples) / len(self.samples) if self.samples else float("nan")

    def half_width(self):
        """Half-width of the 95% normal-approximation interval of the mean."""
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
