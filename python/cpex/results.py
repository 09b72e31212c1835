"""Reading cpex results into pandas: one row per run, typed columns, and the algorithm's
resolved parameters as columns `resolved.NAME` (see docs/results.md)."""
import io
import json
import sqlite3

import pandas as pd

INTEGER_COLUMNS = ["run_id", "point", "repetition", "seed", "samples"]
CATEGORY_COLUMNS = ["stopped", "status"]
FIXED_COLUMNS = {"run_id", "point", "algorithm", "environment", "oracle", "repetition", "seed",
                 "samples", "stopped", "recommendation", "correct", "optimal", "wall_time_s", "resolved",
                 "pulls", "status", "error"}


def _is_sqlite(path):
    with open(path, "rb") as f:
        return f.read(16) == b"SQLite format 3\x00"


def _read_text_table(path):
    """Every cell as text ('' where empty), whatever the file's storage."""
    if _is_sqlite(path):
        with sqlite3.connect("file:%s?mode=ro" % path, uri=True) as connection:
            frame = pd.read_sql_query("SELECT * FROM runs ORDER BY run_id", connection)
        return frame.apply(lambda c: c.map(lambda v: "" if v is None or v != v else
                                           str(int(v)) if isinstance(v, float) and v.is_integer()
                                           and c.name != "wall_time_s" else str(v)))
    return pd.read_csv(path, dtype=str, keep_default_na=False)


def _parse_resolved(text):
    """`name=value;...` (CSV) or a JSON object (store) -> {name: text}."""
    if not text:
        return {}
    if text.startswith("{"):
        return {k: v if isinstance(v, str) else json.dumps(v) for k, v in json.loads(text).items()}
    pairs = (item.split("=", 1) for item in text.split(";") if item)
    return {name: value for name, value in pairs}


def _typed(column):
    """Numbers where every non-empty cell is one, else text."""
    cells = column.replace("", pd.NA)
    numbers = pd.to_numeric(cells, errors="coerce")
    if numbers.isna().equals(cells.isna()):
        if (numbers.dropna() % 1 == 0).all() and not column.str.contains(r"[.eE]").any():
            return numbers.astype("Int64")
        return numbers.astype("float64")
    return column


def _swept_columns(columns):
    columns = list(columns)
    if "point" in columns and "algorithm" in columns:
        return columns[columns.index("point") + 1:columns.index("algorithm")]
    return []


def read_results(*paths):
    """Loads one or more results files (CSV from --out, or an SQLite store) into a DataFrame.

    Columns: the file's columns, with run_id/point/repetition/seed/samples as Int64,
    correct and optimal as boolean (NA for a failed run; `optimal` NA throughout for files
    written before it existed: unknown), wall_time_s as float, stopped/status as
    categories, every sweep axis (`section.key`) and every resolved parameter
    (`resolved.NAME`) as numbers when all their values are numbers; `status` is derived
    from `stopped` when the file has none. df.attrs["swept"] lists the sweep axes."""
    return _runs_from_text_tables([_read_text_table(str(path)) for path in paths])


def frame_from_csv(data):
    """The rows of a results CSV given as bytes (what cpex.run keeps in memory), typed as
    read_results types that file. The compiled module splits the text into columns (about
    5 times faster than pandas' reader for 10^5 rows); without it, pandas reads it."""
    from . import _native
    if not _native.available():
        frame = pd.read_csv(io.BytesIO(data), dtype=str, keep_default_na=False, encoding_errors="replace")
        return _runs_from_text_tables([frame])
    columns = _native.core().csv_columns(data, INTEGER_COLUMNS, ["wall_time_s"], ["correct"])
    typed = {}
    for name in columns["__columns__"]:
        value = columns[name]
        if name in INTEGER_COLUMNS:
            typed[name] = pd.arrays.IntegerArray(*value)
        elif name == "correct":
            typed[name] = pd.arrays.BooleanArray(*value)
        elif name == "wall_time_s":
            values, empty = value
            values[empty] = float("nan")
            typed[name] = values
        elif name in CATEGORY_COLUMNS:
            typed[name] = pd.Categorical(value)
        else:
            typed[name] = pd.Series(value, dtype=object)
    runs = pd.DataFrame(typed, index=pd.RangeIndex(columns["__rows__"]))  # `status` included
    for name in runs.columns:
        if name not in FIXED_COLUMNS:  # sweep axes: typed once per distinct value
            codes, values = pd.factorize(runs[name])
            runs[name] = _typed(pd.Series(values, dtype=object)).iloc[codes].set_axis(runs.index)
    if "resolved" in runs.columns:
        codes, texts = pd.factorize(runs["resolved"])
        params = pd.DataFrame([_parse_resolved(t) for t in texts], index=range(len(texts)))
        for name in params.columns:
            typed = _typed(params[name].fillna("").astype(object))
            runs["resolved." + name] = typed.iloc[codes].set_axis(runs.index)
    runs.attrs["swept"] = _swept_columns(runs.columns)
    return runs


def _runs_from_text_tables(tables):
    """Text tables (every cell a string) -> one typed frame (see read_results)."""
    frames, swept = [], []
    for frame in tables:
        for key in _swept_columns(frame.columns):
            if key not in swept:
                swept.append(key)
        if "status" not in frame.columns:
            frame["status"] = ""
        if "optimal" not in frame.columns:  # written before the column existed: unknown
            frame.insert(list(frame.columns).index("correct") + 1, "optimal", "")
        derived = frame["stopped"].map(lambda s: "stopped" if s == "rule" else "capped")
        frame["status"] = frame["status"].where(frame["status"] != "", derived)
        if "resolved" in frame.columns:
            # Parsed once per distinct text (runs of one point usually share theirs).
            codes, texts = pd.factorize(frame["resolved"])
            params = pd.DataFrame([_parse_resolved(t) for t in texts]).iloc[codes]
            params.index = frame.index
            for name in params.columns:
                frame["resolved." + name] = params[name].fillna("")
        frames.append(frame)
    runs = pd.concat(frames, ignore_index=True).fillna("")
    for name in runs.columns:
        if name in INTEGER_COLUMNS:
            runs[name] = pd.to_numeric(runs[name].replace("", pd.NA)).astype("Int64")
        elif name in ("correct", "optimal"):
            runs[name] = runs[name].replace("", pd.NA).map(
                lambda v: pd.NA if v is pd.NA else v == "1").astype("boolean")
        elif name == "wall_time_s":
            runs[name] = pd.to_numeric(runs[name].replace("", pd.NA)).astype("float64")
        elif name in CATEGORY_COLUMNS:
            runs[name] = runs[name].astype("category")
        elif name not in FIXED_COLUMNS:
            runs[name] = _typed(runs[name])
    runs.attrs["swept"] = swept
    return runs
