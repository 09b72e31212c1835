// `coci` and `coci-uniform`: COCI (seed 003 Alg. 1) and its uniform-sampling version
// (App. A.5), with the two-call bi-monotone test of Theorem 3 for line 14:
//   arm i is a candidate iff phi_i(lower_{-i}, upper_i) != phi_i(upper_{-i}, lower_i).
// COCI plays the candidate of largest radius (smallest index on ties); coci-uniform plays
// the arm of largest radius whatever the candidates are; both stop when no arm is a
// candidate and return phi(theta_hat clamped to [0, 1]), a point of the box.
//
// Per-round cost (see docs/algorithms/cpe-cs.md): O(m) for the box, O(m) worst case to
// keep the arms ordered by radius (only the played arm moves), and two oracle calls per
// arm tested. Arms are tested in the order of their radius and the test stops at the first
// candidate, so COCI evaluates exactly the arms the paper's line 21 needs. A corner
// solution is cached per arm and reused while its corner vector is unchanged (no other
// arm's bound on that side and not its own opposite bound moved since it was computed).
#include <algorithm>
#include <cmath>
#include <limits>

#include "coci_statistics.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"

namespace cpex::cpe_cs {
namespace {

// Round stamps of the last change of one side (lower or upper) of the box, with the two
// most recent, so "did any arm other than i change since round r" is O(1).
class ChangeStamps {
 public:
  void reset(std::size_t m) {
    stamp_.assign(m, 0);
    first_ = second_ = 0;
    first_arm_ = m;
  }
  void touch(std::size_t arm, std::uint64_t round) { stamp_[arm] = round; }
  void summarize() {
    first_ = second_ = 0;
    first_arm_ = stamp_.size();
    for (std::size_t i = 0; i < stamp_.size(); ++i) {
      if (stamp_[i] > first_) {
        second_ = first_;
        first_ = stamp_[i];
        first_arm_ = i;
      } else if (stamp_[i] > second_) {
        second_ = stamp_[i];
      }
    }
  }
  std::uint64_t latest_other(std::size_t arm) const { return arm == first_arm_ ? second_ : first_; }
  std::uint64_t of(std::size_t arm) const { return stamp_[arm]; }

 private:
  std::vector<std::uint64_t> stamp_;
  std::uint64_t first_ = 0, second_ = 0;
  std::size_t first_arm_ = 0;
};

// Cached i-th component of one corner solution.
struct CornerCache {
  std::uint64_t round = 0;  // 0: empty
  double component = 0.0;
};

class Coci final : public Algorithm {
 public:
  Coci(ParamValues params, bool uniform) : params_(std::move(params)), uniform_(uniform) {}

  void start(const AlgorithmContext& context) override {
    const Problem& problem = *context.problem;
    m_ = problem.num_arms;
    oracle_ = context.oracles.front();
    trace_ = context.trace;
    delta_ = params_.real("delta");
    tau_ = params_.text("estimator") == "variance" ? 2 : 1;
    const KeyParameter wanted = tau_ == 2 ? KeyParameter::Variance : KeyParameter::Mean;
    if (problem.parameter != wanted)
      throw ParameterError("estimator", std::string("estimator = ") + to_string(wanted) +
                                            ", but the environment's key parameter (its truth) "
                                            "is the " + to_string(problem.parameter) +
                                            " of each arm; set estimator = " +
                                            to_string(problem.parameter));
    arms_.assign(m_, ArmEstimate{});
    total_ = 0;
    round_ = 0;
    estimate_.assign(m_, 0.0);
    radius_.assign(m_, 0.0);
    lower_.assign(m_, std::numeric_limits<double>::quiet_NaN());
    upper_.assign(m_, std::numeric_limits<double>::quiet_NaN());
    lower_stamps_.reset(m_);
    upper_stamps_.reset(m_);
    high_.assign(m_, CornerCache{});
    low_.assign(m_, CornerCache{});
    order_.resize(m_);
    for (std::size_t i = 0; i < m_; ++i) order_[i] = i;
    oracle_calls_ = 0;
  }

  bool next(Action& action) override {
    const std::uint64_t init = static_cast<std::uint64_t>(tau_) * m_;
    if (total_ < init) {  // lines 2-5: every arm tau times
      action.arm = static_cast<std::size_t>(total_ / static_cast<std::uint64_t>(tau_));
      return true;
    }
    ++round_;
    update_box();
    const std::size_t calls_before = oracle_calls_;
    std::size_t chosen = kNone;
    for (std::size_t arm : order_) {  // radius descending, index ascending
      if (candidate(arm)) {
        chosen = uniform_ ? order_.front() : arm;
        break;
      }
    }
    if (trace_) trace_->record("oracle-calls", static_cast<double>(oracle_calls_ - calls_before));
    if (chosen == kNone) return false;
    action.arm = chosen;
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    const std::size_t arm = action.arm;
    arms_[arm].add(observation.reward);
    ++total_;
    estimate_[arm] = arms_[arm].estimate(tau_);
    // Keep order_ sorted by (pulls ascending, index ascending): only `arm` moved right.
    auto at = std::find(order_.begin(), order_.end(), arm);
    auto after = [&](std::size_t a, std::size_t b) {
      return arms_[a].count() > arms_[b].count() ||
             (arms_[a].count() == arms_[b].count() && a > b);
    };
    while (at + 1 != order_.end() && after(*at, *(at + 1))) {
      std::iter_swap(at, at + 1);
      ++at;
    }
  }

