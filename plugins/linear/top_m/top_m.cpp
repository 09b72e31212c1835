// `m-lingape` and `lingifa`: linear top-m identification of Réda, Kaufmann & Delahaye-Duriez,
// "Top-m identification for linear bandits" (AISTATS 2021), read with the authors' code
// (clreda/linear-top-m, Code/bandits.py: LinGapE = m-LinGapE, LinGIFA; Code/indices.py:
// PairedContextualIndex; Code/betas.py). The answer is the set of the m arms of largest
// x^T theta (the top-k oracle with k = m; the environment's `k`).
//
// Both are gap-index algorithms over the paired index
//   B_ij(t) = (x_i - x_j)^T theta_hat + sigma ||x_i - x_j||_{V^{-1}} sqrt(2 beta(t, delta)),
// theta_hat the regularized least squares, V = V_0 + sum_s x_s x_s^T, sigma = noise_sigma:
//   m-lingape  (V_0 = I, one pull per arm first) J(t) = the m empirically best arms; for j in
//              J the index max_{i not in J} B_ij; b_t = the j in J of largest index; c_t =
//              argmax_{a not in J} B_{a b_t}; stop when B_{c_t b_t} <= epsilon; pull the arm
//              that shrinks ||x_b - x_c||_{V^{-1}} most (`selection = greedy`, LinGapE's
//              eq. 9) or follow the L1 ratios of x_b - x_c (`ratio`, eq. 10-12);
//   lingifa    (V_0 = (sigma / eta)^2 I, no initial pull) the index of every arm j is the m-th
//              largest of {B_aj : a != j} (UGapE's); J(t) = the m arms of smallest index; b_t =
//              the j in J of largest index; c_t = argmax_{a not in J} B_{a b_t}; stop when
//              max_{j in J} index(j) <= epsilon; pull whichever of b_t, c_t has the larger
//              width ||x||_{V^{-1}} (`selection = variance`, UGapE's rule, the code's default)
//              or the greedy arm (`greedy`).
// beta(t, delta): `beta = heuristic` log((log t + 1) / delta) (the code's default) or
// `frequentist` (1/2)(sqrt(2 log(1/delta) + d log(1 + (t + 1) L^2 / (lambda^2 d))) + lambda S /
// sigma)^2, lambda = sqrt of V_0's scale, L = max ||x||, S the environment's bound on ||theta||
// (Abbasi-Yadkori et al.'s width, the code's FrequentistBeta). t counts the samples (at least
// 1). Ties go to the smaller index. A round costs O(m (K - m) d) (m-lingape) or O(K^2 d)
// (lingifa) with numerics::ArmDesign's O(d) pair norms.
#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "allocation.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/arm_design.hpp"
#include "cpex/numerics/l1_representation.hpp"
#include "cpex/plugin.hpp"
#include "cpex/recommendation.hpp"
#include "cpex/registration.hpp"

namespace cpex::linear {
namespace {

class TopM final : public Algorithm {
 public:
  TopM(const ParamValues& p, bool gifa)
      : gifa_(gifa),
        delta_(p.real("delta")),
        epsilon_(p.real("epsilon")),
        frequentist_(p.text("beta") == "frequentist"),
        selection_(p.text("selection")),
        eta_(gifa ? p.real("eta") : 0.0) {}

  void start(const AlgorithmContext& context) override {
    const Problem& problem = *context.problem;
    m_ = context.oracles.front()->decision_size();
    k_ = static_cast<std::size_t>(problem.features.cols());
    if (m_ == 0 || m_ >= k_)
      throw ParameterError("k", "top-m identification needs the oracle's decision size m in [1, K), got " +
                                    std::to_string(m_) + " for " + std::to_string(k_) + " arms");
    sigma_ = problem.noise_sigma;
    // V_0 = lambda I: I for m-LinGapE (the code's hyper = 1), (sigma / eta)^2 I for LinGIFA.
    lambda_ = gifa_ ? (sigma_ / eta_) * (sigma_ / eta_) : 1.0;
    arms_ = numerics::ArmDesign(problem.features, lambda_);
    max_norm_sq_ = problem.features.colwise().squaredNorm().maxCoeff();
    norm_bound_ = problem.parameter_bound;
    if (frequentist_ && !(norm_bound_ > 0.0))
      throw ParameterError("beta", "the frequentist width needs a bound S > 0 on ||theta||, and the environment "
                                   "announces none");
    initial_ = gifa_ ? 0 : k_;
    next_initial_ = 0;
    trace_ = context.trace;
    answer_.clear();
    ratios_.clear();
    in_j_.assign(k_, 0);
    index_.assign(k_, 0.0);
  }

