// TTTS's challenger by plain re-drawing and Karp-Luby-Madras's union of events
// (ttts_challenger.hpp).
#include "cpex/identification/ttts_challenger.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

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

double TttsChallenger::log_ratio(const Arm& arm, double x) {
  if (arm.kind == Kind::Gaussian) return 0.0;
  if (!(x > 0.0 && x < 1.0)) return -std::numeric_limits<double>::infinity();
  const double z = (x - arm.centre) / arm.spread;
  // (alpha - 1) log x is 0 for alpha = 1, also as x -> 0.
  return (arm.alpha > 1.0 ? (arm.alpha - 1.0) * std::log(x) : 0.0) +
         (arm.beta > 1.0 ? (arm.beta - 1.0) * std::log1p(-x) : 0.0) + 0.5 * z * z + arm.constant;
}

namespace {

// The Gaussian stand-in of Beta(alpha, beta) (alpha + beta >= 3) and log(f / g)'s supremum.
void fit_beta(double alpha, double beta, double& centre, double& spread, double& constant, double& log_sup) {
  const double total = alpha + beta;
  centre = alpha / total;
  // min_x kappa(x), kappa = (alpha - 1) / x^2 + (beta - 1) / (1 - x)^2: at x / (1 - x) =
  // cbrt((alpha - 1) / (beta - 1)), or at the end where a term vanishes.
  double kappa;
  if (alpha <= 1.0 || beta <= 1.0) {
    kappa = std::max(alpha, beta) - 1.0;
  } else {
    const double t = std::cbrt((alpha - 1.0) / (beta - 1.0)), x = t / (1.0 + t);
    kappa = (alpha - 1.0) / (x * x) + (beta - 1.0) / ((1.0 - x) * (1.0 - x));
  }
  const double variance = std::max(centre * (1.0 - centre) / (total + 1.0), 1.0 / kappa);
  spread = std::sqrt(variance);
  // log f - log g = (alpha - 1) log x + (beta - 1) log(1 - x) - log B(alpha, beta)
  //                 + (x - centre)^2 / (2 variance) + log sqrt(2 pi variance).
  constant = std::lgamma(total) - std::lgamma(alpha) - std::lgamma(beta) +
             0.5 * std::log(2.0 * std::numbers::pi * variance);
  // Concave: the supremum where the (decreasing) derivative changes sign, by bisection.
  double lo = 0.0, hi = 1.0;
  for (int i = 0; i < 80; ++i) {
    const double x = 0.5 * (lo + hi);
    const double slope = (alpha - 1.0) / x - (beta - 1.0) / (1.0 - x) + (x - centre) / variance;
    (slope > 0.0 ? lo : hi) = x;
  }
  const double x = std::clamp(0.5 * (lo + hi), std::numeric_limits<double>::min(), 1.0 - 0x1.0p-53);
  const double z = (x - centre) / spread;
  log_sup = (alpha > 1.0 ? (alpha - 1.0) * std::log(x) : 0.0) + (beta > 1.0 ? (beta - 1.0) * std::log1p(-x) : 0.0) +
            0.5 * z * z + constant + 1e-9;  // a margin for the bisection's last digits
}

}  // namespace

bool TttsChallenger::prepare(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                             std::span<const double> counts, std::size_t leader) {
  const std::size_t k = means.size();
  arms_.resize(k);
  cumulative_.resize(k);
  log_sup_max_ = 0.0;
  for (std::size_t a = 0; a < k; ++a) {
    Arm& arm = arms_[a];
    const numerics::ArmFamily& family = families[a];
    if (family.kind() != Kind::Gaussian && family.kind() != Kind::Bernoulli) return false;
    if (arm.kind != family.kind() || arm.sigma != family.sigma() || arm.mean != means[a] || arm.count != counts[a]) {
      arm.kind = family.kind();
      arm.sigma = family.sigma();
      arm.mean = means[a];
      arm.count = counts[a];
      if (arm.kind == Kind::Gaussian) {
        arm.centre = means[a];
        arm.spread = family.sigma() / std::sqrt(counts[a]);
        arm.log_sup = 0.0;
      } else {
        const double ones = std::round(means[a] * counts[a]);
        arm.alpha = 1.0 + ones;
        arm.beta = 1.0 + counts[a] - ones;
        if (arm.alpha + arm.beta < 3.0) {  // no pull yet: no stand-in
          arm.count = -1.0;
          return false;
        }
        fit_beta(arm.alpha, arm.beta, arm.centre, arm.spread, arm.constant, arm.log_sup);
      }
    }
    if (a != leader) log_sup_max_ = std::max(log_sup_max_, arm.log_sup);
  }
  const Arm& lead = arms_[leader];
  double sum = 0.0;
  for (std::size_t j = 0; j < k; ++j) {
    if (j != leader) {
      const double gap = arms_[j].centre - lead.centre;
      sum += normal_cdf(gap / std::sqrt(arms_[j].spread * arms_[j].spread + lead.spread * lead.spread));
    }
    cumulative_[j] = sum;
  }
  return true;
}

