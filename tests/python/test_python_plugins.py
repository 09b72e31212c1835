"""Plugins written in Python run beside the compiled ones with the same seeds, judge and
store: a uniform-sampling algorithm with LUCB1's stopping rule passes the δ-correctness test
of the C++ plugins (the run summary's Clopper-Pearson upper bound on the error rate, from
the same C++ code, is at most δ, the best arms away from index 0; the algorithm is
cpex.examples.UniformLUCB); a Python Gaussian environment drawing from the run's streams
gives the compiled `gaussian`'s rows; a plugin's bad answers are run errors naming it, and
its ParameterError names the key."""
import math
import sqlite3

import pandas as pd
import pytest

import cpex
import cpex.examples


# The package's example plugins (python/cpex/examples.py).
UniformLUCB, PyGaussian = cpex.examples.UniformLUCB, cpex.examples.GaussianArms
cpex.register(UniformLUCB)
cpex.register(PyGaussian)


def gaussian(means, k, algorithm, repetitions, seed, sigma=0.5, delta=0.1, environment="gaussian"):
    return cpex.Pipeline(environment={"plugin": environment, "means": means, "sigma": sigma},
                         oracle={"plugin": "top-k", "k": k},
                         algorithm={"plugin": algorithm, "delta": delta} if delta else {"plugin": algorithm},
                         run={"repetitions": repetitions, "seed": seed, "max-samples": 10 ** 6})


@pytest.mark.parametrize("means, k, best", [
    ([0.3, 0.3, 0.9, 0.3], 1, "2"),             # best arm at index 2
    ([0.2, 0.9, 0.2, 0.9, 0.2], 2, "1 3"),      # top-2 at indices 1 and 3
])
def test_a_python_algorithm_is_delta_correct(means, k, best):
    delta = 0.1
    frame = cpex.run(gaussian(means, k, "uniform-lucb-py", 500, seed=2024, delta=delta))
    summary = frame.attrs["summary"]
    assert summary["runs"] == 500 and summary["capped"] == 0 and summary["failed"] == 0
    assert summary["wrong_rate_ci95"][1] <= delta, summary
    assert (frame.recommendation == best).mean() >= 1 - delta
    # The rule stops: no run near the cap, and the sample count is a multiple of the arms.
    assert frame.samples.max() < 10 ** 5 and (frame.samples % len(means) == 0).all()


def test_a_radius_too_narrow_fails_the_same_test():
    """The δ-correctness check can fail: LUCB's stop with a radius 20 times too narrow errs."""
    class Reckless(UniformLUCB):
        name = "reckless-py"

        def next(self):
            saved = self.sigma
            self.sigma = saved / 20
            try:
                return super().next()
            finally:
                self.sigma = saved
    cpex.register(Reckless)
    frame = cpex.run(gaussian([0.5, 0.45, 0.4, 0.45], 1, "reckless-py", 300, seed=3))
    assert frame.attrs["summary"]["wrong_rate_ci95"][1] > 0.1


def test_a_python_environment_on_the_run_streams_is_the_compiled_one():
    means = [0.5, 0.3, 0.2, 0.1]
    compiled = cpex.run(gaussian(means, 1, "lucb", 30, seed=8))
    python = cpex.run(gaussian(means, 1, "lucb", 30, seed=8, environment="gaussian-py"))
    assert (python.environment == "gaussian-py").all()
    same = ["run_id", "samples", "stopped", "recommendation", "correct", "resolved", "status"]
    pd.testing.assert_frame_equal(python[same], compiled[same])


def test_python_and_compiled_algorithms_share_a_sweep_and_a_store(tmp_path):
    pipeline = gaussian([0.3, 0.9, 0.3, 0.3], 1, "lucb", 20, seed=4)
    with pytest.warns(UserWarning, match="runs on one thread"):
        frame = cpex.sweep(pipeline, axes={"algorithm.plugin": ["lucb", "uniform-lucb-py"],
                                            "environment.plugin": ["gaussian", "gaussian-py"]},
                           out=tmp_path / "mixed.db", threads=2)
    assert len(frame) == 80 and frame.correct.all()
    with sqlite3.connect(tmp_path / "mixed.db") as db:
        plugins = dict(db.execute("SELECT key, value FROM meta").fetchall())["plugins"]
    assert "python:cpex.examples.UniformLUCB" in plugins and "python:cpex.examples.GaussianArms" in plugins


def test_the_same_seed_gives_the_same_python_rows():
    pipeline = gaussian([0.3, 0.9, 0.3, 0.3], 1, "uniform-lucb-py", 15, seed=6)
    first, second = cpex.run(pipeline), cpex.run(pipeline)
    assert list(first.samples) == list(second.samples)
    with pytest.warns(UserWarning, match="one thread"):
        third = cpex.run(pipeline, threads=2)
    assert list(third.samples) == list(first.samples)


