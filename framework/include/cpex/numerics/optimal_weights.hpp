// The optimal proportions w*(mu) and the characteristic time T*(mu) of best-arm
// identification (Garivier & Kaufmann, COLT 2016): every delta-correct algorithm has
// E[tau] >= T*(mu) kl(delta, 1 - delta) (their Thm 1), with
//
//   T*(mu)^{-1} = max_{w in simplex} min_{a != 1} [ w_1 d(mu_1, m_a) + w_a d(mu_a, m_a) ],
//   m_a = (w_1 mu_1 + w_a mu_a) / (w_1 + w_a)                        (their Lemma 3),
//
// arm 1 the (unique) best arm, d the KL divergence of the family (exponential_family.hpp).
// Solved as in their Theorem 5 (with Lemma 4): for a != 1 let
//   g_a(x) = d(mu_1, m_a(x)) + x d(mu_a, m_a(x)),  m_a(x) = (mu_1 + x mu_a)/(1 + x),
// increasing from 0 to d(mu_1, mu_a) on [0, inf), and x_a(y) its inverse; then
//   y* solves F(y) = sum_{a != 1} d(mu_1, m_a(x_a(y))) / d(mu_a, m_a(x_a(y))) = 1
//   on (0, d(mu_1, mu_2)), F increasing from 0 to +inf,
//   w*_a = x_a(y*) / (1 + sum_b x_b(y*))  (x_1 = 1),  T*(mu) = (1 + sum_b x_b(y*)) / y*.
//
// Both scalar equations are solved by Newton's method safeguarded by bisection on a bracket
// (framework/src/numerics/optimal_weights.cpp): x_a(y) in closed form for Gaussian arms
// (g_a(x) = Delta_a^2 x / (2 sigma^2 (1 + x)); F's terms are then x_a^2), by Newton with
// g_a'(x) = d(mu_a, m_a(x)) (envelope theorem) for Bernoulli arms; F'(y) by the chain rule. Both
// stop when the step or the bracket is below `tolerance` relative to the iterate (default 1e-12),
// so w* and T* carry about 12 significant digits (tests/asymptotic/optimal_weights_test.cpp checks
// them against closed forms and an independent nested golden-section search).
//
// Arms of equal means share one x_a(y): from 32 arms on, outside the Gaussian closed form, each
// evaluation of F looks an arm's (x, ratio, slope) up by its mean's bits in a direct-mapped
// table filled during the same evaluation (and d(mu_1, mu_a) likewise; Bernoulli means are
// fractions S/N, so thousands of arms share a few dozen values early in a run); the sums still
// run arm by arm in index order, so the result is the same to the bit as without the table.
//
// No unique best arm (several arms share the largest mean): T* = +infinity, `unique_best`
// is false and the weights are uniform over the tied best arms (as the authors' code).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "cpex/numerics/exponential_family.hpp"

namespace cpex::numerics {

struct OptimalWeightsOptions {
  double tolerance = 1e-12;  // relative accuracy of y* and of every x_a(y)
  int max_iterations = 200;  // per scalar equation
  bool share_equal_means = true;  // the memo below (false: every arm solved apart, for tests)
};

struct OptimalWeights {
  std::vector<double> weights;     // w*(mu), one per arm, summing to 1
  double characteristic_time = 0;  // T*(mu); +infinity without a unique best arm
  double rate = 0;                 // y*, the value of the inner problem at w* divided by w*_1
  std::size_t best = 0;            // the best arm (the smallest index among tied arms)
  bool unique_best = true;
  int iterations = 0;              // Newton/bisection steps of the outer equation
};

// Solves repeatedly for changing means without allocating (a Track-and-Stop round), and
// starts the outer equation from the previous y* when it lies in the new bracket.
class OptimalWeightsSolver {
 public:
  explicit OptimalWeightsSolver(ArmFamily family, OptimalWeightsOptions options = {})
      : family_(family), options_(options) {}

  // Throws std::invalid_argument for fewer than 2 arms, a non-finite mean, or a mean
  // outside the family (Bernoulli: [0, 1]).
  const OptimalWeights& solve(std::span<const double> means);

  const ArmFamily& family() const { return family_; }

 private:
  // One arm's terms of F at y: x_a(y), its ratio d(mu_1, m_a)/d(mu_a, m_a) and that ratio's
  // derivative in y (ratio and slope unused when x is infinite).
  struct Terms {
    double x = 0.0, ratio = 0.0, slope = 0.0;
  };
  // Terms by a mean's bits, direct-mapped (4,096 slots); next() forgets every slot.
  class MeanMemo {
   public:
    bool enabled() const { return !slots_.empty(); }
    void enable() { slots_.resize(4096); }
    void next() { ++stamp_; }
    template <class Compute>
    const Terms& get(double mean, Compute&& compute) {
      const auto key = std::bit_cast<std::uint64_t>(mean);
      Slot& slot = slots_[(key * 0x9E3779B97F4A7C15ULL) >> 52];
      if (slot.stamp != stamp_ || slot.key != key) slot = {key, stamp_, compute()};
      return slot.terms;
    }

   private:
    struct Slot {
      std::uint64_t key = 0;
      std::uint64_t stamp = 0;  // valid while equal to the memo's stamp
      Terms terms;
    };
    std::vector<Slot> slots_;
    std::uint64_t stamp_ = 1;
  };

  double inverse_g(std::size_t arm, double y) const;   // x_a(y)
  Terms terms(std::size_t arm, double y) const;        // x_a(y) and its terms of F, computed
  double outer(double y, double* slope);               // F(y) - 1 and F'(y); fills x_

  ArmFamily family_;
  OptimalWeightsOptions options_;
  OptimalWeights result_;
  std::vector<double> mu_, x_, divergence_;  // means, x_a(y), d(mu_best, mu_a)
  double warm_y_ = 0.0;
  MeanMemo memo_;  // off below kMemoFromArms arms and for Gaussian arms
};

// One-shot forms (allocate their result).
OptimalWeights optimal_weights(std::span<const double> means, const ArmFamily& family,
                               const OptimalWeightsOptions& options = {});

// T*(mu): +infinity without a unique best arm. The lower bound's leading term is
// T*(mu) log(1/delta). (`cpex hardness` prints it.)
double characteristic_time(std::span<const double> means, const ArmFamily& family);

}  // namespace cpex::numerics
