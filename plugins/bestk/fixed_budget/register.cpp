// Registration of the fixed-budget best-arm / top-k algorithms: successive-rejects, sar,
// sequential-halving, ugape (docs/algorithms/fixed-budget.md).
#include "cpex/plugin.hpp"
#include "registrations.hpp"

CPEX_PLUGIN(cpex::fixed_budget::register_successive_rejects, cpex::fixed_budget::register_sequential_halving,
            cpex::fixed_budget::register_ugape)
