// What every GLR-stopping sampler of the identification problems shares (Track-and-Stop,
// top-two, ...): the problem posed by the pipeline (numerics::make_identification: the arm
// families of the rewards times the oracle's query, with the key `epsilon`), the arms'
// statistics (with the empirical variances for Gaussian arms of unknown variance), an initial
// pass over the arms (once each; twice for unknown variances, whose MLE variance needs two
// samples), the GLR (Chernoff) stopping rule with its threshold (`threshold`:
// numerics/stopping_thresholds.hpp) — stop at the first t (samples so far) at which every
// piece p of the alternative of the empirical answer has Z_p(t) > beta_p(t, delta) — and the
// empirical answer as the recommendation. On vector-valued arms (multi-objective feedback, a
// Pareto or constrained query) the means are per arm and objective, and a piece's threshold
// counts the values it moves (arms x objectives). With a trace it emits `glr` (the least Z_p) and
// `threshold` (the beta of that piece) every round.
//
// `elimination` (Tirinzoni & Degenne 2022; elimination.hpp): none (the GLR rule above);
// stopping (stop once every piece of the empirical answer's alternative has been certified, at
// this or an earlier round; only uncertified pieces are computed); sampling (the same stop, and
// problem() is the problem without its certified pieces, so that every sampler's best responses
// and w* see only what is left).
//
// Anytime (the kAnytime setting): with `[run] budget` or `checkpoints` the run ends where the
// pipeline says, the stopping rule is skipped, and the empirical answer is judged there.
//
// A sampler implements sample() (the arm of round t once the rule did not stop) and, when it
// needs them, begin() (its own start) and own_resolved() (its own keys in the results); it reads
// the answer, the closest alternative, the stopping best response and the statistics below.
// A leader/challenger sampler derives from TopTwoSampler (top_two_sampler.hpp) instead. This is
// the SDK's base of every in-tree GLR sampler (plugins/identification/) and of `cpex new
// algorithm NAME --kind glr-sampler`; the problem alone (answers, GLR, T*) is posed_problem.hpp.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cpex/arm_statistics.hpp"
#include "cpex/algorithm.hpp"
#include "cpex/identification/elimination.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/registration.hpp"
#include "cpex/numerics/best_arm_tree.hpp"
#include "cpex/numerics/identification_factory.hpp"
#include "cpex/numerics/stopping_thresholds.hpp"

namespace cpex::identification {

// `delta`, `threshold`, `epsilon` and `elimination`, the keys of every GLR sampler.
void add_glr_parameters(ParamSchema& schema);

// What they need: single-arm feedback, a decision-class oracle (whose query the problem reads),
// rewards of one of the families.
AlgorithmNeeds glr_sampler_needs();

// What a sampler adds to the shared registration: its own keys (after the GLR keys) and its
// changes to glr_sampler_needs().
struct GlrSamplerExtras {
  std::function<void(ParamSchema&)> keys;
  std::function<void(AlgorithmNeeds&)> needs;
};

// Registers `Sampler`, built from its parameters, with the GLR keys and needs and `extras`.
template <class Sampler>
void register_glr_sampler(Registry& registry, PluginInfo info, const GlrSamplerExtras& extras = {}) {
  ParamSchema schema;
  add_glr_parameters(schema);
  if (extras.keys) extras.keys(schema);
  AlgorithmNeeds needs = glr_sampler_needs();
  if (extras.needs) extras.needs(needs);
  register_algorithm<Sampler>(registry, std::move(info), std::move(needs), std::move(schema));
}

class GlrSampler : public Algorithm {
 public:
  GlrSampler(const ParamValues& p, std::string name);

  void start(const AlgorithmContext& context) final;
  bool next(Action& action) final;
  void observe(const Action& action, const Observation& observation) override;
  Recommendation recommend() const override;
  std::vector<std::pair<std::string, ParamValue>> resolved() const override;

 protected:
  // The rest of start(), once the problem and the statistics are set (default: nothing).
  virtual void begin(const AlgorithmContext& /*context*/) {}
  // The arm of round t (samples so far), after the initial pass, the rule not stopping.
  virtual std::size_t sample(std::uint64_t t) = 0;
  // The sampler's own resolved parameters (after threshold and epsilon; default: none).
  virtual std::vector<std::pair<std::string, ParamValue>> own_resolved() const { return {}; }

