// The static full-bandit skeleton (see the header).
#include "full_bandit_algorithm.hpp"

#include <cmath>

#include "cpex/errors.hpp"
#include "cpex/numerics/k_subset_enumeration.hpp"
#include "cpex/numerics/quadratic_maximization.hpp"

namespace cpex::full_bandit {

ParamSchema common_parameters() {
  ParamSchema schema;
  schema.target_error(0.05, "confidence: the error probability is at most delta")
      .accuracy(0.0, "accuracy: the returned super arm is epsilon-optimal")
      .choice("allocation", "uniform", {"uniform", "g-allocation"},
              "static allocation p: uniform over the support, or G-optimal (seed 000 App. D)")
      .text("support", "auto",
            "support of the uniform allocation: auto, cyclic, random (2n random k-subsets, algorithm stream), "
            "or super arms '0 1 2; 3 4 5; ...'")
      .real("support-multiple", 2.0, Range::closed(1.0, 1000.0),
            "support = random: ceil(support-multiple * n) distinct random super arms (default 2n)")
      .integer("refactor-every", 1000, Range::at_least(1),
               "recompute A^{-1} by Cholesky after this many Sherman-Morrison updates")
      .integer("g-iterations", 2000, Range::at_least(0), "G-allocation: Fedorov-Wynn iterations at most")
      .real("g-tolerance", 0.01, Range::greater_than(0.0),
            "G-allocation: stop when max variance <= n (1 + g-tolerance)")
      .integer("rounding-horizon", 0, Range::at_least(0),
               "G-allocation: round the design to counts for this many pulls (0: 100 n)")
      .choice("trace-optimum", "no", {"no", "yes"},
              "with a trace file, also trace the exact optimum of the approximated maximization "
              "(enumeration; C(n, k) <= 1e7) and the ratio / additive error (seed 000 Fig. 1)");
  return schema;
}

FullBanditAlgorithm::FullBanditAlgorithm(const ParamValues& p)
    : delta_(p.real("delta")),
      epsilon_(p.real("epsilon")),
      g_allocation_(p.text("allocation") == "g-allocation"),
      trace_optimum_(p.text("trace-optimum") == "yes"),
      support_spec_(p.text("support")),
      support_multiple_(p.real("support-multiple")),
      refactor_every_(static_cast<std::uint64_t>(p.integer("refactor-every"))),
      rounding_horizon_(static_cast<std::uint64_t>(p.integer("rounding-horizon"))) {
  g_options_.max_iterations = static_cast<int>(p.integer("g-iterations"));
  g_options_.tolerance = p.real("g-tolerance");
}

void FullBanditAlgorithm::start(const AlgorithmContext& context) {
  problem_ = context.problem;
  decision_ = context.oracles.front();
  trace_ = context.trace;
  rng_ = context.rng;
  n_ = problem_->num_arms;
  k_ = problem_->k;
  if (problem_->feedback != FeedbackKind::FullBanditSum)
    throw ParameterError("plugin", "needs full-bandit feedback");
  if (k_ < 2 || k_ >= n_)
    throw ParameterError("plugin", "needs a super-arm size 2 <= k < n (the environment has n = " +
                                       std::to_string(n_) + ", k = " + std::to_string(k_) + ")");
  sigma_ = problem_->noise_sigma;
  log_k_ = numerics::log_binomial(n_, k_);
  StaticAllocation uniform = uniform_allocation(n_, uniform_support(n_, k_, support_spec_, &rng_, support_multiple_));
  if (g_allocation_) {
    const Oracle* oracle = quadratic_oracle();
    const std::size_t k = k_;
    // The oracle's answer is polished by at most 10 single exchanges on the quadratic
    // itself: with peeling alone Fedorov-Wynn stalls (n = 10, k = 5: true max variance 2.2 n
    // at the stop); 10 exchanges give the same designs as unlimited ones for n <= 20 and
    // keep an iteration O(n^2) (n = 200: 1.7 s for 2000 iterations instead of 10 s).
    WorstDirection worst = [oracle, k](const Eigen::MatrixXd& inverse) {
      std::vector<std::size_t> arms;
      if (oracle) {
        Decision d;
        oracle->maximize_quadratic(inverse, k, d);
        arms = std::move(d.arms);
      } else {
        arms = numerics::greedy_peeling(inverse, k);
      }
      numerics::improve_by_swaps(inverse, arms, 10);
      return arms;
    };
    allocation_ = g_allocation(n_, uniform, worst, g_options_,
                               rounding_horizon_ == 0 ? 100 * n_ : rounding_horizon_);
  } else {
    allocation_ = std::move(uniform);
  }
  tracker_ = AllocationTracker(&allocation_);
  ls_ = numerics::SuperArmLeastSquares(n_, refactor_every_);
  stopped_ = false;
  const std::vector<double> zeros(n_, 0.0);
  decision_->maximize(zeros, best_);
  if (trace_optimum_) require_enumerable("trace-optimum", "the exact optimum of the trace");
  on_start();
}

bool FullBanditAlgorithm::next(Action& action) {
  if (stopped_) return false;
  if (tracker_.initial_phase_done() && ls_.invertible() && should_stop(ls_.observations())) {
    stopped_ = true;
    return false;
  }
  action.super_arm = allocation_.support[tracker_.next()];
  return true;
}

void FullBanditAlgorithm::observe(const Action& action, const Observation& observation) {
  ls_.add(action.super_arm, observation.reward);
}

double FullBanditAlgorithm::update_best() {
  const Eigen::VectorXd& theta = ls_.estimate();
  decision_->maximize(std::span<const double>(theta.data(), n_), best_);
  return ls_.estimate_of(best_.arms);
}

void FullBanditAlgorithm::require_enumerable(const std::string& key, const std::string& what) const {
  if (log_k_ > std::log(numerics::kMaxEnumeratedSubsets))
    throw ParameterError(key, what + " enumerates all C(" + std::to_string(n_) + ", " + std::to_string(k_) +
                                  ") = " + std::to_string(std::exp(log_k_)) +
                                  " super arms, above the limit of 1e7");
}

std::vector<std::pair<std::string, ParamValue>> FullBanditAlgorithm::resolved() const {
  return {{"delta", delta_},
          {"epsilon", epsilon_},
          {"allocation", std::string(g_allocation_ ? "g-allocation" : "uniform")},
          {"support-size", static_cast<std::int64_t>(allocation_.support.size())},
          {"sigma", sigma_}};
}

}  // namespace cpex::full_bandit
