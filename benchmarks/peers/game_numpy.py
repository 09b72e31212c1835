"""An independent NumPy implementation of the game sampler of Degenne, Koolen & Menard,
"Non-Asymptotic Pure Exploration by Solving Games" (NeurIPS 2019, arXiv 1906.10431),
for best-arm identification with Gaussian arms of known sigma, written to compare with
CPEx's `game` sampler. It was written from the paper and the authors' public Julia code
(libpurex: "DaBomb", AdaHedge, C-tracking), without reading CPEx's implementation.

One round, after one pull of every arm (t = number of samples so far):
  * answer i_t = argmax of the empirical means (first index on ties);
  * k-player: the AdaHedge learner of answer i_t (one learner per answer, as the paper's
    Algorithm 1 and the authors' code; --learner single uses one learner for all) plays w_t;
  * lambda-player best-responds: the closest alternative in which i_t is not best under
    sum_a w_a d(mu_hat_a, lambda_a): for the challenger b minimising
    w_i w_b / (w_i + w_b) (mu_hat_i - mu_hat_b)^2 / (2 sigma^2), arms i_t and b move to
    their w-weighted mean, all other arms stay at mu_hat;
  * the learner is fed the gains (losses = -gains)
        optimism on : U_a = max( max_{xi : N_a d(mu_hat_a, xi) <= f(t)} d(xi, lambda_a),
                                 f(t) / N_a ),  f(t) = log(t)
                      = (|mu_hat_a - lambda_a| + sqrt(2 sigma^2 f(t) / N_a))^2 / (2 sigma^2)
        optimism off: U_a = d(mu_hat_a, lambda_a);
  * C-tracking (cumulative, no forced exploration): pull argmin_a N_a - sum_{s<=t} w_s,a,
    the sum started at the counts after the initial pass (first index on ties).
Stopping: GLR Z(t) = min_{b != best} N_i N_b / (N_i + N_b) (mu_hat_i - mu_hat_b)^2
/ (2 sigma^2) > log((log(t) + 1) / delta), checked before every sample once every arm has
been pulled; recommends the empirical best.

Default instance: K = 1000, sigma = 0.5, arm 0 = 0.7, arms 1..999 = round(linspace(0.5,
0.1, 999), 4); T*(mu) = 4,490, T* log(1/delta) = 62,033 at delta = 1e-6.
"""
import argparse
import math
import sys
import time

from peer_common import check_arguments, np, summary  # noqa: E402  (NumPy, or a one-line refusal)

T_STAR_LOG = 62033.0  # T*(mu) log(1/delta) at delta = 1e-6, for the default instance


def default_means():
    return np.concatenate(([0.7], np.round(np.linspace(0.5, 0.1, 999), 4)))


class AdaHedge:
    """AdaHedge (de Rooij, van Erven, Grunwald & Koolen 2014) on K experts with losses.

    eta = log(K) / Delta, Delta = cumulative mixability gap (started at delta0 > 0, as the
    authors' code does, so that eta is finite in the first round)."""

    def __init__(self, k, delta0=0.01):
        self.cum_loss = np.zeros(k)
        self.gap = delta0
        self.log_k = math.log(k)

    def _mix(self, eta):
        shifted = self.cum_loss - self.cum_loss.min()
        expo = np.exp(-eta * shifted)
        mix = self.cum_loss.min() - math.log(expo.mean()) / eta
        return expo, mix

    def weights(self):
        expo, _ = self._mix(self.log_k / self.gap)
        return expo / expo.sum()

    def incur(self, loss):
        eta = self.log_k / self.gap
        expo, mix_before = self._mix(eta)
        w = expo / expo.sum()
        self.cum_loss += loss
        _, mix_after = self._mix(eta)
        self.gap += max(float(w @ loss) - (mix_after - mix_before), 0.0)


