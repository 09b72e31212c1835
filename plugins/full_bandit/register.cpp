// The entry point of the plugin of seed 000's algorithms: saqm, sa-foa, icb, sa-exhaustive
// (each file registers its own; register_adaptive.cpp: the plugin of seed 001's).
#include "cpex/plugin.hpp"

namespace cpex::full_bandit {
void register_saqm(Registry&), register_sa_foa(Registry&), register_icb(Registry&),
    register_sa_exhaustive(Registry&);

void register_static(Registry& registry) {
  for (auto add : {register_saqm, register_sa_foa, register_icb, register_sa_exhaustive}) add(registry);
}
}  // namespace cpex::full_bandit

CPEX_PLUGIN(cpex::full_bandit::register_static)
