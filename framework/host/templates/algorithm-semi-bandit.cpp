// @NAME@: a CPEx semi-bandit algorithm plugin (written by `cpex new algorithm @NAME@ --kind
// semi-bandit`). Semi-bandit feedback: a pull names a super arm (a set of arms, in
// Action::super_arm, storage the algorithm owns) and observes every member's reward
// (Observation::per_arm, in the order of the pull); it costs its number of members. It
// identifies the k arms of largest mean with probability at least 1 - delta: it pulls every
// arm at once (one round) and stops once the k best lower
// confidence bounds clear every other upper bound, with the anytime radius
// sigma sqrt(2 log(4 n t^2 / delta) / t)  after t samples of an arm (a union bound over
// arms and sample counts). A round costs O(n). Replace the sampling and stopping rules with
// your own; `cpex check` tells you whether the result is still delta-correct.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "cpex/algorithm.hpp"     // Algorithm, AlgorithmContext, Action, Observation, Recommendation
#include "cpex/capabilities.hpp"  // FeedbackKind, oracle capability flags (kCardinality, ...)
#include "cpex/errors.hpp"        // ParameterError: a bad parameter, reported as one line
#include "cpex/plugin.hpp"        // CPEX_PLUGIN: the library's entry point and ABI version
#include "cpex/registration.hpp"  // register_algorithm

namespace {

class @CLASS@ final : public cpex::Algorithm {
 public:
  explicit @CLASS@(double delta) : delta_(delta) {}

  // Once per run, before the first next(): the public problem (number of arms, the noise's
  // sub-Gaussian constant sigma), the oracles of the roles declared at registration
  // (oracles[0] is [oracle], the decision class) and this run's random stream
  // (context.rng: use it, never a generator of your own, so runs are reproducible and do not
  // depend on the thread that runs them). Throw ParameterError for a parameter that does
  // not fit the problem: its key names the parameter of [algorithm], or "SECTION.KEY" a key
  // of another section (here the oracle's k).
  void start(const cpex::AlgorithmContext& context) override {
    arms_ = context.problem->num_arms;
    sigma_ = context.problem->noise_sigma;
    k_ = context.oracles.front()->decision_size();
    if (k_ == 0 || k_ >= arms_)
      throw cpex::ParameterError("oracle.k", "@NAME@ needs 0 < k < " + std::to_string(arms_) +
                                                 " (the number of arms), got k = " + std::to_string(k_));
    sums_.assign(arms_, 0.0);
    counts_.assign(arms_, 0);
    order_.resize(arms_);
    std::iota(order_.begin(), order_.end(), std::size_t{0});
    order_all_ = order_;
    separated_ = false;
  }

  // Before every sample: return false to stop (the run ends "by its own rule"), or write
  // the arm to pull into `action` and return true. Keep it cheap: it runs once per sample.
  bool next(cpex::Action& action) override {
    if (separated_) return false;
    action.super_arm = order_all_;  // every arm (a decision of the class would do as well)
    return true;
  }

  // After every pull: one reward per member of the super arm. Every arm has the same number
  // of samples, so one radius serves them all.
  void observe(const cpex::Action& action, const cpex::Observation& observation) override {
    for (std::size_t i = 0; i < action.super_arm.size(); ++i) {
      sums_[action.super_arm[i]] += observation.per_arm[i];
      ++counts_[action.super_arm[i]];
    }
    separated_ = gap_between_kth_and_next() > 2.0 * radius(counts_[0]);
  }

  // When the run ends (or is capped at max-samples): the answer, a decision of the class
  // (here: the k arms of largest empirical mean, sorted). The framework judges it against
  // the truth; the algorithm never sees the truth.
  cpex::Recommendation recommend() const override {
    std::vector<std::size_t> order(arms_);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::nth_element(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k_ - 1), order.end(),
                     [&](std::size_t a, std::size_t b) { return above(a, b); });
    cpex::Recommendation answer;
    answer.decision.arms.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k_));
    std::sort(answer.decision.arms.begin(), answer.decision.arms.end());
    return answer;
  }

  // The parameters as used, for the results' `resolved` column.
  std::vector<std::pair<std::string, cpex::ParamValue>> resolved() const override { return {{"delta", delta_}}; }

 private:
  double mean(std::size_t i) const { return counts_[i] ? sums_[i] / static_cast<double>(counts_[i]) : 0.0; }
  // Larger mean first; ties by the lower index, so answers do not depend on the order.
  bool above(std::size_t a, std::size_t b) const { return mean(a) > mean(b) || (mean(a) == mean(b) && a < b); }
  double radius(std::uint64_t samples) const {
    const double t = static_cast<double>(samples);
    return sigma_ * std::sqrt(2.0 * std::log(4.0 * static_cast<double>(arms_) * t * t / delta_) / t);
  }
  // The k-th largest empirical mean minus the largest of the others: O(n) (a selection, no sort).
  double gap_between_kth_and_next() {
    const auto kth = order_.begin() + static_cast<std::ptrdiff_t>(k_ - 1);
    std::nth_element(order_.begin(), kth, order_.end(), [&](std::size_t a, std::size_t b) { return above(a, b); });
    double rest = -INFINITY;
    for (auto it = kth + 1; it != order_.end(); ++it) rest = std::max(rest, mean(*it));
    return mean(*kth) - rest;
  }

  double delta_, sigma_ = 1.0;
  std::size_t arms_ = 0, k_ = 0;
  bool separated_ = false;
  std::vector<double> sums_;
  std::vector<std::uint64_t> counts_;
  std::vector<std::size_t> order_;      // arms, partially ordered by the last stopping test
  std::vector<std::size_t> order_all_;  // 0..n-1: the super arm pulled
};

// Called by the host when it loads the library: add the plugin to the registry with its
// name, one-line summary and version (recorded in results stores; bump it when behaviour
// changes), what it needs (feedback kinds; per oracle role the capabilities it calls: it
// picks the k best arms itself, so the class must be "every k-subset", kCardinality), and
// its parameter schema (every parameter: a default, a range and a description; the host
// checks types and ranges before any run).
void register_@IDENT@(cpex::Registry& registry) {
  cpex::register_algorithm(
      registry, {"@NAME@", "every arm at once (semi-bandit) with an anytime union-bound stopping rule (top-k)", "0.1"},
      {.feedback = {cpex::FeedbackKind::SemiBandit}, .oracles = {{"oracle", cpex::kCardinality}}},
      cpex::ParamSchema().target_error(0.05, "confidence: the answer is wrong with probability at most delta"),
      [](const cpex::ParamValues& p) -> std::unique_ptr<cpex::Algorithm> {
        return std::make_unique<@CLASS@>(p.real("delta"));
      });
}

}  // namespace

CPEX_PLUGIN(register_@IDENT@)
