// Registration of the `pareto-set` and `constrained-best` oracles (pareto_oracles.hpp).
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "objective_directions.hpp"
#include "pareto_oracles.hpp"

namespace {

using namespace cpex;

void register_pareto_oracles(Registry& registry) {
  register_oracle(registry,
                  {"pareto-set", "the Pareto set of vector-valued arms: the arms no other arm dominates, each "
                                 "objective maximized or minimized (directions); epsilon-accurate sets by epsilon"},
                  0u,
                  ParamSchema()
                      .text("directions", std::string(""),
                            "one max or min per objective (directions = max, min); empty: every objective maximized")
                      .real("epsilon", 0.0, Range::at_least(0.0),
                            "judge answers as epsilon-accurate Pareto sets at least (S* <= S <= S*_epsilon; the "
                            "algorithm's own epsilon when larger)"),
                  [](const ParamValues& p) -> std::unique_ptr<Oracle> {
                    return std::make_unique<oracles::ParetoSetOracle>(oracles::parse_directions(p.text("directions")),
                                                                      p.real("epsilon"));
                  });
  register_oracle(
      registry,
      {"constrained-best", "the best arm on one objective among the arms better than thresholds on the others "
                           "(guardrails), or none ({}) when no arm is"},
      0u,
      ParamSchema()
          .integer("objective", 0, Range::at_least(0), "the objective to optimize (0 = the first)")
          .real_list("thresholds", Range::any(),
                     "one threshold per other objective, in order: a feasible arm is better than each (above for "
                     "max, below for min)")
          .text("directions", std::string(""),
                "one max or min per objective (directions = max, min); empty: every objective maximized"),
      [](const ParamValues& p) -> std::unique_ptr<Oracle> {
        return std::make_unique<oracles::ConstrainedBestOracle>(oracles::parse_directions(p.text("directions")),
                                                                static_cast<std::size_t>(p.integer("objective")),
                                                                p.reals("thresholds"));
      });
}

}  // namespace

CPEX_PLUGIN(register_pareto_oracles)
