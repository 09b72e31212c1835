// `sequential-halving` (Karnin, Koren & Somekh, ICML 2013, Alg. 1), best arm, fixed budget.
// S_0 = all n arms; for r = 0, ..., ceil(log2 n) - 1: sample each arm of S_r
//   t_r = floor(T / (|S_r| ceil(log2 n)))
// times (round-robin), and keep as S_{r+1} the ceil(|S_r| / 2) arms of S_r with the largest
// empirical means; return the arm of S_{ceil(log2 n)}.
// The paper's empirical mean of round r is over the samples of round r only (its
// analysis uses t_r fresh samples per round): `means = round` (default). `means =
// cumulative` uses every sample of the arm, the variant many implementations run
// (banditpylib keeps per-round means; BestArm.jl has both) — documented in
// docs/algorithms/fixed-budget.md. A tie at the halving cut is broken uniformly at
// random (the paper does not say). The run takes sum_r |S_r| t_r <= T samples and leaves
// the rest unused, as the paper's algorithm does. A budget below n ceil(log2 n) (t_0 = 0)
// is refused. Mid-run (anytime) answer: the survivor with the largest mean over all its
// samples (unsampled arms last, ties to the smaller index).
#include <algorithm>
#include <limits>
#include <numeric>

#include "cpex/arm_statistics.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/numerics/budget_schedules.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "cpex/phased_elimination.hpp"

namespace cpex::fixed_budget {

namespace {

class SequentialHalving final : public Algorithm {
 public:
  explicit SequentialHalving(bool round_means) : round_means_(round_means) {}

  void start(const AlgorithmContext& context) override {
    const std::size_t n = context.problem->num_arms;
    budget_ = required_budget(context, "sequential-halving");
    require_best_arm(context.oracles.front()->decision_size(), "sequential-halving");
    rounds_ = numerics::halving_rounds(n);
    if (budget_ < static_cast<std::uint64_t>(n) * rounds_)
      throw ParameterError("run.budget",
                           "sequential-halving needs a budget of n ceil(log2 n) = " +
                               std::to_string(static_cast<std::uint64_t>(n) * rounds_) +
                               " samples at least (n = " + std::to_string(n) +
                               " arms), so that its first round samples every arm");
    rng_ = context.rng;
    all_.reset(n);
    round_sum_.assign(n, 0.0);
    round_count_.assign(n, 0);
    survivors_.resize(n);
    std::iota(survivors_.begin(), survivors_.end(), std::size_t{0});
    round_ = 0;
    begin_round();
  }

  bool next(Action& action) override {
    while (round_ < rounds_) {
      if (sampler_.next(action.arm)) return true;
      halve();
    }
    return false;
  }

  Proposal propose(Action& action, std::span<const Action> pending) override {
    finished_ = round_ >= rounds_;
    return propose_phase(sampler_, finished_, pending, action, [this] {
      halve();
      finished_ = round_ >= rounds_;
    });
  }

  void observe(const Action& action, const Observation& observation) override {
    all_.add(action.arm, observation.reward);
    round_sum_[action.arm] += observation.reward;
    ++round_count_[action.arm];
  }

  Recommendation recommend() const override {
    std::size_t best = survivors_.front();
    auto mean = [&](std::size_t arm) {
      return all_.count(arm) ? all_.mean(arm) : -std::numeric_limits<double>::infinity();
    };
    for (std::size_t arm : survivors_)
      if (mean(arm) > mean(best)) best = arm;
    Recommendation answer;
    answer.decision.arms = {best};
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"means", std::string(round_means_ ? "round" : "cumulative")}};
  }

 private:
  void begin_round() {
    for (std::size_t arm : survivors_) {
      round_sum_[arm] = 0.0;
      round_count_[arm] = 0;
    }
    sampler_.begin(survivors_, numerics::halving_pulls(budget_, survivors_.size(), rounds_));
  }

  double mean(std::size_t arm) const {
    return round_means_ ? round_sum_[arm] / static_cast<double>(round_count_[arm]) : all_.mean(arm);
  }

  // Keep the ceil(|S|/2) largest means; arms tied with the last kept one are chosen
  // uniformly at random for the remaining places.
  void halve() {
    const std::size_t keep = (survivors_.size() + 1) / 2;
    std::stable_sort(survivors_.begin(), survivors_.end(),
                     [&](std::size_t a, std::size_t b) { return mean(a) > mean(b); });
    const double cut = mean(survivors_[keep - 1]);
    auto first = std::find_if(survivors_.begin(), survivors_.end(),
                              [&](std::size_t arm) { return mean(arm) == cut; });
    auto last = std::find_if(first, survivors_.end(),
                             [&](std::size_t arm) { return mean(arm) != cut; });
    // Places left for the tied group [first, last): a partial Fisher-Yates shuffle.
    const auto places = static_cast<std::size_t>(survivors_.begin() + keep - first);
    const auto group = static_cast<std::size_t>(last - first);
    if (places < group)
      for (std::size_t i = 0; i < places; ++i)
        std::iter_swap(first + i, first + i + rng_.below(group - i));
    survivors_.resize(keep);
    std::sort(survivors_.begin(), survivors_.end());
    ++round_;
    if (round_ < rounds_) begin_round();
  }

  bool round_means_;
  std::uint64_t budget_ = 0;
  std::size_t rounds_ = 0, round_ = 0;
  bool finished_ = false;  // round_ == rounds_ (propose_phase's view)
  RandomStream rng_;
  ArmStatistics all_;
  std::vector<double> round_sum_;
  std::vector<std::uint64_t> round_count_;
  std::vector<std::size_t> survivors_;  // S_r, in index order
  PhaseSampler sampler_;
};

}  // namespace

void register_sequential_halving(Registry& registry) {
  ParamSchema schema;
  schema.choice("means", "round", {"round", "cumulative"},
                "round: rank by the means of the current round's samples (the paper); "
                "cumulative: by the means of all the arm's samples");
  register_algorithm(
      registry, {"sequential-halving", "Sequential Halving (Karnin, Koren & Somekh 2013): fixed budget, best arm"},
      phased_needs(kLinearMaximization | kCardinality, kFixedBudget), std::move(schema),
      [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
        return std::make_unique<SequentialHalving>(p.text("means") == "round");
      });
}

}  // namespace cpex::fixed_budget
