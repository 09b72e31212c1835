// Reference fixed-budget simulators (see the header): plain loops over the papers'
// pseudocode, ties broken by the first index (the test instances are Gaussian: no ties).
#include "reference_simulators.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace cpex::test {

namespace {

struct Tallies {
  std::vector<double> sum;
  std::vector<double> count;
  explicit Tallies(std::size_t n) : sum(n, 0.0), count(n, 0.0) {}
  void pull(GaussianBandit& bandit, std::size_t arm, std::uint64_t times) {
    for (std::uint64_t i = 0; i < times; ++i) sum[arm] += bandit.pull(arm);
    count[arm] += static_cast<double>(times);
  }
  double mean(std::size_t arm) const { return sum[arm] / count[arm]; }
};

std::vector<std::size_t> sorted(std::vector<std::size_t> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// n_k of Audibert et al. (2010), written out here from the paper (not the numerics
// library's schedule, which this file checks): ceil((T - K) / (log_bar(K) (K + 1 - k))),
// log_bar(K) = 1/2 + sum_{i=2}^K 1/i. SR and SAR share it.
double phase_end(std::uint64_t budget, std::size_t K, std::size_t k) {
  double log_bar = 0.5;
  for (std::size_t i = 2; i <= K; ++i) log_bar += 1.0 / static_cast<double>(i);
  return std::ceil(static_cast<double>(budget - K) / (log_bar * static_cast<double>(K + 1 - k)));
}

// The K - 1 phases of SR and SAR: phase k samples every arm still active until it has n_k
// samples in all, then `decide(t)` (the tallies so far) takes one arm out of `active`, or
// returns false to end the phases early.
template <class Decide>
void sr_phases(GaussianBandit& bandit, std::uint64_t budget, std::vector<std::size_t>& active, Decide decide) {
  const std::size_t K = bandit.means.size();
  Tallies t(K);
  double previous = 0.0;
  for (std::size_t k = 1; k < K; ++k) {
    const double n_k = phase_end(budget, K, k);
    for (std::size_t arm : active) t.pull(bandit, arm, static_cast<std::uint64_t>(n_k - previous));
    previous = n_k;
    if (!decide(t)) return;
  }
}

}  // namespace

std::vector<std::size_t> simulate_successive_rejects(GaussianBandit& bandit, std::uint64_t budget) {
  std::vector<std::size_t> active(bandit.means.size());
  std::iota(active.begin(), active.end(), 0);
  sr_phases(bandit, budget, active, [&](const Tallies& t) {
    active.erase(std::min_element(active.begin(), active.end(),
                                  [&](std::size_t a, std::size_t b) { return t.mean(a) < t.mean(b); }));
    return true;
  });
  return active;
}

std::vector<std::size_t> simulate_sequential_halving(GaussianBandit& bandit, std::uint64_t budget) {
  const std::size_t n = bandit.means.size();
  const auto rounds = static_cast<std::size_t>(std::ceil(std::log2(static_cast<double>(n))));
  std::vector<std::size_t> survivors(n);
  std::iota(survivors.begin(), survivors.end(), 0);
  for (std::size_t r = 0; r < rounds; ++r) {
    const std::uint64_t t_r = budget / (survivors.size() * rounds);
    Tallies t(n);  // the round's samples only
    for (std::size_t arm : survivors) t.pull(bandit, arm, t_r);
    std::sort(survivors.begin(), survivors.end(),
              [&](std::size_t a, std::size_t b) { return t.mean(a) > t.mean(b); });
    survivors.resize((survivors.size() + 1) / 2);
  }
  return survivors;
}

std::vector<std::size_t> simulate_sar(GaussianBandit& bandit, std::size_t m, std::uint64_t budget) {
  std::vector<std::size_t> active(bandit.means.size()), accepted;
  std::iota(active.begin(), active.end(), 0);
  bool ended = false;  // every place taken (or every active arm accepted) before the last phase
  sr_phases(bandit, budget, active, [&](const Tallies& t) {
    const std::size_t open = m - accepted.size();
    if (open == active.size()) accepted.insert(accepted.end(), active.begin(), active.end());
    if (open == 0 || open == active.size()) {
      ended = true;
      return false;
    }
    std::vector<std::size_t> order = active;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return t.mean(a) > t.mean(b); });
    double best_gap = -1.0;
    std::size_t chosen = 0;
    for (std::size_t r = 0; r < order.size(); ++r) {
      const double gap = r < open ? t.mean(order[r]) - t.mean(order[open])
                                  : t.mean(order[open - 1]) - t.mean(order[r]);
      if (gap > best_gap) {
        best_gap = gap;
        chosen = order[r];
      }
    }
    if (t.mean(chosen) > t.mean(order[open])) accepted.push_back(chosen);
    active.erase(std::find(active.begin(), active.end(), chosen));
    return true;
  });
  if (!ended && accepted.size() < m) accepted.insert(accepted.end(), active.begin(), active.end());
  return sorted(accepted);
}

