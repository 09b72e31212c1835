// CSAR's constrained oracle through one linear-maximization call (see the header).
#include "cpex/numerics/constrained_maximization.hpp"

#include <cmath>

namespace cpex::numerics {

double forcing_weight(std::span<const double> weights) {
  double total = 1.0;
  for (double w : weights) total += std::abs(w);
  return 4.0 * total;
}

bool satisfies(const Decision& decision, std::span<const ArmConstraint> constraint) {
  std::size_t members_in = 0, required = 0;
  for (std::size_t e : decision.arms) {
    if (constraint[e] == ArmConstraint::Out) return false;
    if (constraint[e] == ArmConstraint::In) ++members_in;
  }
  for (ArmConstraint c : constraint) required += c == ArmConstraint::In ? 1 : 0;
  return members_in == required;
}

bool constrained_maximize(const Oracle& oracle, std::span<const double> weights,
                          std::span<const ArmConstraint> constraint, double big,
                          std::vector<double>& scratch, Decision& out) {
  scratch.assign(weights.begin(), weights.end());
  for (std::size_t e = 0; e < scratch.size(); ++e)
    if (constraint[e] != ArmConstraint::Free)
      scratch[e] += constraint[e] == ArmConstraint::In ? big : -big;
  oracle.maximize(scratch, out);
  return satisfies(out, constraint);
}

}  // namespace cpex::numerics
