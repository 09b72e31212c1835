// The up-front warning for instances whose runs cannot stop: with exact
// identification (epsilon = 0, fixed confidence) an instance with two optimal decisions
// (Delta = 0), or a CPE-CS instance with a zero consistency radius (Lambda_i = 0), never
// stops by the algorithm's rule, so every run ends at run.max-samples. The environment
// knows its truth, so `cpex run` / `sweep` say so before the first run.
#pragma once

#include <string>
#include <vector>

#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/sweep.hpp"

namespace cpex::inline runtime {

// One message per tied point (at most `limit` points checked; the instance of each point's
// first run, repetition 0, as `cpex hardness`): empty when no point is tied.
std::vector<std::string> tie_warnings(const std::vector<Pipeline>& pipelines,
                                      const std::vector<SweepPoint>& points, std::size_t limit = 256);

}  // namespace cpex::runtime
