// `lil-clucb`: lil'CLUCB (seed 004 Alg. 2, generalized as Alg. 3). Radius U(T_i, delta/N)
// for every arm; M_t = Oracle(mu_hat); mu_tilde = mu_hat - u on M_t, mu_hat + u elsewhere;
// M~_t = Oracle(mu_tilde); stop with M_t when M_t = M~_t, else sample the arm of largest
// radius in M_t (symmetric difference) M~_t.
//
// With a cardinality (top-K) oracle the round runs in O(log N) (usually O(1)) without
// calling it: M_t is the K best empirical means (TopKPartition); M~_t swaps the m best UCBs
// of Low_t for the m worst LCBs of High_t, kept incrementally with the widest swapped arm
// by ChallengerSplit (challenger_split.hpp), in the oracle's order, ties included. With any
// other linear-maximization oracle the round follows Alg. 3 literally (two oracle calls,
// O(N) work).
#include <algorithm>
#include <limits>

#include "cpex/arm_statistics.hpp"
#include "challenger_split.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/confidence.hpp"
#include "cpex/numerics/top_k_partition.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "lil_presets.hpp"

namespace cpex::bestk {
namespace {

class LilClucb final : public Algorithm {
 public:
  explicit LilClucb(ParamValues params) : lil_(std::move(params), ErrorBound::CEpsDeltaPowOverN) {}

  void start(const AlgorithmContext& context) override {
    const std::size_t n = context.problem->num_arms;
    oracle_ = context.oracles.front();
    k_ = oracle_->decision_size();
    fast_ = (context.oracle_capabilities.front() & kCardinality) != 0;
    if (fast_ && (k_ == 0 || k_ >= n))
      throw ParameterError("k", "needs 0 < k < number of arms, got k = " + std::to_string(k_));
    const LilSettings& settings = lil_.resolve(n);
    omega_ = settings.delta / static_cast<double>(n);
    check_lemma_range(settings, omega_);
    sigma_ = context.problem->noise_sigma;
    radius_of_ = numerics::LilRadius(omega_, settings.epsilon, sigma_);
    stats_.reset(n);
    built_ = false;
    if (fast_) {
      partition_ = numerics::TopKPartition(n, k_);
      split_ = ChallengerSplit(n);
    }
    means_.assign(n, 0.0);
    tilde_.assign(n, 0.0);
    mark_.assign(n, 0);
  }

  bool next(Action& action) override {
    if (stats_.initial_arm(action.arm)) return true;
    const std::size_t arm = fast_ ? choose_fast() : choose_generic();
    if (arm == kStop) return false;
    action.arm = arm;
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    const std::size_t arm = action.arm;
    const bool completed = stats_.add(arm, observation.reward);
    means_[arm] = stats_.mean(arm);
    if (completed) build();
    if (!built_ || !fast_ || stats_.count(arm) == 1) return;
    bool moved = false;
    partition_.update(arm, means_[arm], [&](std::size_t changed) {
      refresh(changed);
      moved = true;
    });
    if (!moved) refresh(arm);  // a crossing refreshed both arms already
  }

  Recommendation recommend() const override {
    Recommendation answer;
    if (fast_ && built_) {
      answer.decision.arms = partition_.top();
    } else {
      oracle_->maximize(stats_.means(-1e300), answer.decision);
    }
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override { return lil_.resolved(); }

 private:
  static constexpr std::size_t kStop = std::numeric_limits<std::size_t>::max();

  double radius(std::size_t arm) const {
    return radius_of_(static_cast<double>(stats_.count(arm)));
  }

  void build() {
    built_ = true;
    if (!fast_) return;
    partition_.reset(means_);
    for (std::size_t i = 0; i < stats_.arms(); ++i) refresh(i);
  }

  // mu_tilde: the LCB on High, the UCB on Low.
  void refresh(std::size_t arm) {
    const double u = radius(arm);
    if (partition_.in_top(arm))
      split_.set(arm, true, means_[arm] - u, u);
    else
      split_.set(arm, false, means_[arm] + u, u);
  }

  // Stop when M~_t = M_t (m = 0), else the widest arm of the symmetric difference.
  std::size_t choose_fast() const { return split_.swapped() == 0 ? kStop : split_.widest(); }

  std::size_t choose_generic() {
    oracle_->maximize(means_, current_);
    for (std::size_t i = 0; i < tilde_.size(); ++i) tilde_[i] = means_[i] + radius(i);
    for (std::size_t i : current_.arms) tilde_[i] = means_[i] - radius(i);
    oracle_->maximize(tilde_, challenger_);
    if (challenger_.arms == current_.arms) return kStop;
    // Arms marked an odd number of times are in the symmetric difference.
    for (std::size_t i : current_.arms) mark_[i] ^= 1;
    for (std::size_t i : challenger_.arms) mark_[i] ^= 1;
    std::size_t best = kStop;
    double best_radius = -1.0;
    for (const Decision* d : {&current_, &challenger_}) {
      for (std::size_t i : d->arms) {
        const double u = radius(i);
        if (mark_[i] && (u > best_radius || (u == best_radius && i < best))) {
          best = i;
          best_radius = u;
        }
      }
    }
    for (std::size_t i : current_.arms) mark_[i] = 0;
    for (std::size_t i : challenger_.arms) mark_[i] = 0;
    return best;
  }

  LilParameters lil_;
  const Oracle* oracle_ = nullptr;
  bool fast_ = false, built_ = false;
  std::size_t k_ = 0;
  double omega_ = 0, sigma_ = 1;
  numerics::LilRadius radius_of_;  // U(T, delta / N)
  ArmStatistics stats_;
  std::vector<double> means_, tilde_;
  std::vector<char> mark_;
  Decision current_, challenger_;
  numerics::TopKPartition partition_;
  ChallengerSplit split_;
};

void register_lil_clucb(Registry& registry) {
  ParamSchema schema;
  add_lil_parameters(schema);
  register_algorithm<LilClucb>(
      registry, {"lil-clucb", "lil'CLUCB (seed 004 Alg. 2/3): LIL radii, samples the widest arm of M_t xor M~_t"},
      one_oracle_needs(FeedbackKind::SingleArm, kLinearMaximization), std::move(schema));
}

}  // namespace
}  // namespace cpex::bestk

CPEX_PLUGIN(cpex::bestk::register_lil_clucb)
