"""Ctrl-C (SIGINT to the interpreter) stops a sweep cleanly: the runs that finished are in
the store and in the frame of cpex.Interrupted, nothing else is; the same call afterwards
runs only the missing runs, and the store then equals an uninterrupted `cpex sweep`'s."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pandas as pd
import pytest

import cpex
from conftest import GAUSSIAN, run_cli
from cpex.examples import UniformLUCB


class SlowUniformLUCB(UniformLUCB):
    """UniformLUCB taking at least 10 ms per run: a sweep of it lasts long enough to be
    interrupted after its first commit on any machine."""
    name = "slow-uniform-lucb-py"

    def start(self, context):
        time.sleep(0.01)
        super().start(context)


cpex.register(SlowUniformLUCB)

SCRIPT = r"""
import json, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # even when started with SIGINT ignored
import cpex
sys.path.insert(0, sys.argv[3])
import test_interrupt  # registers the Python algorithm
pipeline = cpex.Pipeline.from_file(sys.argv[1], set={"algorithm.plugin": sys.argv[2],
                                                     "run.repetitions": sys.argv[5]})
try:
    cpex.sweep(pipeline, out=sys.argv[4], threads=1)
    print(json.dumps({"finished": True}))
except cpex.Interrupted as e:
    print(json.dumps({"kept": len(e.frame), "message": str(e)}))
    sys.exit(130)
"""

# The fixture of conftest with wider gaps (short runs), seed 12, swept over delta.
PIPELINE = GAUSSIAN.replace("0.5, 0.3, 0.2, 0.1", "0.5, 0.2, 0.1, 0.0").replace(
    "seed        = 5", "seed        = 12") + "[sweep]\naxis = algorithm.delta = 0.1, 0.05\n"


def rows_in(store):
    try:
        with sqlite3.connect("file:%s?mode=ro" % store, uri=True) as db:
            return db.execute("SELECT COUNT(*) FROM runs").fetchone()[0]
    except sqlite3.Error:
        return 0


@pytest.mark.parametrize("algorithm, repetitions", [("lucb", 20000), ("slow-uniform-lucb-py", 100)])
def test_sigint_keeps_the_finished_runs_and_the_same_call_resumes(tmp_path, algorithm, repetitions):
    pipeline = tmp_path / "sweep.ini"
    pipeline.write_text(PIPELINE)
    store = tmp_path / "r.db"
    script = tmp_path / "interrupted.py"
    script.write_text(SCRIPT)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    child = subprocess.Popen([sys.executable, str(script), str(pipeline), algorithm,
                              os.path.dirname(os.path.abspath(__file__)), str(store), str(repetitions)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    # lucb: 40,000 runs (~2 s on one core), so that SIGINT lands mid-sweep even where the
    # store's first commit comes late; a sweep that ends first would make the signal a
    # plain KeyboardInterrupt after the call.
    deadline = time.time() + 60
    while rows_in(store) == 0 and child.poll() is None and time.time() < deadline:
        time.sleep(0.05)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130, (out, err)
    report = json.loads(out)
    runs = 2 * repetitions
    assert 0 < report["kept"] < runs and "finished and kept" in report["message"]
    assert rows_in(store) == report["kept"]  # every finished run is in the store, only those

    # The same call resumes: only the missing runs run; the store is the uninterrupted one.
    overrides = {"algorithm.plugin": algorithm, "run.repetitions": repetitions}
    resumed = cpex.sweep(cpex.Pipeline.from_file(pipeline, set=overrides), out=store,
                         threads=2 if algorithm == "lucb" else 1)
    assert len(resumed) == runs and sorted(resumed.run_id) == list(range(runs))
    if algorithm == "lucb":
        status, _, error = run_cli("sweep", pipeline, "--set", "run.repetitions=%d" % repetitions,
                                   "--out", tmp_path / "full.db", "--quiet")
        assert status == 0, error
        full = cpex.read_results(tmp_path / "full.db")
        columns = [c for c in full.columns if c != "wall_time_s"]
        pd.testing.assert_frame_equal(resumed[columns], full[columns])
