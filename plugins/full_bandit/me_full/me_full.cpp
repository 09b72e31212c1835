// `me-full`: the ME baseline of seed 001 App. E.2 (Algorithms 7 and 8): median elimination
// (Halving, Kalyanakrishnan & Stone 2010) run twice through the fixed-set reduction of
// subset_selection/two_phase_top_k.hpp.
#include "two_phase_top_k.hpp"

namespace cpex::full_bandit {

void register_me_full(Registry& registry) {
  register_two_phase(
      registry,
      {"me-full", "median elimination on {i} + a fixed set of k - 1 arms, two phases (seed 001 App. E.2)"},
      make_halving);
}

}  // namespace cpex::full_bandit
