// Registration of the elimination algorithms: median-elimination (Even-Dar et al. 2006)
// and exponential-gap (Karnin et al. 2013); docs/algorithms/elimination.md.
#include "cpex/plugin.hpp"
#include "elimination_common.hpp"

CPEX_PLUGIN(cpex::elimination::register_median_elimination, cpex::elimination::register_exponential_gap)
