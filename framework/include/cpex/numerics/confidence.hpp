// Confidence radii shared by the algorithm plugins: the finite-LIL bound of seed 004
// (Lemma 2.1 with the experiments' "+2"), its failure constant c_eps, LUCB1's anytime
// Hoeffding radius (Kalyanakrishnan et al. 2012) with the exploration terms of LUCB1, CLUCB
// and COCI, and the linear widths (Abbasi-Yadkori et al.; Soare et al.'s static width, also
// the full-bandit ellipsoid and ICB widths of seed 000).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>

namespace cpex::numerics {

// U(t, omega) = (1+sqrt(eps)) * sqrt( 2 sigma^2 (1+eps) / t * log( log((1+eps) t + 2) / omega ) )
// for t >= 1 samples. Seed 004 §5 adds the "+2" so the inner log stays positive.
double lil_radius(double t, double omega, double epsilon, double sigma);

// lil_radius(t, omega, epsilon, sigma) for fixed (omega, epsilon, sigma), with the
// constants folded once and inlined into hot loops: the same value, bit for bit (the
// operations and their order are lil_radius's).
class LilRadius {
 public:
  LilRadius() = default;
  LilRadius(double omega, double epsilon, double sigma)
      : omega_(omega),
        one_plus_eps_(1.0 + epsilon),
        lead_(1.0 + std::sqrt(epsilon)),
        scale_(2.0 * sigma * sigma * (1.0 + epsilon)) {}
  double operator()(double t) const {
    const double inner = std::log(std::log(one_plus_eps_ * t + 2.0) / omega_);
    return lead_ * std::sqrt(scale_ / t * inner);
  }

 private:
  double omega_ = 1.0, one_plus_eps_ = 1.0, lead_ = 1.0, scale_ = 2.0;
};

// c_eps = (2+eps)/eps * (1/log(1+eps))^(1+eps), eps in (0, 1): Lemma 2.1's failure
// constant (a bound holds with probability >= 1 - c_eps * delta^(1+eps)).
double lil_c_epsilon(double epsilon);

// LUCB1's exploration term: log(k1 * n * t^4 / delta) with k1 = 5/4, for round t >= 1.
double lucb1_log_term(std::uint64_t n, std::uint64_t t, double delta);

// LUCB1's radius beta(u, t) = sqrt(2 sigma^2 * log_term / u) for u samples; with
// sigma = 1/2 this is the paper's sqrt(log(k1 n t^4 / delta) / (2u)). Every anytime
// Hoeffding radius of the tree is this one with its own exploration term: LUCB1's
// (above; also the full-bandit LUCB subroutine), CLUCB's and COCI's (below).
double lucb1_radius(double u, double log_term, double sigma);

// lucb1_log_term and lucb1_radius for fixed (n, delta, sigma), constants folded once and
// inlined into hot loops: the same values, bit for bit (the functions above use it).
class Lucb1Bound {
 public:
  Lucb1Bound() = default;
  Lucb1Bound(std::uint64_t n, double delta, double sigma)
      : log_first_(std::log(1.25 * static_cast<double>(n) / delta)), two_var_(2.0 * sigma * sigma) {}
  double log_term(std::uint64_t t) const { return log_first_ + 4.0 * std::log(static_cast<double>(t)); }
  double radius(double u, double log_term) const { return std::sqrt(two_var_ * log_term / u); }

 private:
  double log_first_ = 0.0, two_var_ = 2.0;
};

// CLUCB's exploration term (Chen et al. 2014, Alg. 1): log(4 n t^3 / delta) at round
// t >= 1 (t = samples so far), computed as log(4 n / delta) + 3 log t; with lucb1_radius it
// gives rad_t(e) = sigma sqrt(2 log(4 n t^3 / delta) / T_t(e)).
double clucb_log_term(std::uint64_t n, std::uint64_t t, double delta);

// COCI's exploration term (seed 003 Alg. 1): log(4 t^3 / (tau delta)) after t samples;
// with lucb1_radius and sigma = 1/2 it gives rad_{i,t} = sqrt(log(4 t^3/(tau delta)) / (2 T_i,t)).
double coci_log_term(std::uint64_t t, int tau, double delta);

// The self-normalized confidence width of Abbasi-Yadkori et al. (2011, Thm 2), as seed 002
// eq. (3): C = R sqrt(2 log(det(A)^{1/2} det(lambda I)^{-1/2} / delta)) + lambda^{1/2} S,
// from log det A, for dimension d.
double abbasi_yadkori_width(double noise_r, double log_det_a, std::size_t dimension,
                            double lambda, double delta, double norm_bound_s);

// The union bound over sample counts n >= 1 (weights 6 / (pi^2 n^2), summing to 1) and
// `events` events: log(6 n^2 events / (pi^2 delta)), from log(events) so that a count such as
// K = C(n, k) is never formed; -infinity for n = 0.
double static_log_term(std::uint64_t n, double log_events, double delta);

// The static-allocation width of Soare et al. (2014, Prop. 1; seed 002 eq. (2)) for n
// samples and `directions` directions: 2 sigma sqrt(2 log(6 n^2 directions / (delta pi^2))),
// and +infinity while the logarithm is not positive (e.g. n = 0). Seed 000's ellipsoid
// width C_t = 2 sqrt(2) sigma sqrt(log(c' t^2 K / delta)) is this width for K directions,
// from log K (soare_static_width_from_log).
double soare_static_width(double sigma, std::uint64_t n, double directions, double delta);
double soare_static_width_from_log(double sigma, std::uint64_t n, double log_directions, double delta);

}  // namespace cpex::numerics
