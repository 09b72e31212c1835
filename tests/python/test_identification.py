"""The identification API from Python (python/cpex/identification.py): cpex.Problem's T*, w* and
GLR statistic equal `cpex hardness --json` (the program) and the C++ API posed from names, to
1e-9, on every family and query of the identification suite of `cpex check`; the GLR statistic
of the best arm equals its closed form; bad arguments fail in one line."""
import json
import math

import pytest

import cpex
from conftest import run_cli

# (label, environment, oracle, algorithm epsilon, names for cpex.Problem): the families and
# queries of the identification suite (framework/host/check_suites.cpp).
INSTANCES = [
    ("gaussian best arm", "plugin = gaussian\nmeans = 0.8, 0.75, 0.5, 0.3\nsigma = 0.5\n", "plugin = top-k\nk = 1\n", 0.0,
     dict(family="gaussian", sigma=0.5, query="best-arm")),
    ("bernoulli top-2", "plugin = bernoulli\nmeans = 0.8, 0.75, 0.65, 0.3, 0.2\n", "plugin = top-k\nk = 2\n", 0.0,
     dict(family="bernoulli", query="top-m", m=2)),
    ("poisson best arm", "plugin = poisson\nmeans = 2, 4, 1.5, 1\n", "plugin = top-k\nk = 1\n", 0.0,
     dict(family="poisson", query="best-arm")),
    ("exponential top-2", "plugin = exponential\nmeans = 1, 0.3, 2, 3\n", "plugin = top-k\nk = 2\n", 0.0,
     dict(family="exponential", query="top-m", m=2)),
    ("gaussian unknown variance", "plugin = gaussian\nmeans = 0.2, 1.2, 0.5, 0.1\nsigmas = 0.5, 0.4, 0.6, 0.3\n"
     "variance = unknown\n", "plugin = top-k\nk = 1\n", 0.0,
     dict(family="gaussian-unknown-variance", variances=[0.25, 0.16, 0.36, 0.09], query="best-arm")),
    ("bernoulli thresholds", "plugin = bernoulli\nmeans = 0.2, 0.75, 0.3, 0.8\n", "plugin = threshold\ntau = 0.5\n", 0.0,
     dict(family="bernoulli", query="threshold", tau=0.5)),
    ("gaussian any above", "plugin = gaussian\nmeans = 0.1, 0.9, 0.2, 0.85\nsigma = 0.5\n",
     "plugin = threshold\ntau = 0.5\nquery = any\n", 0.0, dict(family="gaussian", sigma=0.5, query="any-above", tau=0.5)),
    ("gaussian 0.1-good", "plugin = gaussian\nmeans = 0.3, 0.8, 0.75, 0.2\nsigma = 0.5\n", "plugin = top-k\nk = 1\n", 0.1,
     dict(family="gaussian", sigma=0.5, query="epsilon-good", epsilon=0.1)),
]


def pipeline_text(environment, oracle, epsilon):
    return ("[environment]\n" + environment + "[oracle]\n" + oracle +
            "[algorithm]\nplugin = top-two\ndelta = 0.01\nepsilon = %g\n[run]\nseed = 1\nrepetitions = 1\n" % epsilon)


def close(a, b):
    return abs(a - b) <= 1e-9 * max(1.0, abs(b))


@pytest.mark.parametrize("label,environment,oracle,epsilon,names", INSTANCES, ids=[i[0] for i in INSTANCES])
def test_t_star_and_glr_equal_the_program_and_the_cpp_api(tmp_path, label, environment, oracle, epsilon, names):
    path = tmp_path / "instance.ini"
    path.write_text(pipeline_text(environment, oracle, epsilon))
    status, out, err = run_cli("hardness", path, "--json")
    assert status == 0, err
    measures = json.loads(out)["measures"]
    from_pipeline = cpex.Problem.from_pipeline(str(path))
    truth = from_pipeline.truth
    t = from_pipeline.characteristic_time(truth)
    assert close(t["T_star"], measures["T_star"]), (t, measures)
    assert all(close(a, b) for a, b in zip(t["w_star"], measures["w_star"]))
    assert len(t["w_star"]) == len(measures["w_star"])
    assert close(cpex.hardness(str(path))["measures"]["T_star"], measures["T_star"])
    # Posed from names: the same C++ problem, the same numbers.
    from_names = cpex.Problem(arms=len(truth), **names)
    assert from_names.name == from_pipeline.name
    assert from_names.answer(truth) == from_pipeline.answer(truth)
    assert close(from_names.characteristic_time(truth)["T_star"], measures["T_star"])
    assert all(close(a, b) for a, b in zip(from_names.optimal_weights(truth), measures["w_star"]))
    # The GLR statistic at made-up empirical means and counts, and every piece's cost: the
    # statistic is the least of them.
    means = [m + 0.01 * (i % 3) for i, m in enumerate(truth)]
    counts = [10.0 + 3 * i for i in range(len(truth))]
    variances = names.get("variances")
    g = from_names.glr(means, counts, every_piece=True, variances=variances)
    h = from_pipeline.glr(means, counts, every_piece=True, variances=variances)
    assert close(g["statistic"], h["statistic"]) and g["answer"] == h["answer"] == from_names.answer(means)
    assert g["pieces"] and close(g["statistic"], min(p["cost"] for p in g["pieces"]))
    assert len(g["alternative"]) == len(truth)


