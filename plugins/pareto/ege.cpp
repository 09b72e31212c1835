// `ege-sr` and `ege-sh`: Empirical Gap Elimination (Kone, Kaufmann & Richert, "Bandit Pareto Set
// Identification: the Fixed Budget Setting", arXiv 2311.03992), the Pareto set of vector-valued
// arms within a budget T of samples. Each round samples the active arms, computes the empirical
// Pareto set of the active arms and their empirical gaps (numerics/pareto.hpp: delta*_i for an
// empirically dominated arm, min_{j} min(M(i, j), M(j, i)^+ + (delta*_j)^+) for an empirically
// optimal one, every quantity over the active arms), and removes the arms of largest gap:
// accepted into the answer when empirically optimal, rejected otherwise.
//   ege-sr  the Successive Rejects schedule (numerics/budget_schedules.hpp: K - 1 rounds, round
//           r samples each active arm n_r - n_{r-1} times); then, of a_r the optimal arm of
//           largest gap and d_r the dominated arm of largest gap, reject d_r when its gap is at
//           least a_r's, else accept a_r (no dominated arm: accept a_r);
//   ege-sh  the Sequential Halving schedule (ceil(log2 K) rounds, each active arm
//           floor(T / (|S_r| ceil(log2 K))) times), removing the |S_r| - ceil(|S_r| / 2) arms of
//           largest gap (ties at the cut: dominated arms first, then smaller indices, as the
//           authors' code breaks them).
// The arms still active at the end are accepted (the authors' code). Mid-run answer: the arms
// accepted so far and the empirical Pareto set of the active arms.
#include <algorithm>
#include <numeric>

#include "common/vector_arms.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/budget_schedules.hpp"
#include "cpex/numerics/pareto.hpp"
#include "cpex/phased_elimination.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"

namespace cpex::pareto {
namespace {

// What both share: the rounds' sampling (fixed_budget::PhaseSampler), the statistics and the
// empirical gaps of the active arms.
class EmpiricalGapElimination : public Algorithm {
 public:
  explicit EmpiricalGapElimination(std::string name) : name_(std::move(name)) {}

  void start(const AlgorithmContext& context) override {
    setting_ = require_pareto(context, name_);
    budget_ = fixed_budget::required_budget(context, name_);
    stats_.reset(setting_);
    active_.resize(setting_.arms);
    std::iota(active_.begin(), active_.end(), std::size_t{0});
    accepted_.clear();
    finished_ = false;
    begin_rounds();
  }

  bool next(Action& action) override {
    return fixed_budget::next_in_phase(sampler_, finished_, action, [this] { end_round(); });
  }

  Proposal propose(Action& action, std::span<const Action> pending) override {
    return fixed_budget::propose_phase(sampler_, finished_, pending, action, [this] { end_round(); });
  }

  void observe(const Action& action, const Observation& observation) override {
    stats_.add(action.arm, observation.per_arm);
  }

  Recommendation recommend() const override {
    Recommendation out;
    if (finished_) {
      out.decision.arms = accepted_;
      out.decision.arms.insert(out.decision.arms.end(), active_.begin(), active_.end());
      std::sort(out.decision.arms.begin(), out.decision.arms.end());
    } else {
      out.decision.arms = accepted_and_front(stats_, accepted_, member_mask(setting_.arms, active_));
    }
    return out;
  }

 protected:
  // Starts the first round (the derived class's schedule).
  virtual void begin_rounds() = 0;
  // Decides at the end of a round: remove arms, start the next round or finish.
  virtual void end_round() = 0;

  // The empirical gaps of the active arms, and which of them are empirically optimal.
  void gaps(std::vector<double>& gap, std::vector<bool>& optimal) const {
    const std::vector<bool> mask = member_mask(setting_.arms, active_);
    gap = numerics::pareto_gaps(stats_.means(), setting_.objectives, mask);
    optimal.assign(setting_.arms, false);
    for (std::size_t a : numerics::pareto_set(stats_.means(), setting_.objectives, mask)) optimal[a] = true;
  }
  // Removes arm a from the active arms, accepting it when `accept`.
  void remove(std::size_t a, bool accept) {
    active_.erase(std::find(active_.begin(), active_.end(), a));
    if (accept) accepted_.push_back(a);
  }

