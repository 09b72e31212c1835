"""cpex.report and cpex.plot: the grouped summaries of `cpex report` (computed by the same
C++ code: Clopper-Pearson and bootstrap intervals) as a DataFrame, and its figures drawn
by the same script (plot.py beside this file) with this interpreter's matplotlib."""
import os
import subprocess
import sys
import tempfile

from ._errors import Error
from . import _native

PLOT_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "plot.py")


def _write_results_csv(frame, path):
    """A frame from cpex.run / read_results back as a results CSV (the derived
    `resolved.NAME` columns left out: the reader derives them again)."""
    import pandas as pd
    columns = [c for c in frame.columns if not str(c).startswith("resolved.")]
    out = pd.DataFrame(index=frame.index)
    for c in columns:
        column = frame[c]
        if c in ("correct", "optimal") or pd.api.types.is_bool_dtype(column):
            out[c] = column.map(lambda v: "" if pd.isna(v) else ("1" if v else "0"))
        elif pd.api.types.is_float_dtype(column):
            out[c] = column.map(lambda v: "" if pd.isna(v) else repr(float(v)))
        else:
            out[c] = column.astype(object).map(lambda v: "" if v is None or v is pd.NA or v != v else str(v))
    out.to_csv(path, index=False)


class _Inputs:
    """Paths of the results to report: files as given, frames written to temporary CSVs."""

    def __init__(self, results):
        self.paths, self.temporary = [], []
        items = results if isinstance(results, (list, tuple)) else [results]
        for item in items:
            if isinstance(item, (str, os.PathLike)):
                self.paths.append(os.fspath(item))
            else:
                fd, path = tempfile.mkstemp(suffix=".csv", prefix="cpex-frame-")
                os.close(fd)
                self.temporary.append(path)
                _write_results_csv(item, path)
                self.paths.append(path)

    def __enter__(self):
        return self.paths

    def __exit__(self, *exc):
        for path in self.temporary:
            os.remove(path)


def _keys(keys):
    if keys is None:
        return []
    return [keys] if isinstance(keys, str) else list(keys)


def _report_json(results, by, extra, deltas=False):
    import json
    with _Inputs(results) as paths:
        return json.loads(_native.core().report_json(paths, _keys(by), extra, deltas))


def _flatten(prefix, value, row):
    """The summary JSON as flat columns, as `cpex report --format csv` names them: nested
    keys joined by '.', an interval (key with ci95, [low, high] or null) as KEY.low and
    KEY.high."""
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(prefix + "." + k if prefix else k, v, row)
    elif "ci95" in prefix and (value is None or isinstance(value, list)):
        row[prefix + ".low"], row[prefix + ".high"] = value if value is not None else (None, None)
    else:
        row[prefix] = value


def report(results, by=None):
    """`cpex report RESULTS --by KEYS` as a DataFrame: one row per group, the columns of
    `cpex report --format csv` (the grouping keys, then the summary keys of
    docs/results.md flattened: runs / ended / by_rule / at_budget / capped / failed,
    samples.* of the ended runs with their 95% intervals, wrong and wrong_rate with its
    Clopper-Pearson interval, not_optimal..., mean_wall_time_s; then the deprecated
    aliases). `results`: a path, a frame from cpex.run / read_results, or a list of them."""
    import pandas as pd
    data = _report_json(results, by, [])
    rows = []
    for group in data["groups"]:
        row = dict(group["values"])
        for name, value in group.items():
            if name != "values":
                _flatten(name, value, row)
        rows.append(row)
    frame = pd.DataFrame(rows)
    frame.attrs["keys"] = data["keys"]
    return frame


def plot(results, x, file=None, *, y="samples", series="algorithm", by=None, logx=False,
         logy=False, title=None, share_y=False, labels=None):
    """Draws what `cpex report RESULTS --plot FILE --x X` draws (one line per series with 95%
    interval bars, one panel per value of the other grouping keys), with plot.py and this
    Python's matplotlib. y: samples, error-rate, not-optimal, wall or lower-bound-ratio (the rates with the
    line y = delta at each algorithm's target error, its parameter with the confidence role).
    share_y: one y range for all
    panels. labels: {name: text} for axes, legend and panels: a grouping key, or a value
    such as an algorithm (as cpex report --label; a store's [labels] apply too). file: .svg, .png or .pdf;
    None: returns the PNG as an IPython image (shown in a notebook). Returns the file's
    path."""
    import json
    series = _keys(series)
    # For the rates, each group's target error (by its parameter role) for the line y = delta.
    data = _report_json(results, by, [x] + series, y in ("error-rate", "not-optimal"))
    fd, summary = tempfile.mkstemp(suffix=".json", prefix="cpex-report-")
    with os.fdopen(fd, "w") as f:
        json.dump(data, f)
    target = os.fspath(file) if file is not None else tempfile.mkstemp(suffix=".png", prefix="cpex-plot-")[1]
    command = [sys.executable, PLOT_SCRIPT, summary, target, "--x", x, "--y", y,
               "--series", ",".join(series)]
    command += ["--logx"] * bool(logx) + ["--logy"] * bool(logy) + ["--share-y"] * bool(share_y)
    for key, text in (labels or {}).items():
        command += ["--label", "%s=%s" % (key, text)]
    command += ["--title", title] if title else []
    try:
        done = subprocess.run(command, capture_output=True, text=True)
    finally:
        os.remove(summary)
    if done.returncode != 0:
        lines = [l for l in done.stderr.splitlines() if l.strip()]
        if file is None:
            os.remove(target)
        raise Error(lines[-1] if lines else "plot.py failed with status %d" % done.returncode)
    if file is not None:
        return target
    try:
        from IPython.display import Image
    except ImportError:
        return target
    with open(target, "rb") as f:
        image = Image(data=f.read(), format="png")
    os.remove(target)
    return image
