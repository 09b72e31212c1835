// TTTS's challenger by plain re-drawing and Karp-Luby-Madras's union of events
// (ttts_challenger.hpp).
#include "cpex/identification/ttts_challenger.hpp"

#include <algorithm>
#include <cmath>

#include "cpex/identification/posterior.hpp"

namespace cpex::identification {

namespace {

using Kind = numerics::ArmFamily::Kind;

// P(Z > -x) = Phi(x) for a standard normal Z.
double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// The best-arm answer: argmax, smallest index on ties.
std::size_t argmax(std::span<const double> theta) {
  return static_cast<std::size_t>(std::max_element(theta.begin(), theta.end()) - theta.begin());
}

}  // namespace

double normal_above(double a, RandomStream& rng) {
  if (a < 0.0) {
    for (;;) {
      const double z = rng.normal();
      if (z > a) return z;
    }
  }
  const double rate = 0.5 * (a + std::sqrt(a * a + 4.0));
  for (;;) {
    const double z = a + rng.exponential() / rate;
    const double gap = z - rate;
    if (rng.uniform01() <= std::exp(-0.5 * gap * gap) && z > a) return z;
  }
}

std::size_t TttsChallenger::plain_try(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                                      std::span<const double> counts, std::size_t leader, RandomStream& rng) {
  posterior_draw(families, means, counts, rng, theta_);
  const std::size_t best = argmax(theta_);
  return best == leader ? means.size() : best;
}

bool TttsChallenger::prepare(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                             std::span<const double> counts, std::size_t leader) {
  const std::size_t k = means.size();
  centre_.resize(k);
  spread_.resize(k);
  cumulative_.resize(k);
  for (std::size_t a = 0; a < k; ++a) {
    const double n = counts[a];
    switch (families[a].kind()) {
      case Kind::Gaussian:
        centre_[a] = means[a];
        spread_[a] = families[a].sigma() / std::sqrt(n);
        break;
      case Kind::Bernoulli: {
        // Beta(alpha, beta), alpha = 1 + S, beta = 1 + N - S: mean alpha / (alpha + beta),
        // variance alpha beta / ((alpha + beta)^2 (alpha + beta + 1)).
        const double ones = std::round(means[a] * n), alpha = 1.0 + ones, total = 2.0 + n;
        centre_[a] = alpha / total;
        spread_[a] = std::sqrt(centre_[a] * (1.0 - centre_[a]) / (total + 1.0));
        break;
      }
      default: return false;
    }
  }
  double sum = 0.0;
  for (std::size_t j = 0; j < k; ++j) {
    if (j != leader) {
      const double gap = centre_[j] - centre_[leader];
      sum += normal_cdf(gap / std::sqrt(spread_[j] * spread_[j] + spread_[leader] * spread_[leader]));
    }
    cumulative_[j] = sum;
  }
  return true;
}

std::size_t TttsChallenger::union_try(std::size_t leader, RandomStream& rng) {
  const std::size_t k = centre_.size();
  // 1. j with probability P(E_j) / sum_k P(E_k) (P(E_leader) = 0: never picked).
  const double u = rng.uniform01() * cumulative_.back();
  const std::size_t j = std::min<std::size_t>(
      static_cast<std::size_t>(std::upper_bound(cumulative_.begin(), cumulative_.end(), u) - cumulative_.begin()),
      k - 1);
  if (j == leader) return k;  // only when u lands on the leader's zero-width slot's edge
  // 2. D = theta_j - theta_I ~ N(gap, v) given D > 0; theta_I given D is Gaussian with mean
  //    mu_I - (s_I^2 / v)(D - gap) and variance s_I^2 s_j^2 / v (Cov(theta_I, D) = -s_I^2).
  const double s_i = spread_[leader], s_j = spread_[j];
  const double v = s_i * s_i + s_j * s_j, sd = std::sqrt(v), gap = centre_[j] - centre_[leader];
  const double d = gap + sd * normal_above(-gap / sd, rng);
  const double theta_i = centre_[leader] - (s_i * s_i / v) * (d - gap) + (s_i * s_j / sd) * rng.normal();
  // 3. The other arms from their posteriors; N = #{k != I : theta_k > theta_I}.
  std::size_t above = 1, best = j;
  double top = theta_i + d;
  for (std::size_t a = 0; a < k; ++a) {
    if (a == leader || a == j) continue;
    const double theta = centre_[a] + spread_[a] * rng.normal();
    if (theta > theta_i) ++above;
    if (theta > top || (theta == top && a < best)) {
      top = theta;
      best = a;
    }
  }
  // 4. Accept with probability 1 / N.
  return rng.uniform01() * static_cast<double>(above) < 1.0 ? best : k;
}

std::size_t TttsChallenger::draw(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                                 std::span<const double> counts, std::size_t leader, RandomStream& rng,
                                 bool union_of_events) {
  const std::size_t none = means.size();
  int tries = 0;
  for (; tries < kPlainTries; ++tries)
    if (const std::size_t c = plain_try(families, means, counts, leader, rng); c != none) return c;
  const bool prepared = union_of_events && prepare(families, means, counts, leader);
  // Every P(E_j) below the smallest double: E is as good as impossible, give up now.
  if (prepared && !(cumulative_.back() > 0.0)) return none;
  const bool use_union = prepared && cumulative_.back() < 1.0;
  for (; tries < kMaxTries; ++tries) {
    const std::size_t c = use_union ? union_try(leader, rng) : plain_try(families, means, counts, leader, rng);
    if (c != none) return c;
  }
  return none;
}

}  // namespace cpex::identification