def run_once(means, sigma, delta, rng, optimism=True, learner="per-answer",
             cap=2_000_000, log=None, log_every=100_000):
    """One run; returns (samples, recommended arm)."""
    k = len(means)
    two_var = 2.0 * sigma * sigma
    counts = np.ones(k)
    sums = rng.normal(means, sigma)          # initial pass: every arm once
    t = k
    learners = {}
    sum_w = counts.copy()                     # C-tracking: cumulative weights, from N
    while True:
        mu_hat = sums / counts
        best = int(np.argmax(mu_hat))
        gap2 = (mu_hat[best] - mu_hat) ** 2 / two_var

        # stopping rule: GLR against the closest challenger
        n_b = counts[best]
        z = n_b * counts / (n_b + counts) * gap2
        z[best] = np.inf
        if z.min() > math.log((math.log(t) + 1.0) / delta) or t >= cap:
            return t, best

        # k-player
        key = best if learner == "per-answer" else 0
        hedge = learners.get(key)
        if hedge is None:
            hedge = learners[key] = AdaHedge(k)
        w = hedge.weights()

        # lambda-player: best response in the alternative to `best`
        wi = w[best]
        denom = wi + w
        with np.errstate(invalid="ignore", divide="ignore"):
            cost = np.where(denom > 0, wi * w / denom, 0.0) * gap2
        cost[best] = np.inf
        b = int(np.argmin(cost))
        if denom[b] > 0:
            theta = (wi * mu_hat[best] + w[b] * mu_hat[b]) / denom[b]
        else:
            theta = 0.5 * (mu_hat[best] + mu_hat[b])
        lam = mu_hat.copy()
        lam[best] = theta
        lam[b] = theta

        # gains for the k-player
        if optimism:
            f_over_n = math.log(t) / counts
            radius = np.sqrt(two_var * f_over_n)
            gain = (np.abs(mu_hat - lam) + radius) ** 2 / two_var
            np.maximum(gain, f_over_n, out=gain)
        else:
            gain = (mu_hat - lam) ** 2 / two_var
        hedge.incur(-gain)

        # C-tracking
        sum_w += w
        arm = int(np.argmin(counts - sum_w))
        sums[arm] += rng.normal(means[arm], sigma)
        counts[arm] += 1.0
        t += 1
        if log is not None and t % log_every == 0:
            log.write(f"    t={t} best={best} Z={z.min():.2f}\n")
            log.flush()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--runs", type=int, default=6)
    p.add_argument("--seed", type=int, default=1, help="seed of the first run; run r uses seed+r")
    p.add_argument("--delta", type=float, default=1e-6)
    p.add_argument("--optimism", choices=["on", "off"], default="on")
    p.add_argument("--learner", choices=["per-answer", "single"], default="per-answer")
    p.add_argument("--sigma", type=float, default=0.5)
    p.add_argument("--cap", type=int, default=2_000_000)
    p.add_argument("--reference", type=float, default=None,
                   help="denominator of the ratio (default: T* log(1/delta) of the default instance, "
                        "62,033 at delta = 1e-6 and sigma = 0.5, scaled by log(1/delta) and sigma^2)")
    p.add_argument("--log", default=None, help="progress log file (appended)")
    args = p.parse_args(argv)
    check_arguments(p, args)

    means = default_means()
    ref = args.reference
    if ref is None:
        # Gaussian T*(mu) scales as sigma^2 (every divergence is diff^2 / (2 sigma^2)).
        ref = T_STAR_LOG * (args.sigma / 0.5) ** 2 * math.log(1.0 / args.delta) / math.log(1e6)
    log = open(args.log, "a") if args.log else None

    def say(line):
        print(line, flush=True)
        if log:
            log.write(line + "\n")
            log.flush()

    say(f"# game_numpy: K={len(means)} sigma={args.sigma} delta={args.delta} "
        f"optimism={args.optimism} learner={args.learner} reference={ref:.0f}")
    ratios, capped = [], 0
    for r in range(args.runs):
        seed = args.seed + r
        rng = np.random.default_rng(seed)
        start = time.process_time()
        samples, rec = run_once(means, args.sigma, args.delta, rng,
                                optimism=args.optimism == "on", learner=args.learner,
                                cap=args.cap, log=log)
        cpu = time.process_time() - start
        if samples >= args.cap:  # reached the cap: not a stopping time
            capped += 1
            say(f"seed={seed} samples={samples} capped cpu={cpu:.1f}s")
            continue
        ratios.append(samples / ref)
        say(f"seed={seed} samples={samples} ratio={samples / ref:.3f} "
            f"correct={rec == 0} cpu={cpu:.1f}s")
    say(summary(ratios, capped))
    if log:
        log.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
