#!/usr/bin/python3
"""An independent NumPy Track-and-Stop (Garivier & Kaufmann, COLT 2016, "Optimal Best Arm
Identification with Fixed Confidence", Section 3), C-Tracking and D-Tracking, written from
the paper to cross-check CPEx's sample complexities at K = 1,000 arms. It shares no code
with CPEx.

Instance: Gaussian arms, sigma = 0.5, K = 1000; arm 0 has mean 0.7, arms 1..999 have
np.round(np.linspace(0.5, 0.1, 999), 4). Ratios are samples / round(T*(mu) log(1/delta)),
i.e. samples / 62,033 at delta = 1e-6 (T* = 4,490).

Algorithm: pull every arm once; then each round t (t = samples so far)
  * stop when Z(t) = min_{b != best} N_1 N_b / (N_1 + N_b) (mu_1 - mu_b)^2 / (2 sigma^2)
    exceeds beta(t, delta) = log((log t + 1) / delta) (best = empirical best, the smallest
    index on ties), and recommend the empirical best;
  * otherwise compute w* = w*(mu_hat) afresh (every round) and pull
      D-Tracking: argmin_{a in U_t} N_a if U_t = {a : N_a < floor(t)} is non-empty,
                  else argmax_a (t w*_a - N_a);  floor(t) = sqrt(t) - K/2 (GK's, "sqrt-t")
                  or 3 sqrt(t / K) ("k-aware", CPEx's reading);
      C-Tracking: argmax_a (S_a - N_a), S_a = S_a(init) + sum over rounds s <= t of the
                  L-infinity projection of w*(mu_hat(s)) onto {w in simplex : w >= eps_s},
                  eps_s = (K^2 + s)^(-1/2) / 2. The three --init choices (0, the initial
                  counts 1 per arm, 1/K per arm) shift every S_a - N_a by the same constant,
                  so they pull the same arms (up to floating-point rounding at exact ties).
w* for Gaussian arms (GK's Theorem 5): with k_a = (mu_1 - mu_a)^2 / (2 sigma^2),
g_a(x) = k_a x / (1 + x), so x_a(y) = y / (k_a - y), and d(mu_1, m_a)/d(mu_a, m_a) = x_a^2;
y* solves F(y) = sum_a x_a(y)^2 = 1 on (0, min_a k_a) (safeguarded Newton: F is convex and
increasing); w_1 = 1 / (1 + sum_a x_a), w_a = x_a w_1, and 1 / T*(mu) = w_1 y*.

usage: /usr/bin/python3 benchmarks/peers/tracking_numpy.py --tracking c --runs 8 --seed 1
       [--delta 1e-6] [--floor sqrt-t|k-aware] [--init zero|ones|uniform] [--cap 2000000]
       [--weights estimated|true] [--lazy-step R]
"""
import argparse
import math
import sys
import time

from peer_common import check_arguments, np, summary  # noqa: E402  (NumPy, or a one-line refusal)

SIGMA = 0.5
K = 1000


def instance_means():
    return np.concatenate(([0.7], np.round(np.linspace(0.5, 0.1, 999), 4)))


class WStar:
    """Optimal weights w*(mu) for Gaussian best-arm identification (warm-started)."""

    def __init__(self):
        self.y_prev = None

    def solve(self, k, best):
        """k: array of k_a = (mu_best - mu_a)^2 / (2 sigma^2) with k[best] = inf.
        Returns (w, y*)."""
        kmin = k.min()
        if not kmin > 0.0:  # an empirical tie with the best arm: w* undefined
            n_tied = np.count_nonzero(k == 0.0) + 1
            w = np.where(k == 0.0, 1.0 / n_tied, 0.0)
            w[best] = 1.0 / n_tied
            return w, 0.0
        lo, hi = 0.0, kmin  # F(lo) = 0 < 1 < F(hi) = inf
        y = self.y_prev if (self.y_prev is not None and self.y_prev < kmin) else 0.5 * kmin
        for _ in range(100):
            r = 1.0 / (k - y)  # 0 for the best arm
            x = y * r
            f = x @ x - 1.0
            if abs(f) < 1e-13:
                break
            if f > 0.0:
                hi = y
            else:
                lo = y
            fprime = 2.0 * (x @ (r * (1.0 + x)))  # dx/dy = k / (k - y)^2 = r (1 + x)
            y_new = y - f / fprime
            if not (lo < y_new < hi):
                y_new = 0.5 * (lo + hi)
            if hi - lo <= 1e-15 * hi:
                y = y_new
                break
            y = y_new
        self.y_prev = y
        r = 1.0 / (k - y)
        x = y * r
        w1 = 1.0 / (1.0 + x.sum())
        w = x * w1
        w[best] = w1
        return w, y


def gaps_k(means, best):
    k = (means[best] - means) ** 2 / (2.0 * SIGMA ** 2)
    k[best] = np.inf
    return k


def characteristic_time(means):
    best = int(np.argmax(means))
    w, y = WStar().solve(gaps_k(means, best), best)
    return 1.0 / (w[best] * y), w


def project_floor(w, eps):
    """L-infinity projection of w onto {v in simplex : v >= eps}: v = max(w - eta, eps)
    with eta chosen (exactly, by sorting) so that v sums to 1."""
    if w.min() >= eps:
        return w
    n = len(w)
    s = np.sort(w)[::-1]  # descending
    # With the top j weights kept (lowered by eta) and the rest at eps:
    # eta_j = (sum_{i<j} s_i + (n - j) eps - 1) / j; valid when s_{j-1} - eta_j >= eps.
    csum = np.cumsum(s)
    j = np.arange(1, n + 1)
    eta = (csum + (n - j) * eps - 1.0) / j
    valid = s - eta >= eps
    jj = np.nonzero(valid)[0][-1]  # the largest valid j gives the projection
    return np.maximum(w - eta[jj], eps)


