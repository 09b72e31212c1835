"""An independent NumPy lil'UCB learner in the style of banditpylib's (the peer of
benchmarks/peers/compare_lil_ucb.py): lil'UCB-heuristic of Jamieson, Malloy, Nowak &
Bubeck (COLT 2014), written from the paper, with sigma in the radius.

Like banditpylib's learner it is an object with `actions()` (the arm to pull next, or None
when it stops) and `update(arm, reward)`, keeps per-arm pull counts, empirical means and
UCB indices in NumPy arrays and finds the arm to pull with `np.argmax` over the indices
(O(N) per sample). Parameters: epsilon = 0, beta = 1/2, lambda = 1 + 10/N,
delta = (1 - confidence) / 5. The radius is
    (1 + beta)(1 + sqrt(eps)) sqrt(2 sigma^2 (1 + eps) log(log((1 + eps) T + 2) / delta) / T)
(the "+ 2" keeps the iterated logarithm defined at T = 1, as CPEx's LilRadius does).
"""
import math

from peer_common import np  # noqa: E402  (NumPy, or a one-line refusal)


class LilUCBHeuristic:
    def __init__(self, arm_num, confidence, sigma):
        self.arm_num = arm_num
        self.beta = 0.5
        self.eps = 0.0
        self.lam = 1.0 + 10.0 / arm_num
        self.delta = (1.0 - confidence) / 5.0
        self.sigma = sigma
        self.pulls = np.zeros(arm_num, dtype=np.int64)
        self.sums = np.zeros(arm_num)
        self.ucb = np.zeros(arm_num)
        self.total = 0

    def radius(self, t):
        eps = self.eps
        inner = math.log(math.log((1.0 + eps) * t + 2.0) / self.delta)
        return ((1.0 + self.beta) * (1.0 + math.sqrt(eps)) *
                math.sqrt(2.0 * self.sigma ** 2 * (1.0 + eps) * inner / t))

    def actions(self):
        if self.total < self.arm_num:  # initialization: every arm once
            return self.total
        top = int(self.pulls.max())
        if top >= 1 + self.lam * (self.total - top):
            return None
        return int(np.argmax(self.ucb))

    def update(self, arm, reward):
        self.pulls[arm] += 1
        self.sums[arm] += reward
        self.total += 1
        t = int(self.pulls[arm])
        self.ucb[arm] = self.sums[arm] / t + self.radius(t)

    def best_arm(self):
        return int(np.argmax(self.pulls))


def run_once(means, sigma, confidence, rng):
    """One run on independent Gaussian arms; returns (samples, recommended arm)."""
    learner = LilUCBHeuristic(len(means), confidence, sigma)
    while True:
        arm = learner.actions()
        if arm is None:
            return learner.total, learner.best_arm()
        learner.update(arm, rng.normal(means[arm], sigma))
