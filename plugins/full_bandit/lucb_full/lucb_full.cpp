// `lucb-full`: the LUCB baseline of seed 001 App. E.2 (Algorithms 7 and 9): LUCB1
// (Kalyanakrishnan et al. 2012) run twice through the fixed-set reduction of
// subset_selection/two_phase_top_k.hpp.
#include "two_phase_top_k.hpp"

namespace cpex::full_bandit {

void register_lucb_full(Registry& registry) {
  register_two_phase(
      registry, {"lucb-full", "LUCB1 on {i} + a fixed set of k - 1 arms, two phases (seed 001 App. E.2)"},
      make_lucb);
}

}  // namespace cpex::full_bandit