def test_best_arm_glr_is_the_closed_form():
    # Gaussian best arm: min_j N_1 N_j / (N_1 + N_j) (mu_1 - mu_j)^2 / (2 sigma^2).
    sigma, means, counts = 0.5, [0.9, 0.6, 0.7, 0.2], [40.0, 10.0, 20.0, 5.0]
    p = cpex.Problem("gaussian", "best-arm", arms=4, sigma=sigma)
    g = p.glr(means, counts)
    expected = min(counts[0] * counts[j] / (counts[0] + counts[j]) * (means[0] - means[j]) ** 2 / (2 * sigma ** 2)
                   for j in (1, 2, 3))
    assert g["answer"] == [0]
    assert abs(g["statistic"] - expected) <= 1e-12
    assert g["arms"] in ([0, 2], [2, 0]) and abs(g["alternative"][0] - g["alternative"][2]) <= 1e-12


def test_thresholds_by_name():
    p = cpex.Problem("gaussian", "best-arm", arms=5)
    # gk-theorem: log(2 t N / delta), N = K - 1 pieces.
    assert abs(p.threshold("gk-theorem", 100, 0.01) - math.log(2 * 100 * 4 / 0.01)) <= 1e-12
    assert abs(p.threshold("gk-experiments", 100, 0.01) - math.log((math.log(100) + 1) / 0.01)) <= 1e-12
    assert p.threshold("kk2021", 100, 0.01, size=2) == cpex.threshold("kk2021", 100, 0.01, pieces=4, size=2)
    with pytest.raises(ValueError, match="unknown threshold 'gk'"):
        p.threshold("gk", 100, 0.01)


def test_bad_arguments_fail_in_one_line():
    with pytest.raises(ValueError, match="unknown family 'gauss'"):
        cpex.Problem("gauss", "best-arm", arms=3)
    with pytest.raises(ValueError, match="means has 2 entries for 3 arms"):
        cpex.Problem("gaussian", "best-arm", arms=3).answer([1.0, 2.0])
    # The public description of an environment's problem is still cpex.Problem(num_arms=...).
    assert cpex.Problem(num_arms=3, noise_sigma=0.5).num_arms == 3


class PyGlrSampler(cpex.Algorithm):
    """A Python top-two sampler on cpex.Problem: EB leader, TC challenger (the closest
    alternative's other arm), GLR stop at the gk-experiments threshold."""
    name = "py-glr-sampler"
    params = {"delta": cpex.Real(0.05, "(0, 1)", "confidence")}

    def start(self, context):
        self.n = context.problem.num_arms
        self.problem = cpex.Problem("gaussian", "best-arm", arms=self.n, sigma=context.problem.noise_sigma)
        self.sums, self.counts, self.t, self.rng = [0.0] * self.n, [0.0] * self.n, 0, context.rng

    def next(self):
        if self.t < self.n:
            return self.t
        means = [s / c for s, c in zip(self.sums, self.counts)]
        g = self.problem.glr(means, self.counts)
        if g["statistic"] > self.problem.threshold("gk-experiments", self.t, self.params["delta"]):
            return None
        leader = g["answer"][0]
        challenger = [a for a in g["arms"] if a != leader][0]
        return leader if self.rng.uniform() < 0.5 else challenger

    def observe(self, arm, reward):
        self.sums[arm] += reward
        self.counts[arm] += 1
        self.t += 1

    def recommend(self):
        return self.problem.answer([s / c if c else 0.0 for s, c in zip(self.sums, self.counts)])


def test_a_python_algorithm_asks_the_problem_each_round():
    cpex.register(PyGlrSampler)
    p = cpex.Pipeline(environment={"plugin": "gaussian", "means": [1.0, 0.5, 0.2], "sigma": 0.5},
                      oracle={"plugin": "top-k", "k": 1}, algorithm={"plugin": "py-glr-sampler", "delta": 0.01},
                      run={"seed": 1, "repetitions": 20})
    df = cpex.run(p, threads=1)
    assert len(df) == 20 and (df["correct"] == 1).all() and (df["samples"] > 3).all()
