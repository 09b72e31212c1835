// Registration of the batched best-arm algorithms (docs/algorithms/batched.md): tri-bbai and
// opt-bbai (Jin, Yang, Tang, Xiao & Xu 2024).
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"

namespace cpex::batched {
void register_tri_bbai(Registry& registry);
void register_opt_bbai(Registry& registry);

void register_batched(Registry& registry) {
  register_tri_bbai(registry);
  register_opt_bbai(registry);
}
}  // namespace cpex::batched

CPEX_PLUGIN(cpex::batched::register_batched)
