// `cpex check` for an environment: the same draws for the same seed (two instances made
// from one RunSeed), empirical means converging to the declared truth (per arm and objective
// for vector-valued arms), and every reward
// inside the declared reward model's range (0 or 1 for Bernoulli rewards). One table of
// (name, function), kEnvironmentChecks: every check is a row.
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <memory>
#include <sstream>

#include "check.hpp"
#include "cpex/feedback_kinds.hpp"
#include "cpex/errors.hpp"
#include "cpex/runtime/pipeline_file.hpp"

namespace cpex::host {

namespace {

// Pulls arm (or super arm) `round % arms` of `env` `rounds` times, as its registered
// feedback kind asks (the one declaration of it); every reward.
struct Puller {
  Environment& env;
  FeedbackKind feedback;
  std::vector<std::size_t> members;
  std::vector<double> per_arm;

  Puller(Environment& e, FeedbackKind registered)
      : env(e), feedback(registered), per_arm(std::max(e.problem().num_arms, e.problem().objectives)) {}

  // The arms whose rewards the observation carries, and the rewards.
  void pull(std::size_t round, std::vector<std::pair<std::size_t, double>>& out) {
    const Problem& p = env.problem();
    const std::size_t n = p.num_arms;
    Action action;
    Observation obs;
    out.clear();
    if (feedback_info(feedback).reward == RewardShape::PerObjective) {
      // One value per objective: index arm * D + objective, as truth() holds them.
      const std::size_t d = p.objectives;
      action.arm = round % n;
      obs.per_arm = std::span<double>(per_arm.data(), d);
      env.pull(action, obs);
      for (std::size_t j = 0; j < d; ++j) out.emplace_back(action.arm * d + j, per_arm[j]);
      return;
    }
    if (feedback_info(feedback).pull == PullShape::Arm) {
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
    if (feedback_info(feedback).reward == RewardShape::PerMember)
      for (std::size_t j = 0; j < k; ++j) out.emplace_back(members[j], per_arm[j]);
    else
      out.emplace_back(n, obs.reward);  // a sum over the super arm: index n
  }
};

// What the checks of one environment share: two instances built from one seed, the
// rewards their pulls gave (per arm; a sum over the super arm at index n) and what differed.
struct EnvironmentState : CheckState {
  const Registry& registry;
  const EnvironmentEntry& entry;
  const CheckOptions& options;
  std::unique_ptr<Oracle> decision_oracle;
  std::unique_ptr<Environment> a, b;
  std::size_t rounds = 0;
  std::vector<double> totals, squares;  // squares: for families without a sub-Gaussian constant
  std::vector<std::size_t> counts;
  std::string same, range;  // the first difference between the instances, the first reward out of range