  Recommendation recommend() const override {
    std::vector<double> point(m_);
    for (std::size_t i = 0; i < m_; ++i) point[i] = std::clamp(estimate_[i], 0.0, 1.0);
    Recommendation answer;
    oracle_->optimal(point, answer.decision);
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"tau", static_cast<std::int64_t>(tau_)}};
  }

 private:
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

  // Radii and box of Theta_{t-1}; stamps the bounds that moved.
  void update_box() {
    for (std::size_t i = 0; i < m_; ++i) radius_[i] = coci_radius(arms_[i].count(), total_, tau_, delta_);
    scratch_lower_.resize(m_);
    scratch_upper_.resize(m_);
    coci_box(estimate_, radius_, scratch_lower_, scratch_upper_);
    for (std::size_t i = 0; i < m_; ++i) {
      if (scratch_lower_[i] != lower_[i]) lower_stamps_.touch(i, round_);
      if (scratch_upper_[i] != upper_[i]) upper_stamps_.touch(i, round_);
    }
    lower_.swap(scratch_lower_);
    upper_.swap(scratch_upper_);
    lower_stamps_.summarize();
    upper_stamps_.summarize();
  }

  // phi_i at the corner `base` with coordinate i replaced by `own`.
  double component_at(std::vector<double>& base, std::size_t i, double own) {
    const double saved = base[i];
    base[i] = own;
    oracle_->optimal(base, solution_);
    base[i] = saved;
    ++oracle_calls_;
    if (!solution_.values.empty()) return solution_.values[i];
    return std::binary_search(solution_.arms.begin(), solution_.arms.end(), i) ? 1.0 : 0.0;
  }

  // Theorem 3: max over the box of phi_i is at (lower_{-i}, upper_i) or (upper_{-i}, lower_i)
  // and the min at the other one; the arm is a candidate iff they differ.
  bool candidate(std::size_t i) {
    CornerCache& high = high_[i];
    if (high.round == 0 || lower_stamps_.latest_other(i) > high.round ||
        upper_stamps_.of(i) > high.round) {
      high.component = component_at(lower_, i, upper_[i]);
      high.round = round_;
    }
    CornerCache& low = low_[i];
    if (low.round == 0 || upper_stamps_.latest_other(i) > low.round ||
        lower_stamps_.of(i) > low.round) {
      low.component = component_at(upper_, i, lower_[i]);
      low.round = round_;
    }
    return high.component != low.component;
  }

  ParamValues params_;
  bool uniform_;
  std::size_t m_ = 0;
  const Oracle* oracle_ = nullptr;
  TraceSink* trace_ = nullptr;
  double delta_ = 0.1;
  int tau_ = 1;
  std::vector<ArmEstimate> arms_;
  std::uint64_t total_ = 0, round_ = 0;
  std::vector<double> estimate_, radius_, lower_, upper_, scratch_lower_, scratch_upper_;
  ChangeStamps lower_stamps_, upper_stamps_;
  std::vector<CornerCache> high_, low_;
  std::vector<std::size_t> order_;
  Decision solution_;
  std::size_t oracle_calls_ = 0;
};

void register_coci(Registry& registry) {
  for (const bool uniform : {false, true}) {
    ParamSchema schema;
    schema.target_error(0.1, "confidence error bound")
        .choice("estimator", "mean", {"mean", "variance"},
                "key parameter: mean (tau = 1) or unbiased variance (tau = 2); must match "
                "the environment");
    register_algorithm(
        registry,
        {uniform ? "coci-uniform" : "coci",
         uniform ? "COCI with uniform (round-robin) sampling (seed 003 App. A.5), same stop"
                 : "COCI (seed 003 Alg. 1): samples the widest arm whose leading optimal "
                   "component is not yet consistent over the confidence box"},
        // The radii are Hoeffding's for rewards in [0, 1] (seed 003 §2): an environment whose
        // rewards may leave [0, 1] (Gaussian arms, say) is refused at assembly.
        {.feedback = {FeedbackKind::SingleArm},
         .oracles = {{"oracle", kSeparableLeading | kBiMonotone}},
         .rewards = RewardRequirement::within(0.0, 1.0)},
        std::move(schema), [uniform](const ParamValues& p) -> std::unique_ptr<Algorithm> {
          return std::make_unique<Coci>(p, uniform);
        });
  }
}

}  // namespace
}  // namespace cpex::cpe_cs

CPEX_PLUGIN(cpex::cpe_cs::register_coci)
