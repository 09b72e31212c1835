// Registration of the `opinion` and `water` environments (seed 003 §4).
#include "cpe_cs_arms.hpp"
#include "cpex/plugin.hpp"

namespace {

void register_cpe_cs_arms(cpex::Registry& registry) {
  using namespace cpex;
  EnvironmentEntry opinion;
  opinion.name = "opinion";
  opinion.summary = "partitioned opinion sampling (seed 003 §4.2): Bernoulli(p_i) answers; "
                    "truth = within-group variance p_i (1 - p_i); group sizes are public";
  opinion.feedback = FeedbackKind::SingleArm;
  opinion.schema.real_list("sizes", Range::any(), "group sizes n_i (whole numbers >= 1)")
      .real_list("p", Range::closed(0.0, 1.0), "opinion probability of each group");
  opinion.create = [](const ParamValues& p, const EnvironmentContext& c) {
    return environments::make_opinion(p, c.seed);
  };
  registry.add(std::move(opinion));

  EnvironmentEntry water;
  water.name = "water";
  water.summary = "water resource planning responses (seed 003 §4.1): mean theta_i*, "
                  "Bernoulli or Beta; truth = the means";
  water.feedback = FeedbackKind::SingleArm;
  water.schema.real_list("means", Range::closed(0.0, 1.0), "quality response theta_i* of each source")
      .choice("distribution", "bernoulli", {"bernoulli", "beta"}, "response distribution")
      .real("concentration", 2.0, Range::greater_than(0.0),
            "beta: Beta(theta c, (1 - theta) c) with c = concentration");
  water.create = [](const ParamValues& p, const EnvironmentContext& c) {
    return environments::make_water(p, c.seed);
  };
  registry.add(std::move(water));
}

}  // namespace

CPEX_PLUGIN(register_cpe_cs_arms)