  EnvironmentState(const Registry& r, const EnvironmentEntry& e, const CheckOptions& o)
      : registry(r), entry(e), options(o) {}
};

// The truth's values: one per arm, one per arm and objective for vector-valued arms.
std::size_t truth_values(const Problem& problem) { return problem.num_arms * std::max<std::size_t>(problem.objectives, 1); }

// Two instances from one RunSeed, with a decision-class oracle (top-k, k = 1) an environment
// may plant its instance in; truth() with a value per arm (per arm and objective). A text key
// `means` (vector-valued arms) gets 3 arms of 2 objectives, an optional list of means (a prior
// may replace it) 4 means. Blocks the rest on failure.
CheckResult build(EnvironmentState& s) {
  EnvironmentContext context{RunSeed{21, 7, 0}, nullptr};
  try {
    std::vector<std::pair<std::string, std::string>> examples;
    if (const ParamSpec* means = s.entry.schema.find("means")) {
      if (means->type == ParamType::Text) examples.emplace_back("means", "0.8 0.2; 0.5 0.5; 0.2 0.7");
      // Optional means (the instance may come from a prior instead): explicit means.
      if (means->type == ParamType::RealList && means->optional) {
        std::string list;
        for (double x : {0.8, 0.5, 0.35, 0.2})
          if (means->range.contains(x)) list += (list.empty() ? "" : ", ") + check_number(x);
        examples.emplace_back("means", list);
      }
    }
    const std::string section =
        check_section_text("environment", s.entry.name, s.entry.schema, s.options.overrides, examples);
    const ParamValues params =
        read_section(PipelineFile::from_text(section, "cpex check"), "environment", s.entry.schema, s.entry.name);
    if (const OracleEntry* topk = s.registry.oracle("top-k")) {
      ParamValues op;
      for (const auto& spec : topk->schema.specs())
        if (spec.default_value) op.set(spec.name, *spec.default_value);
      op.set("k", std::int64_t{1});
      s.decision_oracle = topk->create(op, OracleContext{context.seed});
      context.decision_oracle = s.decision_oracle.get();
    }
    s.a = s.entry.create(params, context);
    s.b = s.entry.create(params, context);
    if (!s.a || !s.b) throw Error("the factory returned no environment");
  } catch (const std::exception& e) {
    s.blocked = "the environment could not be built";
    return {CheckStatus::Fail, e.what()};
  }
  const Problem& problem = s.a->problem();
  const std::size_t n = problem.num_arms;
  const std::size_t values = s.a->truth().size();
  if (n == 0 || values != truth_values(problem)) {
    s.blocked = "no truth to compare with";
    return {CheckStatus::Fail, "truth() has " + std::to_string(values) + " values for " + std::to_string(n) + " arms" +
                                   (problem.objectives > 1 ? " of " + std::to_string(problem.objectives) + " objectives"
                                                           : std::string())};
  }
  return {CheckStatus::Pass, std::to_string(n) + " arms" +
                                 (problem.objectives > 1 ? " of " + std::to_string(problem.objectives) + " objectives"
                                                         : std::string()) +
                                 ", " + to_string(s.entry.feedback) + " feedback, rewards " + describe(problem.rewards)};
}

// Pulls both instances in step: the same rewards for the same seed. Also collects every
// reward for the later checks; a pull that throws blocks them.
CheckResult same_seed_same_draws(EnvironmentState& s) {
  const Problem& problem = s.a->problem();
  const std::size_t n = problem.num_arms;
  s.rounds = (s.options.quick ? 2000 : 20000) * n;
  Puller pa(*s.a, s.entry.feedback), pb(*s.b, s.entry.feedback);
  std::vector<std::pair<std::size_t, double>> ra, rb;
  const std::size_t slots = truth_values(problem);
  s.totals.assign(slots + 1, 0.0);
  s.squares.assign(slots + 1, 0.0);
  s.counts.assign(slots + 1, 0);
  const RewardModel& model = problem.rewards;
  const bool bernoulli = model.family == RewardFamily::Bernoulli;
  const bool poisson = model.family == RewardFamily::Poisson;
  try {
    for (std::size_t round = 0; round < s.rounds; ++round) {
      pa.pull(round, ra);
      pb.pull(round, rb);
      if (s.same.empty() && ra != rb)
        s.same = "round " + std::to_string(round) + ": reward " + check_number(ra.empty() ? 0 : ra[0].second) + " then " +
                 check_number(rb.empty() ? 0 : rb[0].second) + " from two instances of one seed";
      for (const auto& [arm, reward] : ra) {
        s.totals[arm] += reward;
        s.squares[arm] += reward * reward;
        ++s.counts[arm];
        if (s.range.empty() && (!std::isfinite(reward) || reward < model.lower || reward > model.upper ||
                                (bernoulli && reward != 0.0 && reward != 1.0) ||
                                (poisson && reward != std::floor(reward))))
          s.range = (problem.objectives > 1 ? "arm " + std::to_string(arm / problem.objectives) + " objective " +
                                                  std::to_string(arm % problem.objectives)
                                            : "arm " + std::to_string(arm)) +
                    " gave " + check_number(reward) + ", outside " + describe(model);
      }
    }
  } catch (const std::exception& e) {
    s.blocked = "not checked: a pull threw";
    return {CheckStatus::Fail, std::string("pull threw: ") + e.what()};
  }
  if (!s.same.empty()) return {CheckStatus::Fail, s.same};
  return {CheckStatus::Pass, std::to_string(s.rounds) + " pulls identical for two instances of one seed"};
}

// Every reward inside the declared reward model's range (0 or 1 for Bernoulli rewards).
CheckResult reward_range(EnvironmentState& s) {
  if (!s.range.empty()) return {CheckStatus::Fail, s.range};
  return {CheckStatus::Pass, std::to_string(s.rounds) + " rewards inside " + describe(s.a->problem().rewards)};
}

// Empirical means against the truth: within 6 standard errors (sub-Gaussian constant R;
// the empirical standard deviation of the arm for families without one).
CheckResult means_converge(EnvironmentState& s) {
  const Problem& problem = s.a->problem();
  if (problem.parameter != KeyParameter::Mean) return {CheckStatus::Skip, "truth() holds variances, not means"};
  const std::size_t n = problem.num_arms;
  const auto truth = s.a->truth();
  const RewardModel& model = problem.rewards;
  const double scale = model.bounded() ? 0.5 * (model.upper - model.lower) : problem.noise_sigma;
  std::string off;
  double worst = 0.0;
  auto compare = [&](std::size_t index, double expected) {
    if (!s.counts[index]) return;
    const double mean = s.totals[index] / static_cast<double>(s.counts[index]);
    const double pulls = static_cast<double>(s.counts[index]);
    const double spread = has_sub_gaussian_scale(model.family)
                              ? scale
                              : std::sqrt(std::max(0.0, s.squares[index] / pulls - mean * mean));
    const double allowed = 6.0 * std::max(spread, 1e-12) / std::sqrt(pulls);
    worst = std::max(worst, std::fabs(mean - expected) / allowed);
    if (off.empty() && std::fabs(mean - expected) > allowed)
      off = (index == n && s.entry.feedback == FeedbackKind::FullBanditSum ? "super-arm sums"
             : problem.objectives > 1 ? "arm " + std::to_string(index / problem.objectives) + " objective " +
                                            std::to_string(index % problem.objectives)
                                      : "arm " + std::to_string(index)) +
            ": mean " + check_number(mean) + " of " +
            std::to_string(s.counts[index]) + " rewards, truth " + check_number(expected) + " (allowed +-" + check_number(allowed) + ")";
  };
  if (s.entry.feedback == FeedbackKind::FullBanditSum) {
    // The sums over rotating super arms average to k/n of the total truth.
    double total = 0.0;
    for (double t : truth) total += t;
    const double k = static_cast<double>(std::max<std::size_t>(problem.k, 1));
    compare(n, total * k / static_cast<double>(n));
  } else {
    for (std::size_t i = 0; i < truth_values(problem); ++i) compare(i, truth[i]);
  }
  if (!off.empty()) return {CheckStatus::Fail, off};
  return {CheckStatus::Pass, "every empirical mean within 6 standard errors of truth() (worst " + check_number(6 * worst) + ")"};
}

// The environment checks, in order: one row each.
constexpr Check<EnvironmentState> kEnvironmentChecks[] = {{"build", build},
                                                           {"same-seed-same-draws", same_seed_same_draws},
                                                           {"reward-range", reward_range},
                                                           {"means-converge", means_converge}};

}  // namespace

std::vector<CheckRow> check_environment(const Registry& registry, const EnvironmentEntry& entry,
                                        const CheckOptions& options) {
  return run_checks_on(kEnvironmentChecks, registry, entry, options);
}

}  // namespace cpex::host