std::vector<std::size_t> simulate_csar_top_k(GaussianBandit& bandit, std::size_t k, std::uint64_t budget) {
  const std::size_t n = bandit.means.size();
  double log_tilde = 0.0;
  for (std::size_t i = 1; i <= n; ++i) log_tilde += 1.0 / static_cast<double>(i);
  std::vector<int> state(n, 0);  // 1 accepted, -1 rejected
  Tallies t(n);
  // COracle for top-k: the accepted arms plus the best free arms; empty if infeasible.
  auto constrained = [&](const std::vector<int>& s, bool& ok) {
    std::vector<std::size_t> in, free;
    for (std::size_t e = 0; e < n; ++e) {
      if (s[e] == 1) in.push_back(e);
      if (s[e] == 0) free.push_back(e);
    }
    ok = in.size() <= k && in.size() + free.size() >= k;
    if (!ok) return in;
    std::sort(free.begin(), free.end(), [&](std::size_t a, std::size_t b) { return t.mean(a) > t.mean(b); });
    for (std::size_t i = 0; in.size() < k; ++i) in.push_back(free[i]);
    return in;
  };
  auto value = [&](const std::vector<std::size_t>& set) {
    double v = 0.0;
    for (std::size_t e : set) v += t.mean(e);
    return v;
  };
  double previous = 0.0;
  for (std::size_t phase = 1; phase <= n; ++phase) {
    const double T_t = std::ceil(static_cast<double>(budget - n) / (log_tilde * static_cast<double>(n - phase + 1)));
    for (std::size_t e = 0; e < n; ++e)
      if (state[e] == 0) t.pull(bandit, e, static_cast<std::uint64_t>(T_t - previous));
    previous = T_t;
    bool ok = false;
    const std::vector<std::size_t> best = constrained(state, ok);
    const double best_value = value(best);
    double widest = -std::numeric_limits<double>::infinity();
    std::size_t chosen = 0;
    for (std::size_t e = 0; e < n; ++e) {
      if (state[e] != 0) continue;
      const bool member = std::find(best.begin(), best.end(), e) != best.end();
      std::vector<int> s = state;
      s[e] = member ? -1 : 1;
      bool feasible = false;
      const std::vector<std::size_t> other = constrained(s, feasible);
      const double gap = feasible ? best_value - value(other) : std::numeric_limits<double>::infinity();
      if (gap > widest) {
        widest = gap;
        chosen = e;
      }
    }
    state[chosen] = std::find(best.begin(), best.end(), chosen) != best.end() ? 1 : -1;
  }
  std::vector<std::size_t> out;
  for (std::size_t e = 0; e < n; ++e)
    if (state[e] == 1) out.push_back(e);
  return out;
}

std::vector<std::size_t> simulate_ugape_budget(GaussianBandit& bandit, std::size_t m,
                                               std::uint64_t budget, double a) {
  const std::size_t K = bandit.means.size();
  const double b = 2.0 * bandit.sigma;
  Tallies t(K);
  for (std::size_t i = 0; i < K; ++i) t.pull(bandit, i, 1);
  std::vector<std::size_t> best_set;
  double best_bound = std::numeric_limits<double>::infinity();
  std::vector<double> U(K), L(K), beta(K), B(K);
  for (std::uint64_t round = K + 1; round <= budget; ++round) {
    for (std::size_t i = 0; i < K; ++i) {
      beta[i] = b * std::sqrt(a / t.count[i]);
      U[i] = t.mean(i) + beta[i];
      L[i] = t.mean(i) - beta[i];
    }
    for (std::size_t i = 0; i < K; ++i) {  // m-th largest U among the other arms
      std::vector<double> others;
      for (std::size_t j = 0; j < K; ++j)
        if (j != i) others.push_back(U[j]);
      std::sort(others.begin(), others.end(), std::greater<>());
      B[i] = others[m - 1] - L[i];
    }
    std::vector<std::size_t> order(K);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return B[x] < B[y]; });
    std::vector<std::size_t> J(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(m));
    double bound = -std::numeric_limits<double>::infinity();
    for (std::size_t i : J) bound = std::max(bound, B[i]);
    if (bound <= best_bound) {
      best_bound = bound;
      best_set = sorted(J);
    }
    std::size_t u = order[m], l = J.front();
    for (std::size_t r = m; r < K; ++r)
      if (U[order[r]] > U[u]) u = order[r];
    for (std::size_t i : J)
      if (L[i] < L[l]) l = i;
    t.pull(bandit, beta[l] > beta[u] ? l : u, 1);
  }
  return best_set;
}

}  // namespace cpex::test
