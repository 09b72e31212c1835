// `ugape`: UGapE (Gabillon, Ghavamzadeh & Lazaric, NIPS 2012), (m, epsilon)-best-arm
// identification in both settings, m = k of [oracle]. After one pull of every arm, each
// round t (s = t - 1 samples so far, T_i pulls of arm i, b the reward range):
//   U_i = mu_i + beta_i,  L_i = mu_i - beta_i,
//   B_i = max^m_{j != i} U_j - L_i        (max^m: the m-th largest),
//   J(t) = the m arms of smallest B_i,  B_J(t) = max_{i in J(t)} B_i,
//   u_t = argmax_{j not in J(t)} U_j,  l_t = argmin_{i in J(t)} L_i,
//   pull the one of u_t, l_t with the larger beta (the fewer pulls).
// Fixed budget ([run] budget = n): beta_i = b sqrt(a / T_i) with the exploration parameter
//   a (given, or a = eta (n - K) / hardness); rounds t = K+1, ..., n; the answer is
//   J(t*) for t* = argmin_t B_J(t)(t) over the rounds (the last such round on a tie).
// Fixed confidence (no budget): beta_i = b sqrt(log(4 K s^3 / delta) / (2 T_i)) (the
//   paper's c = 1/2); the run stops before round t's pull once B_J(t)(t) < epsilon and
//   answers J(t).
// Rewards in [0, b] there; here any sigma-sub-Gaussian noise with b = 2 sigma (sigma =
// 1/2 for [0, 1] rewards gives the paper's b = 1), so beta is sigma sqrt(2 log(...) / T_i),
// Hoeffding's radius. Ties: J(t) and u_t, l_t prefer smaller indices; u_t when the betas
// are equal. A round costs O(K) (two selections); the paper's algorithm is unchanged.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "cpex/arm_statistics.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/plugin.hpp"
#include "cpex/recommendation.hpp"
#include "cpex/registration.hpp"
#include "cpex/phased_elimination.hpp"
#include "exploration_parameter.hpp"

namespace cpex::fixed_budget {

namespace {

class Ugape final : public Algorithm {
 public:
  explicit Ugape(ParamValues params) : params_(std::move(params)) {}

  void start(const AlgorithmContext& context) override {
    const std::size_t n = context.problem->num_arms;
    m_ = context.oracles.front()->decision_size();
    b_ = 2.0 * context.problem->noise_sigma;
    budget_ = context.budget;
    epsilon_ = params_.real("epsilon");
    delta_ = params_.real("delta");
    if (budget_ > 0) {
      if (budget_ <= n)
        throw ParameterError("run.budget", "ugape needs a budget above the number of arms (" +
                                               std::to_string(n) + "): its rounds start after "
                                               "one pull of every arm");
      a_ = exploration_parameter(params_, "eta", budget_, n,
                                 "ugape in the fixed-budget setting needs exactly one of a (the "
                                 "exploration parameter) and hardness (H_eps; then a = eta (T - K) / "
                                 "hardness)");
    } else if (params_.has("a") || params_.has("hardness")) {
      throw ParameterError(params_.has("a") ? "a" : "hardness",
                           "applies to the fixed-budget setting only ([run] budget = T); "
                           "without a budget ugape runs with delta");
    }
    log_4k_over_delta_ = std::log(4.0 * static_cast<double>(n) / delta_);
    stats_.reset(n);
    upper_.assign(n, 0.0);
    lower_.assign(n, 0.0);
    beta_.assign(n, 0.0);
    index_.assign(n, 0.0);
    order_.resize(n);
    best_index_ = std::numeric_limits<double>::infinity();
    best_set_.clear();
    last_set_.clear();
  }

  bool next(Action& action) override {
    if (stats_.initial_arm(action.arm)) return true;
    // Asked once more at the budget (the run loop then ends the run, status budget): the
    // paper's rounds are t = K+1, ..., n, so no round is computed with all n samples.
    if (budget_ > 0 && stats_.total() >= budget_) {
      action.arm = 0;
      return true;
    }
    const double bound = round();
    if (budget_ == 0 && bound < epsilon_) return false;  // fixed confidence: stop with J(t)
    if (budget_ > 0 && bound <= best_index_) {
      best_index_ = bound;
      best_set_ = last_set_;
    }
    // u_t: largest U outside J(t); l_t: smallest L inside J(t) (order_ holds J first).
    std::size_t u = order_[m_], l = order_[0];
    for (std::size_t r = m_; r < order_.size(); ++r)
      if (upper_[order_[r]] > upper_[u] || (upper_[order_[r]] == upper_[u] && order_[r] < u))
        u = order_[r];
    for (std::size_t r = 0; r < m_; ++r)
      if (lower_[order_[r]] < lower_[l] || (lower_[order_[r]] == lower_[l] && order_[r] < l))
        l = order_[r];
    action.arm = beta_[l] > beta_[u] ? l : u;
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    stats_.add(action.arm, observation.reward);
  }

