"""cpex.run and cpex.sweep: the host's `cpex run` / `cpex sweep` (the same C++ code, so the
same validation, errors and rows bit for bit) called from Python, returning the rows as
a pandas DataFrame typed as cpex.read_results types a results file."""
import json
import os
import sys
import warnings

from ._errors import ConfigError, Error, Interrupted, RunsFailed
from ._pipeline import Pipeline, override_texts
from . import _native


def _pipeline_of(pipeline, overrides):
    if isinstance(pipeline, (str, os.PathLike)):
        pipeline = Pipeline.from_file(pipeline, check=False)
    if not isinstance(pipeline, Pipeline):
        raise ConfigError("expected a cpex.Pipeline or the path of a pipeline file, got %s"
                          % type(pipeline).__name__)
    return pipeline.override(overrides) if overrides else pipeline


class _Progress:
    """tqdm (Debian's python3-tqdm) fed from the calling thread: done / total runs."""

    def __init__(self, description):
        with warnings.catch_warnings():  # tqdm.auto warns in a notebook without ipywidgets
            warnings.simplefilter("ignore")
            try:
                from tqdm.auto import tqdm
            except ImportError:
                raise Error("progress=True needs tqdm: Debian's python3-tqdm") from None
        self.tqdm, self.bar, self.description = tqdm, None, description

    def __call__(self, done, total):
        if self.bar is None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.bar = self.tqdm(total=total, unit="run", desc=self.description, file=sys.stderr)
        self.bar.update(done - self.bar.n)

    def close(self):
        if self.bar is not None:
            self.bar.close()


def _threads(threads):
    if threads is None:
        return 0
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ConfigError("threads must be a whole number >= 1, got %r" % (threads,))
    return threads


def _frame(result, out, frame):
    """The rows: read back from `out` when given (a store: every run it holds, resumed
    ones included), else the typed columns the call kept in memory."""
    if not frame:
        return None
    from . import results
    if out:
        rows = results.read_results(out)
    else:
        rows = results.frame_from_columns(result["columns"])
    try:
        rows.attrs["summary"] = json.loads(result["summary"]) if result["summary"] else None
    except ValueError:
        rows.attrs["summary"] = None
    return rows


def _is_store(path):
    return os.path.splitext(str(path))[1] in (".db", ".sqlite", ".sqlite3")


def _execute(pipeline, sweep, threads, progress, out, force, force_new, shard, frame, command,
             strict=False):
    core = _native.core()
    if frame:
        try:
            import pandas  # noqa: F401  (checked before the runs, not after them)
        except ImportError as error:
            raise Error("cpex.%s returns a pandas DataFrame, and this Python (%s) has no pandas "
                        "(%s): run it with /usr/bin/python3 (Debian's python3-pandas) or a venv "
                        "of it made with --system-site-packages, install pandas here, or pass "
                        "frame=False with out=FILE" % (command, sys.executable, error)) from None
    out = os.fspath(out) if out is not None else ""
    existed = bool(out) and _is_store(out) and os.path.exists(out)
    meter = _Progress(command) if progress else None
    path, text, read_file, on_disk = pipeline._source()
    command_line = "python%d.%d: cpex.%s(%r)" % (sys.version_info[0], sys.version_info[1], command, path)
    try:
        result = core.execute(path, text, read_file, on_disk, pipeline._overrides, sweep,
                              _threads(threads), out, bool(force), bool(force_new), bool(strict),
                              "" if shard is None else str(shard), bool(frame) and not out,
                              command_line, meter)
    finally:
        if meter is not None:
            meter.close()
    if existed and result["selected"] < result["total_runs"] and not shard:
        print("cpex: resumed '%s': %d runs already done, %d run now"
              % (out, result["total_runs"] - result["selected"], result["selected"]), file=sys.stderr)
    if result["python_plugins"] and threads not in (None, 1):
        warnings.warn("a pipeline with a Python plugin runs on one thread (threads=%r ignored)" % threads,
                      stacklevel=3)
    status = result["status"]
    rows = _frame(result, out, frame)
    if status == 130:
        interrupt = result["interrupt"]
        if interrupt is not None and not isinstance(interrupt, KeyboardInterrupt):
            raise interrupt
        message = result["message"].replace("run the same command again to resume",
                                            "the same call resumes the store")
        raise Interrupted("cpex: " + message, rows)
    if status == 3:
        raise RunsFailed(result["message"], rows)
    return rows


def run(pipeline, *, threads=None, progress=False, out=None, force=False, set=None, frame=True):
    """Runs one pipeline as `cpex run` does and returns its rows, one per run, as a pandas
    DataFrame (the columns of docs/results.md, typed as cpex.read_results types them;
    df.attrs["summary"] is the `--json` summary).

    pipeline: a cpex.Pipeline or a pipeline file's path. threads: worker threads (default
    all cores; a pipeline with a Python plugin uses one). progress: a tqdm bar. out: also
    write the rows to a CSV file or a results store (.db), as --out; force: as --force.
    set: overrides {"section.key": value}, as --set. frame=False: return None (with `out`,
    for runs too many to hold in memory).

    Raises cpex.ConfigError / cpex.PluginError (one line naming the culprit) before any
    run, cpex.RunsFailed (with .frame) when some runs threw, cpex.Interrupted (a
    KeyboardInterrupt, with .frame holding the finished runs) after Ctrl-C."""
    return _execute(_pipeline_of(pipeline, set), False, threads, progress, out, force, False,
                    None, frame, "run")


def sweep(pipeline, axes=None, *, threads=None, progress=False, out=None, force=False,
          force_new=False, shard=None, set=None, frame=True, strict=False):
    """Runs a sweep as `cpex sweep` does: the Cartesian product of the pipeline's [sweep]
    axes and `axes` ({"section.key": [values]}, or zipped {("k1", "k2"): [(a, b), ...]})
    times the repetitions. With out="r.db" the rows go to a results store, and the same
    call after an interruption runs only the missing runs (the returned frame is then the
    whole store); force_new=True starts another sweep's store over. shard="I/N" runs the
    I-th of N parts. A sweep of several algorithms skips the (algorithm, point) pairs that do
    not fit the problem (one warning line each, recorded as skipped); strict=True refuses
    instead, as --strict. Other arguments and errors as cpex.run."""
    pipeline = _pipeline_of(pipeline, set).with_axes(axes)
    return _execute(pipeline, True, threads, progress, out, force, force_new, shard, frame, "sweep",
                    strict)
