// Registration of the fixed-budget index policies: ucb-e (Audibert, Bubeck & Munos 2010)
// apt (Locatelli, Gutzeit & Carpentier 2016) and continuous-rejects (Wang, Tzeng & Proutiere
// 2023); docs/algorithms/fixed-budget-index.md.
#include "cpex/plugin.hpp"
#include "registrations.hpp"

CPEX_PLUGIN(cpex::fixed_budget::register_ucb_e, cpex::fixed_budget::register_apt,
            cpex::fixed_budget::register_continuous_rejects)
