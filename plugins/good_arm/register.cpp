// Registration of the good-arm identification algorithms: apgai, hdoc, lucb-g.
#include "cpex/plugin.hpp"
#include "cpex/registry.hpp"

namespace cpex::good_arm {
void register_apgai(Registry& registry);
void register_kano(Registry& registry);

void register_good_arm(Registry& registry) {
  register_apgai(registry);
  register_kano(registry);
}
}  // namespace cpex::good_arm

CPEX_PLUGIN(cpex::good_arm::register_good_arm)
