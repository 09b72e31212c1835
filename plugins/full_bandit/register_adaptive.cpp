// The entry point of the plugin of seed 001's algorithms beyond seed 000:
// clucb-qm, clucb-ex and the baselines clucb-full, me-full, lucb-full (each file registers its own).
#include "cpex/plugin.hpp"

namespace cpex::full_bandit {
void register_clucb_qm(Registry&), register_clucb_ex(Registry&), register_clucb_full(Registry&), register_me_full(Registry&),
    register_lucb_full(Registry&);

void register_adaptive(Registry& registry) {
  for (auto add : {register_clucb_qm, register_clucb_ex, register_clucb_full, register_me_full, register_lucb_full})
    add(registry);
}
}  // namespace cpex::full_bandit

CPEX_PLUGIN(cpex::full_bandit::register_adaptive)
