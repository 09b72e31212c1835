// The arm families of the identification problems, parametrized by the mean: the divergence
// d(x, y) between the arms of means x and y, and the generalized likelihood ratio (GLR)
// statistic of two arms (Garivier & Kaufmann, COLT 2016, §3.1, eq. (11)).
//
// One-parameter exponential families (KL divergence of the distributions of means x and y;
// V the variance function, d/dy d(x, y) = (y - x) / V(y)):
//   gaussian(sigma)  d = (x - y)^2 / (2 sigma^2),                       V = sigma^2
//   bernoulli        d = x log(x/y) + (1-x) log((1-x)/(1-y)),          V = y (1 - y)
//   poisson          d = y - x + x log(x/y),                            V = y      (means > 0)
//   exponential      d = x/y - 1 - log(x/y),                            V = y^2    (means > 0)
// all computed without cancellation when x and y are close (0 log 0 = 0; +infinity where the
// second distribution cannot produce the first's outcomes).
// Gaussian of unknown variance (Jourdan, Degenne & Kaufmann, ALT 2023): the divergence of a
// mean x to a mean y with the variance free, inf_{s'} KL(N(x, s^2), N(y, s'^2)) =
//   d = 1/2 log(1 + (x - y)^2 / s^2),
// with s^2 the arm's variance: the true one in the lower bound, the empirical (maximum
// likelihood) one in the GLR statistic. It is not an exponential family of the mean.
//
// The two-arm GLR statistic (eq. (11)): Z_{a,b} = min_lambda N_a d_a(mu_a, lambda) +
// N_b d_b(mu_b, lambda) for mu_a >= mu_b (and -Z_{b,a} otherwise); the minimizer is the
// weighted mean (N_a mu_a + N_b mu_b)/(N_a + N_b) for one exponential family with a common
// variance function, the precision-weighted mean for Gaussian arms of different sigmas, and
// the best real root of a cubic for Gaussian arms of unknown variance (pair_transport()).
#pragma once

#include <cmath>
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "cpex/problem.hpp"

namespace cpex::numerics {

class ArmFamily {
 public:
  enum class Kind { Gaussian, Bernoulli, Poisson, Exponential, GaussianUnknownVariance };

  static ArmFamily gaussian(double sigma) { return ArmFamily(Kind::Gaussian, sigma); }
  static ArmFamily bernoulli() { return ArmFamily(Kind::Bernoulli, 0.5); }
  static ArmFamily poisson() { return ArmFamily(Kind::Poisson, 0.0); }
  static ArmFamily exponential() { return ArmFamily(Kind::Exponential, 0.0); }
  // `variance`: s^2 of the divergence above (NaN until known).
  static ArmFamily gaussian_unknown_variance(double variance) {
    return ArmFamily(Kind::GaussianUnknownVariance, std::sqrt(variance));
  }

  Kind kind() const { return kind_; }
  // Gaussian: the known standard deviation; unknown variance: s (the square root of the
  // variance the divergence uses); Bernoulli: 1/2; Poisson, Exponential: 0 (no constant).
  double sigma() const { return sigma_; }
  const char* name() const;
  // A one-parameter exponential family (every kind but GaussianUnknownVariance).
  bool exponential_family() const { return kind_ != Kind::GaussianUnknownVariance; }

