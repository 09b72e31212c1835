// The `semi-bandit` environment: independent arms (Gaussian N(mu_i, sigma^2) or Bernoulli(mu_i)),
// pulled as a super arm — a non-empty set of distinct arms, typically a decision of the
// oracle's class (combinatorial semi-bandits: Chen, Lin, King, Lyu & Chen 2014) — observing
// every member's reward (Observation::per_arm, in the order of the pull) and their sum as the
// reward. Each arm keeps its own noise stream, so a member's reward does not depend on which
// other arms were pulled with it. A pull costs its number of members (the run loop's sample count).
#include <memory>
#include <string>
#include <vector>

#include "arm_set_environment.hpp"
#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"

namespace cpex::environments {
namespace {

class SemiBandit final : public ArmSetEnvironment {
 public:
  SemiBandit(std::vector<double> means, bool bernoulli, double sigma, const RunSeed& seed)
      : ArmSetEnvironment(std::move(means), "semi-bandit", "arm"), bernoulli_(bernoulli), sigma_(sigma) {
    const std::size_t n = theta_.size();
    if (n < 2) throw ParameterError("means", "a semi-bandit needs at least 2 arms");
    if (bernoulli)
      for (std::size_t i = 0; i < n; ++i)
        if (!(theta_[i] >= 0.0 && theta_[i] <= 1.0))
          throw ParameterError("means", "rewards = bernoulli needs every mean in [0, 1], but mu_" +
                                            std::to_string(i) + " = " + std::to_string(theta_[i]));
    problem_.num_arms = n;
    declare_rewards(problem_, bernoulli ? RewardFamily::Bernoulli : RewardFamily::Gaussian, sigma);
    streams_ = arm_noise_streams(seed, n);
  }

  void pull(const Action& action, Observation& out) override {
    const auto& members = action.super_arm;
    if (members.empty()) throw Error("semi-bandit: a pull must name at least one arm");
    if (out.per_arm.size() < members.size())
      throw Error("semi-bandit: the observation has room for " + std::to_string(out.per_arm.size()) +
                  " rewards, the pull names " + std::to_string(members.size()) + " arms");
    members_.begin();
    double total = 0.0;
    for (std::size_t i = 0; i < members.size(); ++i) {
      const std::size_t arm = members[i];
      members_.mark(arm);
      const double reward = bernoulli_ ? (streams_[arm].uniform01() < theta_[arm] ? 1.0 : 0.0)
                                       : theta_[arm] + sigma_ * streams_[arm].normal();
      out.per_arm[i] = reward;
      total += reward;
    }
    out.reward = total;
  }

 private:
  bool bernoulli_;
  double sigma_;
};

std::unique_ptr<Environment> make(const ParamValues& p, const RunSeed& seed) {
  std::vector<double> means = p.reals("means");
  if (means.size() > static_cast<std::size_t>(kMaxDimension))
    throw ParameterError("means", "lists " + std::to_string(means.size()) + " arms, more than the limit of " +
                                      std::to_string(kMaxDimension));
  return std::make_unique<SemiBandit>(std::move(means), p.text("rewards") == "bernoulli", p.real("sigma"), seed);
}

void register_semi_bandit(Registry& registry) {
  register_environment(
      registry, {"semi-bandit", "pull a set of arms, observe every member's reward (combinatorial semi-bandit)"},
      FeedbackKind::SemiBandit,
      ParamSchema()
          .real_list("means", Range::any(), "mean of each arm")
          .choice("rewards", "gaussian", {"gaussian", "bernoulli"},
                  "gaussian: N(mu_i, sigma^2) per member; bernoulli: Bernoulli(mu_i) (means in [0, 1])")
          .real("sigma", 1.0, Range::greater_than(0.0), "noise standard deviation (gaussian)"),
      make);
}

}  // namespace
}  // namespace cpex::environments

CPEX_PLUGIN(cpex::environments::register_semi_bandit)
