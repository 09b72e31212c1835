// Registration of the Pareto-set algorithms: ape, auer-psi, ege-sr, ege-sh.
#include "cpex/plugin.hpp"
#include "cpex/registry.hpp"

namespace cpex::pareto {
void register_ape(Registry& registry);
void register_auer_psi(Registry& registry);
void register_ege(Registry& registry);

void register_pareto(Registry& registry) {
  register_ape(registry);
  register_auer_psi(registry);
  register_ege(registry);
}
}  // namespace cpex::pareto

CPEX_PLUGIN(cpex::pareto::register_pareto)
