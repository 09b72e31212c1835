// Registration of the full-bandit algorithms of seed 001 beyond seed 000 (issue 10):
// clucb-qm and the baselines clucb-full, me-full, lucb-full (plugin cpex-full-bandit-adaptive).
#include "cpex/plugin.hpp"

namespace cpex::full_bandit {
void register_clucb_qm(Registry& registry);
void register_clucb_full(Registry& registry);
void register_me_full(Registry& registry);
void register_lucb_full(Registry& registry);

void register_adaptive(Registry& registry) {
  register_clucb_qm(registry);
  register_clucb_full(registry);
  register_me_full(registry);
  register_lucb_full(registry);
}
}  // namespace cpex::full_bandit

CPEX_PLUGIN(cpex::full_bandit::register_adaptive)