  // d(x, y).
  double kl(double x, double y) const;
  // d(x, y), the same bits as kl(x, y), and in `reverse` d(y, x) from the same logarithms
  // (Bernoulli and Poisson: by d(x, y) + d(y, x) = (theta(y) - theta(x)) (y - x), theta the
  // natural parameter; within a relative 1e-13 of kl(y, x), not its bits; other families:
  // kl(y, x) itself). For a caller that needs both directions at one pair (the game's gains).
  double kl_with_reverse(double x, double y, double& reverse) const;
  // d(x, y) of a Gaussian arm of standard deviation sigma, inline (kl() returns the same bits).
  static double gaussian_kl(double sigma, double x, double y) {
    const double diff = x - y;
    return diff * diff / (2.0 * sigma * sigma);
  }
  // The partial derivative of d(x, y) in y: (y - x) / V(y) for exponential families.
  double kl_slope(double x, double y) const;
  // The divergence's Bregman generator phi (exponential families), d(x, y) = phi(x) - phi(y) -
  // phi'(y) (x - y): Gaussian x^2 / (2 sigma^2), Bernoulli x log x + (1 - x) log(1 - x) (0 log
  // 0 = 0), Poisson x log x - x, Exponential -log x; so that sum_b N_b d(x_b, y) is
  // S_phi - W phi(y) - phi'(y) (S_x - y W) from the sums W = sum N_b, S_x = sum N_b x_b, S_phi =
  // sum N_b phi(x_b), which prefix sums give for any run of arms (sticky Track-and-Stop's scan).
  // NaN for unknown variance.
  double bregman_generator(double x) const;
  // phi'(y) (infinite where y is an end of the family's means).
  double bregman_generator_slope(double y) const;
  // V(y), the variance of the arm of mean y (exponential families; s^2 for unknown variance).
  double variance(double mean) const;
  // Whether `mean` is a mean of the family: any real (Gaussian), [0, 1] (Bernoulli),
  // [0, inf) (Poisson, Exponential: 0 only as an empirical mean). Inline: the KL bounds call it
  // at every step of their root search.
  bool valid_mean(double mean) const {
    switch (kind_) {
      case Kind::Gaussian:
      case Kind::GaussianUnknownVariance: return std::isfinite(mean);
      case Kind::Bernoulli: return mean >= 0.0 && mean <= 1.0;
      case Kind::Poisson:
      case Kind::Exponential: return mean >= 0.0 && std::isfinite(mean);
    }
    return false;
  }
  // Whether `mean` may be an arm's true mean: > 0 for Poisson and Exponential.
  bool valid_true_mean(double mean) const {
    return valid_mean(mean) && (kind_ != Kind::Poisson && kind_ != Kind::Exponential ? true : mean > 0.0);
  }

  // GLR statistic Z_{a,b} of GK 2016 eq. (11) for two arms of this family with the same
  // parameter: >= 0 when mean_a >= mean_b; 0 with no pull. (pair_glr for arms of different
  // sigmas and for unknown variances.)
  double glr(double count_a, double mean_a, double count_b, double mean_b) const;

  bool operator==(const ArmFamily&) const = default;

  // Whether every family is of kind `kind` and sigma `sigma` (compared as doubles, as == does):
  // one 16-byte load a family where SSE2 serves (a run's check of its arms, K of them a round).
  static bool all_alike(std::span<const ArmFamily> families, Kind kind, double sigma);

 private:
  ArmFamily(Kind kind, double sigma) : kind_(kind), sigma_(sigma) {}
  Kind kind_;
  double sigma_;
};

// min over lambda of w_a d_a(x_a, lambda) + w_b d_b(x_b, lambda) for x_a >= x_b (the two
// arms moved to one mean), with its minimizer; {0, x_a} when x_a < x_b or a weight is 0.
struct Transport {
  double cost = 0.0;
  double point = 0.0;
};
Transport pair_transport(const ArmFamily& family_a, double w_a, double x_a, const ArmFamily& family_b,
                         double w_b, double x_b);

// pair_transport of two arms of one Gaussian family with x_a > x_b and both weights > 0 (its
// closed form, GK eq. (11): w_a w_b / (w_a + w_b) (x_a - x_b)^2 / (2 sigma^2) at the weighted
// mean), inline for the scans that take it once per arm and round; pair_transport returns
// the same bits for those arms.
inline Transport gaussian_pair_transport(double sigma, double w_a, double x_a, double w_b,
                                         double x_b) {
  const double diff = x_a - x_b;
  return {w_a * w_b / (w_a + w_b) * diff * diff / (2.0 * sigma * sigma),
          (w_a * x_a + w_b * x_b) / (w_a + w_b)};
}

inline bool ArmFamily::all_alike(std::span<const ArmFamily> families, Kind kind, double sigma) {
#if defined(__SSE2__)
  static_assert(sizeof(ArmFamily) == 16 && sizeof(Kind) == 4 && offsetof(ArmFamily, kind_) == 0 &&
                offsetof(ArmFamily, sigma_) == 8);
  // Per family: its kind in the first 32-bit lane (the next 4 bytes are padding, not compared)
  // and its sigma in the second double lane.
  const __m128i kinds = _mm_set1_epi32(static_cast<int>(kind));
  const __m128d sigmas = _mm_set1_pd(sigma);
  __m128i kind_same = _mm_set1_epi32(-1);
  __m128d sigma_same = _mm_castsi128_pd(kind_same);
  for (const ArmFamily& f : families) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&f));
    kind_same = _mm_and_si128(kind_same, _mm_cmpeq_epi32(bytes, kinds));
    sigma_same = _mm_and_pd(sigma_same, _mm_cmpeq_pd(_mm_castsi128_pd(bytes), sigmas));
  }
  return (_mm_movemask_epi8(kind_same) & 0xF) == 0xF && (_mm_movemask_pd(sigma_same) & 2) == 2;
