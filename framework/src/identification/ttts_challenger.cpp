// TTTS's challenger by plain re-drawing and Karp-Luby-Madras's union of events
// (ttts_challenger.hpp).
#include "cpex/identification/ttts_challenger.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "cpex/identification/posterior.hpp"
#include "cpex/numerics/normal_distribution.hpp"

namespace cpex::identification {

namespace {

using Kind = numerics::ArmFamily::Kind;
using numerics::normal_cdf;

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
  draws_.draw(families, means, counts, rng, theta_);
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

void TttsChallenger::fit_beta(Arm& arm) {
  const double alpha = arm.alpha, beta = arm.beta, total = alpha + beta;
  // The variance: the Beta's, or 1 / min_x kappa(x) when larger, kappa = -(log f)'' =
  // (alpha - 1) / x^2 + (beta - 1) / (1 - x)^2 (least at x / (1 - x) = cbrt((alpha - 1) /
  // (beta - 1))). Then log r'' = 1 / variance - kappa <= 0: log r is concave and R moderate
  // (the Beta's variance alone leaves g's tails lighter than f's far from the mean, and R
  // astronomically large: e^13 for Beta(2986, 1958)). With alpha = 1 (no one yet) kappa is
  // least at x = 0, the side away from the leader, and 1 / kappa(0) = 1 / (beta - 1) would
  // make g far wider than f; we take kappa(1/2) = 4 (beta - 1) (log r is then largest at 0,
  // R = r(0)), and the mirror image for beta = 1. R is computed exactly whatever the variance.
  const double m = alpha / total;
  double kappa;
  if (alpha <= 1.0 || beta <= 1.0) {
    kappa = 4.0 * (std::max(alpha, beta) - 1.0);
  } else {
    const double t = std::cbrt((alpha - 1.0) / (beta - 1.0)), x = t / (1.0 + t);
    kappa = (alpha - 1.0) / (x * x) + (beta - 1.0) / ((1.0 - x) * (1.0 - x));
  }
  const double variance = std::max(m * (1.0 - m) / (total + 1.0), 1.0 / kappa);
  arm.centre = m;
  arm.spread = std::sqrt(variance);
  // log f - log g = (alpha - 1) log x + (beta - 1) log(1 - x) - log B(alpha, beta)
  //                 + (x - m)^2 / (2 variance) + log sqrt(2 pi variance).
  arm.constant = std::lgamma(total) - std::lgamma(alpha) - std::lgamma(beta) +
                 0.5 * std::log(2.0 * std::numbers::pi * variance);
  // Its supremum over (0, 1): at an end where it is finite (alpha = 1 at 0, beta = 1 at 1) or
  // where its derivative vanishes, i.e. at a root in (0, 1) of the cubic
  //   P(x) = x (1 - x)(x - m) + variance ((alpha - 1)(1 - x) - (beta - 1) x)
  //        = -x^3 + (1 + m) x^2 - (m + variance (alpha + beta - 2)) x + variance (alpha - 1)
  // (the derivative times variance x (1 - x)). P is monotone between the roots of P', so each
  // of its (at most three) monotone pieces in (0, 1) is bisected where its sign changes.
  const double c1 = m + variance * (total - 2.0), c0 = variance * (alpha - 1.0);
  const auto cubic = [&](double x) { return ((-x + (1.0 + m)) * x - c1) * x + c0; };
  double log_sup = -std::numeric_limits<double>::infinity();
  if (alpha <= 1.0) log_sup = std::max(log_sup, log_ratio(arm, std::numeric_limits<double>::min()));
  if (beta <= 1.0) log_sup = std::max(log_sup, log_ratio(arm, 1.0 - 0x1.0p-53));
  // P'(x) = -3 x^2 + 2 (1 + m) x - c1.
  double cuts[4] = {0.0, 1.0, 1.0, 1.0};
  int n = 1;
  const double disc = (1.0 + m) * (1.0 + m) - 3.0 * c1;
  if (disc > 0.0) {
    const double r = std::sqrt(disc);
    for (const double x : {((1.0 + m) - r) / 3.0, ((1.0 + m) + r) / 3.0})
      if (x > 0.0 && x < 1.0) cuts[n++] = x;
  }
  cuts[n] = 1.0;
  for (int i = 0; i < n; ++i) {
    double lo = cuts[i], hi = cuts[i + 1];
    const bool rising = cubic(lo) < cubic(hi);
    if ((cubic(lo) > 0.0) == (cubic(hi) > 0.0)) continue;  // no sign change on this piece
    for (int step = 0; step < 80; ++step) {
      const double x = 0.5 * (lo + hi);
      ((cubic(x) < 0.0) == rising ? lo : hi) = x;
    }
    const double x = std::clamp(0.5 * (lo + hi), std::numeric_limits<double>::min(), 1.0 - 0x1.0p-53);
    log_sup = std::max(log_sup, log_ratio(arm, x));
  }
  arm.log_sup = log_sup + 1e-9;  // a margin for the bisection's last digits
  arm.sup = std::exp(arm.log_sup);
}

bool TttsChallenger::prepare(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                             std::span<const double> counts, std::size_t leader) {
  const std::size_t k = means.size();
  arms_.resize(k);
  cumulative_.resize(k);
  changed_.clear();
  for (std::size_t a = 0; a < k; ++a) {
    Arm& arm = arms_[a];
    const numerics::ArmFamily& family = families[a];
    if (family.kind() != Kind::Gaussian && family.kind() != Kind::Bernoulli) {
      terms_leader_ = kNoLeader;  // arms left half updated: no kept term is trusted
      return false;
    }
    if (arm.kind != family.kind() || arm.sigma != family.sigma() || arm.mean != means[a] || arm.count != counts[a]) {
      changed_.push_back(a);
      arm.kind = family.kind();
      arm.sigma = family.sigma();
      arm.mean = means[a];
      arm.count = counts[a];
      if (arm.kind == Kind::Gaussian) {
        arm.centre = means[a];
        arm.spread = family.sigma() / std::sqrt(counts[a]);
        arm.log_sup = 0.0;
        arm.sup = 1.0;
      } else {
        const double ones = std::round(means[a] * counts[a]);
        arm.alpha = 1.0 + ones;
        arm.beta = 1.0 + counts[a] - ones;
        if (arm.alpha + arm.beta < 3.0) {  // no pull yet: no stand-in
          arm.count = -1.0;
          terms_leader_ = kNoLeader;
          return false;
        }
        fit_beta(arm);
      }
    }
  }
  // Each term R_j P_g(E_j) is kept from the last call while arm j's proposal and the leader's
  // (index, centre, spread) are the same: only the arms pulled since are computed again (the
  // K normal distribution functions were most of a round at 10^4 arms). The same products,
  // summed in the same order: the same partial sums.
  const Arm& lead = arms_[leader];
  const auto term = [&](std::size_t j) {
    const double gap = arms_[j].centre - lead.centre;
    return normal_cdf(gap /
                      std::sqrt(arms_[j].spread * arms_[j].spread + lead.spread * lead.spread)) *
           arms_[j].sup;
  };
  if (terms_.size() != k || terms_leader_ != leader || terms_centre_ != lead.centre ||
      terms_spread_ != lead.spread) {
    terms_.resize(k);
    for (std::size_t j = 0; j < k; ++j) terms_[j] = j == leader ? 0.0 : term(j);
    terms_leader_ = leader;
    terms_centre_ = lead.centre;
    terms_spread_ = lead.spread;
  } else {
    for (const std::size_t j : changed_) terms_[j] = j == leader ? 0.0 : term(j);
  }
  double sum = 0.0;
  for (std::size_t j = 0; j < k; ++j) {
    if (j != leader) sum += terms_[j];
    cumulative_[j] = sum;
  }
  return true;
}

std::size_t TttsChallenger::union_try(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                                      std::span<const double> counts, std::size_t leader, RandomStream& rng) {
  const std::size_t k = arms_.size();
  ++union_proposals_;
  // 1. j with probability R_j P_g(E_j) / sum_k R_k P_g(E_k) (the leader's slot has width 0).
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
  // 3. The other arms from their posteriors; the sum of R / r over S = {k != I : theta_k > theta_I}.
  std::size_t best = j;
  double top = theta_i + d, inverse_sum = std::exp(rival.log_sup - log_ratio(rival, top));
  for (std::size_t a = 0; a < k; ++a) {
    if (a == leader || a == j) continue;
    const Arm& arm = arms_[a];
    const double theta = arm.kind == Kind::Gaussian
                             ? arm.centre + arm.spread * rng.normal()
                             : draws_.draw_one(a, families[a], means[a], counts[a], rng);
    if (theta <= theta_i) continue;
    inverse_sum += arm.kind == Kind::Gaussian ? 1.0 : std::exp(arm.log_sup - log_ratio(arm, theta));
    if (theta > top || (theta == top && a < best)) {
      top = theta;
      best = a;
    }
  }
  // 4. Accept with probability (r_I / R_I) / sum_S R / r (1 / |S| for Gaussian arms).
  const double accept = std::exp(log_r_i - lead.log_sup) / inverse_sum;
  return rng.uniform01() < accept ? best : k;
}

std::size_t TttsChallenger::draw(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                                 std::span<const double> counts, std::size_t leader, RandomStream& rng,
                                 bool union_of_events, const std::function<std::size_t()>& argmax_of_draw) {
  const std::size_t none = means.size();
  // Plain draws first, except when some arm is Bernoulli and the previous call chose the
  // union: then a plain draw (K Beta draws) costs several times the union's preparation (K
  // normal tails), and the union, when chosen, accepts more often anyway. (The choice reads
  // earlier calls only, independent of this call's draws: the law stays exact.)
  const bool beta_draws = std::any_of(families.begin(), families.end(), [](const numerics::ArmFamily& f) {
    return f.kind() == Kind::Bernoulli;
  });
  const auto plain = [&]() -> std::size_t {
    if (!argmax_of_draw) return plain_try(families, means, counts, leader, rng);
    const std::size_t c = argmax_of_draw();
    return c == leader ? none : c;
  };
  int tries = 0;
  for (; tries < (beta_draws && union_of_events && union_last_ && !argmax_of_draw ? 0 : kPlainTries); ++tries)
    if (const std::size_t c = plain(); c != none) return c;
  const bool prepared = union_of_events && prepare(families, means, counts, leader);
  // Every P_g(E_j) below the smallest double: E is as good as impossible, give up now.
  if (prepared && !(cumulative_.back() > 0.0)) return none;
  // The union's acceptance is at least P(E) / (V R_I), plain re-drawing's P(E), at about the
  // same cost a try.
  const bool use_union = prepared && cumulative_.back() * arms_[leader].sup < 1.0;
  union_last_ = use_union;
  for (; tries < kMaxTries; ++tries) {
    const std::size_t c = use_union ? union_try(families, means, counts, leader, rng) : plain();
    if (c != none) return c;
  }
  return none;
}

}  // namespace cpex::identification
