// The start()-time check of the algorithms that identify the single best arm only (lil-ucb,
// successive-rejects, sequential-halving, median-elimination, ...).
#pragma once

#include <string>

#include "cpex/errors.hpp"

namespace cpex {

// Throws ParameterError unless the oracle's decision size k is 1; `hint` follows the
// message (e.g. which algorithms take larger k).
inline void require_best_arm(std::size_t k, const std::string& name, const std::string& hint = "") {
  if (k != 1)
    throw ParameterError("k", name + " identifies the single best arm and needs k = 1 in "
                                     "[oracle], got k = " + std::to_string(k) + hint);
}

}  // namespace cpex
