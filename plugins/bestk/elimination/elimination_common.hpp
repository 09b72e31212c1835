// What median-elimination and exponential-gap share: the sample-scale key, the reward
// scale b = 2 sigma, the anytime answer (the best cumulative mean among the surviving
// arms), and the registration functions.
#pragma once

#include <cstddef>
#include <limits>
#include <span>
#include <utility>

#include "cpex/arm_statistics.hpp"
#include "cpex/algorithm.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/registration.hpp"

namespace cpex::elimination {

inline void add_sample_scale_key(ParamSchema& schema) {
  schema.real("sample-scale", 1.0, Range{Bound{0.0, false}, Bound{1.0, true}},
              "multiplies every sample count of the paper (1: the paper's; below 1 the "
              "guarantee no longer holds: for budgets the paper's constants put out of reach)");
}

// The arm of `arms` with the best mean over all its samples (unsampled arms last; ties to
// the first listed).
inline std::size_t best_cumulative(std::span<const std::size_t> arms, const ArmStatistics& stats) {
  std::size_t best = arms.front();
  double value = -std::numeric_limits<double>::infinity();
  for (std::size_t a : arms) {
    const double m = stats.count(a) ? stats.mean(a) : -std::numeric_limits<double>::infinity();
    if (m > value) value = m, best = a;
  }
  return best;
}

// Registers an elimination algorithm built from its parameters: delta, its own `keys`, then
// sample-scale; single-arm feedback and a top-k (cardinality) oracle.
template <class EliminationAlgorithm>
void register_elimination(Registry& registry, PluginInfo info, void (*keys)(ParamSchema&) = nullptr) {
  ParamSchema schema;
  schema.target_error(0.05, "confidence: error probability at most delta");
  if (keys) keys(schema);
  add_sample_scale_key(schema);
  register_algorithm<EliminationAlgorithm>(registry, std::move(info),
                                           one_oracle_needs(FeedbackKind::SingleArm, kLinearMaximization | kCardinality),
                                           std::move(schema));
}

void register_median_elimination(Registry& registry);
void register_exponential_gap(Registry& registry);

}  // namespace cpex::elimination
