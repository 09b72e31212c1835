// Registration of the elimination algorithms: median-elimination (Even-Dar et al. 2006)
// and exponential-gap (Karnin et al. 2013); docs/algorithms/elimination.md.
#include "cpex/plugin.hpp"
#include "elimination_common.hpp"

namespace cpex::elimination {
void register_all(Registry& registry) {
  register_median_elimination(registry);
  register_exponential_gap(registry);
}
}  // namespace cpex::elimination

CPEX_PLUGIN(cpex::elimination::register_all)
