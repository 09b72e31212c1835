"""The Python API runs the host's own code: cpex.run / cpex.sweep give the rows of `cpex run`
/ `cpex sweep` on the same pipeline bit for bit (every column but the wall time), a pipeline
made from dicts is the file with those sections, stores made from Python and from the
command line are interchangeable (one resumes the other), and plugins / describe / report
/ plot show what the commands show."""
import csv
import io
import json
import sqlite3

import pandas as pd

import cpex
from conftest import GAUSSIAN, run_cli

SWEEP = "[sweep]\naxis = algorithm.delta = 0.1, 0.01\naxis = environment.sigma = 0.25, 0.5\n"


def csv_rows_without_wall(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    wall = rows[0].index("wall_time_s")
    return [row[:wall] + row[wall + 1:] for row in rows]


def without_wall(frame):
    return frame[[c for c in frame.columns if c != "wall_time_s"]]


def store_rows(path):
    with sqlite3.connect(path) as db:
        rows = pd.read_sql("SELECT * FROM runs ORDER BY run_id", db)
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
    return rows.drop(columns=["wall_time_s"]), meta


def test_run_gives_the_rows_of_cpex_run_bit_for_bit(gaussian_file, tmp_path):
    status, _, err = run_cli("run", gaussian_file, "--out", tmp_path / "cli.csv", "--threads", "2", "--quiet")
    assert status == 0, err
    pipeline = cpex.Pipeline.from_file(gaussian_file)
    frame = cpex.run(pipeline, threads=2, out=tmp_path / "py.csv")
    # The CSV text, cell for cell.
    assert csv_rows_without_wall(tmp_path / "py.csv") == csv_rows_without_wall(tmp_path / "cli.csv")
    # The frame: the reader's frame of the command's file, on any thread count.
    expected = without_wall(cpex.read_results(tmp_path / "cli.csv"))
    pd.testing.assert_frame_equal(without_wall(frame), expected)
    pd.testing.assert_frame_equal(without_wall(cpex.run(pipeline, threads=1)), expected)
    assert len(frame) == 12 and frame.attrs["summary"]["runs"] == 12


def test_a_pipeline_from_dicts_is_the_file_with_those_sections(gaussian_file):
    from_dicts = cpex.Pipeline(environment={"plugin": "gaussian", "means": [0.5, 0.3, 0.2, 0.1], "sigma": 0.5},
                               oracle={"plugin": "top-k", "k": 1},
                               algorithm={"plugin": "lucb", "delta": 0.1},
                               run={"seed": 5, "repetitions": 12, "max-samples": 100000})
    from_file = cpex.Pipeline.from_file(gaussian_file)
    assert from_dicts.text == from_file.text
    pd.testing.assert_frame_equal(without_wall(cpex.run(from_dicts)), without_wall(cpex.run(from_file)))


def test_set_overrides_like_dash_dash_set(gaussian_file, tmp_path):
    status, _, err = run_cli("run", gaussian_file, "--set", "algorithm.delta=0.01", "--set", "run.seed=9",
                             "--out", tmp_path / "cli.csv", "--quiet")
    assert status == 0, err
    frame = cpex.run(cpex.Pipeline.from_file(gaussian_file, set={"algorithm.delta": 0.01, "run.seed": 9}))
    pd.testing.assert_frame_equal(without_wall(frame), without_wall(cpex.read_results(tmp_path / "cli.csv")))


def test_sweep_store_is_the_store_of_cpex_sweep_and_each_resumes_the_other(tmp_path):
    sweep_file = tmp_path / "sweep.ini"
    sweep_file.write_text(GAUSSIAN.replace("repetitions = 12", "repetitions = 4") + SWEEP)
    base_file = tmp_path / "base.ini"
    base_file.write_text(GAUSSIAN.replace("repetitions = 12", "repetitions = 4"))
    status, _, err = run_cli("sweep", sweep_file, "--out", tmp_path / "cli.db", "--quiet")
    assert status == 0, err
    axes = {"algorithm.delta": [0.1, 0.01], "environment.sigma": [0.25, 0.5]}
    frame = cpex.sweep(cpex.Pipeline.from_file(base_file), axes=axes, out=tmp_path / "py.db")
    cli_rows, cli_meta = store_rows(tmp_path / "cli.db")
    py_rows, py_meta = store_rows(tmp_path / "py.db")
    pd.testing.assert_frame_equal(py_rows, cli_rows)
    assert py_meta["pipeline"] == cli_meta["pipeline"]
    assert len(frame) == 16 and frame.attrs["swept"] == ["algorithm.delta", "environment.sigma"]
    # The command's store, complete, resumed from Python: nothing runs, every row returns.
    again = cpex.sweep(cpex.Pipeline.from_file(sweep_file), out=tmp_path / "cli.db")
    pd.testing.assert_frame_equal(without_wall(again), without_wall(cpex.read_results(tmp_path / "cli.db")))
    assert again.attrs["summary"]["points"][0]["runs"] == 4
    # And the Python store resumed by the command.
    status, out, err = run_cli("sweep", sweep_file, "--out", tmp_path / "py.db")
    assert status == 0 and "0 to run" in err, err


def test_narrowing_a_swept_key_with_set(tmp_path):
    sweep_file = tmp_path / "sweep.ini"
    sweep_file.write_text(GAUSSIAN.replace("repetitions = 12", "repetitions = 2") + SWEEP)
    frame = cpex.sweep(sweep_file, set={"algorithm.delta": 0.01})
    assert sorted(frame["algorithm.delta"].unique()) == [0.01]
    assert len(frame) == 4


def test_plugins_and_describe_show_what_list_and_describe_show():
    status, listed, _ = run_cli("list")
    assert status == 0
    frame = cpex.plugins()
    frame = frame[~frame.library.str.startswith("python:")]  # registered by other tests
    assert [(k, n) for k, n in zip(frame.kind, frame.name)] == [tuple(line.split()[:2]) for line in listed.splitlines()]
    assert list(frame.version) == [line.split()[2] for line in listed.splitlines()]  # cpex list's version column
    lucb = cpex.describe("lucb")
    status, described, _ = run_cli("describe", "lucb")
    names = [p["name"] for p in lucb["parameters"]]
    assert lucb["kind"] == "algorithm" and names and all(("\n  " + n) in described for n in names)
    assert lucb["needs"]["feedback"] == ["single-arm"]
    assert [p["name"] for p in cpex.describe("run")["parameters"]][:3] == ["seed", "repetitions", "max-samples"]


def test_report_is_the_grouped_summary_of_cpex_report(tmp_path):
    sweep_file = tmp_path / "sweep.ini"
    sweep_file.write_text(GAUSSIAN.replace("repetitions = 12", "repetitions = 5") + SWEEP)
    frame = cpex.sweep(sweep_file, out=tmp_path / "r.csv")
    status, printed, err = run_cli("report", tmp_path / "r.csv", "--format", "json")
    assert status == 0, err
    groups = json.loads(printed)["groups"]
    for source in (tmp_path / "r.csv", frame):  # a file, or the frame written back
        table = cpex.report(source)
        assert len(table) == len(groups) == 4
        assert list(table["runs"]) == [g["runs"] for g in groups]
        assert list(table["wrong_rate"]) == [g["wrong_rate"] for g in groups]
        assert list(table["samples.mean"]) == [g["samples"]["mean"] for g in groups]


def test_plot_draws_what_cpex_report_plot_draws(tmp_path):
    sweep_file = tmp_path / "sweep.ini"
    sweep_file.write_text(GAUSSIAN.replace("repetitions = 12", "repetitions = 3") + SWEEP)
    frame = cpex.sweep(sweep_file)
    path = cpex.plot(frame, x="environment.sigma", file=tmp_path / "f.svg", logy=True)
    assert open(path).read(200).lstrip().startswith("<?xml")
    # The error plot of a sweep over delta: delta on x gives the diagonal y = delta, in the
    # figure's one style, with the label given.
    errors = cpex.plot(frame, x="algorithm.delta", y="error-rate", file=tmp_path / "e.svg",
                       logx=True, share_y=True, labels={"algorithm.delta": "delta of the run"})
    text = open(errors).read()
    assert 'id="delta-line-p0"' in text and "delta of the run" in text
    try:
        cpex.plot(frame, x="no-such-key", file=tmp_path / "g.svg")
        raise AssertionError("expected cpex.Error")
    except cpex.Error as e:
        assert "no-such-key" in str(e) and "\n" not in str(e)


def test_progress_is_a_tqdm_bar(gaussian_file, capsys):
    cpex.run(cpex.Pipeline.from_file(gaussian_file), progress=True)
    assert "12/12" in capsys.readouterr().err


def test_frame_false_with_out_keeps_nothing_in_memory(gaussian_file, tmp_path):
    assert cpex.run(gaussian_file, out=tmp_path / "r.db", frame=False) is None
    assert len(cpex.read_results(tmp_path / "r.db")) == 12