#else
  bool same = true;
  for (const ArmFamily& f : families) same &= (f.kind_ == kind) & (f.sigma_ == sigma);
  return same;
#endif
}

// Whether every family is Gaussian of the first's sigma (a pass without early exit).
inline bool one_gaussian_family(std::span<const ArmFamily> families) {
  if (families.empty() || families.front().kind() != ArmFamily::Kind::Gaussian) return false;
  return ArmFamily::all_alike(families, ArmFamily::Kind::Gaussian, families.front().sigma());
}

// Whether every family is the first, of kind `kind` (a pass without early exit).
inline bool one_family_of_kind(std::span<const ArmFamily> families, ArmFamily::Kind kind) {
  if (families.empty() || families.front().kind() != kind) return false;
  return ArmFamily::all_alike(families, kind, families.front().sigma());
}

// pair_transport, with gaussian_pair_transport inline where it applies (the same bits).
inline Transport pair_transport_inline(const ArmFamily& family_a, double w_a, double x_a,
                                       const ArmFamily& family_b, double w_b, double x_b) {
  if (family_a.kind() == ArmFamily::Kind::Gaussian && family_a == family_b && x_a > x_b &&
      w_a > 0.0 && w_b > 0.0)
    return gaussian_pair_transport(family_a.sigma(), w_a, x_a, w_b, x_b);
  return pair_transport(family_a, w_a, x_a, family_b, w_b, x_b);
}

// A lower bound on pair_transport(...).cost, as computed, at a few multiplications and one
// division (the exact cost takes two divergences: logarithms for Bernoulli, Poisson and
// Exponential arms), for pruning a scan of pairs exactly (TopM::best_response): with p the
// transport's point, d(x, p) = int (x - z)/V(z) dz over [p, x] (either order) and 1/V convex
// (Bernoulli, Poisson, Exponential), Jensen's inequality under the triangle weight |x - z|
// gives d(x, p) >= (x - p)^2 / (2 V(p + (x - p)/3)); the sum of both arms' bounds, lowered by a
// relative 1e-9 and by 100 times the absolute rounding of the divergences near p (Poisson and
// Exponential ones round psi(p/x - 1)), is below the computed cost.
// 0 (no information) for other families, for arms of different families, and where
// pair_transport's cost is 0.
double pair_transport_lower_bound(const ArmFamily& family_a, double w_a, double x_a, const ArmFamily& family_b,
                                  double w_b, double x_b);

// Z_{a,b} for arms of possibly different parameters (per-arm sigmas, unknown variances):
// family_a.glr() when both families are equal exponential families (bit for bit), else
// +-pair_transport().cost.
double pair_glr(const ArmFamily& family_a, double count_a, double mean_a, const ArmFamily& family_b,
                double count_b, double mean_b);

// The family an environment's declared rewards belong to when every arm shares it (Gaussian
// with sigma = noise_sigma and no per-arm sigmas, Bernoulli, Poisson, Exponential); none
// for other reward models, per-arm sigmas and unknown variances.
std::optional<ArmFamily> arm_family_of(const RewardModel& rewards, double noise_sigma);
std::optional<ArmFamily> arm_family_of(const Problem& problem);

// One family per arm (per-arm sigmas; unknown variances with s^2 = NaN until an estimate or
// the truth is known), per arm and objective for vector-valued arms (Problem::objectives > 1,
// arm-major); none for reward models outside the families above.
std::optional<std::vector<ArmFamily>> arm_families_of(const Problem& problem);

}  // namespace cpex::numerics