  Recommendation recommend() const override {
    const auto& chosen = budget_ > 0 ? best_set_ : last_set_;
    if (!chosen.empty()) return recommend_arms(chosen, epsilon_);
    // Before the first round: the m best empirical means (unsampled arms last).
    std::vector<std::size_t> arms(stats_.arms());
    std::iota(arms.begin(), arms.end(), std::size_t{0});
    auto mean = [&](std::size_t arm) {
      return stats_.count(arm) ? stats_.mean(arm) : -std::numeric_limits<double>::infinity();
    };
    std::stable_sort(arms.begin(), arms.end(), [&](std::size_t a, std::size_t b) { return mean(a) > mean(b); });
    arms.resize(m_);
    std::sort(arms.begin(), arms.end());
    return recommend_arms(std::move(arms), epsilon_);
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    if (budget_ > 0) return {{"setting", std::string("fixed-budget")}, {"a", a_}, {"b", b_}};
    return {{"setting", std::string("fixed-confidence")}, {"delta", delta_},
            {"epsilon", epsilon_}, {"b", b_}};
  }

 private:
  // Computes beta, U, L, B and J(t) (sorted into last_set_; order_ = J(t) first, the
  // other arms after); returns B_J(t)(t).
  double round() {
    const std::size_t n = stats_.arms();
    const double s = static_cast<double>(stats_.total());
    const double numerator =
        budget_ > 0 ? a_ : 0.5 * (log_4k_over_delta_ + 3.0 * std::log(s));  // c = 1/2
    for (std::size_t i = 0; i < n; ++i) {
      beta_[i] = b_ * std::sqrt(numerator / static_cast<double>(stats_.count(i)));
      const double mean = stats_.mean(i);
      upper_[i] = mean + beta_[i];
      lower_[i] = mean - beta_[i];
    }
    // The m-th and (m+1)-th largest U: max^m over j != i is the (m+1)-th when U_i is at
    // least the m-th (i is then among the m largest), else the m-th.
    std::iota(order_.begin(), order_.end(), std::size_t{0});
    auto larger_u = [&](std::size_t a, std::size_t b) {
      return upper_[a] > upper_[b] || (upper_[a] == upper_[b] && a < b);
    };
    std::nth_element(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(m_ - 1),
                     order_.end(), larger_u);
    const double mth = upper_[order_[m_ - 1]];
    double next = -std::numeric_limits<double>::infinity();
    for (std::size_t r = m_; r < n; ++r) next = std::max(next, upper_[order_[r]]);
    for (std::size_t i = 0; i < n; ++i) index_[i] = (upper_[i] >= mth ? next : mth) - lower_[i];
    auto smaller_b = [&](std::size_t a, std::size_t b) {
      return index_[a] < index_[b] || (index_[a] == index_[b] && a < b);
    };
    std::nth_element(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(m_ - 1),
                     order_.end(), smaller_b);
    // nth_element leaves the m smallest (by smaller_b) in front, in any order.
    last_set_.assign(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(m_));
    double bound = -std::numeric_limits<double>::infinity();
    for (std::size_t i : last_set_) bound = std::max(bound, index_[i]);
    std::sort(last_set_.begin(), last_set_.end());
    return bound;
  }

  ParamValues params_;
  std::size_t m_ = 1;
  double b_ = 1.0, a_ = 0.0, epsilon_ = 0.0, delta_ = 0.05, log_4k_over_delta_ = 0.0;
  std::uint64_t budget_ = 0;
  ArmStatistics stats_;
  std::vector<double> upper_, lower_, beta_, index_;
  std::vector<std::size_t> order_, last_set_, best_set_;
  double best_index_ = 0.0;
};

}  // namespace

void register_ugape(Registry& registry) {
  ParamSchema schema;
  schema
      .target_error(0.05, "fixed confidence: error probability at most delta")
      .accuracy(0.0, "accuracy: the answer's arms are within epsilon of the k-th best mean; fixed "
            "confidence stops once B_J(t) < epsilon")
      .optional_real("a", Range::greater_than(0.0),
                     "fixed budget: the exploration parameter a of beta = b sqrt(a / T_i)")
      .optional_real("hardness", Range::greater_than(0.0),
                     "fixed budget, instead of a: the complexity H_eps of the instance; then "
                     "a = eta (T - K) / hardness")
      .real("eta", 1.0, Range::greater_than(0.0), "fixed budget with hardness: a = eta (T - K) / hardness");
  register_algorithm<Ugape>(
      registry,
      {"ugape", "UGapE (Gabillon, Ghavamzadeh & Lazaric 2012): top-k, fixed budget (a) or fixed confidence (delta)"},
      single_arm_needs(kLinearMaximization | kCardinality, kFixedConfidence | kFixedBudget),
      std::move(schema));
}

}  // namespace cpex::fixed_budget
