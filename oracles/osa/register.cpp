// Registration of the `osa-greedy` oracle.
#include "cpex/capabilities.hpp"
#include "cpex/plugin.hpp"
#include "osa_oracle.hpp"

namespace {

void register_osa(cpex::Registry& registry) {
  using namespace cpex;
  OracleEntry entry;
  entry.name = "osa-greedy";
  entry.summary =
      "optimal sample allocation (seed 003 App. B.2, GreedyOSA): leading optimum, bi-monotone";
  entry.capabilities = kSeparableLeading | kBiMonotone;
  entry.schema.integer("budget", std::nullopt, Range::at_least(1),
                       "sample budget k (>= number of groups); group sizes come from the "
                       "environment");
  entry.create = [](const ParamValues& params, const OracleContext&) -> std::unique_ptr<Oracle> {
    return std::make_unique<oracles::OsaOracle>(static_cast<std::size_t>(params.integer("budget")));
  };
  registry.add(std::move(entry));
}

}  // namespace

CPEX_PLUGIN(register_osa)
