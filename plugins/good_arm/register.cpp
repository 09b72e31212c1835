// Registration of the good-arm identification algorithms: apgai, hdoc, lucb-g.
#include "cpex/plugin.hpp"
#include "good_arm_query.hpp"

CPEX_PLUGIN(cpex::good_arm::register_apgai, cpex::good_arm::register_kano)