def run_once(means, rng, tracking, delta, floor, init, cap, true_weights=None, lazy_step=0.0):
    n = len(means)
    counts = np.ones(n)
    sums = means + SIGMA * rng.standard_normal(n)  # initial pass, rounds 1..K
    mu_hat = sums.copy()
    t = n
    if init == "zero":
        track = np.zeros(n)
    elif init == "ones":
        track = np.ones(n)
    else:
        track = np.full(n, 1.0 / n)
    solver = WStar()
    log_inv_delta = math.log(1.0 / delta)
    noise = rng.standard_normal(65536)
    noise_pos = 0
    solved_best, solved_t, w = -1, 0, None  # the last solve's answer and round (--lazy-step)
    while True:
        best = int(np.argmax(mu_hat))  # smallest index on ties
        k = gaps_k(mu_hat, best)
        n1 = counts[best]
        z = np.min(n1 * counts / (n1 + counts) * k)
        if z > math.log(math.log(t) + 1.0) + log_inv_delta or t >= cap:
            return t, best, z
        # w*(mu_hat(t)), or the true w*(mu) throughout (--weights true: the oracle baseline)
        if true_weights is not None:
            w = true_weights
        elif best != solved_best or t >= (1.0 + lazy_step) * solved_t:  # every round when 0
            w = solver.solve(k, best)[0]
            solved_best, solved_t = best, t
        if tracking == "c":
            eps = 0.5 / math.sqrt(n * n + t)
            track += project_floor(w, eps)
            arm = int(np.argmax(track - counts))
        else:
            level = math.sqrt(t) - n / 2.0 if floor == "sqrt-t" else 3.0 * math.sqrt(t / n)
            starved = counts < level
            if starved.any():
                arm = int(np.argmin(np.where(starved, counts, np.inf)))
            else:
                arm = int(np.argmax(t * w - counts))
        if noise_pos == len(noise):
            noise = rng.standard_normal(65536)
            noise_pos = 0
        sums[arm] += means[arm] + SIGMA * noise[noise_pos]
        noise_pos += 1
        counts[arm] += 1.0
        mu_hat[arm] = sums[arm] / counts[arm]
        t += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tracking", choices=["c", "d"], required=True)
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1, help="first seed; run i uses seed + i")
    parser.add_argument("--delta", type=float, default=1e-6)
    parser.add_argument("--floor", choices=["sqrt-t", "k-aware"], default="sqrt-t",
                        help="D-Tracking's forced-exploration floor")
    parser.add_argument("--init", choices=["zero", "ones", "uniform"], default="ones",
                        help="C-Tracking's running sum S at the end of the initial pass")
    parser.add_argument("--cap", type=int, default=2_000_000)
    parser.add_argument("--lazy-step", type=float, default=0.0,
                        help="solve w*(mu_hat) again only when the empirical best changes or t has grown by "
                             "this fraction since the last solve (default 0: every round, the paper)")
    parser.add_argument("--weights", choices=["estimated", "true"], default="estimated",
                        help="track w*(mu_hat(t)) (the algorithm) or the true w*(mu) (the oracle baseline, "
                             "CPEx's oracle-weights: the cost of the noisy GLR alone)")
    args = parser.parse_args()
    check_arguments(parser, args)
    if not (args.lazy_step >= 0.0 and math.isfinite(args.lazy_step)):
        parser.error(f"--lazy-step must be a finite fraction >= 0, got {args.lazy_step}")

    means = instance_means()
    tstar, w_true = characteristic_time(means)
    reference = float(round(tstar * math.log(1.0 / args.delta)))
    print(f"# T*(mu) = {tstar:.2f}; ratios below are samples / (T* log(1/delta)) = "
          f"samples / {reference:.0f}", flush=True)
    desc = f"C-Tracking init={args.init}" if args.tracking == "c" else f"D-Tracking floor={args.floor}"
    desc += ", the true w*" if args.weights == "true" else ""
    desc += f", w* solved again after {args.lazy_step:g} growth of t" if args.lazy_step > 0 else ""
    print(f"# {desc}, delta={args.delta:g}, K={len(means)}, sigma={SIGMA}, cap={args.cap}", flush=True)
    ratios, capped = [], 0
    for i in range(args.runs):
        seed = args.seed + i
        rng = np.random.default_rng(seed)
        c0 = time.process_time()
        samples, rec, z = run_once(means, rng, args.tracking, args.delta, args.floor, args.init, args.cap,
                                   w_true if args.weights == "true" else None, args.lazy_step)
        cpu = time.process_time() - c0
        if samples >= args.cap:  # reached the cap: not a stopping time
            capped += 1
            print(f"seed {seed}  samples {samples}  capped  cpu {cpu:.1f}s", flush=True)
            continue
        ratios.append(samples / reference)
        print(f"seed {seed}  samples {samples}  ratio {samples / reference:.3f}  "
              f"correct {rec == 0}  Z {z:.2f}  cpu {cpu:.1f}s", flush=True)
    print("# " + summary(ratios, capped), flush=True)


if __name__ == "__main__":
    sys.exit(main())
