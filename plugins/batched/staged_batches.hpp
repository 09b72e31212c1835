// What the batched best-arm algorithms share (Jin, Yang, Tang, Xiao & Xu, "Optimal Batched
// Best Arm Identification", NeurIPS 2024, arXiv 2310.14129): an algorithm that plans a whole
// batch of pulls from the observations of the earlier batches, then makes it. As a
// pending-policy algorithm (Algorithm::propose, docs/studies.md) a study or a run with
// `[run] batch-size` hands a batch out at once and waits for all of it before the next is
// planned, so the `batches` column counts the batches (with batch-size at least the largest
// batch); one pull at a time (next()), a batch is planned when the previous one is done.
// Plus the statistics, the family of the rewards and the stopping test both algorithms use:
// Chernoff's GLR statistic of the empirical best arm against each other arm (Garivier &
// Kaufmann 2016) against a threshold beta(t, delta); and (BbaiStages) the stages I-III both
// algorithms share.
#pragma once

#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "bbai_constants.hpp"
#include "cpex/arm_statistics.hpp"
#include "cpex/algorithm.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/numerics/exponential_family.hpp"
#include "cpex/params.hpp"

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

// Stages I-III of Tri-BBAI (Jin et al.'s Algorithm 1), which Opt-BBAI (their Algorithm 2) shares,
// with the constants of bbai_constants.hpp (docs/algorithms/batched.md):
//   Stage I    (a batch) every arm L1 times.
//   Stage II   (a batch) b = the empirical means, the best one (the smaller index on ties) minus
//              epsilon, the others plus epsilon (valid_mean); w(b), T*(b) the optimal proportions
//              and characteristic time of b (Garivier & Kaufmann 2016; numerics); arm i gets
//              min(ceil(c alpha w_i(b) T*(b) log(1/delta)), L2) more pulls (L2 when that is not
//              finite: b without a unique best arm). `stage-two = once`: one such batch, c = 1
//              (the paper's structure); `doubling`: the authors' code, batches q = 1, 2, ... with
//              c = 2^q and b from all data so far, ending after q = 2 once some arm's weight grew
//              by at most 1/sqrt(K) (always, as the weights sum to 1): two batches.
//   Stage III  (no pull) Z = min_{b != best} Z_{best, b} >= beta(t, delta): stop, recommend the
//              empirical best.
// An algorithm's plan() calls plan_stages_one_two() first: true while that planned Stage I or a
// Stage II batch; false once Stage II is over, when the algorithm goes on with Stage III.
class BbaiStages : public StagedBatches {
 protected:
  explicit BbaiStages(const ParamValues& params);
  // From begin(): the constants for the problem's arms; Stage I next. `name` for the refusal
  // of a problem that is not the best arm.
  void begin_stages(const AlgorithmContext& context, const char* name);
  bool plan_stages_one_two();
  // Stage III's test (the statistic and threshold go to the trace).
  bool stage_three_passes() const;
  // delta, epsilon, alpha, l1, l2, (with_l3) l3, threshold, stage-two.
  std::vector<std::pair<std::string, ParamValue>> resolved_constants(bool with_l3) const;

  double delta_;
  BbaiConstants c_;

 private:
  void stage_two();

  ParamValues params_;
  bool doubling_;
  Threshold threshold_;
  enum class Stage { One, Two, Over };
  Stage stage_ = Stage::One;
  int q_ = 0;
  std::vector<double> previous_weights_;
};

// Single-arm feedback, the best arm (top-k with k = 1), rewards of a one-parameter family
// with a known parameter (Gaussian, Bernoulli, Poisson, Exponential); the pending policy.
AlgorithmNeeds staged_batches_needs();

}  // namespace cpex::batched
