// GreedyOSA, seed 003 Alg. 2. Deviations, all documented in docs/algorithms/cpe-cs.md:
// - floating point: the safe base is computed with a margin (delta_i is taken positive
//   when the test of line 4 is within rounding, and the floor argument is lowered by
//   1e-9 (1 + alpha_i)); by Claim (b) of Theorem 5 any lower base still yields the leading
//   optimum, it only costs a few more greedy steps;
// - the greedy increments one arm at a time from a binary heap keyed by the decrease
//   M_i = n_i^2 theta_i / (y_i (y_i + 1)) (the paper's difference, written without
//   cancellation), ties to the larger index; this is the paper's "increment all of C(t),
//   in the last step the largest indices" (an incremented arm's next M is strictly smaller);
// - a group with theta_i = 0 gets delta_i = 1 (its forced sample is pure slack; the paper's
//   line 4 gives 0 and its base then overshoots the budget, e.g. theta = (0, .., 0, 1), k = m);
// - theta = 0 everywhere makes Z undefined: every allocation has variance 0 and the
//   leading (lexicographically smallest) one is y = (1, ..., 1).
#include "greedy_osa.hpp"

#include <algorithm>
#include <cmath>

namespace cpex::oracles {

std::size_t greedy_osa(std::span<const double> theta, std::span<const double> sizes,
                       std::size_t k, std::span<double> y, GreedyOsaScratch& s) {
  const std::size_t m = theta.size();
  s.weight.resize(m);
  s.alpha.resize(m);
  s.slack.resize(m);
  double total = 0.0;
  for (std::size_t i = 0; i < m; ++i) {
    s.weight[i] = sizes[i] * sizes[i] * theta[i];  // n_i^2 theta_i
    total += sizes[i] * std::sqrt(theta[i]);
  }
  if (total <= 0.0) {
    std::fill(y.begin(), y.end(), 1.0);
    return 0;
  }
  const double budget = static_cast<double>(k);
  double slack_sum = 0.0;
  for (std::size_t i = 0; i < m; ++i) {
    const double a = sizes[i] * std::sqrt(theta[i]) / total * budget;  // Z n_i sqrt(theta_i) k
    const double c = std::ceil(a);
    s.alpha[i] = a;
    // Line 4: delta_i = 0 iff ceil(a)(ceil(a) - 1) >= a^2; within rounding, keep the slack.
    // theta_i = 0 (a = 0) forces y_i = 1 = a + 1 although line 4 gives delta_i = 0: count
    // that sample as slack (delta_i = 1), else the base overshoots (Claim (a) of Theorem 5
    // silently assumes theta > 0; clamped lower corners in COCI have zeros all the time).
    if (a <= 0.0)
      s.slack[i] = 1.0;
    else
      s.slack[i] = c * (c - 1.0) >= a * a * (1.0 + 1e-12) ? 0.0 : c - a;
    slack_sum += s.slack[i];
  }
  std::size_t used = 0;
  for (std::size_t i = 0; i < m; ++i) {
    const double arg = s.alpha[i] - (slack_sum - s.slack[i]) - 1e-9 * (1.0 + s.alpha[i]);
    const double base = std::max(1.0, std::floor(arg));
    y[i] = base;
    used += static_cast<std::size_t>(base);
  }
  if (used >= k) return 0;  // line 14 (used > k cannot happen: the base is below an optimum)
  // Greedy (lines 18-25) with a max-heap over arms of (M_i, i).
  auto decrease = [&](std::size_t i) { return s.weight[i] / (y[i] * (y[i] + 1.0)); };
  auto less = [&](std::size_t a, std::size_t b) {
    const double ma = decrease(a), mb = decrease(b);
    return ma < mb || (ma == mb && a < b);
  };
  s.heap.resize(m);
  for (std::size_t i = 0; i < m; ++i) s.heap[i] = i;
  std::make_heap(s.heap.begin(), s.heap.end(), less);
  const std::size_t steps = k - used;
  for (std::size_t step = 0; step < steps; ++step) {
    std::pop_heap(s.heap.begin(), s.heap.end(), less);
    const std::size_t arm = s.heap.back();
    y[arm] += 1.0;
    std::push_heap(s.heap.begin(), s.heap.end(), less);
  }
  return steps;
}

}  // namespace cpex::oracles
