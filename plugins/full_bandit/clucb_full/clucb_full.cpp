// `clucb-full`: the CLUCB baseline of seed 001 App. E.1 (Algorithm 6): CLUCB of Chen et al.
// (2014) run on the gaps d_e = theta(e) - theta(e') to the fixed arm, each observed through
// a pair of pulls (paired_pulls.hpp), so the k - 1 other members of each pull are discarded.
// Top-k of d is top-k of theta; d(e') = 0 is known exactly (radius 0).
//   d_hat(e) = mean of the pair differences of e, T_e = pairs of e, t = pairs so far;
//   rad(e) = R_d sqrt(2 log(4 n t^3 / delta) / T_e), R_d = sqrt(2) Problem::noise_sigma (a
//   difference of two independent observations);
//   M_hat = top-k(d_hat); d_tilde = d_hat - rad on M_hat, + rad off it; M_tilde = top-k(d_tilde);
//   stop when d_tilde(M_tilde) - d_tilde(M_hat) <= epsilon (Chen et al. stop at equality,
//   i.e. epsilon = 0; the epsilon-relaxation is the one 001 App. E.1 analyses);
//   otherwise pair e_t = argmax of rad over M_hat (symmetric difference) M_tilde.
#include <algorithm>
#include <cmath>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/registration.hpp"
#include "paired_pulls.hpp"

namespace cpex::full_bandit {
namespace {

class ClucbFull final : public PairedPullAlgorithm {
 public:
  using PairedPullAlgorithm::PairedPullAlgorithm;

 protected:
  void on_start() override {
    sum_.assign(n_, 0.0);
    count_.assign(n_, 0);
  }
  void on_pull(std::span<const std::size_t>, double) override {}
  void on_pair(std::size_t arm, double difference) override {
    sum_[arm] += difference;
    ++count_[arm];
  }

  bool decide(std::size_t& explore) override {
    const double t = static_cast<double>(pairs_);
    const double log_term = std::log(4.0 * static_cast<double>(n_) * t * t * t / delta_);
    const double scale = std::sqrt(2.0) * sigma_ * std::sqrt(2.0 * std::max(log_term, 0.0));
    estimate_.assign(n_, 0.0);
    radius_.assign(n_, 0.0);
    for (std::size_t e = 0; e < n_; ++e)
      if (e != fixed_arm_) {
        estimate_[e] = sum_[e] / static_cast<double>(count_[e]);
        radius_[e] = scale / std::sqrt(static_cast<double>(count_[e]));
      }
    decision_->maximize(estimate_, best_);
    in_best_.assign(n_, 0);  // member buffers: no allocation per decision
    for (std::size_t a : best_.arms) in_best_[a] = 1;
    tilde_.resize(n_);
    for (std::size_t e = 0; e < n_; ++e) tilde_[e] = in_best_[e] ? estimate_[e] - radius_[e] : estimate_[e] + radius_[e];
    decision_->maximize(tilde_, challenger_);
    // M_tilde = M_hat: stop (Chen et al.'s rule). Tested on the sets, not on the gap, whose
    // sum (a + b) - a - b need not round to exactly 0.
    if (challenger_.arms == best_.arms) return true;
    double gap = 0.0;
    for (std::size_t a : challenger_.arms) gap += tilde_[a];
    for (std::size_t a : best_.arms) gap -= tilde_[a];
    if (gap <= epsilon_) return true;
    in_challenger_.assign(n_, 0);
    for (std::size_t a : challenger_.arms) in_challenger_[a] = 1;
    double widest = -1.0;
    for (std::size_t e = 0; e < n_; ++e)
      if (e != fixed_arm_ && in_best_[e] != in_challenger_[e] && radius_[e] > widest) {
        widest = radius_[e];
        explore = e;
      }
    // M_tilde != M_hat (same size k): some arm other than e' differs.
    if (widest < 0.0) throw Error("clucb-full: no arm to explore although M_tilde != M_hat");
    return false;
  }

 private:
  std::vector<double> sum_, estimate_, radius_, tilde_;
  std::vector<char> in_best_, in_challenger_;
  std::vector<std::uint64_t> count_;
  Decision challenger_;
};

}  // namespace

void register_clucb_full(Registry& registry) {
  register_algorithm<ClucbFull>(
      registry, {"clucb-full", "CLUCB on gaps to a fixed arm from paired pulls (seed 001 App. E.1 baseline)"},
      one_oracle_needs(FeedbackKind::FullBanditSum, kLinearMaximization),
      paired_parameters("fixed"));
}

}  // namespace cpex::full_bandit
