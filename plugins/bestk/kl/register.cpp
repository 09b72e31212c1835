// Registration of the KL-confidence algorithms of Kaufmann & Kalyanakrishnan (COLT 2013):
// kl-lucb and kl-racing (docs/algorithms/kl.md).
#include "cpex/plugin.hpp"
#include "kl_register.hpp"

namespace cpex::bestk::kl {
void register_all(Registry& registry) {
  register_kl_lucb(registry);
  register_kl_racing(registry);
}
}  // namespace cpex::bestk::kl

CPEX_PLUGIN(cpex::bestk::kl::register_all)
