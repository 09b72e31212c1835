// Pieces shared by the fixed-budget elimination algorithms (successive-rejects, sar,
// sequential-halving, csar, and the fixed-budget template of `cpex new`): round-robin sampling of a phase, the
// phase loop of successive-rejects / sar / csar, a uniformly random choice among tied
// arms, the start()-time checks of the setting, and what these algorithms need.
#pragma once

#include <cstdint>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include "cpex/algorithm.hpp"
#include "cpex/arm_statistics.hpp"
#include "cpex/best_arm_check.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/random.hpp"

namespace cpex::fixed_budget {

// Samples the active arms of one phase: each gets `quota` pulls, one per cycle over the
// arms in the order given. Arms have their own reward streams, so the order changes no
// result; cycling keeps a mid-phase (anytime) answer fair to every arm.
class PhaseSampler {
 public:
  void begin(std::span<const std::size_t> active, std::uint64_t quota) {
    active_.assign(active.begin(), active.end());
    quota_ = quota;
    cycle_ = 0;
    position_ = 0;
  }

  // The next arm of the phase, or false when every active arm had its quota.
  bool next(std::size_t& arm) {
    if (active_.empty() || cycle_ >= quota_) return false;
    arm = active_[position_];
    if (++position_ == active_.size()) {
      position_ = 0;
      ++cycle_;
    }
    return true;
  }

 private:
  std::vector<std::size_t> active_;
  std::uint64_t quota_ = 0, cycle_ = 0;
  std::size_t position_ = 0;
};

// Batches (Algorithm::propose): a phase's pulls depend on no observation of the phase, so
// they are all proposed at once; its decision waits for every one of them. With nothing
// pending this is next() itself. `end_phase` decides and starts the next phase (or finishes).
template <typename EndPhase>
Proposal propose_phase(PhaseSampler& sampler, const bool& finished, std::span<const Action> pending,
                       Action& action, EndPhase end_phase) {
  while (!finished) {
    if (sampler.next(action.arm)) return Proposal::Pull;
    if (!pending.empty()) return Proposal::Wait;
    end_phase();
  }
  return Proposal::Stop;
}

// next() of a phase loop: propose_phase with nothing pending (the phase's next arm, ending
// phases until one has an arm to pull); false once `finished`.
template <typename EndPhase>
bool next_in_phase(PhaseSampler& sampler, const bool& finished, Action& action, EndPhase end_phase) {
  return propose_phase(sampler, finished, {}, action, end_phase) == Proposal::Pull;
}

// Among `arms`, one whose score is smallest (`smallest` true) or largest, chosen uniformly
// at random among exact ties with the algorithm's stream (Audibert et al. 2010: "if there
// is a tie, select randomly the arm to dismiss"). Draws from `rng` only when there is a tie.
template <typename Score>
std::size_t pick_extreme(std::span<const std::size_t> arms, const Score& score, bool smallest,
                         RandomStream& rng) {
  std::size_t chosen = arms.front(), ties = 1;
  double best = score(chosen);
  for (std::size_t i = 1; i < arms.size(); ++i) {
    const double s = score(arms[i]);
    if (smallest ? s < best : s > best) {
      best = s;
      chosen = arms[i];
      ties = 1;
    } else if (s == best) {
      ++ties;
      if (rng.below(ties) == 0) chosen = arms[i];  // reservoir: each tied arm w.p. 1/ties
    }
  }
  return chosen;
}

// The single best arm only (k = 1 in [oracle]).
inline void require_best_arm(std::size_t k, const std::string& name) {
  cpex::require_best_arm(k, name, " (for the best k arms use sar, ugape or csar)");
}

// The budget of a fixed-budget-only algorithm; the framework refuses a pipeline without
// [run] budget, so this fires only when the algorithm is driven directly (tests, Python).
inline std::uint64_t required_budget(const AlgorithmContext& context, const std::string& name) {
  if (context.budget == 0)
    throw ParameterError("run.budget", name + " is a fixed-budget algorithm: give [run] budget");
  return context.budget;
}

// The phase loop of successive-rejects, sar and csar: phase p samples every active arm
// phases_[p] - phases_[p - 1] times (round-robin), then end_phase() decides and calls
// next_phase(). The derived class's start() calls begin_phases().
class PhasedElimination : public Algorithm {
 public:
  bool next(Action& action) override {
    return next_in_phase(sampler_, finished_, action, [this] { end_phase(); });
  }

  Proposal propose(Action& action, std::span<const Action> pending) override {
    return propose_phase(sampler_, finished_, pending, action, [this] { end_phase(); });
  }

  void observe(const Action& action, const Observation& observation) override {
    stats_.add(action.arm, observation.reward);
  }

 protected:
  // The decision at the end of a phase: removes arms from active_, then calls next_phase().
  virtual void end_phase() = 0;

  // Every arm active, no sample yet, the first of `phases` (n_0 = 0, n_1, ...), computed by
  // schedule(n, budget) once the budget is known to exceed the number of arms n.
  template <typename Schedule>
  void begin_phases(const AlgorithmContext& context, const std::string& name, Schedule schedule) {
    const std::size_t n = context.problem->num_arms;
    const std::uint64_t budget = required_budget(context, name);
    if (budget <= n)
      throw ParameterError("run.budget", name + " needs a budget above the number of arms (" +
                                             std::to_string(n) + "): with T = n its first phase "
                                             "samples no arm");
    rng_ = context.rng;
    stats_.reset(n);
    phases_ = schedule(n, budget);
    active_.resize(n);
    std::iota(active_.begin(), active_.end(), std::size_t{0});
    phase_ = 1;
    finished_ = false;
    sampler_.begin(active_, phases_[1] - phases_[0]);
  }

  // Ends the run when `done`, no arm is active or the phases are over; else starts the next phase.
  void next_phase(bool done) {
    ++phase_;
    if (done || active_.empty() || phase_ >= phases_.size()) {
      finished_ = true;
      return;
    }
    sampler_.begin(active_, phases_[phase_] - phases_[phase_ - 1]);
  }

  ArmStatistics stats_;
  RandomStream rng_;
  std::vector<std::size_t> active_;  // in index order
  bool finished_ = false;

 private:
  std::vector<std::uint64_t> phases_;
  std::size_t phase_ = 1;
  PhaseSampler sampler_;
};

// What the algorithms on single-arm feedback need: a decision-class oracle with
// `capabilities`, in the given settings (kFixedConfidence, kFixedBudget flags).
inline AlgorithmNeeds single_arm_needs(unsigned capabilities, unsigned settings) {
  return {.feedback = {FeedbackKind::SingleArm}, .oracles = {{"oracle", capabilities}},
          .settings = settings};
}

// The same for the phase-based algorithms, which propose a phase's pulls at once
// (AlgorithmNeeds::batches, propose_phase).
inline AlgorithmNeeds phased_needs(unsigned capabilities, unsigned settings) {
  AlgorithmNeeds needs = single_arm_needs(capabilities, settings);
  needs.batches = true;
  return needs;
}

}  // namespace cpex::fixed_budget
