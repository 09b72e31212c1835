// @NAME@: a CPEx environment plugin (written by `cpex new environment @NAME@`): arms with
// given means and Gaussian noise of a common sigma. Replace the reward model with your own;
// `cpex check` tests that one seed gives the same draws, that empirical means converge to
// truth() and that rewards stay in the declared range.
#include <memory>
#include <vector>

#include "cpex/capabilities.hpp"  // FeedbackKind
#include "cpex/environment.hpp"   // Environment, Problem, Action, Observation
#include "cpex/errors.hpp"        // ParameterError
#include "cpex/plugin.hpp"        // CPEX_PLUGIN
#include "cpex/random.hpp"        // RunSeed, RandomStream, arm_noise_streams
#include "cpex/registration.hpp"  // register_environment

namespace {

class @CLASS@ final : public cpex::Environment {
 public:
  // Built once per run from the parameters and the run's seed: every random draw comes from
  // streams of that seed (one per arm here), so a run is the same on any thread and machine.
  @CLASS@(std::vector<double> means, double sigma, const cpex::RunSeed& seed) : means_(std::move(means)), sigma_(sigma) {
    if (means_.size() < 2) throw cpex::ParameterError("means", "needs at least 2 arms");
    problem_.num_arms = means_.size();
    problem_.noise_sigma = sigma_;                         // what algorithms may assume (R)
    problem_.rewards = cpex::RewardModel::gaussian();      // the family and range of a reward
    streams_ = cpex::arm_noise_streams(seed, means_.size());
  }

  // The public description algorithms see.
  const cpex::Problem& problem() const override { return problem_; }
  // The hidden truth (the arms' means): only the framework's judge (and declared oracle
  // baselines) read it.
  std::span<const double> truth() const override { return means_; }
  // One sample of the arm in `action`.
  void pull(const cpex::Action& action, cpex::Observation& out) override {
    out.reward = means_[action.arm] + sigma_ * streams_[action.arm].normal();
  }
  // The parameters as used, for the results' `resolved` column.
  std::vector<std::pair<std::string, cpex::ParamValue>> resolved() const override { return {{"sigma", sigma_}}; }

 private:
  std::vector<double> means_;
  double sigma_;
  cpex::Problem problem_;
  std::vector<cpex::RandomStream> streams_;
};

std::unique_ptr<cpex::Environment> make_@IDENT@(const cpex::ParamValues& p, const cpex::RunSeed& seed) {
  return std::make_unique<@CLASS@>(p.reals("means"), p.real("sigma"), seed);
}

// Called by the host when it loads the library: name, summary, version (recorded in results
// stores), the feedback kind it gives and the parameter schema (range and description for
// every parameter).
void register_@IDENT@(cpex::Registry& registry) {
  cpex::register_environment(
      registry, {"@NAME@", "arms with given means and Gaussian noise", "0.1"}, cpex::FeedbackKind::SingleArm,
      cpex::ParamSchema()
          .real_list("means", cpex::Range::closed(-1e6, 1e6), "mean reward of each arm (at least 2)")
          .real("sigma", 1.0, cpex::Range::greater_than(0.0), "standard deviation of the noise"),
      make_@IDENT@);
}

}  // namespace

CPEX_PLUGIN(register_@IDENT@)
