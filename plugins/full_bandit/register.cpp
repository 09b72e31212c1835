// Registration of the full-bandit algorithms of seed 000: saqm, sa-foa, icb, sa-exhaustive.
#include "cpex/plugin.hpp"

namespace cpex::full_bandit {
void register_saqm(Registry& registry);
void register_sa_foa(Registry& registry);
void register_icb(Registry& registry);
void register_sa_exhaustive(Registry& registry);

void register_all(Registry& registry) {
  register_saqm(registry);
  register_sa_foa(registry);
  register_icb(registry);
  register_sa_exhaustive(registry);
}
}  // namespace cpex::full_bandit

CPEX_PLUGIN(cpex::full_bandit::register_all)