  bool next(Action& action) override {
    if (next_initial_ < initial_) {
      action.arm = next_initial_++;
      return true;
    }
    const double t = std::max(1.0, static_cast<double>(arms_.design().observations()));
    width_ = sigma_ * std::sqrt(2.0 * beta(t));
    means_ = arms_.means();
    std::size_t b = 0, c = 0;  // c: set by the round (m < K leaves an arm outside J)
    const double stop = gifa_ ? gifa_round(b, c) : gap_round(b, c);
    if (trace_) trace_->record("B", stop);
    if (stop <= epsilon_) return false;
    action.arm = pull(b, c);
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    arms_.add(action.arm, observation.reward);
  }

  Recommendation recommend() const override {
    if (!answer_.empty()) return recommend_arms(answer_, epsilon_);
    std::vector<std::size_t> first(m_);  // before any round: the first m arms
    std::iota(first.begin(), first.end(), std::size_t{0});
    return recommend_arms(std::move(first), epsilon_);
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    std::vector<std::pair<std::string, ParamValue>> out = {
        {"delta", delta_}, {"epsilon", epsilon_}, {"m", static_cast<std::int64_t>(m_)},
        {"beta", std::string(frequentist_ ? "frequentist" : "heuristic")}, {"selection", selection_},
        {"lambda", lambda_}, {"sigma", sigma_}};
    if (gifa_) out.emplace_back("eta", eta_);
    return out;
  }

 private:
  double beta(double t) const {
    if (!frequentist_) return std::log((std::log(t) + 1.0) / delta_);
    const double d = static_cast<double>(arms_.features().rows());
    const double lambda = std::sqrt(lambda_);
    const double root = std::sqrt(2.0 * std::log(1.0 / delta_) +
                                  d * std::log(1.0 + (t + 1.0) * max_norm_sq_ / (lambda * lambda * d))) +
                        lambda / sigma_ * norm_bound_;
    return 0.5 * root * root;
  }

  double pair_index(std::size_t i, std::size_t j) const {
    if (i == j) return 0.0;
    return means_(static_cast<Eigen::Index>(i)) - means_(static_cast<Eigen::Index>(j)) +
           width_ * std::sqrt(arms_.pair_norm_sq(i, j));
  }

  // The m arms of largest value of `key` (largest first when `largest`, else smallest first),
  // ties to the smaller index; marks them in in_j_ and writes them sorted into answer_.
  void choose(const std::vector<double>& key, bool largest) {
    order_.resize(k_);
    std::iota(order_.begin(), order_.end(), std::size_t{0});
    std::stable_sort(order_.begin(), order_.end(),
                     [&](std::size_t a, std::size_t b) { return largest ? key[a] > key[b] : key[a] < key[b]; });
    answer_.assign(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(m_));
    std::sort(answer_.begin(), answer_.end());
    std::fill(in_j_.begin(), in_j_.end(), 0);
    for (std::size_t a : answer_) in_j_[a] = 1;
  }

  // b_t: the arm of J of largest index (ties to the smaller); c_t: argmax_{a not in J} B_{a b}.
  void leader_and_challenger(std::size_t& b, std::size_t& c) const {
    b = answer_.front();
    c = b;
    for (std::size_t j : answer_)
      if (index_[j] > index_[b]) b = j;
    double best = -std::numeric_limits<double>::infinity();
    for (std::size_t a = 0; a < k_; ++a) {
      if (in_j_[a]) continue;
      const double value = pair_index(a, b);
      if (value > best) {
        best = value;
        c = a;
      }
    }
  }

  // m-LinGapE: returns B_{c b}.
  double gap_round(std::size_t& b, std::size_t& c) {
    std::vector<double> means(means_.data(), means_.data() + means_.size());
    choose(means, true);
    for (std::size_t j : answer_) {
      double top = -std::numeric_limits<double>::infinity();
      for (std::size_t i = 0; i < k_; ++i)
        if (!in_j_[i]) top = std::max(top, pair_index(i, j));
      index_[j] = top;
    }
    leader_and_challenger(b, c);
    return pair_index(c, b);
  }

