"""Reading cpex results into pandas: one row per run, typed columns, and the algorithm's
resolved parameters as columns `resolved.NAME` (see docs/results.md)."""
import json
import sqlite3

import pandas as pd

from . import _columns

# The column types of the framework's table (result_columns.def, through _columns.py).
INTEGER_COLUMNS = _columns.of_type("Integer")
BOOLEAN_COLUMNS = _columns.of_type("Boolean")  # 1 / 0, empty where the row has none
REAL_COLUMNS = _columns.of_type("Real")
CATEGORY_COLUMNS = _columns.of_type("Label")
FIXED_COLUMNS = set(_columns.NAMES)


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
                                           and c.name not in REAL_COLUMNS else str(v)))
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
    """The sweep axes: the columns between the fixed ones around the axes' place."""
    columns = list(columns)
    before, after = _columns.NAMES[_columns.AXES_AT - 1], _columns.NAMES[_columns.AXES_AT]
    if before in columns and after in columns:
        return columns[columns.index(before) + 1:columns.index(after)]
    return []


def _add_missing_columns(frame):
    """Results written before a column existed get it empty (unknown), at its place;
    `status` is derived from `stopped` where empty."""
    for position, name in enumerate(_columns.NAMES):
        if name in frame.columns:
            continue
        earlier = [n for n in _columns.NAMES[:position] if n in frame.columns]
        at = list(frame.columns).index(earlier[-1]) + 1 if earlier else 0
        if name == "status" or not earlier or at == len(frame.columns):
            frame[name] = ""
        else:
            frame.insert(at, name, "")
    derived = frame["stopped"].map(_columns.status_of_stopped)
    frame["status"] = frame["status"].where(frame["status"] != "", derived)


def read_results(*paths):
    """Loads one or more results files (CSV from --out, or an SQLite store) into a DataFrame.

    Columns: the file's columns, with run_id/point/repetition/seed/samples as Int64,
    correct and optimal as boolean (NA for a failed run; `optimal` NA throughout for files
    written before it existed: unknown), wall_time_s as float, stopped/status as
    categories, every sweep axis (`section.key`) and every resolved parameter
    (`resolved.NAME`) as numbers when all their values are numbers; `status` is derived
    from `stopped` when the file has none. df.attrs["swept"] lists the sweep axes."""
    return _runs_from_text_tables([_read_text_table(str(path)) for path in paths])


def frame_from_columns(columns):
    """The rows cpex.run kept as typed columns (the module's result sink: numpy arrays of
    the Integer, Real and Boolean columns with a mask of empty cells, one str per distinct
    text), typed as read_results types the same rows' CSV."""
    import numpy as np
    typed = {}
    for name in columns["__columns__"]:
        value = columns[name]
        if name in INTEGER_COLUMNS:
            typed[name] = pd.arrays.IntegerArray(*value)
        elif name in BOOLEAN_COLUMNS:
            typed[name] = pd.arrays.BooleanArray(*value)
        elif name in REAL_COLUMNS:
            values, empty = value
            typed[name] = np.where(empty, np.nan, values)
        elif name in CATEGORY_COLUMNS:
            typed[name] = pd.Categorical(value)
        else:
            typed[name] = pd.Series(value, dtype=object)
    runs = pd.DataFrame(typed, index=pd.RangeIndex(columns["__rows__"]))
    for name in runs.columns:
        if name not in FIXED_COLUMNS:  # sweep axes: typed once per distinct value
            codes, values = pd.factorize(runs[name])
            runs[name] = _typed(pd.Series(values, dtype=object)).iloc[codes].set_axis(runs.index)
    if "resolved" in runs.columns:
        codes, texts = pd.factorize(runs["resolved"])
        params = pd.DataFrame([_parse_resolved(t) for t in texts], index=range(len(texts)))
        for name in params.columns:
            typed_column = _typed(params[name].fillna("").astype(object))
            runs["resolved." + name] = typed_column.iloc[codes].set_axis(runs.index)
    runs.attrs["swept"] = _swept_columns(runs.columns)
    return runs


def _runs_from_text_tables(tables):
    """Text tables (every cell a string) -> one typed frame (see read_results)."""
    frames, swept = [], []
    for frame in tables:
        for key in _swept_columns(frame.columns):
            if key not in swept:
                swept.append(key)
        _add_missing_columns(frame)
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
        elif name in BOOLEAN_COLUMNS:
            runs[name] = runs[name].replace("", pd.NA).map(
                lambda v: pd.NA if v is pd.NA else v == "1").astype("boolean")
        elif name in REAL_COLUMNS:
            runs[name] = pd.to_numeric(runs[name].replace("", pd.NA)).astype("float64")
        elif name in CATEGORY_COLUMNS:
            runs[name] = runs[name].astype("category")
        elif name not in FIXED_COLUMNS:
            runs[name] = _typed(runs[name])
    runs.attrs["swept"] = swept
    return runs
