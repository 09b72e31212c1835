// Registration of the Pareto-set algorithms: ape, auer-psi, ege-sr, ege-sh.
#include "common/vector_arms.hpp"
#include "cpex/plugin.hpp"

CPEX_PLUGIN(cpex::pareto::register_ape, cpex::pareto::register_auer_psi, cpex::pareto::register_ege)
