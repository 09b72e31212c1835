// Registration of the `water-planning` oracle.
#include "cpex/capabilities.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "water_oracle.hpp"

namespace {

void register_water(cpex::Registry& registry) {
  using namespace cpex;
  ParamSchema schema;
  schema.real("b", std::nullopt, Range::at_least(0.0), "demand: sum_i y_i >= b")
      .real_list("capacities", Range::greater_than(0.0), "c_i: 0 <= y_i <= c_i, one per source")
      .real("step", 1.0, Range::greater_than(0.0), "grid step s; must divide every c_i")
      .choice("cost", "quadratic", {"quadratic", "power"},
              "cost family: a_i y^2 + linear_i y, or a_i y^exponent_i")
      .real_list("a", Range::any(), "cost coefficient a_i of each source")
      .real_list("linear", Range::any(), "quadratic family: linear coefficient (default 0)")
      .optional()
      .real_list("exponent", Range::greater_than(0.0), "power family: exponent p_i (default 1)")
      .optional();
  auto create = [](const ParamValues& p) -> std::unique_ptr<Oracle> {
    oracles::WaterCosts costs;
    costs.family = p.text("cost") == "power" ? oracles::CostFamily::Power
                                             : oracles::CostFamily::Quadratic;
    costs.a = p.reals("a");
    if (p.has("linear")) costs.linear = p.reals("linear");
    if (p.has("exponent")) costs.exponent = p.reals("exponent");
    return std::make_unique<oracles::WaterOracle>(
        oracles::WaterPlanning(p.real("b"), p.reals("capacities"), p.real("step"), costs));
  };
  register_oracle(registry,
                  {"water-planning",
                   "water resource planning (seed 003 eq. 4) on a grid, exact; bi-monotone (Lemma 3) only "
                   "when every cost is convex (quadratic a_i >= 0; power a_i >= 0 with p_i >= 1), else "
                   "dynamic programming and not bi-monotone"},
                  kSeparableLeading | kBiMonotone, std::move(schema), create);
}

}  // namespace

CPEX_PLUGIN(register_water)