  // LinGIFA: returns max_{j in J} index(j).
  double gifa_round(std::size_t& b, std::size_t& c) {
    std::vector<double> column(k_ - 1);
    for (std::size_t j = 0; j < k_; ++j) {
      std::size_t n = 0;
      for (std::size_t a = 0; a < k_; ++a)
        if (a != j) column[n++] = pair_index(a, j);
      std::nth_element(column.begin(), column.begin() + static_cast<std::ptrdiff_t>(m_ - 1), column.end(),
                       std::greater<double>());
      index_[j] = column[m_ - 1];  // the m-th largest B_aj
    }
    choose(index_, false);
    leader_and_challenger(b, c);
    double top = -std::numeric_limits<double>::infinity();
    for (std::size_t j : answer_) top = std::max(top, index_[j]);
    return top;
  }

  std::size_t pull(std::size_t b, std::size_t c) {
    if (selection_ == "greedy") return arms_.most_informative_arm(b, c);
    if (selection_ == "variance") return arms_.self_norms()(static_cast<Eigen::Index>(c)) >
                                                 arms_.self_norms()(static_cast<Eigen::Index>(b))
                                             ? c
                                             : b;
    const auto key = std::make_pair(std::min(b, c), std::max(b, c));
    auto it = ratios_.find(key);
    if (it == ratios_.end()) {
      const auto& x = arms_.features();
      auto p = numerics::l1_selection_ratios(x, Eigen::VectorXd(x.col(static_cast<Eigen::Index>(b)) -
                                                                 x.col(static_cast<Eigen::Index>(c))));
      if (!p) throw Error("m-lingape: the L1 program has no solution for arms " + std::to_string(b) + " and " +
                          std::to_string(c));
      it = ratios_.emplace(key, std::move(*p)).first;
    }
    return track(it->second, arms_.counts());
  }

  bool gifa_;
  double delta_, epsilon_;
  bool frequentist_;
  std::string selection_;
  double eta_;
  std::size_t m_ = 1, k_ = 0, initial_ = 0, next_initial_ = 0;
  double sigma_ = 1.0, lambda_ = 1.0, max_norm_sq_ = 1.0, norm_bound_ = 0.0, width_ = 0.0;
  numerics::ArmDesign arms_;
  Eigen::VectorXd means_;
  std::vector<std::size_t> answer_, order_;
  std::vector<char> in_j_;
  std::vector<double> index_;
  std::map<std::pair<std::size_t, std::size_t>, Eigen::VectorXd> ratios_;
  TraceSink* trace_ = nullptr;
};

ParamSchema common_schema() {
  ParamSchema schema;
  schema.target_error(0.05, "confidence: error probability at most delta")
      .accuracy(0.0, "accuracy: stop when the gap index is at most epsilon")
      .choice("beta", "heuristic", {"heuristic", "frequentist"},
              "beta(t, delta): heuristic log((log t + 1)/delta) (the authors' default) or frequentist, "
              "Abbasi-Yadkori et al.'s width (the code's FrequentistBeta; needs S)");
  return schema;
}

void register_top_m(Registry& registry) {
  const AlgorithmNeeds needs{.feedback = {FeedbackKind::LinearArm},
                             .oracles = {{"oracle", kLinearMaximization | kCardinality}}};
  ParamSchema gap = common_schema();
  gap.choice("selection", "greedy", {"greedy", "ratio"},
             "greedy: the arm shrinking ||x_b - x_c|| most; ratio: the L1 ratios of x_b - x_c (an LP per pair)");
  register_algorithm(registry,
                     {"m-lingape", "m-LinGapE (Reda, Kaufmann & Delahaye-Duriez 2021): linear top-m by paired gap "
                                   "indices, LinGapE's sampling"},
                     needs, std::move(gap),
                     [](const ParamValues& p) -> std::unique_ptr<Algorithm> { return std::make_unique<TopM>(p, false); });
  ParamSchema gifa = common_schema();
  gifa.choice("selection", "variance", {"variance", "greedy"},
              "variance: the wider of b_t and c_t (UGapE's rule, the code's default); greedy: the arm shrinking "
              "||x_b - x_c|| most")
      .real("eta", 20.0, Range::greater_than(0.0), "the regularization V_0 = (sigma / eta)^2 I (the code's eta)");
  register_algorithm(registry,
                     {"lingifa", "LinGIFA (Reda, Kaufmann & Delahaye-Duriez 2021): linear top-m, UGapE-style gap "
                                 "indices with paired linear confidence"},
                     needs, std::move(gifa),
                     [](const ParamValues& p) -> std::unique_ptr<Algorithm> { return std::make_unique<TopM>(p, true); });
}

}  // namespace
}  // namespace cpex::linear

CPEX_PLUGIN(cpex::linear::register_top_m)
