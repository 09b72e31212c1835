// `exponential-gap`: Exponential-Gap Elimination (Karnin, Koren & Somekh, ICML 2013,
// Alg. 2), fixed confidence, the best arm with probability at least 1 - delta:
//   S_1 = the arms; round r = 1, 2, ... while |S_r| > 1:
//     eps_r = 2^-r / 4,  delta_r = delta / (50 r^3);
//     sample every arm of S_r  t_r = ceil(b^2 (2/eps_r^2) ln(3/delta_r))  times, p_i = the
//       mean of arm i over this round's samples;
//     i_r = MedianElimination(S_r, eps_r/2, delta_r)   (median_elimination.hpp, own samples);
//     S_{r+1} = S_r without { i : p_i < p_{i_r} - eps_r };
//   answer: the arm left.
// Rewards in [0, 1] in the paper; here b = 2 sigma (b = 1 for [0, 1] rewards). The
// paper's constants make the counts large (docs/algorithms/elimination.md):
// `sample-scale` multiplies t_r and every Median Elimination count. Best arm only.
#include <cmath>
#include <numeric>

#include "cpex/best_arm_check.hpp"
#include "cpex/capabilities.hpp"
#include "elimination_common.hpp"
#include "median_elimination.hpp"

namespace cpex::elimination {
namespace {

class ExponentialGap final : public Algorithm {
 public:
  explicit ExponentialGap(const ParamValues& params)
      : delta_(params.real("delta")), scale_(params.real("sample-scale")) {}

  void start(const AlgorithmContext& context) override {
    require_best_arm(context.oracles.front()->decision_size(), "exponential-gap");
    const std::size_t n = context.problem->num_arms;
    b_ = 2.0 * context.problem->noise_sigma;
    stats_.reset(n);
    sum_.assign(n, 0.0);
    arms_.resize(n);
    std::iota(arms_.begin(), arms_.end(), std::size_t{0});
    round_ = 0;
    begin_round();
  }

  bool next(Action& action) override {
    while (arms_.size() > 1) {
      if (in_subroutine_) {
        if (median_.next(action.arm)) return true;
        end_round();
        begin_round();
      } else if (sampler_.next(action.arm)) {
        return true;
      } else {
        in_subroutine_ = true;
        median_.begin(arms_, sum_.size(), epsilon_ / 2.0, round_delta_, b_, scale_);
      }
    }
    return false;
  }

  void observe(const Action& action, const Observation& observation) override {
    stats_.add(action.arm, observation.reward);
    if (in_subroutine_) median_.observe(action.arm, observation.reward);
    else sum_[action.arm] += observation.reward;
  }

  Recommendation recommend() const override {
    Recommendation answer;
    answer.decision.arms = {arms_.size() == 1 ? arms_.front() : best_cumulative(arms_, stats_)};
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"delta", delta_}, {"sample-scale", scale_}, {"b", b_}};
  }

 private:
  void begin_round() {
    if (arms_.size() <= 1) return;
    ++round_;
    const double r = static_cast<double>(round_);
    epsilon_ = std::pow(2.0, -r) / 4.0;
    round_delta_ = delta_ / (50.0 * r * r * r);
    for (std::size_t a : arms_) sum_[a] = 0.0;
    samples_ = phase_samples(2.0, epsilon_, round_delta_, b_, scale_);
    sampler_.begin(arms_, samples_);
    in_subroutine_ = false;
  }

  // Every arm of S_r has samples_ samples of this round: compare their means.
  void end_round() {
    const double count = static_cast<double>(samples_);
    const double reference = sum_[median_.result()] / count - epsilon_;
    std::vector<std::size_t> kept;
    for (std::size_t a : arms_)
      if (!(sum_[a] / count < reference)) kept.push_back(a);
    arms_ = std::move(kept);
  }

  double delta_, scale_, b_ = 1.0, epsilon_ = 0.0, round_delta_ = 0.0;
  std::uint64_t round_ = 0, samples_ = 0;
  ArmStatistics stats_;
  std::vector<double> sum_;  // this round's sums (uniform part), per arm
  std::vector<std::size_t> arms_;
  bool in_subroutine_ = false;
  fixed_budget::PhaseSampler sampler_;
  MedianElimination median_;
};

}  // namespace

void register_exponential_gap(Registry& registry) {
  register_elimination<ExponentialGap>(
      registry, {"exponential-gap", "Exponential-Gap Elimination (Karnin, Koren & Somekh 2013): best arm, fixed confidence"});
}

}  // namespace cpex::elimination
