"""Bad input from Python raises one cpex.Error subclass with the one line `cpex` prints for
the same input (naming the section and the key), before any run, and leaves nothing
half-written: no store, no CSV, no overwritten input."""
import os

import pytest

import cpex
from conftest import GAUSSIAN, run_cli

BAD = [  # (replace this, with that, what the message must name)
    ("delta  = 0.1", "delta  = 2", "[algorithm] delta = 2"),
    ("delta  = 0.1", "dleta  = 0.1", "did you mean 'delta'"),
    ("plugin = lucb", "plugin = lucbb", "did you mean 'lucb'"),
    ("k      = 1", "k      = 9", "[oracle] k"),
    ("repetitions = 12", "repetitions = many", "[run] repetitions = 'many'"),
    ("sigma  = 0.5", "sigma  = 0.5\nsigma  = 0.6", "[environment] sigma is given twice"),
]


@pytest.mark.parametrize("old, new, named", BAD)
def test_the_error_is_the_line_cpex_prints(tmp_path, old, new, named):
    path = tmp_path / "bad.ini"
    path.write_text(GAUSSIAN.replace(old, new))
    status, _, err = run_cli("run", path, "--out", tmp_path / "cli.db")
    assert status == 1
    with pytest.raises(cpex.ConfigError) as raised:
        cpex.run(cpex.Pipeline.from_file(path, check=False), out=tmp_path / "py.db")
    message = str(raised.value)
    assert "\n" not in message and named in message
    # The same line (a list of known plugins also names the Python plugins of this session).
    def without_list(text):  # the plugins named or counted differ by the session's Python plugins
        return text.split(" (known:")[0].split(" (cpex list shows the")[0]
    assert without_list(err.strip()) == "cpex: error: " + without_list(message)
    assert sorted(os.listdir(tmp_path)) == ["bad.ini"]  # no store, not even a half-made one


def test_a_pipeline_from_dicts_names_the_key_like_a_file():
    with pytest.raises(cpex.ConfigError, match=r"^cpex.Pipeline: \[algorithm\] delta = 2 is out of range"):
        cpex.Pipeline(environment={"plugin": "gaussian", "means": [0.5, 0.4]}, oracle={"plugin": "top-k", "k": 1},
                      algorithm={"plugin": "lucb", "delta": 2})
    with pytest.raises(cpex.ConfigError, match="did you mean 'delta'"):
        cpex.Pipeline(environment={"plugin": "gaussian", "means": [0.5, 0.4]}, oracle={"plugin": "top-k", "k": 1},
                      algorithm={"plugin": "lucb"}, set={"algorithm.dleta": 0.1})
    with pytest.raises(cpex.ConfigError, match="a value must be one line"):
        cpex.Pipeline(environment={"plugin": "gaussian\nplugin = x"})
    with pytest.raises(cpex.ConfigError, match="has a \\[sweep\\] section"):
        cpex.run(cpex.Pipeline(environment={"plugin": "gaussian", "means": [0.5, 0.4]},
                               oracle={"plugin": "top-k", "k": 1}, algorithm={"plugin": "lucb"},
                               sweep={"algorithm.delta": [0.1, 0.2]}))


def test_an_input_is_never_overwritten(gaussian_file, tmp_path):
    before = gaussian_file.read_bytes()
    with pytest.raises(cpex.ConfigError, match="refusing to overwrite an input"):
        cpex.run(gaussian_file, out=gaussian_file)
    assert gaussian_file.read_bytes() == before
    foreign = tmp_path / "notes.csv"
    foreign.write_text("my notes\n")
    with pytest.raises(cpex.ConfigError, match="--force"):
        cpex.run(gaussian_file, out=foreign)
    assert foreign.read_text() == "my notes\n"
    assert len(cpex.run(gaussian_file, out=foreign, force=True)) == 12


def test_bad_options_and_unknown_names():
    with pytest.raises(cpex.ConfigError, match="threads"):
        cpex.run("x.ini", threads=0)
    with pytest.raises(cpex.ConfigError, match="does not exist"):
        cpex.run("/no/such/pipeline.ini")
    with pytest.raises(cpex.Error, match="no plugin named 'lucbx' \\(did you mean 'lucb'\\?\\)"):
        cpex.describe("lucbx")
    with pytest.raises(cpex.PluginError, match="does not exist"):
        cpex.load_plugins("/no/such/plugins")
    with pytest.raises(cpex.ConfigError, match="--shard"):
        cpex.sweep(cpex.Pipeline(environment={"plugin": "gaussian", "means": [0.5, 0.4]},
                                 oracle={"plugin": "top-k", "k": 1}, algorithm={"plugin": "lucb"}), shard="3/2")
