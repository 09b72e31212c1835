// One-parameter exponential families of arm distributions, parametrized by the mean, as
// Garivier & Kaufmann (COLT 2016, §1) use them: the Kullback-Leibler divergence d(x, y)
// between the distributions of means x and y, and the generalized likelihood ratio (GLR)
// statistic of two arms (GK 2016, §3.1, eq. (11)):
//
//   Z_{a,b} = N_a d(mu_a, mu_ab) + N_b d(mu_b, mu_ab),  mu_ab = (N_a mu_a + N_b mu_b)/(N_a + N_b),
//
// for mu_a >= mu_b (and -Z_{b,a} otherwise). Families: Gaussian with a known standard
// deviation sigma, d(x, y) = (x - y)^2 / (2 sigma^2); Bernoulli,
// d(x, y) = x log(x/y) + (1 - x) log((1 - x)/(1 - y)) (0 log 0 = 0, +infinity when y is 0 or
// 1 and x is not), computed without cancellation when x and y are close.
#pragma once

#include <optional>

#include "cpex/problem.hpp"

namespace cpex::numerics {

class ArmFamily {
 public:
  enum class Kind { Gaussian, Bernoulli };

  static ArmFamily gaussian(double sigma) { return ArmFamily(Kind::Gaussian, sigma); }
  static ArmFamily bernoulli() { return ArmFamily(Kind::Bernoulli, 0.5); }

  Kind kind() const { return kind_; }
  double sigma() const { return sigma_; }
  const char* name() const { return kind_ == Kind::Gaussian ? "gaussian" : "bernoulli"; }

  // d(x, y), the KL divergence between the distributions of means x and y.
  double kl(double x, double y) const;
  // The partial derivative of d(x, y) in y: (y - x) / V(y), V the variance function
  // (sigma^2 for Gaussian, y (1 - y) for Bernoulli).
  double kl_slope(double x, double y) const;
  // Whether `mean` is a mean of the family (any real; [0, 1] for Bernoulli).
  bool valid_mean(double mean) const { return kind_ == Kind::Gaussian || (mean >= 0.0 && mean <= 1.0); }

  // GLR statistic Z_{a,b} of GK 2016 eq. (11): >= 0 when mean_a >= mean_b; 0 with no pull.
  double glr(double count_a, double mean_a, double count_b, double mean_b) const;

 private:
  ArmFamily(Kind kind, double sigma) : kind_(kind), sigma_(sigma) {}
  Kind kind_;
  double sigma_;
};

// The family an environment's declared rewards belong to (Gaussian with sigma =
// noise_sigma, or Bernoulli); none for other reward models.
inline std::optional<ArmFamily> arm_family_of(const RewardModel& rewards, double noise_sigma) {
  if (rewards.family == RewardFamily::Gaussian) return ArmFamily::gaussian(noise_sigma);
  if (rewards.family == RewardFamily::Bernoulli) return ArmFamily::bernoulli();
  return std::nullopt;
}

}  // namespace cpex::numerics
