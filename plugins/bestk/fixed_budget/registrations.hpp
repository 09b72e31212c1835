// The registration functions of the two fixed-budget libraries, one per algorithm file
// (register.cpp and index_register.cpp call them in turn).
#pragma once

#include "cpex/registry.hpp"

namespace cpex::fixed_budget {
// cpex-fixed-budget (register.cpp)
void register_successive_rejects(Registry& registry);  // successive-rejects and sar
void register_sequential_halving(Registry& registry);
void register_ugape(Registry& registry);
// cpex-fixed-budget-index (index_register.cpp)
void register_ucb_e(Registry& registry);
void register_apt(Registry& registry);
void register_continuous_rejects(Registry& registry);
}  // namespace cpex::fixed_budget
