"""One table of result columns (framework/runtime_include/cpex/results/result_columns.def): the CSV
header of `cpex run --out`, the columns of a results store, the frame of
cpex.read_results and of cpex.run, the module's export and the generated Python copy are
the same list in the same order; and the outcome table (run_outcomes.def) is the one the
module and the reader use."""
import sqlite3

import cpex
from cpex import _columns, _core
from conftest import run_cli

AXES = ["algorithm.delta", "environment.sigma"]
SWEEP = "[sweep]\naxis = algorithm.delta = 0.1, 0.01\naxis = environment.sigma = 0.25, 0.5\n"


def expected_names():
    names = [c[0] for c in _core.result_columns()]
    return names[:_core.result_axes_at] + AXES + names[_core.result_axes_at:]


def test_the_module_and_the_generated_copy_hold_one_table():
    assert _core.result_columns() == _columns.COLUMNS
    assert _core.result_axes_at == _columns.AXES_AT
    assert _core.outcomes() == _columns.OUTCOMES
    assert len(_columns.NAMES) == len(set(_columns.NAMES)) > 10


def test_csv_store_and_frames_have_the_columns_of_the_table(gaussian_file, tmp_path):
    gaussian_file.write_text(gaussian_file.read_text().replace("repetitions = 12", "repetitions = 2") + SWEEP)
    for out in ("r.csv", "r.db"):
        status, _, err = run_cli("sweep", gaussian_file, "--out", tmp_path / out, "--quiet")
        assert status == 0, err
    expected = expected_names()
    with open(tmp_path / "r.csv") as f:
        assert f.readline().rstrip("\n").split(",") == expected
    with sqlite3.connect(tmp_path / "r.db") as db:
        assert [c[1] for c in db.execute("PRAGMA table_info(runs)")] == expected
    for frame in (cpex.read_results(tmp_path / "r.csv"), cpex.read_results(tmp_path / "r.db"),
                  cpex.sweep(cpex.Pipeline.from_file(gaussian_file), threads=1)):
        assert [c for c in frame.columns if not c.startswith("resolved.")] == expected
        assert frame.attrs["swept"] == AXES
        types = dict((name, kind) for name, kind, _, _ in _columns.COLUMNS)
        for name in _columns.NAMES:
            dtype = str(frame[name].dtype)
            assert dtype == {"Integer": "Int64", "Boolean": "boolean", "Real": "float64",
                             "Label": "category"}.get(types[name], "object"), (name, dtype)


def test_a_missing_status_is_derived_through_the_outcome_table(tmp_path):
    header = ",".join(n for n in _columns.NAMES if n not in ("status", "error"))
    cells = {"run_id": "0", "point": "0", "algorithm": "a", "environment": "e", "oracle": "o",
             "repetition": "0", "seed": "1", "samples": "10", "batches": "10", "correct": "1", "optimal": "1",
             "wall_time_s": "0.5", "resolved": "{}", "pulls": "", "recommendation": "0",
             "lower_bound": ""}
    rows = []
    for i, (_, stopped, status, _) in enumerate(_columns.OUTCOMES):
        if stopped:
            rows.append(",".join(stopped if n == "stopped" else str(i) if n == "run_id" else cells[n]
                                 for n in header.split(",")))
    (tmp_path / "old.csv").write_text(header + "\n" + "\n".join(rows) + "\n")
    frame = cpex.read_results(tmp_path / "old.csv")
    assert list(frame["status"]) == [s for _, t, s, _ in _columns.OUTCOMES if t]
    assert list(frame.columns[:len(_columns.NAMES)]) == _columns.NAMES
