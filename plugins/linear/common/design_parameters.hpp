// Pieces shared by the linear-bandit algorithms that solve transductive designs over pair
// directions (rage, xy-static / xy-adaptive): the design solver's two parameters (schema
// and reading) and the limit on the d x K(K-1)/2 numbers of every pair direction.
#pragma once

#include <cstdint>
#include <string>

#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/numerics/transductive_design.hpp"
#include "cpex/params.hpp"

namespace cpex::linear {

// design-iterations and design-gap, the solver's budget and stopping gap.
inline ParamSchema& add_design_parameters(ParamSchema& schema) {
  return schema
      .integer("design-iterations", 5000, Range::at_least(1),
               "at most this many iterations of the design solver")
      .real("design-gap", 1e-3, Range::open(0.0, 1.0),
            "the design solver stops at this certified relative optimality gap");
}

inline numerics::DesignOptions design_options(const ParamValues& p) {
  numerics::DesignOptions options;
  options.iterations = static_cast<int>(p.integer("design-iterations"));
  options.relative_gap = p.real("design-gap");
  return options;
}

// Refuses, before allocating, k arms of dimension d whose pair directions would exceed
// cpex/limits.hpp's kMaxFeatureEntries.
inline void check_pair_directions(std::size_t k, std::size_t d) {
  const double pairs = 0.5 * static_cast<double>(k) * static_cast<double>(k - 1);
  if (pairs * static_cast<double>(d) > static_cast<double>(kMaxFeatureEntries))
    throw ParameterError("plugin", std::to_string(k) + " arms give " +
                                       std::to_string(static_cast<std::uint64_t>(pairs)) +
                                       " pair directions of dimension " + std::to_string(d) +
                                       ", more than the limit of " +
                                       std::to_string(kMaxFeatureEntries) + " entries");
}

}  // namespace cpex::linear