class Broken(cpex.Algorithm):
    name = "broken-py"
    params = {"mode": cpex.Choice("arm", ["arm", "raise", "recommend"], "what goes wrong")}

    def start(self, context):
        self.n = context.problem.num_arms
        self.t = 0

    def next(self):
        self.t += 1
        if self.t > 5:
            return None
        if self.params["mode"] == "arm":
            return self.n
        if self.params["mode"] == "raise":
            raise ValueError("no arm\nfor you")
        return 0

    def observe(self, arm, reward):
        pass

    def recommend(self):
        return [0, 0]


class Picky(cpex.Algorithm):
    name = "picky-py"
    params = {"delta": cpex.Real(0.05, "(0, 1)", "error probability")}

    def start(self, context):
        if self.params["delta"] > 0.01 * context.problem.num_arms:
            raise cpex.ParameterError("delta", "must be at most 0.01 per arm here")


cpex.register(Broken)
cpex.register(Picky)


@pytest.mark.parametrize("mode, named", [
    ("arm", "Python algorithm 'broken-py': next() gave arm 4, but the problem has 4 arms"),
    ("raise", "Python algorithm 'broken-py': next() raised ValueError: no arm for you"),
    ("recommend", "Python algorithm 'broken-py': recommend() holds arm 0 twice"),
])
def test_bad_answers_are_run_errors_naming_the_plugin(mode, named, tmp_path):
    pipeline = cpex.Pipeline(environment={"plugin": "gaussian", "means": [0.5, 0.4, 0.3, 0.2]},
                             oracle={"plugin": "top-k", "k": 1},
                             algorithm={"plugin": "broken-py", "mode": mode}, run={"repetitions": 3},
                             check=False)
    with pytest.raises(cpex.RunsFailed) as raised:
        cpex.run(pipeline, out=tmp_path / "r.csv")
    assert "3 run(s) failed" in str(raised.value) and named in str(raised.value)
    frame = raised.value.frame
    assert list(frame.status) == ["error"] * 3 and all(named in e for e in frame.error)


def test_a_parameter_error_names_the_pipeline_section_and_key(tmp_path):
    with pytest.raises(cpex.ConfigError,
                       match=r"^cpex.Pipeline: \[algorithm\] delta: picky-py: must be at most 0.01 per arm here$"):
        cpex.Pipeline(environment={"plugin": "gaussian", "means": [0.5, 0.4]}, oracle={"plugin": "top-k", "k": 1},
                      algorithm={"plugin": "picky-py", "delta": 0.05})


def test_registration_replaces_a_python_plugin_and_protects_compiled_ones():
    class First(cpex.Algorithm):
        name = "replaced-py"

        def start(self, context):
            self.done = False

        def next(self):
            if self.done:
                return None
            self.done = True
            return 0

        def observe(self, arm, reward):
            pass

        def recommend(self):
            return 0

    class Second(First):
        def recommend(self):
            return 1

    cpex.register(First)
    pipeline = gaussian([0.5, 0.9], 1, "replaced-py", 2, seed=1, delta=None)
    assert list(cpex.run(pipeline).recommendation) == ["0", "0"]
    cpex.register(Second)
    assert list(cpex.run(pipeline).recommendation) == ["1", "1"]
    assert cpex.describe("replaced-py")["library"].endswith("Second")

    class Impostor(First):
        name = "lucb"
    with pytest.raises(cpex.PluginError, match="an algorithm of that name exists"):
        cpex.register(Impostor)


def test_a_python_algorithm_pulls_super_arms_on_a_full_bandit():
    class Pairs(cpex.Algorithm):
        """Pulls every pair once and recommends the pair with the highest observed sum."""
        name = "pairs-py"
        feedback = ("full-bandit-sum",)

        def start(self, context):
            n = context.problem.num_arms
            self.todo = [(i, j) for i in range(n) for j in range(i + 1, n)]
            self.best = (None, -math.inf)

        def next(self):
            return self.todo.pop() if self.todo else None

        def observe(self, arms, reward):
            assert isinstance(arms, tuple) and len(arms) == 2
            if reward > self.best[1]:
                self.best = (arms, reward)

        def recommend(self):
            return self.best[0]
    cpex.register(Pairs)
    frame = cpex.run(cpex.Pipeline(environment={"plugin": "full-bandit", "means": [0.1, 0.9, 0.2, 0.8],
                                                "k": 2, "sigma": 0.01},
                                   oracle={"plugin": "top-k", "k": 2}, algorithm={"plugin": "pairs-py"},
                                   run={"repetitions": 5}))
    assert list(frame.samples) == [6] * 5 and frame.correct.all() and (frame.recommendation == "1 3").all()
