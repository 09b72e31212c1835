// What the batched best-arm algorithms share (Jin, Yang, Tang, Xiao & Xu, "Optimal Batched
// Best Arm Identification", NeurIPS 2024, arXiv 2310.14129): an algorithm that plans a whole
// batch of pulls from the observations of the earlier batches, then makes it. As a
// pending-policy algorithm (Algorithm::propose, docs/studies.md) a study or a run with
// `[run] batch-size` hands a batch out at once and waits for all of it before the next is
// planned, so the `batches` column counts the batches (with batch-size at least the largest
// batch); one pull at a time (next()), a batch is planned when the previous one is done.
// Plus the statistics, the family of the rewards and the stopping test both algorithms use:
// Chernoff's GLR statistic of the empirical best arm against each other arm (Garivier &
// Kaufmann 2016) against a threshold beta(t, delta).
#pragma once

#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "cpex/arm_statistics.hpp"
#include "cpex/algorithm.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/numerics/exponential_family.hpp"

namespace cpex::batched {

// The thresholds of the Stage III test: gk-experiments log((log t + 1)/delta) (the authors'
// code, `beta_func_TS`), paper log(2 log(1/delta) t^alpha / delta) (the authors' `beta_func`,
// the paper's form), gk-theorem log(2 t (K - 1)/delta) (Garivier & Kaufmann 2016, Thm 10:
// delta-correct for any sampling rule), kk2021 (Kaufmann & Koolen 2021).
enum class Threshold { GkExperiments, Paper, GkTheorem, Kk2021 };
Threshold parse_threshold(const std::string& name);
const char* to_string(Threshold threshold);

class StagedBatches : public Algorithm {
 public:
  void start(const AlgorithmContext& context) override;
  bool next(Action& action) final;
  Proposal propose(Action& action, std::span<const Action> pending) final;
  void observe(const Action& action, const Observation& observation) override;
  // The arm of largest empirical mean (the smaller index on ties, as numpy's argmax).
  Recommendation recommend() const override;

 protected:
  // The algorithm's own start, once the statistics and the family are set.
  virtual void begin(const AlgorithmContext& context) = 0;
  // Plans the next batch with plan_pulls() from every observation so far (none pending);
  // false to stop. A plan of no pull is planned again (a stage that needs nothing).
  virtual bool plan() = 0;

  void plan_pulls(std::size_t arm, std::uint64_t count);
  std::size_t empirical_best() const;
  // min over b != the empirical best of the GLR statistic Z_{best, b} (0 before every arm was
  // pulled).
  double chernoff_statistic() const;
  double threshold(Threshold kind, double delta, double alpha) const;
  // The mean clamped into the family's means (a shifted mean of Bernoulli arms in [0, 1]).
  double valid_mean(double mean) const;

  ArmStatistics stats_;
  numerics::ArmFamily family_ = numerics::ArmFamily::bernoulli();
  std::size_t arms_ = 0;
  std::uint64_t batches_ = 0;  // batches planned with at least one pull
  TraceSink* trace_ = nullptr;

 private:
  bool refill();
  std::deque<std::pair<std::size_t, std::uint64_t>> planned_;  // (arm, pulls left) of this batch
  bool stopped_ = false;
};

// Single-arm feedback, the best arm (top-k with k = 1), rewards of a one-parameter family
// with a known parameter (Gaussian, Bernoulli, Poisson, Exponential); the pending policy.
AlgorithmNeeds staged_batches_needs();

}  // namespace cpex::batched
