// Registration of the fixed-budget index policies: ucb-e (Audibert, Bubeck & Munos 2010)
// apt (Locatelli, Gutzeit & Carpentier 2016) and continuous-rejects (Wang, Tzeng & Proutiere
// 2023); docs/algorithms/fixed-budget-index.md.
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"

namespace cpex::fixed_budget {
void register_ucb_e(Registry& registry);
void register_apt(Registry& registry);
void register_continuous_rejects(Registry& registry);

void register_index_policies(Registry& registry) {
  register_ucb_e(registry);
  register_apt(registry);
  register_continuous_rejects(registry);
}
}  // namespace cpex::fixed_budget

CPEX_PLUGIN(cpex::fixed_budget::register_index_policies)
