// Fixture plugins for the tests (see CMakeLists.txt beside this file).
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/plugin.hpp"
#include "sorting_top_k.hpp"

#include <algorithm>
#include <numeric>

namespace {

using namespace cpex;

// Arms with fixed means and no noise; full-bandit or single-arm feedback.
class FixedArms : public Environment {
 public:
  FixedArms(std::vector<double> means, FeedbackKind feedback, std::int64_t fail_repetition,
            std::int64_t fail_after, const RunSeed& seed)
      : means_(std::move(means)),
        fail_(fail_repetition >= 0 && static_cast<std::uint64_t>(fail_repetition) == seed.repetition),
        fail_after_(fail_after) {
    problem_.feedback = feedback;
    problem_.num_arms = means_.size();
    problem_.noise_sigma = 1.0;
    problem_.k = feedback == FeedbackKind::FullBanditSum ? 2 : 0;
  }
  const Problem& problem() const override { return problem_; }
  std::span<const double> truth() const override { return means_; }
  void pull(const Action& action, Observation& out) override {
    if (fail_ && ++pulls_ > fail_after_) throw Error("fixture-failing: deliberate failure");
    out.reward = means_[action.arm];
  }

 private:
  Problem problem_;
  std::vector<double> means_;
  bool fail_;
  std::int64_t fail_after_;
  std::int64_t pulls_ = 0;
};

// Top-k by a full stable sort, declaring only linear maximization (as a path or matching
// oracle would; registered below): algorithms must take their generic, oracle-calling path.
using NoCardinality = test::SortingTopK;

void register_fixtures(Registry& registry) {
  EnvironmentEntry full;
  full.name = "fixture-full-bandit";
  full.summary = "test fixture: noiseless arms with full-bandit feedback";
  full.feedback = FeedbackKind::FullBanditSum;
  full.schema.real_list("means", Range::any(), "means");
  full.create = [](const ParamValues& p, const EnvironmentContext& c) -> std::unique_ptr<Environment> {
    return std::make_unique<FixedArms>(p.reals("means"), FeedbackKind::FullBanditSum, -1, 0,
                                       c.seed);
  };
  registry.add(std::move(full));

  EnvironmentEntry failing;
  failing.name = "fixture-failing";
  failing.summary = "test fixture: noiseless arms that fail in one repetition";
  failing.schema.real_list("means", Range::any(), "means")
      .integer("fail-repetition", 0, Range::at_least(0), "repetition that fails")
      .integer("fail-after", 10, Range::at_least(0), "pulls before the failure");
  failing.create = [](const ParamValues& p, const EnvironmentContext& c) -> std::unique_ptr<Environment> {
    return std::make_unique<FixedArms>(p.reals("means"), FeedbackKind::SingleArm,
                                       p.integer("fail-repetition"), p.integer("fail-after"),
                                       c.seed);
  };
  registry.add(std::move(failing));

  // Registered single-arm (the default), while its Problem's feedback field says semi-bandit:
  // the registration is the one declaration, and the framework gives the run's algorithm
  // and oracles a Problem that says single-arm.
  EnvironmentEntry misdeclared;
  misdeclared.name = "fixture-misdeclared";
  misdeclared.summary = "test fixture: registered single-arm, its Problem field semi-bandit (overridden)";
  misdeclared.schema.real_list("means", Range::any(), "means");
  misdeclared.create = [](const ParamValues& p, const EnvironmentContext& c) -> std::unique_ptr<Environment> {
    return std::make_unique<FixedArms>(p.reals("means"), FeedbackKind::SemiBandit, -1, 0, c.seed);
  };
  registry.add(std::move(misdeclared));

  OracleEntry oracle;
  oracle.name = "fixture-no-cardinality";
  oracle.summary = "test fixture: linear maximization without the cardinality capability";
  oracle.capabilities = kLinearMaximization;
  oracle.schema.integer("k", 1, Range::at_least(1), "decision size");
  oracle.create = [](const ParamValues& p, const OracleContext&) -> std::unique_ptr<Oracle> {
    return std::make_unique<NoCardinality>(static_cast<std::size_t>(p.integer("k")));
  };
  registry.add(std::move(oracle));
}

}  // namespace

CPEX_PLUGIN(register_fixtures)
