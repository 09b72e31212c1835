// Registration of the `top-k` oracle.
#include "cpex/capabilities.hpp"
#include "cpex/plugin.hpp"
#include "top_k_oracle.hpp"

namespace {

void register_top_k(cpex::Registry& registry) {
  using namespace cpex;
  OracleEntry entry;
  entry.name = "top-k";
  entry.summary = "all subsets of k arms; maximization selects the k largest weights";
  entry.capabilities = kLinearMaximization | kCardinality;
  entry.schema.integer("k", std::nullopt, Range::at_least(1),
                      "number of arms in a decision (k < arms); required");
  entry.create = [](const ParamValues& params) -> std::unique_ptr<Oracle> {
    return std::make_unique<oracles::TopKOracle>(static_cast<std::size_t>(params.integer("k")));
  };
  registry.add(std::move(entry));
}

}  // namespace

CPEX_PLUGIN(register_top_k)
