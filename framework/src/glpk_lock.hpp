// One lock for every GLPK call in libcpex (GLPK keeps per-thread environment state; calls
// are serialized to stay safe on any build).
#pragma once

#include <mutex>

namespace cpex::numerics {

std::mutex& glpk_mutex();

}  // namespace cpex::numerics
