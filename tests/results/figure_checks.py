"""What the figure tests share (figure_test.py, plot_style_test.py, seed_figures_test.py):
the figure modules of the build's Python directory made importable (plot.py, plot_style.py,
figure_text.py), a scratch directory, check() that records a failed expectation and goes
on, the texts of an SVG read back (all, or the legend's), the style values of a series' drawn
elements and the end line with the exit status."""
import os
import re
import shutil
import sys
import tempfile

SVG = "{http://www.w3.org/2000/svg}"
failures = []
scratch = []


def setup(python_dir, name):
    """Puts PYTHON_DIR/cpex on the module path (so that `import plot` finds the copy that
    `cpex report --plot` runs); a fresh scratch directory named after the test (removed by
    finish() when every check passed, kept to look at otherwise)."""
    sys.path.insert(0, os.path.join(python_dir, "cpex"))
    scratch.append(tempfile.mkdtemp(prefix="cpex-%s-" % name))
    return scratch[-1]


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED:", what)


def all_texts(root):
    """Every <text> of an SVG's root, its runs joined (mathtext: 10^4 is "104")."""
    return ["".join(t.itertext()).strip() for t in root.iter(SVG + "text")]


def legend_texts(root):
    """The texts of the figure's one legend (plot.py gives it the id "legend")."""
    legends = [e for e in root.iter() if e.get("id") == "legend"]
    check(len(legends) == 1, "one legend (found %d)" % len(legends))
    return all_texts(legends[0]) if legends else []


def series_styles(root, series, prop, value):
    """The values of the style property `prop` (matching the regular expression `value`) of
    the drawn elements of `series` (ids series-NAME-pK) and their children."""
    found = set()
    for e in root.iter():
        if re.match(r"series-%s-p\d+$" % re.escape(series), e.get("id", "")):
            for child in e.iter():
                m = re.search(r"%s:\s*(%s)" % (prop, value), child.get("style", ""))
                if m:
                    found.add(m.group(1))
    return found


def finish(name):
    """Prints NAME: ok / FAILED (with where the figures are); the exit status (1 after any
    failed check)."""
    print("%s: %s" % (name, "FAILED (figures in %s)" % ", ".join(scratch) if failures else "ok"))
    for directory in [] if failures else scratch:
        shutil.rmtree(directory, ignore_errors=True)
    return 1 if failures else 0
