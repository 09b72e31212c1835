// `lingame`: LinGame and LinGame-C of Degenne, Ménard, Shang & Valko, "Gamification of Pure
// Exploration for Linear Bandits" (ICML 2020), with the GLR stopping rule of the linear
// samplers (cpex/identification/linear_glr_sampler.hpp), on linear and transductive best-arm problems.
// The learners are numerics::AdaHedge with Koolen's initial gap 0.01 (the code's).
// Read from the paper and its authors' code (xuedong/LinBAI.jl, linear/samplingrules.jl:
// LearnerK = LinGame, ConvexGame = LinGame-C; Koolen's AdaHedge and C-tracking).
//
// The game: the agent plays weights w over the arms, nature the closest alternative lambda;
// each round t (after one pull per arm, the rule not stopping), with theta_hat and
// V = sum_s x_s x_s^T:
//   variant = lingame (default): one AdaHedge learner per answer, the current empirical
//     answer's plays w_t; nature's best response lambda_t = argmin_{lambda in Alt(z_hat)}
//     ||theta_hat - lambda||^2_{A(w_t)} / (2 sigma^2) (numerics::linear_best_response);
//     the learner gains the optimistic
//       U_a = min( (|x_a^T (theta_hat - lambda_t)| + sigma sqrt(2 log(t) ||x_a||^2_{V^{-1}}))^2 / (2 sigma^2),
//                  log t )
//     (the upper end, over theta in the confidence ellipsoid of radius log t, of the gradient
//     (x_a^T (theta - lambda))^2 / (2 sigma^2); clipped at log t as the authors' code);
//     C-tracking of the cumulative w_t picks the arm.
//   variant = lingame-c: one AdaHedge learner over the pairs (answer i, arm a); nature answers
//     each answer i: lambda_i = theta_hat for i != z_hat (theta_hat is in Alt(i)), the best
//     response to the row w_{z_hat, .} for z_hat; the pair (i, a) gains U_a with lambda_i;
//     C-tracking over the pairs (pair counts starting at 1, as the code) picks (i, a), and a
//     is pulled. Its stopping statistic uses the counts of the pairs of the current answer
//     (the code's glrt(pep, P, mu)), a smaller statistic than the counts of every pull.
// sigma: Problem::noise_sigma (the code has sigma = 1). Cost of a round: O(K d^2 + M d^2)
// (lingame), O(M K + K d^2 + M d^2) (lingame-c), M = |Z|.
#include <cmath>
#include <map>

#include <Eigen/Cholesky>

#include "allocation.hpp"
#include "cpex/numerics/ada_hedge.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "cpex/identification/linear_glr_sampler.hpp"

namespace cpex::linear {
namespace {

using identification::LinearGlrSampler;
using identification::register_linear_glr_sampler;

constexpr double kInitialGap = 0.01;  // Delta_0 of Koolen's AdaHedge (LinBAI.jl)

class LinGame final : public LinearGlrSampler {
 public:
  explicit LinGame(const ParamValues& p) : LinearGlrSampler(p, "lingame"), convex_(p.text("variant") == "lingame-c") {}

 protected:
  void begin(const AlgorithmContext&) override {
    learners_.clear();
    tracking_started_ = false;
    if (convex_) {
      joint_.reset(item_count() * arm_count(), kInitialGap);
      pair_counts_.assign(item_count() * arm_count(), 1);
    }
  }

  std::size_t sample(std::uint64_t t) override {
    if (!tracking_started_) {
      tracking_.reset(convex_ ? pair_counts_ : counts());
      tracking_started_ = true;
    }
    const double log_t = std::log(static_cast<double>(t));
    self_norms(log_t);
    return convex_ ? sample_convex(log_t) : sample_per_answer(log_t);
  }

  const Eigen::MatrixXd* stopping_inverse(std::size_t answer) override {
    if (!convex_) return nullptr;
    Eigen::VectorXd row(static_cast<Eigen::Index>(arm_count()));
    for (std::size_t a = 0; a < arm_count(); ++a)
      row(static_cast<Eigen::Index>(a)) = static_cast<double>(pair_counts_[answer * arm_count() + a]);
    pair_inverse_ = inverse_design(row);
    return &pair_inverse_;
  }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override {
    return {{"variant", std::string(convex_ ? "lingame-c" : "lingame")}};
  }

