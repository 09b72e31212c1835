// What the asymptotically optimal best-arm algorithms check when a run starts, and the
// empirical best arm they recommend.
#pragma once

#include <string>

#include "arm_statistics.hpp"
#include "cpex/algorithm.hpp"
#include "cpex/numerics/exponential_family.hpp"

namespace cpex::bestk {

// The arms' family for an algorithm that identifies the single best mean: throws
// ParameterError when the oracle's decision size is not 1, when the environment's truth is
// not a mean (CPE-CS variances), or when its rewards are neither Gaussian nor Bernoulli
// (the assembler refuses those first through AlgorithmNeeds::rewards).
numerics::ArmFamily best_arm_family(const AlgorithmContext& context, const std::string& algorithm);

// argmax of the empirical means (the smallest index among ties); arm 0 before all arms
// were sampled.
std::size_t empirical_best(const ArmStatistics& stats);

}  // namespace cpex::bestk