  // The closest alternative to the empirical answer under the counts, without thresholds
  // (the challenger of top-two); `penalties` as numerics::IdentificationProblem.
  const numerics::BestResponse& closest(std::span<const double> penalties = {});
  // The same for another answer (a leader that is not the empirical answer).
  const numerics::BestResponse& closest_to(const Decision& answer, std::span<const double> penalties = {});
  // closest_to() with the penalties log N_j (top-two's TCI challenger), without a logarithm
  // per arm and round where the best-arm tree serves.
  const numerics::BestResponse& closest_with_log_counts(const Decision& answer);
  // closest() without penalties, taken from the stopping check when that computed it (pieces
  // of one size, and with elimination only when sampling is restricted too).
  const numerics::BestResponse& least_piece();

  const std::string& name() const { return name_; }
  // The problem the sampling rule sees: without its certified pieces under
  // `elimination = sampling`, the pipeline's problem otherwise.
  const numerics::IdentificationProblem& problem() const {
    return elimination_ == Elimination::Sampling ? *active_ : *setup_.problem;
  }
  // The pipeline's problem, whatever the elimination.
  const numerics::IdentificationProblem& full_problem() const { return *setup_.problem; }
  Elimination elimination() const { return elimination_; }
  // Grows whenever a piece is certified (a cached w* of problem() is then stale).
  std::uint64_t certificates() const { return certified_.version(); }
  std::span<const numerics::ArmFamily> families() const { return families_; }
  // The empirical means: one per arm, or arms x objectives arm-major for vector-valued arms
  // (objectives() > 1: the problem's Pareto or constrained query).
  const std::vector<double>& means() const { return means_; }
  const std::vector<double>& counts() const { return counts_; }
  std::size_t objectives() const { return objectives_; }
  const Decision& answer() const { return answer_; }
  // Whether answer() is the only correct answer and the means are away from every boundary
  // (IdentificationProblem::answer's return for means()): O(log K) from the best-arm tree where
  // it serves, else the problem's answer computed again into `scratch`.
  bool answer_is_strict(Decision& scratch) const;
  // The best response of the last stopping check (with the threshold offsets).
  const numerics::BestResponse& stopping_response() const { return stop_; }
  double delta() const { return delta_; }
  double epsilon() const { return epsilon_; }

  ArmStatistics stats_;

 private:
  void update_offsets(std::uint64_t t);
  // The empirical answer into answer_ from the tree (TopM::answer's, the same arms).
  void answer_from_tree();
  // Whether the best-arm tree answers the best responses to `answer` (see tree_).
  bool tree_answers(const Decision& answer) const {
    return tree_.built() && !answer.arms.empty() &&
           answer.arms.size() <= numerics::BestArmTree::kMostInside &&
           elimination_ != Elimination::Sampling;
  }
  // The stopping check of `elimination` = stopping or sampling: certifies what it can; true
  // when every piece of the answer's alternative is certified.
  bool eliminate();

  std::string name_;
  double delta_, epsilon_;
  numerics::StoppingThreshold threshold_;
  Elimination elimination_;
  CertifiedPieces certified_;
  std::unique_ptr<ActivePieces> active_;
  numerics::IdentificationSetup setup_;
  std::vector<numerics::ArmFamily> families_;
  std::vector<double> means_, counts_, squares_, offsets_;
  std::size_t initial_pulls_ = 1;  // per arm (2 for unknown variances)
  std::size_t objectives_ = 1;     // values per observation (vector-valued arms: D)
  std::size_t initial_next_ = 0;
  Decision answer_;
  numerics::BestResponse stop_, closest_;
  // The best arm or top-m (m <= BestArmTree::kMostInside) of one family that
  // numerics::BestArmTree serves (no vector-valued arms): the stopping check and the best
  // responses to answers of at most kMostInside arms in O(m log K) a round (and the best arm's
  // empirical answer in O(1)), the same bits as the problem's scan. Built after the initial pass.
  bool tree_serves_ = false;
  numerics::BestArmTree tree_;
  std::vector<double> log_counts_;  // scratch: the penalties where the tree does not serve
  TraceSink* trace_ = nullptr;
  bool anytime_ = false;  // an anytime run: no stopping rule (AlgorithmContext::anytime)
  // The threshold's constant part per piece size, for the pieces count it was computed with.
  std::size_t cached_pieces_ = 0;
  std::vector<double> calibration_;
};

}  // namespace cpex::identification
