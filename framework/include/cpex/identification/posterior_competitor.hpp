// What the oracle-only samplers (ts-explore, peps) share: a posterior sample of the means and
// the argmax oracle's answer to it. The "posterior" of arm a is N(mu_a, c V_a / N_a) — the
// Gaussian posterior of a flat prior for Gaussian arms (V = sigma^2), its Gaussian
// approximation for the other families (V = the family's variance at the empirical mean,
// floored at the variance of a mean 1 / (N_a + 1) away from the edge so that an arm with
// all-equal Bernoulli rewards still varies); c the sampler's inflation. A competitor is the
// oracle's decision for the sample when it is not the empirical answer and strictly beats it
// under the sample. The oracle must answer an optimal-decision query with linear
// maximization (checked with one line naming the algorithm and the oracle). When the class is
// every k-subset (the top-k oracle) and the arms are many, a draw fixes only the k largest
// values and the answer's, exactly in law (posterior_top.hpp), instead of all K.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "cpex/algorithm.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/identification/posterior_top.hpp"
#include "cpex/numerics/exponential_family.hpp"
#include "cpex/oracle.hpp"
#include "cpex/random.hpp"

namespace cpex::identification {

// Throws ParameterError("plugin") unless the decision-class oracle answers an optimal-decision
// query (the sampler needs argmax over the class, not a threshold query).
const Oracle& argmax_oracle(const AlgorithmContext& context, const std::string& algorithm);

// The needs of the oracle-only samplers: the GLR sampler's, with an argmax oracle.
inline void needs_argmax_oracle(AlgorithmNeeds& needs) { needs.oracles.front().required = kLinearMaximization; }

class PosteriorCompetitor {
 public:
  // Declares the oracle's class to be every k-subset (its kCardinality capability, k its
  // decision size), which allows the top-k draws; k = 0 (the default) draws every arm.
  void set_top_k(std::size_t k) { top_k_ = k; }
  // The sampler's argmax oracle, checked as argmax_oracle() does, with set_top_k() from the
  // context's declared capabilities.
  const Oracle& bind(const AlgorithmContext& context, const std::string& algorithm);

  // Draws theta (one posterior sample at inflation c) and the oracle's decision for it;
  // returns whether that decision is a competitor of `answer`: refresh() then draw().
  bool draw(const Oracle& oracle, std::span<const double> means, std::span<const double> counts,
            std::span<const numerics::ArmFamily> families, const Decision& answer, double inflation,
            RandomStream& rng);
  // The posterior of the arms for the draws that follow (the spans must outlive them): O(K)
  // comparisons, and work only for the arms whose (family, mean, count) changed since the last
  // refresh — a sampler drawing M times a round refreshes once.
  void refresh(std::span<const double> means, std::span<const double> counts,
               std::span<const numerics::ArmFamily> families, double inflation);
  // One draw from the last refresh's posterior, as draw() above.
  bool draw(const Oracle& oracle, const Decision& answer, RandomStream& rng);
  // The whole sample (every arm drawn: not after a top-k draw).
  const std::vector<double>& sample() const { return theta_; }
  const Decision& decision() const { return decision_; }
  // theta(decision) - theta(answer) for the last draw.
  double advantage() const { return advantage_; }
  // The arms of decision ^ answer (sorted) for the last draw: `up` in the decision only, `down`
  // in the answer only.
  const std::vector<std::size_t>& up() const { return up_; }
  const std::vector<std::size_t>& down() const { return down_; }

 private:
  std::vector<double> theta_;
  // sqrt(c V_a / N_a) per arm and the (family, mean, count, c) it was computed for.
  std::vector<double> spread_, spread_means_, spread_counts_;
  std::vector<numerics::ArmFamily> spread_families_;
  double spread_inflation_ = 0.0;
  std::span<const double> means_;
  // The top-k draws (from PosteriorTop::kFromArms arms on, when the class is every k-subset):
  // whether the last refresh chose them, and its inflation.
  std::size_t top_k_ = 0;
  bool top_k_draws_ = false;
  PosteriorTop top_;
  double top_inflation_ = 1.0;
  Decision decision_;
  double advantage_ = 0.0;
  std::vector<std::size_t> up_, down_;
};

}  // namespace cpex::identification
