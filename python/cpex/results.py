"""Reading cpex results into pandas: one row per run, typed columns, and the algorithm's
resolved parameters as columns `resolved.NAME` (see docs/results.md)."""
import json
import sqlite3

import pandas as pd

INTEGER_COLUMNS = ["run_id", "point", "repetition", "seed", "samples"]
CATEGORY_COLUMNS = ["stopped", "status"]
FIXED_COLUMNS = {"run_id", "point", "algorithm", "environment", "oracle", "repetition", "seed",
                 "samples", "stopped", "recommendation", "correct", "wall_time_s", "resolved",
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
    correct as boolean, wall_time_s as float, stopped/status as categories, every sweep
    axis (`section.key`) and every resolved parameter (`resolved.NAME`) as numbers when
    all their values are numbers; `status` is derived from `stopped` when the file has
    none. df.attrs["swept"] lists the sweep axes."""
    frames, swept = [], []
    for path in paths:
        frame = _read_text_table(str(path))
        for key in _swept_columns(frame.columns):
            if key not in swept:
                swept.append(key)
        if "status" not in frame.columns:
            frame["status"] = ""
        derived = frame["stopped"].map(
            lambda s: "stopped" if s == "rule" else "budget" if s == "budget" else "capped")
        frame["status"] = frame["status"].where(frame["status"] != "", derived)
        if "resolved" in frame.columns:
            params = pd.DataFrame([_parse_resolved(t) for t in frame["resolved"]], index=frame.index)
            for name in params.columns:
                frame["resolved." + name] = params[name].fillna("")
        frames.append(frame)
    runs = pd.concat(frames, ignore_index=True).fillna("")
    for name in runs.columns:
        if name in INTEGER_COLUMNS:
            runs[name] = pd.to_numeric(runs[name].replace("", pd.NA)).astype("Int64")
        elif name == "correct":
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
