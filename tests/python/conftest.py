"""Fixtures of the Python API tests (pytest; run by ctest as `python-api`, which puts the
build tree's package first on PYTHONPATH and names the build tree in CPEX_BUILD_DIR)."""
import os
import pathlib
import subprocess
import sys

import pytest

SOURCE = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("CPEX_BUILD_DIR", SOURCE / "build")).resolve()
CPEX = BUILD / "bin" / "cpex"

if str(BUILD / "share" / "cpex" / "python") not in sys.path:
    sys.path.insert(0, str(BUILD / "share" / "cpex" / "python"))


@pytest.fixture(scope="session")
def source():
    return SOURCE


@pytest.fixture(scope="session")
def cpex_binary():
    assert CPEX.exists(), "build the cpex program first (%s)" % CPEX
    return CPEX


def run_cli(*args, cwd=None):
    """The `cpex` program of the same build: (status, stdout, stderr)."""
    done = subprocess.run([str(CPEX)] + [str(a) for a in args], cwd=cwd, capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


# LUCB, top-1 of four Gaussian arms: the pipeline most tests start from (and edit with replace()).
GAUSSIAN = (SOURCE / "tests" / "data" / "gaussian_top1.ini").read_text()


@pytest.fixture
def gaussian_file(tmp_path):
    path = tmp_path / "gaussian.ini"
    path.write_text(GAUSSIAN)
    return path
