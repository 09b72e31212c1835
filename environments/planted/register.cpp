// Registration of the `planted-gap` environment.
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "planted_gap.hpp"

namespace {

void register_planted_gap(cpex::Registry& registry) {
  using namespace cpex;
  ParamSchema schema;
  environments::add_planted_gap_parameters(schema);
  register_environment(
      registry,
      {"planted-gap", "independent arms whose means give the oracle's class a chosen best/second-best gap"},
      FeedbackKind::SingleArm, std::move(schema), environments::make_planted_gap);
}

}  // namespace

CPEX_PLUGIN(register_planted_gap)
