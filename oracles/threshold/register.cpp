// Registration of the `threshold` and `good-arm` oracles (threshold_oracle.hpp).
#include "cpex/errors.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "threshold_oracle.hpp"

namespace {

using namespace cpex;

std::unique_ptr<Oracle> make_threshold(const ParamValues& params) {
  return std::make_unique<oracles::ThresholdOracle>(params.real("tau"), params.text("query") == "any");
}

void register_threshold(Registry& registry) {
  register_oracle(registry,
                  {"threshold", "thresholding: the arms whose mean exceeds tau (Locatelli et al. 2016), or "
                                "whether any arm does (query = any)"},
                  0u,
                  ParamSchema()
                      .real("tau", std::nullopt, Range::any(), "the threshold tau")
                      .choice("query", "all", {"all", "any"},
                              "all: the set of arms above tau; any: whether some arm is above tau "
                              "(answer {} or {a}, a the witness)"),
                  make_threshold);
  // Good-arm identification (Kano et al. 2019; Jourdan & Reda 2023): one arm above tau, or the
  // certified answer "none" ({}) when no arm is; the threshold oracle's `query = any`.
  register_oracle(registry,
                  {"good-arm", "good-arm identification: one arm whose mean exceeds tau ({a}), or none ({}) when "
                               "no arm does (threshold with query = any)"},
                  0u, ParamSchema().real("tau", std::nullopt, Range::any(), "the threshold tau a good arm exceeds"),
                  [](const ParamValues& params) -> std::unique_ptr<Oracle> {
                    return std::make_unique<oracles::ThresholdOracle>(params.real("tau"), true);
                  });
}

}  // namespace

CPEX_PLUGIN(register_threshold)