std::size_t TttsChallenger::union_try(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                                      std::span<const double> counts, std::size_t leader, RandomStream& rng) {
  const std::size_t k = arms_.size();
  ++union_proposals_;
  // 1. j with probability P_g(E_j) / sum_k P_g(E_k) (the leader's slot has width 0).
  const double u = rng.uniform01() * cumulative_.back();
  const std::size_t j = std::min<std::size_t>(
      static_cast<std::size_t>(std::upper_bound(cumulative_.begin(), cumulative_.end(), u) - cumulative_.begin()),
      k - 1);
  if (j == leader) return k;
  // 2. Under g, D = theta_j - theta_I ~ N(gap, v) given D > 0; theta_I given D is Gaussian with
  //    mean c_I - (s_I^2 / v)(D - gap) and variance s_I^2 s_j^2 / v (Cov(theta_I, D) = -s_I^2).
  const Arm &lead = arms_[leader], &rival = arms_[j];
  const double s_i = lead.spread, s_j = rival.spread;
  const double v = s_i * s_i + s_j * s_j, sd = std::sqrt(v), gap = rival.centre - lead.centre;
  const double d = gap + sd * normal_above(-gap / sd, rng);
  const double theta_i = lead.centre - (s_i * s_i / v) * (d - gap) + (s_i * s_j / sd) * rng.normal();
  const double log_r_i = log_ratio(lead, theta_i);
  if (log_r_i == -std::numeric_limits<double>::infinity()) return k;
  // 3. The other arms from their posteriors; the sum of 1 / r over S = {k != I : theta_k > theta_I}.
  std::size_t best = j;
  double top = theta_i + d, inverse_sum = std::exp(-log_ratio(rival, top));
  for (std::size_t a = 0; a < k; ++a) {
    if (a == leader || a == j) continue;
    const Arm& arm = arms_[a];
    const double theta = arm.kind == Kind::Gaussian ? arm.centre + arm.spread * rng.normal()
                                                    : posterior_draw(families[a], means[a], counts[a], rng);
    if (theta <= theta_i) continue;
    inverse_sum += arm.kind == Kind::Gaussian ? 1.0 : std::exp(-log_ratio(arm, theta));
    if (theta > top || (theta == top && a < best)) {
      top = theta;
      best = a;
    }
  }
  // 4. Accept with probability r_I / (R_I R_max sum_S 1 / r) (1 / |S| for Gaussian arms).
  const double accept = std::exp(log_r_i - lead.log_sup - log_sup_max_) / inverse_sum;
  return rng.uniform01() < accept ? best : k;
}

std::size_t TttsChallenger::draw(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                                 std::span<const double> counts, std::size_t leader, RandomStream& rng,
                                 bool union_of_events) {
  const std::size_t none = means.size();
  int tries = 0;
  for (; tries < kPlainTries; ++tries)
    if (const std::size_t c = plain_try(families, means, counts, leader, rng); c != none) return c;
  const bool prepared = union_of_events && prepare(families, means, counts, leader);
  // Every P_g(E_j) below the smallest double: E is as good as impossible, give up now.
  if (prepared && !(cumulative_.back() > 0.0)) return none;
  // The union's acceptance is P(E) / (V R_I R_max), plain re-drawing's P(E), at about the same
  // cost a try.
  const bool use_union =
      prepared && cumulative_.back() * std::exp(arms_[leader].log_sup + log_sup_max_) < 1.0;
  for (; tries < kMaxTries; ++tries) {
    const std::size_t c = use_union ? union_try(families, means, counts, leader, rng) : plain_try(families, means, counts, leader, rng);
    if (c != none) return c;
  }
  return none;
}

}  // namespace cpex::identification
