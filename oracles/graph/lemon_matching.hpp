// A maximum-weight matching of a graph with positive integer weights, through LEMON's
// MaxWeightedMatching (Edmonds' blossom algorithm; exact for an integer value type).
// Compiled as C++17 on its own: LEMON 1.3.1 uses std::allocator members removed in C++20.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace cpex::oracles {

// Indices (ascending) of the edges in a maximum-weight matching. weights[i] > 0 and small
// enough that 4 * (sum of V/2 weights) fits in 127 bits.
std::vector<std::size_t> lemon_max_weight_matching(
    std::size_t vertices, const std::vector<std::pair<std::size_t, std::size_t>>& edges,
    const std::vector<__int128>& weights);

}  // namespace cpex::oracles
