// Registration of the `planted-gap` environment.
#include "cpex/plugin.hpp"
#include "planted_gap.hpp"

namespace {

void register_planted_gap(cpex::Registry& registry) {
  using namespace cpex;
  EnvironmentEntry entry;
  entry.name = "planted-gap";
  entry.summary = "independent arms whose means give the oracle's class a chosen best/second-best gap";
  entry.feedback = FeedbackKind::SingleArm;
  environments::add_planted_gap_parameters(entry.schema);
  entry.create = environments::make_planted_gap;
  registry.add(std::move(entry));
}

}  // namespace

CPEX_PLUGIN(register_planted_gap)
