// Test-only algorithm for sweeps and engine benchmarks: `fixture-round-robin` pulls the
// arms in turn for `rounds` rounds (0: forever, until a cap) and recommends the arms of
// the largest empirical sums. Its parameters are neither `delta` nor `preset`, like an
// out-of-tree plugin's, so it can sit beside lucb and lil-ucb in a mixed sweep.
#include <algorithm>
#include <numeric>

#include "cpex/capabilities.hpp"
#include "cpex/plugin.hpp"

namespace {

using namespace cpex;

class RoundRobin : public Algorithm {
 public:
  explicit RoundRobin(std::int64_t rounds) : rounds_(rounds) {}
  void start(const AlgorithmContext& context) override {
    arms_ = context.problem->num_arms;
    k_ = std::max<std::size_t>(1, context.oracles.front()->decision_size());
    sums_.assign(arms_, 0.0);
    pulls_ = 0;
  }
  bool next(Action& action) override {
    if (rounds_ > 0 && pulls_ >= static_cast<std::uint64_t>(rounds_) * arms_) return false;
    action.arm = pulls_ % arms_;
    return true;
  }
  void observe(const Action& action, const Observation& observation) override {
    sums_[action.arm] += observation.reward;
    ++pulls_;
  }
  Recommendation recommend() const override {
    std::vector<std::size_t> order(arms_);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return sums_[a] > sums_[b]; });
    Recommendation r;
    r.decision.arms.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k_));
    std::sort(r.decision.arms.begin(), r.decision.arms.end());
    return r;
  }
  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"rounds", rounds_}};
  }

 private:
  std::int64_t rounds_;
  std::size_t arms_ = 0, k_ = 1;
  std::uint64_t pulls_ = 0;
  std::vector<double> sums_;
};

void register_sweep_fixtures(Registry& registry) {
  AlgorithmEntry entry;
  entry.name = "fixture-round-robin";
  entry.summary = "test fixture: pulls arms in turn for a fixed number of rounds";
  entry.needs.feedback = {FeedbackKind::SingleArm};
  entry.needs.oracles = {{"oracle", kLinearMaximization}};
  entry.schema.integer("rounds", 10, Range::at_least(0), "rounds over all arms; 0: never stop");
  entry.create = [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
    return std::make_unique<RoundRobin>(p.integer("rounds"));
  };
  registry.add(std::move(entry));
}

}  // namespace

CPEX_PLUGIN(register_sweep_fixtures)
