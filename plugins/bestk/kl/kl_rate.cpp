// The exploration rates and reward families of kl-lucb and kl-racing (kl_rate.hpp).
#include "kl_rate.hpp"

#include <algorithm>
#include <cmath>

#include "cpex/errors.hpp"

namespace cpex::bestk::kl {

ExplorationRate::ExplorationRate(const ParamValues& params, bool racing) : name_(params.text("rate")) {
  const bool kk = name_ == "kk2013";
  global_time_ = name_ == "gk2016";
  log_log_ = kk && !racing;
  alpha_ = params.has("alpha") ? params.real("alpha") : (kk ? 1.1 : 4.0);
  k1_ = params.has("k1") ? params.real("k1") : (kk ? (racing ? 11.1 : 405.5) : 1.25);
}

void ExplorationRate::prepare(std::size_t arms, double delta) {
  log_scale_ = std::log(k1_ * static_cast<double>(arms) / delta);
  log_inverse_delta_ = std::log(1.0 / delta);
}

double ExplorationRate::operator()(std::uint64_t round, std::uint64_t samples) const {
  if (global_time_) return std::log(std::log(static_cast<double>(std::max<std::uint64_t>(samples, 1))) + 1.0) + log_inverse_delta_;
  const double base = log_scale_ + alpha_ * std::log(static_cast<double>(round));
  // log log is only defined (and only added, as in the paper) where base > 1.
  return log_log_ && base > 1.0 ? base + std::log(base) : base;
}

std::vector<std::pair<std::string, ParamValue>> ExplorationRate::resolved() const {
  if (global_time_) return {{"rate", name_}};
  return {{"rate", name_}, {"alpha", alpha_}, {"k1", k1_}};
}

KlSettings::KlSettings(const ParamValues& params, bool racing)
    : rate(params, racing), delta(params.real("delta")), epsilon(params.real("epsilon")) {}

std::size_t KlSettings::start(const AlgorithmContext& context, const std::string& name) {
  const Problem& problem = *context.problem;
  const std::size_t k = context.oracles.front()->decision_size();
  if (k == 0 || k >= problem.num_arms)
    throw ParameterError("k", name + " needs 0 < k < number of arms, got k = " + std::to_string(k));
  auto per_arm = numerics::arm_families_of(problem);
  if (!per_arm || problem.rewards.family == RewardFamily::GaussianUnknownVariance)
    throw ParameterError("plugin", name + " needs rewards of a one-parameter exponential family "
                                          "(gaussian with known sigmas, bernoulli, poisson, "
                                          "exponential) for its KL bounds, got " +
                                          to_string(problem.rewards.family));
  families = std::move(*per_arm);
  rate.prepare(problem.num_arms, delta);
  return k;
}

std::vector<std::pair<std::string, ParamValue>> KlSettings::resolved() const {
  auto out = rate.resolved();
  out.emplace_back("delta", delta);
  out.emplace_back("epsilon", epsilon);
  return out;
}

ParamSchema kl_schema() {
  ParamSchema schema;
  schema.target_error(0.05, "confidence: error probability at most delta")
      .accuracy(0.0, "accuracy: every returned arm is within epsilon of the k-th best mean")
      .choice("rate", "kk2013", {"kk2013", "lucb1", "gk2016"},
              "exploration rate: kk2013 = the paper's (kl-lucb: log(k1 K t^alpha/delta) + log "
              "log(same); kl-racing: log(k1 K t^alpha/delta)), lucb1 = log(k1 K t^alpha/delta) "
              "with LUCB1's k1 = 5/4, alpha = 4, gk2016 = log((log t + 1)/delta) with t the "
              "samples so far (Garivier & Kaufmann 2016's experiments; no guarantee)")
      .optional_real("alpha", Range::greater_than(1.0),
                     "exponent of t in the rate (default: 1.1 for kk2013, 4 for lucb1)")
      .optional_real("k1", Range::greater_than(0.0),
                     "constant k1 of the rate (default: kk2013 405.5 for kl-lucb, 11.1 for "
                     "kl-racing; 5/4 for lucb1)");
  return schema;
}

AlgorithmNeeds kl_needs() {
  AlgorithmNeeds needs = one_oracle_needs(FeedbackKind::SingleArm, kLinearMaximization | kCardinality);
  needs.rewards = RewardRequirement::families_of(
      {RewardFamily::Gaussian, RewardFamily::Bernoulli, RewardFamily::Poisson, RewardFamily::Exponential});
  return needs;
}

}  // namespace cpex::bestk::kl
