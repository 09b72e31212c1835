"""Reading `cpex sweep --out` CSV files for reports: per-cell statistics over the runs that
stopped by their own rule, with capped runs counted apart and both verdict rates (not
correct, not optimal) among the stopped runs with their 95% Clopper-Pearson intervals, as
`cpex report` defines them (docs/results.md, "Error rates"; shared by the reproduction
scripts)."""
import csv
import io
import math
import sys


def clopper_pearson(count, trials, confidence=0.95):
    """The exact two-sided interval of a binomial proportion ([0, 1] without trials), by
    bisection on the binomial cdf (no SciPy needed; cpex/report/stats.hpp's definition)."""
    if trials == 0:
        return 0.0, 1.0
    tail = (1.0 - confidence) / 2.0

    def cdf(k, p):  # P(X <= k), X ~ Binomial(trials, p), in log space
        if p <= 0.0:
            return 1.0
        if p >= 1.0:
            return 1.0 if k >= trials else 0.0
        return sum(math.exp(math.lgamma(trials + 1) - math.lgamma(i + 1) - math.lgamma(trials - i + 1)
                            + i * math.log(p) + (trials - i) * math.log1p(-p)) for i in range(k + 1))

    def solve(k, target):  # the p where the decreasing cdf(k, p) equals target
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2.0
            lo, hi = (mid, hi) if cdf(k, mid) > target else (lo, mid)
        return (lo + hi) / 2.0

    lower = 0.0 if count == 0 else solve(count - 1, 1.0 - tail)  # P(X >= count) = tail
    upper = 1.0 if count == trials else solve(count, tail)       # P(X <= count) = tail
    return lower, upper


class Cell:
    """Sample counts and verdicts of the runs of one table cell."""

    def __init__(self):
        self.samples = []
        self.capped = 0
        self.errors = 0       # stopped runs whose answer is not correct
        self.not_optimal = 0  # stopped runs whose answer is not optimal
        self.optimal_unknown = 0  # stopped runs from files without the optimal column
        self.capped_errors = 0
        self.failed = 0
        self.rows = []

    def add(self, row):
        self.rows.append(row)
        if row.get("status") == "error":
            self.failed += 1
        elif row["stopped"] == "rule":
            self.samples.append(int(row["samples"]))
            self.errors += row["correct"] != "1"
            optimal = row.get("optimal", "")
            self.optimal_unknown += optimal == ""
            self.not_optimal += optimal == "0"
        else:
            self.capped += 1
            self.capped_errors += row["correct"] != "1"

    def rates(self):
        """'errors e/n [lo, hi]; not optimal m/n [lo, hi]' over the stopped runs."""
        n = len(self.samples)
        known = n - self.optimal_unknown
        text = "errors %d/%d [%.3g, %.3g]" % ((self.errors, n) + clopper_pearson(self.errors, n))
        if known:
            text += "; not optimal %d/%d [%.3g, %.3g]" % (
                (self.not_optimal, known) + clopper_pearson(self.not_optimal, known))
        else:
            text += "; not optimal unknown"
        return text

    def merge(self, other):
        """This cell with the runs of `other` added (for totals)."""
        for row in other.rows:
            self.add(row)
        return self

    def verdicts(self):
        """'e / m' (not correct / not optimal among the stopped runs; '?' where unknown)."""
        return "%d / %s" % (self.errors, "?" if self.optimal_unknown else str(self.not_optimal))

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


def verdict_table(out, title, row_name, cells, row_values, columns):
    """Writes both verdicts of the stopped runs of every cell ((row value, column) -> Cell):
    'not correct / not optimal (of n)', then per column and over all cells the two rates
    with their 95% Clopper-Pearson intervals. Returns the Cell of all runs."""
    out.write("\n### %s: verdicts of the runs that stopped by their rule — not correct / "
              "not optimal (of n stopped)\n\n" % title)
    out.write("| %s | %s |\n|---|%s\n" % (row_name, " | ".join(columns), "---:|" * len(columns)))
    for value in row_values:
        entries = []
        for column in columns:
            cell = cells.get((value, column))
            entries.append("%s (of %d)" % (cell.verdicts(), len(cell.samples)) if cell else "")
        out.write("| %s | %s |\n" % (value, " | ".join(entries)))
    out.write("\n")
    total = Cell()
    for column in columns:
        per_column = Cell()
        for (value, name), cell in cells.items():
            if name == column:
                per_column.merge(cell)
        total.merge(per_column)
        out.write("- %s: %s\n" % (column, per_column.rates()))
    out.write("- all: %d stopped runs (%d capped, %d failed, counted apart): %s\n" % (
        len(total.samples), total.capped, total.failed, total.rates()))
    return total
