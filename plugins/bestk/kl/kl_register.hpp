// The registration functions of the KL library (kl-lucb, kl-racing).
#pragma once

#include "cpex/registration.hpp"

namespace cpex::bestk::kl {
void register_kl_lucb(Registry& registry);
void register_kl_racing(Registry& registry);
}  // namespace cpex::bestk::kl
