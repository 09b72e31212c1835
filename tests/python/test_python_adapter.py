"""The Python adapter binds every field of the C++ plugin interface: a Python Gaussian
environment that declares its reward model serves `track-and-stop` (which assumes Gaussian
or Bernoulli rewards) with the rows of the compiled `gaussian`; a Python fixed-budget
algorithm is told its budget and its runs end there (status `budget`); an algorithm's
reward requirement refuses other environments; schemas are the C++ objects (ranges,
roles, the checks of the C++ builder), and `cpex.describe` gives them."""
import pandas as pd
import pytest

import cpex
import cpex.examples

cpex.register(cpex.examples.GaussianArms)

MEANS = [0.5, 0.4, 0.35, 0.2]


def bandit(environment, algorithm, run, sigma=0.5):
    return cpex.Pipeline(environment={"plugin": environment, "means": MEANS, "sigma": sigma},
                         oracle={"plugin": "top-k", "k": 1}, algorithm=algorithm, run=run)


def test_a_python_gaussian_environment_serves_track_and_stop_with_gaussians_rows():
    run = {"repetitions": 6, "seed": 17, "max-samples": 10 ** 6}
    algorithm = {"plugin": "track-and-stop", "delta": 0.1}
    compiled = cpex.run(bandit("gaussian", algorithm, run), threads=1)
    python = cpex.run(bandit("gaussian-py", algorithm, run), threads=1)
    assert (python.status == "stopped").all() and python.samples.min() > 4
    same = [c for c in compiled.columns if c not in ("environment", "wall_time_s")]
    pd.testing.assert_frame_equal(python[same], compiled[same])


class UniformBudget(cpex.Algorithm):
    """Fixed budget: the arms in turn until the run ends at its budget, then the empirical best."""
    name = "uniform-budget-py"
    settings = ("fixed-budget",)
    anytime = False

    def start(self, context):
        assert context.budget > 0
        self.budget, self.n = context.budget, context.problem.num_arms
        self.sums, self.pulls, self.t = [0.0] * self.n, [0] * self.n, 0

    def next(self):
        self.t += 1
        return (self.t - 1) % self.n

    def observe(self, arm, reward):
        self.sums[arm] += reward
        self.pulls[arm] += 1

    def recommend(self):
        return max(range(self.n), key=lambda i: self.sums[i] / max(self.pulls[i], 1))

    def resolved(self):
        return {"budget": self.budget}


cpex.register(UniformBudget)


def test_a_python_fixed_budget_algorithm_runs_to_its_budget():
    frame = cpex.run(bandit("gaussian", {"plugin": "uniform-budget-py"}, {"repetitions": 5, "budget": 400}))
    assert list(frame.status) == ["budget"] * 5 and list(frame.samples) == [400] * 5
    assert list(frame["resolved.budget"]) == [400] * 5
    assert frame.attrs["summary"]["at_budget"] == 5 and frame.attrs["summary"]["ended"] == 5
    described = cpex.describe("uniform-budget-py")["needs"]
    assert described["settings"] == "fixed-budget" and described["anytime"] is False
    # Without a budget the fixed-budget algorithm is refused before any run.
    with pytest.raises(cpex.ConfigError, match="uniform-budget-py"):
        cpex.run(bandit("gaussian", {"plugin": "uniform-budget-py"}, {"repetitions": 1}))


def test_a_reward_requirement_refuses_other_environments():
    class BernoulliOnly(UniformBudget):
        name = "bernoulli-only-py"
        settings = ("fixed-confidence", "fixed-budget")
        rewards = cpex.RewardRequirement.families_of(["bernoulli"])
    cpex.register(BernoulliOnly)
    with pytest.raises(cpex.ConfigError, match="needs bernoulli rewards.*gaussian"):
        cpex.run(bandit("gaussian-py", {"plugin": "bernoulli-only-py"}, {"repetitions": 1, "budget": 40}))
    assert cpex.describe("gaussian-py")["kind"] == "environment"
    assert repr(cpex.describe("bernoulli-only-py")["needs"]["rewards"]) == "cpex.RewardRequirement(bernoulli rewards)"


def test_schemas_are_the_cpp_objects():
    schema = cpex.describe("uniform-lucb-py" if _registered("uniform-lucb-py") else "lucb")["schema"]
    assert isinstance(schema, cpex.ParamSchema)
    delta = schema.find("delta")
    assert delta.role == "confidence" and str(delta.range) == "(0, 1)" and 0.5 in delta.range
    assert cpex.Range.parse(str(cpex.Range.at_least(1))) == cpex.Range.at_least(1)
    assert cpex.describe("lucb")["parameters"][0]["role"] == "confidence"

    class TwoTargets(UniformBudget):
        name = "two-targets-py"
        params = {"delta": cpex.Real(0.1, "(0, 1)", "target", role="confidence"),
                  "nu": cpex.Real(0.1, cpex.Range.open(0, 1), "another target", role="confidence")}
    with pytest.raises(cpex.ConfigError, match=r"TwoTargets.params\['nu'\]: parameters 'delta' and 'nu' both "
                                               r"have the role confidence"):
        cpex.register(TwoTargets)

    class BadRange(UniformBudget):
        name = "bad-range-py"
        params = {"x": cpex.Real(0.1, "0 to 1", "x")}
    with pytest.raises(cpex.ConfigError, match=r"BadRange.params\['x'\]: range '0 to 1': expected an interval"):
        cpex.register(BadRange)


def _registered(name):
    return name in set(cpex.plugins().name)


class RoundRobinBatches(cpex.Algorithm):
    """Batches and delays: proposes the arms in turn while up to two pulls are pending."""
    name = "round-robin-batches-py"
    batches = True

    def start(self, context):
        self.n, self.t, self.seen = context.problem.num_arms, 0, 0

    def next(self):
        return self.propose(())

    def propose(self, pending):
        if self.seen >= 12:
            return None
        if len(pending) >= 2:
            return "wait"
        self.t += 1
        return (self.t - 1) % self.n

    def observe(self, arm, reward):
        self.seen += 1

    def recommend(self):
        return 0


cpex.register(RoundRobinBatches)


def test_a_python_algorithm_with_batches_proposes_while_pulls_are_pending(tmp_path):
    study = cpex.Study.create(tmp_path / "batches.db", study={"arms": 3, "rewards": "bernoulli"},
                              oracle={"plugin": "top-k", "k": 1}, algorithm={"plugin": "round-robin-batches-py"},
                              run={"seed": 1})
    assert cpex.describe("round-robin-batches-py")["needs"]["batches"] is True
    asked = study.ask(5)
    assert [a["arm"] for a in asked] == ["0", "1"]  # then "wait": two pulls pending
    study.tell(reward=1, ask=asked[1]["ask"])
    assert [a["arm"] for a in study.ask(5)] == ["2"]
