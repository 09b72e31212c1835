// The combinatorial T* lines of `cpex hardness` (combinatorial_hardness.hpp).
#include "combinatorial_hardness.hpp"

#include <cmath>
#include <stdexcept>

#include "cpex/capabilities.hpp"
#include "cpex/numerics/combinatorial_characteristic_time.hpp"
#include "cpex/numerics/exponential_family.hpp"

namespace cpex::inline runtime {

std::vector<HardnessLine> combinatorial_t_star(const Problem& problem, std::span<const double> truth,
                                               const Oracle& oracle, unsigned capabilities, double delta) {
  std::vector<HardnessLine> out;
  if (problem.parameter != KeyParameter::Mean || oracle.query().kind != Query::Kind::Optimal ||
      !(capabilities & kLinearMaximization) || (capabilities & kCardinality && oracle.decision_size() == 1))
    return out;
  numerics::CombinatorialTime t;
  std::string model;
  try {
    if (problem.feedback == FeedbackKind::SingleArm) {
      if (capabilities & kCardinality) return out;  // top-k: the identification problems' T*
      const auto families = numerics::arm_families_of(problem);
      if (!families) return out;
      t = numerics::cpe_characteristic_time(oracle, capabilities, truth, *families);
      model = "CPE-L";
    } else if (problem.feedback == FeedbackKind::FullBanditSum && problem.rewards.family == RewardFamily::Gaussian) {
      t = numerics::full_bandit_characteristic_time(oracle, capabilities, truth, problem.noise_sigma);
      model = "full bandit";
    } else {
      return out;
    }
  } catch (const std::invalid_argument& e) {
    out.push_back({"T_star", std::nan(""), "T*(mu) (combinatorial): not computed: " + std::string(e.what())});
    return out;
  }
  out.push_back({"T_star", t.value, "T*(mu) (" + model + ", " + t.method + ", " + std::to_string(t.decisions) +
                                        " decisions)"});
  if (!t.exact()) {
    out.push_back({"T_star_lower", t.lower, "T*(mu) certified lower bound (oracle only)"});
    out.push_back({"T_star_upper", t.upper, "T*(mu) certified upper bound (oracle only)"});
  }
  if (delta > 0.0 && delta < 1.0)
    out.push_back({"T_star_log_1_over_delta", t.value * std::log(1.0 / delta),
                   "T*(mu) log(1/delta) (the lower bound's leading term at the algorithm's delta)"});
  return out;
}

}  // namespace cpex::inline runtime
