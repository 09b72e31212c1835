// `icb`: ICB, seed 000 App. A Algorithm 4 (independent confidence bounds). Each round:
// M_hat = argmax theta_hat(M) and
//   Z*_t = max_{M != M_hat} theta_hat(M) + C_t sum_i |chi_M(i) - chi_{M_hat}(i)| sqrt(A^{-1}_ii),
// C_t = sigma sqrt(2 log(c' t^2 n / delta)) (Lemma 1); stop when Z*_t - theta_hat(M_hat) < eps.
// Key `width`: `lemma1` (default) is that C_t, the one App. A prints and proves
// (per-arm sub-Gaussian constant sigma sqrt 2, union over the n arms); `prop1` uses SAQM's
// C_t = 2 sqrt(2) sigma sqrt(log(c' t^2 K / delta)) of Prop. 1 (log K by lgamma) in the
// same per-arm bound, a reading under which the authors' Table 2 ICB counts may have been
// made (docs/reproductions/seed000.md). prop1 is wider than lemma1 for every t, n, k
// (2 sqrt 2 > sqrt 2 and K >= n), so it is as delta-correct and slower.
// Z*_t is a linear maximization: with s_i = sqrt(A^{-1}_ii),
//   objective(M) = C_t sum_{i in M_hat} s_i + sum_{i in M} w_i,
//   w_i = theta_hat_i - C_t s_i (i in M_hat), theta_hat_i + C_t s_i (otherwise),
// so any decision-class oracle with linear maximization and the second-best decision
// solves it (second_best(w, M_hat)): top-k, and the matroids of the CPE-L family. Pulls are
// size-k super arms of the environment (Problem::k). With allocation = g-allocation, the
// worst-direction step uses libcpex's greedy peeling (ICB has no [dks] role).
#include <cmath>

#include "full_bandit_algorithm.hpp"
#include "confidence_bounds.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/registration.hpp"

namespace cpex::full_bandit {
namespace {

class Icb final : public FullBanditAlgorithm {
 public:
  explicit Icb(const ParamValues& p) : FullBanditAlgorithm(p), prop1_(p.text("width") == "prop1") {}

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    auto out = FullBanditAlgorithm::resolved();
    out.emplace_back("width", std::string(prop1_ ? "prop1" : "lemma1"));
    return out;
  }

 protected:
  bool should_stop(std::uint64_t t) override {
    const double width =
        icb_width(prop1_ ? IcbWidth::prop1 : IcbWidth::lemma1, sigma_, t, n_, log_k_, delta_);
    const double best_value = update_best();
    const Eigen::VectorXd& theta = ls_.estimate();
    const Eigen::MatrixXd& inverse = ls_.inverse();
    weights_.resize(n_);
    for (std::size_t i = 0; i < n_; ++i) {
      const auto ii = static_cast<Eigen::Index>(i);
      weights_[i] = theta(ii) + width * std::sqrt(std::max(inverse(ii, ii), 0.0));
    }
    double constant = 0.0;
    for (std::size_t i : best_.arms) {
      const double s = std::sqrt(std::max(inverse(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(i)), 0.0));
      constant += width * s;
      weights_[i] -= 2.0 * width * s;
    }
    if (!decision_->second_best(weights_, best_, rival_)) return true;
    double z = constant;
    for (std::size_t i : rival_.arms) z += weights_[i];
    if (trace_) trace_->record("Z*", z - best_value);
    return z - best_value < epsilon_;
  }

 private:
  bool prop1_;
  std::vector<double> weights_;
  Decision rival_;
};

}  // namespace

void register_icb(Registry& registry) {
  register_algorithm<Icb>(
      registry,
      {"icb", "ICB (seed 000 App. A): static allocation, independent confidence bounds, any linear oracle"},
      one_oracle_needs(FeedbackKind::FullBanditSum, kLinearMaximization | kSecondBest),
      common_parameters().choice(
          "width", "lemma1", {"lemma1", "prop1"},
          "C_t of the per-arm bounds: lemma1 = sigma sqrt(2 log(c' t^2 n / delta)) (App. A Lemma 1, as printed); "
          "prop1 = 2 sqrt(2) sigma sqrt(log(c' t^2 K / delta)) (Prop. 1, SAQM's width)"));
}

}  // namespace cpex::full_bandit
