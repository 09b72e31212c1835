// `me-full`: the ME baseline of seed 001 App. E.2 (Algorithms 7 and 8): median elimination
// (Halving, Kalyanakrishnan & Stone 2010) run twice through the fixed-set reduction of
// subset_selection/two_phase_top_k.hpp.
#include "cpex/capabilities.hpp"
#include "cpex/registry.hpp"
#include "two_phase_top_k.hpp"

namespace cpex::full_bandit {

void register_me_full(Registry& registry) {
  AlgorithmEntry entry;
  entry.name = "me-full";
  entry.summary = "median elimination on {i} + a fixed set of k - 1 arms, two phases (seed 001 App. E.2)";
  entry.needs.feedback = {FeedbackKind::FullBanditSum};
  entry.needs.oracles = {{"oracle", kLinearMaximization | kCardinality}};
  add_two_phase_parameters(entry.schema);
  entry.create = [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
    return std::make_unique<TwoPhaseTopK>(p, make_halving);
  };
  registry.add(std::move(entry));
}

}  // namespace cpex::full_bandit
