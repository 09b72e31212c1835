// `uniform-top-k`: a minimal CPEx algorithm plugin, built against the installed package.
// It samples the arms round robin and, after every full round (n samples per arm), stops
// when the k-th and (k+1)-th empirical means are separated by twice the radius
// sigma sqrt(2 log(4 N n^2 / delta) / n) (a union bound over arms and rounds), then
// recommends the k empirical best. k comes from the [oracle]'s Oracle::decision_size().
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "cpex/algorithm.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"

namespace {

class UniformTopK final : public cpex::Algorithm {
 public:
  explicit UniformTopK(double delta) : delta_(delta) {}

  // Once per run, before the first next(): read the public problem and the oracle.
  void start(const cpex::AlgorithmContext& context) override {
    arms_ = context.problem->num_arms;
    sigma_ = context.problem->noise_sigma;
    k_ = context.oracles.front()->decision_size();
    if (k_ == 0 || k_ >= arms_)
      throw cpex::ParameterError("delta", "uniform-top-k needs 0 < k < number of arms");
    sums_.assign(arms_, 0.0);
    pulls_ = 0;
  }

  // Before every sample: false stops the run; otherwise write the arm to pull.
  bool next(cpex::Action& action) override {
    if (pulls_ % arms_ == 0 && pulls_ > 0 && separated()) return false;
    action.arm = pulls_ % arms_;
    return true;
  }

  // After every sample: the environment's reward for the arm just proposed.
  void observe(const cpex::Action& action, const cpex::Observation& observation) override {
    sums_[action.arm] += observation.reward;
    ++pulls_;
  }

  // When the run ends (stopped, or capped by max-samples): the k empirical best arms.
  cpex::Recommendation recommend() const override {
    cpex::Recommendation answer;
    answer.decision.arms = ranked();
    answer.decision.arms.resize(k_);
    std::sort(answer.decision.arms.begin(), answer.decision.arms.end());
    return answer;
  }

  std::vector<std::pair<std::string, cpex::ParamValue>> resolved() const override {
    return {{"delta", delta_}};
  }

 private:
  std::vector<std::size_t> ranked() const {
    std::vector<std::size_t> order(arms_);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return sums_[a] > sums_[b]; });
    return order;
  }

  bool separated() const {
    const double n = static_cast<double>(pulls_ / arms_);
    const double radius =
        sigma_ * std::sqrt(2.0 * std::log(4.0 * static_cast<double>(arms_) * n * n / delta_) / n);
    const auto order = ranked();
    return (sums_[order[k_ - 1]] - sums_[order[k_]]) / n > 2.0 * radius;
  }

  double delta_, sigma_ = 1.0;
  std::size_t arms_ = 0, k_ = 0;
  std::uint64_t pulls_ = 0;
  std::vector<double> sums_;
};

void register_uniform(cpex::Registry& registry) {
  // It picks the k largest means itself, so the decision class must be "every k-subset".
  cpex::register_algorithm(
      registry, {"uniform-top-k", "example: round-robin sampling with a union-bound stopping rule (top-k)"},
      {.feedback = {cpex::FeedbackKind::SingleArm}, .oracles = {{"oracle", cpex::kCardinality}}},
      cpex::ParamSchema().target_error(0.05, "confidence: the target error"),
      [](const cpex::ParamValues& p) -> std::unique_ptr<cpex::Algorithm> {
        return std::make_unique<UniformTopK>(p.real("delta"));
      });
}

}  // namespace

CPEX_PLUGIN(register_uniform)
