// Registration of the `osa-greedy` oracle.
#include "cpex/capabilities.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "osa_oracle.hpp"

namespace {

void register_osa(cpex::Registry& registry) {
  using namespace cpex;
  register_oracle(
      registry,
      {"osa-greedy",
       "optimal sample allocation (seed 003 App. B.2, GreedyOSA): leading optimum, bi-monotone"},
      kSeparableLeading | kBiMonotone,
      ParamSchema().integer("budget", std::nullopt, Range::at_least(1),
                            "sample budget k (>= number of groups); group sizes come from the environment"),
      [](const ParamValues& params) -> std::unique_ptr<Oracle> {
        return std::make_unique<oracles::OsaOracle>(static_cast<std::size_t>(params.integer("budget")));
      });
}

}  // namespace

CPEX_PLUGIN(register_osa)
