// `cpex check` for an environment: the same draws for the same seed (two instances made
// from one RunSeed), empirical means converging to the declared truth, and every reward
// inside the declared reward model's range (0 or 1 for Bernoulli rewards).
#include <cmath>
#include <iomanip>
#include <sstream>

#include "check.hpp"
#include "cpex/errors.hpp"
#include "cpex/pipeline_file.hpp"

namespace cpex::host {

namespace {

std::string number(double x) { return check_number(x); }

// Pulls arm (or super arm) `round % arms` of `env` `rounds` times; every reward.
struct Puller {
  Environment& env;
  std::vector<std::size_t> members;
  std::vector<double> per_arm;

  explicit Puller(Environment& e) : env(e), per_arm(e.problem().num_arms) {}

  // The arms whose rewards the observation carries, and the rewards.
  void pull(std::size_t round, std::vector<std::pair<std::size_t, double>>& out) {
    const Problem& p = env.problem();
    const std::size_t n = p.num_arms;
    Action action;
    Observation obs;
    out.clear();
    if (p.feedback == FeedbackKind::SingleArm || p.feedback == FeedbackKind::LinearArm) {
      action.arm = round % n;
      env.pull(action, obs);
      out.emplace_back(action.arm, obs.reward);
      return;
    }
    const std::size_t k = std::max<std::size_t>(p.k, 1);
    members.clear();
    for (std::size_t j = 0; j < k; ++j) members.push_back((round + j) % n);
    std::sort(members.begin(), members.end());
    action.super_arm = members;
    obs.per_arm = std::span<double>(per_arm.data(), k);
    env.pull(action, obs);
    if (p.feedback == FeedbackKind::SemiBandit)
      for (std::size_t j = 0; j < k; ++j) out.emplace_back(members[j], per_arm[j]);
    else
      out.emplace_back(n, obs.reward);  // a sum over the super arm: index n
  }
};

}  // namespace

std::vector<CheckRow> check_environment(const Registry& registry, const EnvironmentEntry& entry,
                                        const CheckOptions& options) {
  std::vector<CheckRow> rows;
  ParamValues params;
  std::unique_ptr<Oracle> decision_oracle;
  EnvironmentContext context{RunSeed{21, 7, 0}, nullptr};
  std::unique_ptr<Environment> a, b;
  try {
    const std::string section = check_section_text("environment", entry.name, entry.schema, options.overrides);
    params = read_section(PipelineFile::from_text(section, "cpex check"), "environment", entry.schema, entry.name);
    // An environment may plant its instance in the decision class: give it top-k (k = 1).
    if (const OracleEntry* topk = registry.oracle("top-k")) {
      ParamValues op;
      for (const auto& spec : topk->schema.specs())
        if (spec.default_value) op.set(spec.name, *spec.default_value);
      op.set("k", std::int64_t{1});
      decision_oracle = topk->create(op, OracleContext{context.seed});
      context.decision_oracle = decision_oracle.get();
    }
    a = entry.create(params, context);
    b = entry.create(params, context);
    if (!a || !b) throw Error("the factory returned no environment");
  } catch (const std::exception& e) {
    rows.push_back({"build", CheckStatus::Fail, e.what()});
    return rows;
  }
  const Problem& problem = a->problem();
  const std::size_t n = problem.num_arms;
  const auto truth = a->truth();
  rows.push_back({"build", CheckStatus::Pass,
                  std::to_string(n) + " arms, " + to_string(problem.feedback) + " feedback, rewards " +
                      describe(problem.rewards)});
  if (n == 0 || truth.size() != n) {
    rows.push_back({"truth", CheckStatus::Fail,
                    "truth() has " + std::to_string(truth.size()) + " values for " + std::to_string(n) + " arms"});
    return rows;
  }

  const std::size_t per_arm_pulls = options.quick ? 2000 : 20000;
  const std::size_t rounds = per_arm_pulls * n;
  Puller pa(*a), pb(*b);
  std::vector<std::pair<std::size_t, double>> ra, rb;
  std::vector<double> totals(n + 1, 0.0);
  std::vector<double> squares(n + 1, 0.0);  // for families without a sub-Gaussian constant
  std::vector<std::size_t> counts(n + 1, 0);
  std::string same, range;
  const RewardModel& model = problem.rewards;
  const bool bernoulli = model.family == RewardFamily::Bernoulli;
  const bool poisson = model.family == RewardFamily::Poisson;
  try {
    for (std::size_t round = 0; round < rounds; ++round) {
      pa.pull(round, ra);
      pb.pull(round, rb);
      if (same.empty() && ra != rb)
        same = "round " + std::to_string(round) + ": reward " + number(ra.empty() ? 0 : ra[0].second) +
               " then " + number(rb.empty() ? 0 : rb[0].second) + " from two instances of one seed";
      for (const auto& [arm, reward] : ra) {
        totals[arm] += reward;
        squares[arm] += reward * reward;
        ++counts[arm];
        if (range.empty() && (!std::isfinite(reward) || reward < model.lower || reward > model.upper ||
                              (bernoulli && reward != 0.0 && reward != 1.0) ||
                              (poisson && reward != std::floor(reward))))
          range = "arm " + std::to_string(arm) + " gave " + number(reward) + ", outside " + describe(model);
      }
    }
  } catch (const std::exception& e) {
    rows.push_back({"pull", CheckStatus::Fail, std::string("pull threw: ") + e.what()});
    return rows;
  }
  rows.push_back({"same-seed-same-draws", same.empty() ? CheckStatus::Pass : CheckStatus::Fail,
                  same.empty() ? std::to_string(rounds) + " pulls identical for two instances of one seed" : same});
  rows.push_back({"reward-range", range.empty() ? CheckStatus::Pass : CheckStatus::Fail,
                  range.empty() ? std::to_string(rounds) + " rewards inside " + describe(model) : range});

  // Empirical means against the truth: within 6 standard errors (sub-Gaussian constant R;
  // the empirical standard deviation of the arm for families without one).
  if (problem.parameter != KeyParameter::Mean) {
    rows.push_back({"means-converge", CheckStatus::Skip, "truth() holds variances, not means"});
    return rows;
  }
  const double scale = model.bounded() ? 0.5 * (model.upper - model.lower) : problem.noise_sigma;
  std::string off;
  double worst = 0.0;
  auto compare = [&](std::size_t index, double expected) {
    if (!counts[index]) return;
    const double mean = totals[index] / static_cast<double>(counts[index]);
    const double pulls = static_cast<double>(counts[index]);
    const double spread = has_sub_gaussian_scale(model.family)
                              ? scale
                              : std::sqrt(std::max(0.0, squares[index] / pulls - mean * mean));
    const double allowed = 6.0 * std::max(spread, 1e-12) / std::sqrt(pulls);
    worst = std::max(worst, std::fabs(mean - expected) / allowed);
    if (off.empty() && std::fabs(mean - expected) > allowed)
      off = (index == n ? "super-arm sums" : "arm " + std::to_string(index)) + ": mean " + number(mean) +
            " of " + std::to_string(counts[index]) + " rewards, truth " + number(expected) + " (allowed +-" +
            number(allowed) + ")";
  };
  if (problem.feedback == FeedbackKind::FullBanditSum) {
    // The sums over rotating super arms average to k/n of the total truth.
    double total = 0.0;
    for (double t : truth) total += t;
    const double k = static_cast<double>(std::max<std::size_t>(problem.k, 1));
    compare(n, total * k / static_cast<double>(n));
  } else {
    for (std::size_t i = 0; i < n; ++i) compare(i, truth[i]);
  }
  rows.push_back({"means-converge", off.empty() ? CheckStatus::Pass : CheckStatus::Fail,
                  off.empty() ? "every empirical mean within 6 standard errors of truth() (worst " + number(6 * worst) + ")"
                              : off});
  return rows;
}

}  // namespace cpex::host
