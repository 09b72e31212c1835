// @NAME@: a CPEx full-bandit algorithm (written by `cpex new algorithm @NAME@ --kind
// full-bandit`). Full-bandit feedback: a pull names a super arm of exactly k arms (the
// oracle's k; Action::super_arm, storage the algorithm owns) and observes one number, the noisy
// sum of their means. It identifies the k arms of largest mean with probability at least
// 1 - delta: each round pulls every k-subset once (the design A, C(n, k) rows; refused above
// kMaxSubsets), estimates theta by least squares, theta_hat = (A^T A)^{-1} A^T y_bar — in closed
// form, A^T A = a I + b J with a = C(n-2, k-1), b = C(n-2, k-2) — and after r rounds stops once
// the k-th largest estimate exceeds every other by twice the anytime radius
// sigma sqrt(2 c log(4 n r^2 / delta) / r), c = ((A^T A)^{-1})_ii (a union bound over arms and
// rounds; sigma: the sub-Gaussian constant of one observation). Replace the design or the
// stopping rule; `cpex check` runs it on the full-bandit suite.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "cpex/algorithm.hpp"     // Algorithm, AlgorithmContext, Action, Observation, Recommendation
#include "cpex/capabilities.hpp"  // FeedbackKind, kCardinality
#include "cpex/errors.hpp"        // ParameterError: a bad parameter, reported as one line
#include "cpex/plugin.hpp"        // CPEX_PLUGIN: the entry point and ABI version
#include "cpex/registration.hpp"  // register_algorithm

namespace {

using namespace cpex;

constexpr std::size_t kMaxSubsets = 5000;

double choose(std::size_t n, std::size_t k) {
  double c = 1.0;
  for (std::size_t i = 0; i < k; ++i) c = c * static_cast<double>(n - i) / static_cast<double>(i + 1);
  return c;
}

class @CLASS@ final : public Algorithm {
 public:
  explicit @CLASS@(double delta) : delta_(delta) {}

  void start(const AlgorithmContext& context) override {
    n_ = context.problem->num_arms;
    k_ = context.oracles.front()->decision_size();
    sigma_ = context.problem->noise_sigma;
    if (k_ == 0 || k_ >= n_ || choose(n_, k_) > static_cast<double>(kMaxSubsets))
      throw ParameterError("oracle.k", "@NAME@ pulls every k-subset: needs 0 < k < n and C(n, k) <= " +
                                           std::to_string(kMaxSubsets) + ", got n = " + std::to_string(n_) +
                                           ", k = " + std::to_string(k_));
    subsets_.clear();  // every k-subset, in lexicographic order
    std::vector<std::size_t> s(k_);
    std::iota(s.begin(), s.end(), std::size_t{0});
    for (;;) {
      subsets_.push_back(s);
      std::size_t i = k_;
      while (i > 0 && s[i - 1] == n_ - k_ + i - 1) --i;
      if (i == 0) break;
      ++s[i - 1];
      for (std::size_t j = i; j < k_; ++j) s[j] = s[j - 1] + 1;
    }
    const double a = choose(n_ - 2, k_ - 1), b = k_ >= 2 ? choose(n_ - 2, k_ - 2) : 0.0;
    inverse_a_ = 1.0 / a;
    shrink_ = b / (a + static_cast<double>(n_) * b);
    diagonal_ = inverse_a_ * (1.0 - shrink_);
    sums_.assign(n_, 0.0);
    theta_.assign(n_, 0.0);
    next_ = 0;
    rounds_ = 0;
    separated_ = false;
  }

  bool next(Action& action) override {
    if (separated_) return false;
    action.super_arm = subsets_[next_];
    return true;
  }

  // After every pull: its sum counts for each member; at the end of a round, the estimate and
  // the stopping test.
  void observe(const Action& action, const Observation& observation) override {
    for (std::size_t arm : action.super_arm) sums_[arm] += observation.reward;
    if (++next_ < subsets_.size()) return;
    next_ = 0;
    ++rounds_;
    const double r = static_cast<double>(rounds_);
    const double total = std::accumulate(sums_.begin(), sums_.end(), 0.0);
    for (std::size_t i = 0; i < n_; ++i) theta_[i] = inverse_a_ * (sums_[i] - shrink_ * total) / r;
    const double radius =
        sigma_ * std::sqrt(2.0 * diagonal_ * std::log(4.0 * static_cast<double>(n_) * r * r / delta_) / r);
    const std::vector<std::size_t> order = ranked();
    double rest = -INFINITY;
    for (std::size_t j = k_; j < n_; ++j) rest = std::max(rest, theta_[order[j]]);
    separated_ = theta_[order[k_ - 1]] - rest > 2.0 * radius;
  }

  // The k largest estimates of the last complete round, sorted.
  Recommendation recommend() const override {
    std::vector<std::size_t> order = ranked();
    Recommendation answer;
    answer.decision.arms.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k_));
    std::sort(answer.decision.arms.begin(), answer.decision.arms.end());
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override { return {{"delta", delta_}}; }

 private:
  // Arms by decreasing estimate (ties: the smaller index).
  std::vector<std::size_t> ranked() const {
    std::vector<std::size_t> order(n_);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return theta_[x] > theta_[y]; });
    return order;
  }

  double delta_, sigma_ = 1.0;
  std::size_t n_ = 0, k_ = 0, next_ = 0;
  std::uint64_t rounds_ = 0;
  bool separated_ = false;
  double inverse_a_ = 1.0, shrink_ = 0.0, diagonal_ = 1.0;
  std::vector<std::vector<std::size_t>> subsets_;
  std::vector<double> sums_, theta_;
};

// The registration: full-bandit (sum) feedback, the class of every k-subset (kCardinality:
// the oracle's k is the super arm's size), the confidence delta.
void register_@IDENT@(Registry& registry) {
  register_algorithm(
      registry, {"@NAME@", "every k-subset in turn, least squares, an anytime union-bound stop (full bandit)", "0.1"},
      {.feedback = {FeedbackKind::FullBanditSum}, .oracles = {{"oracle", kCardinality}}},
      ParamSchema().target_error(0.05, "confidence: the answer is wrong with probability at most delta"),
      [](const ParamValues& p) -> std::unique_ptr<Algorithm> { return std::make_unique<@CLASS@>(p.real("delta")); });
}

}  // namespace

CPEX_PLUGIN(register_@IDENT@)
