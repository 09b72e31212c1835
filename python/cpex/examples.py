"""Plugins written in Python, as examples (docs/python.md) and for the tests and the
benchmark: uniform sampling with LUCB1's stopping rule, and Gaussian arms drawn from the
run's streams exactly as the compiled `gaussian` draws them. Not registered on import:

    import cpex, cpex.examples
    cpex.register(cpex.examples.UniformLUCB)       # "uniform-lucb-py"
    cpex.register(cpex.examples.GaussianArms)      # "gaussian-py"
"""
import math

from ._plugins import Algorithm, Environment, Real, RealList
from . import _native


class UniformLUCB(Algorithm):
    """Samples the arms in turn; after every full round, stops when the lowest lower bound of
    the empirical top k is at least the highest upper bound of the others, with LUCB1's
    radius sqrt(2 σ² ln(k1 n t⁴ / δ) / u), k1 = 5/4 (Kalyanakrishnan et al. 2012, σ-sub-
    Gaussian rewards; u pulls per arm, t pulls in all; k is the oracle's decision size)."""
    name = "uniform-lucb-py"
    summary = "uniform sampling with LUCB1's stopping rule (Python example)"
    params = {"delta": Real(0.05, "(0, 1)", "target error probability", role="confidence")}

    def start(self, context):
        problem = context.problem
        self.n, self.sigma = problem.num_arms, problem.noise_sigma
        self.k = context.oracle.decision_size or 1
        self.sums = [0.0] * self.n
        self.t = 0

    def _ranked(self):
        u = max(1, self.t // self.n)
        means = [s / u for s in self.sums]
        return means, sorted(range(self.n), key=lambda i: (-means[i], i))

    def next(self):
        if self.t and self.t % self.n == 0:
            u = self.t // self.n
            radius = math.sqrt(2 * self.sigma ** 2 * math.log(1.25 * self.n * self.t ** 4 / self.params["delta"]) / u)
            means, order = self._ranked()
            if min(means[i] for i in order[:self.k]) - radius >= max(means[i] for i in order[self.k:]) + radius:
                return None
        return self.t % self.n

    def observe(self, arm, reward):
        self.sums[arm] += reward
        self.t += 1

    def recommend(self):
        return sorted(self._ranked()[1][:self.k])


class GaussianArms(Environment):
    """The compiled `gaussian` in Python: arm i's reward is mean_i + σ · N(0, 1) drawn from
    the run's noise stream of arm i, and its Problem declares Gaussian rewards, so it gives
    the compiled environment's rows under any algorithm (track-and-stop included)."""
    name = "gaussian-py"
    summary = "independent Gaussian arms (Python example)"
    params = {"means": RealList(help="arm means"), "sigma": Real(1.0, "(0, inf)", "noise standard deviation")}

    def start(self, context):
        self.means, self.sigma = self.params["means"], self.params["sigma"]
        self.streams = [context.noise(i) for i in range(len(self.means))]

    def problem(self):
        core = _native.core()
        return core.Problem(num_arms=len(self.means), noise_sigma=self.sigma, rewards=core.RewardModel.gaussian())

    def truth(self):
        return self.means

    def pull(self, arm):
        return self.means[arm] + self.sigma * self.streams[arm].normal()
