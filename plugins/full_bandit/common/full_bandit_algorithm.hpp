// The skeleton shared by the static full-bandit algorithms of seed 000 (SAQM, SA-FOA, ICB,
// Exhaustive): parameters common to all (delta, epsilon, allocation, support, ...), the
// allocation (uniform or G), the least-squares state, the pull loop of Alg. 2-5 (the n
// basis pulls, then argmin T_M / p_M) and the empirical best super arm. A concrete
// algorithm supplies only its stopping rule, `should_stop(t)`, called before every pull
// once A is invertible (t = pulls so far), which also sets `best_`.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "allocation.hpp"
#include "cpex/algorithm.hpp"
#include "cpex/numerics/super_arm_least_squares.hpp"
#include "cpex/params.hpp"

namespace cpex::full_bandit {

// A schema of delta, epsilon, allocation, support, support-multiple, refactor-every, g-iterations,
// g-tolerance, rounding-horizon and trace-optimum (an algorithm's own keys follow).
ParamSchema common_parameters();

class FullBanditAlgorithm : public Algorithm {
 public:
  explicit FullBanditAlgorithm(const ParamValues& p);

  void start(const AlgorithmContext& context) override;
  bool next(Action& action) override;
  void observe(const Action& action, const Observation& observation) override;
  Recommendation recommend() const override { return {best_, epsilon_}; }
  std::vector<std::pair<std::string, ParamValue>> resolved() const override;

 protected:
  // The stopping rule at round t (pulls so far, A invertible); sets best_.
  virtual bool should_stop(std::uint64_t t) = 0;
  // Checks specific to one algorithm, at the end of start().
  virtual void on_start() {}
  // The quadratic maximizer used by the G-allocation's worst-direction step: the [dks]
  // oracle when the algorithm has one, greedy peeling (libcpex) otherwise.
  virtual const Oracle* quadratic_oracle() const { return nullptr; }

  // M_hat = argmax theta_hat(M) by the decision-class oracle; returns its value.
  double update_best();
  // Throws ParameterError(key) unless C(n, k) <= the enumeration limit.
  void require_enumerable(const std::string& key, const std::string& what) const;

  double delta_, epsilon_;
  bool g_allocation_, trace_optimum_;
  std::string support_spec_;
  double support_multiple_;
  std::uint64_t refactor_every_, rounding_horizon_;
  GDesignOptions g_options_;

  const Problem* problem_ = nullptr;
  const Oracle* decision_ = nullptr;
  TraceSink* trace_ = nullptr;
  RandomStream rng_;
  std::size_t n_ = 0, k_ = 0;
  double sigma_ = 1.0, log_k_ = 0.0;
  StaticAllocation allocation_;
  AllocationTracker tracker_;
  numerics::SuperArmLeastSquares ls_;
  Decision best_;
  bool stopped_ = false;
};

}  // namespace cpex::full_bandit
