// Test-only algorithm for sweeps and engine benchmarks: `fixture-round-robin` pulls the
// arms in turn for `rounds` rounds (0: forever, until a cap) and recommends the arms of
// the largest empirical sums. Its parameters are neither `delta` nor `preset`, like an
// out-of-tree plugin's, so it can sit beside lucb and lil-ucb in a mixed sweep.
// `fixture-answer` pulls arm 0 for `rounds` rounds (0, or with probability
// `never-stop-probability`: until a cap) and recommends a given decision with a given
// epsilon, or with probability `other-probability` another one (both drawn from the run's
// stream): runs whose verdicts (correct, optimal) and ends are known.
#include <algorithm>
#include <numeric>
#include <sstream>

#include "cpex/errors.hpp"

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

std::vector<std::size_t> parse_arms(const std::string& text, const char* key) {
  std::vector<std::size_t> arms;
  std::istringstream in(text);
  long long arm;
  while (in >> arm) {
    if (arm < 0) throw ParameterError(key, "arm " + std::to_string(arm) + " is negative");
    arms.push_back(static_cast<std::size_t>(arm));
  }
  if (!in.eof()) throw ParameterError(key, "'" + text + "' is not a list of arm numbers");
  return arms;
}

class FixedAnswer : public Algorithm {
 public:
  FixedAnswer(std::int64_t rounds, std::vector<std::size_t> arms, std::vector<std::size_t> other,
              double other_probability, double never_stop_probability, double epsilon)
      : rounds_(rounds), arms_(std::move(arms)), other_(std::move(other)),
        other_probability_(other_probability), never_stop_probability_(never_stop_probability),
        epsilon_(epsilon) {}
  void start(const AlgorithmContext& context) override {
    RandomStream rng = context.rng;
    use_other_ = rng.uniform01() < other_probability_;
    never_stop_ = rng.uniform01() < never_stop_probability_;
  }
  bool next(Action& action) override {
    if (!never_stop_ && rounds_ > 0 && pulls_ >= static_cast<std::uint64_t>(rounds_)) return false;
    action.arm = 0;
    return true;
  }
  void observe(const Action&, const Observation&) override { ++pulls_; }
  Recommendation recommend() const override {
    Recommendation r;
    r.decision.arms = use_other_ ? other_ : arms_;
    r.epsilon = epsilon_;
    return r;
  }

 private:
  std::int64_t rounds_;
  std::vector<std::size_t> arms_, other_;
  double other_probability_, never_stop_probability_, epsilon_;
  bool use_other_ = false, never_stop_ = false;
  std::uint64_t pulls_ = 0;
};

void register_sweep_fixtures(Registry& registry) {
  AlgorithmEntry answer;
  answer.name = "fixture-answer";
  answer.summary = "test fixture: recommends a given decision with a given epsilon";
  answer.needs.feedback = {FeedbackKind::SingleArm};
  answer.needs.oracles = {{"oracle", 0}};
  answer.schema.integer("rounds", 1, Range::at_least(0), "pulls of arm 0; 0: never stop")
      .text("arms", std::nullopt, "the recommended arms, separated by spaces")
      .text("other", std::string(""), "the arms recommended with probability other-probability")
      .real("other-probability", 0.0, Range::closed(0.0, 1.0), "probability of `other`")
      .real("never-stop-probability", 0.0, Range::closed(0.0, 1.0), "probability of running until a cap")
      .real("epsilon", 0.0, Range::at_least(0.0), "the epsilon of the recommendation")
      .role(ParamRole::Accuracy);
  answer.create = [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
    return std::make_unique<FixedAnswer>(p.integer("rounds"), parse_arms(p.text("arms"), "arms"),
                                         parse_arms(p.text("other"), "other"),
                                         p.real("other-probability"),
                                         p.real("never-stop-probability"), p.real("epsilon"));
  };
  registry.add(std::move(answer));

  AlgorithmEntry entry;
  entry.name = "fixture-round-robin";
  entry.summary = "test fixture: pulls arms in turn for a fixed number of rounds";
  entry.version = "2.1";
  entry.needs.feedback = {FeedbackKind::SingleArm};
  entry.needs.oracles = {{"oracle", kLinearMaximization}};
  entry.schema.integer("rounds", 10, Range::at_least(0), "rounds over all arms; 0: never stop")
      .optional_real("delta", Range::open(0.0, 1.0),
                     "unused: a `delta` that is no target error (no role), for the warning on "
                     "keys whose meaning changes between swept algorithms");
  entry.create = [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
    return std::make_unique<RoundRobin>(p.integer("rounds"));
  };
  registry.add(std::move(entry));
}

}  // namespace

CPEX_PLUGIN(register_sweep_fixtures)
