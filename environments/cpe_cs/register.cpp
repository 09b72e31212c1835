// Registration of the `opinion` and `water` environments (seed 003 §4).
#include "cpe_cs_arms.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"

namespace {

using namespace cpex;

ParamSchema water_schema() {
  ParamSchema schema;
  schema.real_list("means", Range::closed(0.0, 1.0), "quality response theta_i* of each source")
      .choice("distribution", "bernoulli", {"bernoulli", "beta"}, "response distribution")
      .real("concentration", 2.0, Range::greater_than(0.0),
            "beta: Beta(theta c, (1 - theta) c) with c = concentration");
  return schema;
}

void register_cpe_cs_arms(Registry& registry) {
  register_environment(registry,
                       {"opinion",
                        "partitioned opinion sampling (seed 003 §4.2): Bernoulli(p_i) answers; "
                        "truth = within-group variance p_i (1 - p_i); group sizes are public"},
                       FeedbackKind::SingleArm,
                       ParamSchema()
                           .real_list("sizes", Range::any(), "group sizes n_i (whole numbers >= 1)")
                           .real_list("p", Range::closed(0.0, 1.0), "opinion probability of each group"),
                       environments::make_opinion);
  register_environment(registry,
                       {"water",
                        "water resource planning responses (seed 003 §4.1): mean theta_i*, "
                        "Bernoulli or Beta; truth = the means"},
                       FeedbackKind::SingleArm, water_schema(), environments::make_water);
}

}  // namespace

CPEX_PLUGIN(register_cpe_cs_arms)
