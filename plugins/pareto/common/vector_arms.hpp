// What the Pareto-set algorithms (APE, auer-psi, EGE-SR, EGE-SH) share: the check that the
// pipeline poses the Pareto set of vector-valued arms (multi-objective feedback, the
// `pareto-set` oracle), the arms' counts and oriented means (every objective turned so that
// larger is better by the oracle's directions), the mid-run answer of the elimination
// algorithms, the pairwise confidence width of APE and the base of the algorithms using it.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "cpex/algorithm.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/numerics/pareto.hpp"
#include "cpex/params.hpp"
#include "cpex/registry.hpp"

namespace cpex::pareto {

// The arms, objectives and directions of a Pareto-set pipeline; ParameterError("plugin")
// naming `name` for another feedback or query.
struct ParetoSetting {
  std::size_t arms = 0, objectives = 0;
  std::vector<double> directions;  // one +1 / -1 per objective
};
ParetoSetting require_pareto(const AlgorithmContext& context, const std::string& name);

// Multi-objective feedback, a decision-class oracle, in `settings`; rewards with a known
// sub-Gaussian constant (the default requirement).
AlgorithmNeeds pareto_needs(unsigned settings);

// Counts and oriented empirical means of K arms of D objectives.
class VectorMeans {
 public:
  void reset(const ParetoSetting& setting);
  // One observation of `arm`: one raw reward per objective.
  void add(std::size_t arm, std::span<const double> rewards);
  std::uint64_t count(std::size_t arm) const { return counts_[arm]; }
  std::uint64_t total() const { return total_; }
  // Oriented means, K x D arm-major (0 for an arm not sampled yet).
  std::span<const double> means() const { return means_; }
  std::size_t arms() const { return counts_.size(); }
  std::size_t objectives() const { return d_; }

 private:
  std::size_t d_ = 0;
  std::vector<double> directions_, means_;
  std::vector<std::uint64_t> counts_;
  std::uint64_t total_ = 0;
};

// `arms` flags, true at the arms of `members`.
std::vector<bool> member_mask(std::size_t arms, const std::vector<std::size_t>& members);

// The arms of `accepted` and the empirical Pareto set of the arms `active` flags, sorted: the
// mid-run answer of the algorithms that accept arms and eliminate others (auer-psi, EGE).
std::vector<std::size_t> accepted_and_front(const VectorMeans& stats, std::vector<std::size_t> accepted,
                                            const std::vector<bool>& active);

// The confidence width of the difference of two arms' means on one objective (Kone, Kaufmann
// & Richert, NeurIPS 2023, from Kaufmann & Koolen 2021's Gaussian bound, Thm 9):
//   beta_{i,j} = 2 sigma sqrt((C^g(log(K1 / delta) / 2) + log(4 + log N_i) + log(4 + log N_j))
//                             (1/N_i + 1/N_j)),  K1 = K (K - 1) D / 2,
// so that with probability 1 - delta every |(mu_hat_i - mu_hat_j) - (mu_i - mu_j)| on every
// objective is within it at all times (sigma-sub-Gaussian objectives).
class PairwiseWidth {
 public:
  PairwiseWidth() = default;
  PairwiseWidth(std::size_t arms, std::size_t objectives, double delta, double sigma);
  double operator()(std::uint64_t n_i, std::uint64_t n_j) const;
  double calibration() const { return calibration_; }

 private:
  double calibration_ = 0.0, sigma_ = 1.0;
};

// The base of the fixed-confidence algorithms on the pairwise width (APE, auer-psi): their
// parameters delta and epsilon, the run's setting, statistics and width, M(i, j) and
// beta_{i,j} on them, the observations and the resolved parameters.
class PairwiseParetoAlgorithm : public Algorithm {
 public:
  explicit PairwiseParetoAlgorithm(const ParamValues& p) : delta_(p.real("delta")), epsilon_(p.real("epsilon")) {}

  void observe(const Action& action, const Observation& observation) override {
    stats_.add(action.arm, observation.per_arm);
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"delta", delta_}, {"epsilon", epsilon_}, {"calibration", width_.calibration()}};
  }

 protected:
  // A run's setting (require_pareto naming `name`), empty statistics and the width.
  void start_pairwise(const AlgorithmContext& context, const std::string& name) {
    setting_ = require_pareto(context, name);
    stats_.reset(setting_);
    width_ = PairwiseWidth(setting_.arms, setting_.objectives, delta_, context.problem->noise_sigma);
  }

  // M(i, j) of the oriented empirical means.
  double big_m(std::size_t i, std::size_t j) const {
    return numerics::pareto_big_m(stats_.means(), setting_.objectives, i, j);
  }
  // beta_{i,j} at the arms' counts.
  double width(std::size_t i, std::size_t j) const { return width_(stats_.count(i), stats_.count(j)); }

  double delta_, epsilon_;
  ParetoSetting setting_;
  VectorMeans stats_;
  PairwiseWidth width_;
};

// The registration of each algorithm of the library (register.cpp calls them in turn).
void register_ape(Registry& registry);
void register_auer_psi(Registry& registry);
void register_ege(Registry& registry);

}  // namespace cpex::pareto