 private:
  // A(w)^{-1} for weights w > 0 on every arm (the design spans: X is written in its span).
  Eigen::MatrixXd inverse_design(const Eigen::VectorXd& w) const {
    const Eigen::MatrixXd a = arms() * w.asDiagonal() * arms().transpose();
    return a.llt().solve(Eigen::MatrixXd::Identity(a.rows(), a.cols()));
  }

  // sigma sqrt(2 log t ||x_a||^2_{V^{-1}}) for every arm: the confidence width of x_a^T theta.
  void self_norms(double log_t) {
    widths_.resize(static_cast<Eigen::Index>(arm_count()));
    const Eigen::MatrixXd& v_inverse = design().inverse();
    for (std::size_t a = 0; a < arm_count(); ++a) {
      const auto x = arms().col(static_cast<Eigen::Index>(a));
      widths_(static_cast<Eigen::Index>(a)) = sigma() * std::sqrt(2.0 * log_t * x.dot(v_inverse * x));
    }
  }

  // The optimistic gain of arm a against lambda (see the top of the file).
  double gain(std::size_t a, double reference, double log_t) const {
    const double up = std::abs(reference) + widths_(static_cast<Eigen::Index>(a));
    return std::min(up * up / (2.0 * sigma() * sigma()), log_t);
  }

  std::size_t sample_per_answer(double log_t) {
    numerics::AdaHedge& learner = learners_.try_emplace(answer(), arm_count(), kInitialGap).first->second;
    const std::vector<double>& w = learner.weights();
    const Eigen::Map<const Eigen::VectorXd> weights(w.data(), static_cast<Eigen::Index>(w.size()));
    numerics::linear_best_response(items(), inverse_design(weights), theta(), answer(), sigma(), response_);
    const Eigen::VectorXd moved = arms().transpose() * (theta() - response_.lambda);
    gains_.resize(arm_count());
    for (std::size_t a = 0; a < arm_count(); ++a) gains_[a] = gain(a, moved(static_cast<Eigen::Index>(a)), log_t);
    played_.assign(w.begin(), w.end());
    learner.gain(gains_);
    return tracking_.track(played_, counts());
  }

  std::size_t sample_convex(double log_t) {
    const std::size_t k = arm_count(), m = item_count(), star = answer();
    const std::vector<double>& w = joint_.weights();
    Eigen::VectorXd row(static_cast<Eigen::Index>(k));
    for (std::size_t a = 0; a < k; ++a) row(static_cast<Eigen::Index>(a)) = w[star * k + a];
    numerics::linear_best_response(items(), inverse_design(row / row.sum()), theta(), star, sigma(), response_);
    const Eigen::VectorXd moved = arms().transpose() * (theta() - response_.lambda);
    gains_.resize(m * k);
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t a = 0; a < k; ++a)
        gains_[i * k + a] = gain(a, i == star ? moved(static_cast<Eigen::Index>(a)) : 0.0, log_t);
    played_.assign(w.begin(), w.end());
    joint_.gain(gains_);
    const std::size_t pair = tracking_.track(played_, pair_counts_);
    ++pair_counts_[pair];
    return pair % k;
  }

  bool convex_;
  std::map<std::size_t, numerics::AdaHedge> learners_;  // lingame: one per answer seen
  numerics::AdaHedge joint_;                            // lingame-c: over (answer, arm)
  std::vector<std::uint64_t> pair_counts_;              // lingame-c: P, starting at 1
  CumulativeTracking tracking_;
  bool tracking_started_ = false;
  numerics::LinearResponse response_;
  Eigen::VectorXd widths_;
  Eigen::MatrixXd pair_inverse_;
  std::vector<double> gains_, played_;
};

void register_lingame(Registry& registry) {
  const auto keys = [](ParamSchema& schema) {
    schema.choice("variant", "lingame", {"lingame", "lingame-c"},
                  "lingame: one AdaHedge learner per answer (Degenne et al. 2020, LinGame); lingame-c: one "
                  "learner over (answer, arm) pairs, stopping on the answer's pair counts (LinGame-C)");
  };
  register_linear_glr_sampler<LinGame>(
      registry,
      {"lingame",
       "LinGame / LinGame-C (Degenne, Ménard, Shang & Valko 2020): AdaHedge against "
       "best responses, optimistic gains, C-tracking, GLR stopping; linear and "
       "transductive best arm",
       "1.1"},  // 1.1: AdaHedge's fused exponential (2026-11-30)
      keys);
}

}  // namespace
}  // namespace cpex::linear

CPEX_PLUGIN(cpex::linear::register_lingame)
