// Registration of the fixed-budget best-arm / top-k algorithms: successive-rejects, sar,
// sequential-halving, ugape (docs/algorithms/fixed-budget.md).
#include "cpex/plugin.hpp"

namespace cpex::fixed_budget {
void register_successive_rejects(Registry& registry);  // successive-rejects and sar
void register_sequential_halving(Registry& registry);
void register_ugape(Registry& registry);

void register_all(Registry& registry) {
  register_successive_rejects(registry);
  register_sequential_halving(registry);
  register_ugape(registry);
}
}  // namespace cpex::fixed_budget

CPEX_PLUGIN(cpex::fixed_budget::register_all)
