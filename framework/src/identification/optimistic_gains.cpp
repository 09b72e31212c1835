// The game sampler's optimistic gains (optimistic_gains.hpp).
#include "cpex/identification/optimistic_gains.hpp"

#include <algorithm>
#include <cmath>

#include "cpex/numerics/kl_confidence.hpp"
#include "cpex/numerics/vector_passes.hpp"

namespace cpex::identification {

double optimism_level(std::uint64_t t) { return std::log(static_cast<double>(t)); }

double optimism_level_on_grid(std::uint64_t t, std::uint64_t steps) {
  const double level = optimism_level(t);
  if (steps == 0) return level;
  const double per_unit = static_cast<double>(steps);
  return std::ceil(level * per_unit) / per_unit;
}

double optimistic_gain(const numerics::ArmFamily& family, double mean, double count, double level, double lambda,
                       double& upper, double& lower) {
  // Each bound from the arm's bound of the round before (a level, or a sample, ago): a few
  // Newton steps, or the closed form of Gaussian arms (kl_confidence.hpp).
  upper = numerics::kl_upper_bound_from(family, mean, count, level, upper);
  lower = numerics::kl_lower_bound_from(family, mean, count, level, lower);
  return std::max({family.kl(upper, lambda), family.kl(lower, lambda), level / count});
}

void OptimisticGains::reset(std::size_t arms) {
  arms_.assign(arms, Arm{});
  kept_mean_.assign(arms, std::numeric_limits<double>::quiet_NaN());
  kept_count_.assign(arms, 0.0);
  own_gain_.assign(arms, 0.0);
  level_ = std::numeric_limits<double>::quiet_NaN();
  families_seen_ = nullptr;
}

void OptimisticGains::compute(std::span<const numerics::ArmFamily> families,
                              std::span<const double> means, std::span<const double> counts,
                              double level, std::span<const double> lambda,
                              std::span<double> gains) {
  if (arms_.size() != means.size()) reset(means.size());
  if (families.data() != families_seen_ || families.size() != arms_.size()) {
    families_seen_ = families.data();  // (checked once per run: the families are fixed)
    one_gaussian_ = numerics::one_gaussian_family(families);
  }
  if (level > 0.0 && one_gaussian_) {
    // Gaussian arms of one sigma: the loop's Gaussian branch below on vectors of arms, the same
    // bits (an arm of no sample gains +infinity either way: level / 0).
    numerics::gaussian_optimistic_gains(families.front().sigma(), level, means.data(),
                                        counts.data(), lambda.data(), gains.data(), means.size());
    return;
  }
  const bool same_level = level == level_;
  level_ = level;
  for (std::size_t a = 0; a < means.size(); ++a) {
    const double mean = means[a], count = counts[a];
    if (same_level && kept_mean_[a] == mean && kept_count_[a] == count) {
      // The bounds kept are this round's (the same mean, count and level).
      const Arm& arm = arms_[a];
      gains[a] = lambda[a] == mean
                     ? own_gain_[a]
                     : std::max({families[a].kl(arm.upper.at, lambda[a]),
                                 families[a].kl(arm.lower.at, lambda[a]), level / count});
      continue;
    }
    gains[a] = fresh_gain(a, families[a], mean, count, level, lambda[a]);
  }
}

double OptimisticGains::fresh_gain(std::size_t a, const numerics::ArmFamily& family, double mean,
                                   double count, double level, double lambda) {
  using Kind = numerics::ArmFamily::Kind;
  Arm& arm = arms_[a];
  kept_mean_[a] = std::numeric_limits<double>::quiet_NaN();  // (kept again below where they are)
  if (!(level > 0.0) || !(count > 0.0) ||
      (family.kind() != Kind::Gaussian && !family.exponential_family()))
    return optimistic_gain(family, mean, count, level, lambda, arm.upper.at, arm.lower.at);
  const double budget = level / count;
  if (family.kind() == Kind::Gaussian) {
    // kl_bound_from's closed form and ArmFamily::kl's Gaussian divergence, inline.
    const double sigma = family.sigma();
    const double upper = numerics::gaussian_kl_bound(sigma, mean, budget, 1.0);
    const double lower = numerics::gaussian_kl_bound(sigma, mean, budget, -1.0);
    return std::max({numerics::ArmFamily::gaussian_kl(sigma, upper, lambda),
                     numerics::ArmFamily::gaussian_kl(sigma, lower, lambda), budget});
  }
  if ((family.kind() != Kind::Bernoulli && family.kind() != Kind::Poisson) || !(mean > 0.0) ||
      (family.kind() == Kind::Bernoulli && !(mean < 1.0))) {
    // (a mean at an end of the family's means: the bounds' own search)
    return optimistic_gain(family, mean, count, level, lambda, arm.upper.at, arm.lower.at);
  }
  if (arm.mean != mean ||
      arm.count != count) {  // pulled since: the divergences kept are not this mean's
    arm.mean = mean;
    arm.count = count;
    arm.upper.divergence = arm.lower.divergence = std::numeric_limits<double>::quiet_NaN();
  }
  double reverse_upper, reverse_lower;
  const double upper = bound(family, mean, count, level, 1.0, arm.upper, reverse_upper);
  const double lower = bound(family, mean, count, level, -1.0, arm.lower, reverse_lower);
  kept_mean_[a] = mean;
  kept_count_[a] = count;
  own_gain_[a] = std::max({reverse_upper, reverse_lower, level / count});
  return lambda == mean
             ? own_gain_[a]
             : std::max({family.kl(upper, lambda), family.kl(lower, lambda), level / count});
}

double OptimisticGains::bound(const numerics::ArmFamily& family, double mean, double count,
                              double level, double direction, Bound& last, double& reverse) {
  const double budget = level / count;
  if (std::isfinite(last.divergence)) {
    // g(q) = d(mean, q) - budget: g' = (q - mean) / V, g'' = (V - (q - mean) V') / V^2, V' = 1 -
    // 2q (Bernoulli), 1 (Poisson); the step h solves g(q0) + g' h + g'' h^2 / 2 = 0 to second
    // order.
    const double q0 = last.at, v0 = family.variance(q0), slope = (q0 - mean) / v0;
    const double v_slope =
        family.kind() == numerics::ArmFamily::Kind::Bernoulli ? 1.0 - 2.0 * q0 : 1.0;
    const double curvature = (v0 - (q0 - mean) * v_slope) / (v0 * v0);
    const double newton = (budget - last.divergence) / slope;
    const double step = newton - curvature / (2.0 * slope) * newton * newton;
    const double q = q0 + step + direction * 2e-13 * std::max(1.0, std::abs(q0 + step));
    if (direction * (q - mean) > 0.0 && family.valid_mean(q) && family.variance(q) > 0.0) {
      double back;
      const double divergence = family.kl_with_reverse(mean, q, back);
      const double excess = divergence - budget;
      // Outside by more than the divergence's rounding (relative to it, to the step q - mean —
      // Poisson's psi(q / mean - 1) rounds q / mean — and absolute: Bernoulli's logarithm of a
      // ratio near 1 where the other is far from 1), inside the 1e-12 of the guarantee by a
      // factor of two (excess / g' is the distance to the root, to first order).
      if (excess > 2e-14 * budget + 1e-15 * std::abs(q - mean) + 4e-16 &&
          excess <= 5e-13 * std::max(1.0, std::abs(q)) * std::abs(q - mean) / family.variance(q)) {
        last = {q, divergence};
        reverse = back;
        return q;
      }
    }
  }
  const double q = direction > 0.0
                       ? numerics::kl_upper_bound_from(family, mean, count, level, last.at)
                       : numerics::kl_lower_bound_from(family, mean, count, level, last.at);
  last.at = q;
  last.divergence = family.kl_with_reverse(mean, q, reverse);
  return q;
}

}  // namespace cpex::identification
