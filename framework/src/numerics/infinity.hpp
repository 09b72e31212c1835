// kInfinity: +inf, the value numerics' sources give an unbounded or undefined answer; one
// definition for the library's files (a unity build compiles several of them as one unit).
#pragma once

#include <limits>

namespace cpex::numerics {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

}  // namespace cpex::numerics
