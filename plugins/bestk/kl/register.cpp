// Registration of the KL-confidence algorithms of Kaufmann & Kalyanakrishnan (COLT 2013):
// kl-lucb and kl-racing (docs/algorithms/kl.md).
#include "cpex/plugin.hpp"
#include "kl_register.hpp"

CPEX_PLUGIN(cpex::bestk::kl::register_kl_lucb, cpex::bestk::kl::register_kl_racing)
