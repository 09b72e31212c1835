// Pieces shared by the fixed-budget elimination algorithms (successive-rejects, sar,
// sequential-halving, and csar in plugins/cpe_l): round-robin sampling of a phase, a
// uniformly random choice among tied arms, and the start()-time checks of the setting.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "cpex/algorithm.hpp"
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

// The budget of a fixed-budget-only algorithm; the framework refuses a pipeline without
// [run] budget, so this fires only when the algorithm is driven directly (tests, Python).
inline std::uint64_t required_budget(const AlgorithmContext& context, const std::string& name) {
  if (context.budget == 0)
    throw ParameterError("run.budget", name + " is a fixed-budget algorithm: give [run] budget");
  return context.budget;
}

// The single best arm only (k = 1 in [oracle]).
inline void require_best_arm(std::size_t k, const std::string& name) {
  if (k != 1)
    throw ParameterError("k", name + " identifies the single best arm and needs k = 1 in "
                                     "[oracle], got k = " + std::to_string(k) +
                                     " (for the best k arms use sar, ugape or csar)");
}

}  // namespace cpex::fixed_budget