  std::string name_;
  ParetoSetting setting_;
  std::uint64_t budget_ = 0;
  VectorMeans stats_;
  std::vector<std::size_t> active_, accepted_;
  fixed_budget::PhaseSampler sampler_;
  bool finished_ = false;
};

class EgeSr final : public EmpiricalGapElimination {
 public:
  explicit EgeSr(const ParamValues&) : EmpiricalGapElimination("ege-sr") {}

 protected:
  void begin_rounds() override {
    if (budget_ <= setting_.arms)
      throw ParameterError("run.budget", "ege-sr needs a budget above the number of arms (" +
                                             std::to_string(setting_.arms) + ")");
    phases_ = numerics::successive_rejects_phases(setting_.arms, budget_);
    round_ = 1;
    sampler_.begin(active_, phases_[1] - phases_[0]);
  }

  void end_round() override {
    std::vector<double> gap;
    std::vector<bool> optimal;
    gaps(gap, optimal);
    const std::size_t none = setting_.arms;
    std::size_t best_optimal = none, best_dominated = none;
    for (std::size_t a : active_) {
      std::size_t& slot = optimal[a] ? best_optimal : best_dominated;
      if (slot == none || gap[a] > gap[slot]) slot = a;
    }
    if (best_dominated != none && (best_optimal == none || gap[best_dominated] >= gap[best_optimal]))
      remove(best_dominated, false);
    else
      remove(best_optimal, true);
    ++round_;
    if (round_ >= phases_.size() || active_.size() <= 1) {
      finished_ = true;
      return;
    }
    sampler_.begin(active_, phases_[round_] - phases_[round_ - 1]);
  }

 private:
  std::vector<std::uint64_t> phases_;
  std::size_t round_ = 1;
};

class EgeSh final : public EmpiricalGapElimination {
 public:
  explicit EgeSh(const ParamValues&) : EmpiricalGapElimination("ege-sh") {}

 protected:
  void begin_rounds() override {
    rounds_ = numerics::halving_rounds(setting_.arms);
    if (budget_ < static_cast<std::uint64_t>(setting_.arms) * rounds_)
      throw ParameterError("run.budget", "ege-sh needs a budget of K ceil(log2 K) = " +
                                             std::to_string(static_cast<std::uint64_t>(setting_.arms) * rounds_) +
                                             " samples at least, so that its first round samples every arm");
    round_ = 0;
    sampler_.begin(active_, numerics::halving_pulls(budget_, active_.size(), rounds_));
  }

  void end_round() override {
    std::vector<double> gap;
    std::vector<bool> optimal;
    gaps(gap, optimal);
    const std::size_t keep = (active_.size() + 1) / 2;
    std::vector<std::size_t> order = active_;
    // Largest gap first; at equal gaps dominated arms first, then the smaller index.
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      if (gap[a] != gap[b]) return gap[a] > gap[b];
      return !optimal[a] && optimal[b];
    });
    const std::size_t drop = active_.size() - keep;
    for (std::size_t r = 0; r < drop; ++r) remove(order[r], optimal[order[r]]);
    ++round_;
    if (round_ >= rounds_) {
      finished_ = true;
      return;
    }
    sampler_.begin(active_, numerics::halving_pulls(budget_, active_.size(), rounds_));
  }

 private:
  std::size_t rounds_ = 0, round_ = 0;
};

AlgorithmNeeds ege_needs() {
  AlgorithmNeeds needs = pareto_needs(kFixedBudget);
  needs.batches = true;
  return needs;
}

}  // namespace

void register_ege(Registry& registry) {
  register_algorithm<EgeSr>(
      registry,
      {"ege-sr", "EGE-SR (Kone, Kaufmann & Richert 2023): empirical gap elimination on the Successive Rejects "
                 "schedule, the Pareto set of vector-valued arms, fixed budget"},
      ege_needs(), ParamSchema());
  register_algorithm<EgeSh>(
      registry,
      {"ege-sh", "EGE-SH (Kone, Kaufmann & Richert 2023): empirical gap elimination on the Sequential Halving "
                 "schedule, the Pareto set of vector-valued arms, fixed budget"},
      ege_needs(), ParamSchema());
}

}  // namespace cpex::pareto
