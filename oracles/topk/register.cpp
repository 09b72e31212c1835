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
  // Separable and bi-monotone as a CPE-L instance (seed 003 §5): the leading optimum is the
  // k largest weights, ties to the smaller index, a total order, so membership of arm i
  // can only grow with theta_i and shrink with theta_j.
  entry.capabilities =
      kLinearMaximization | kSecondBest | kCardinality | kSeparableLeading | kBiMonotone;
  entry.schema.integer("k", std::nullopt, Range::at_least(1),
                       "number of arms in a decision (k < arms); required")
      .choice("epsilon-rule", "per-arm", {"per-arm", "sum"},
              "epsilon-optimality judged per arm (theta_i >= theta_[k] - eps, Best-K) or on the sum "
              "(theta(M*) - theta(M) <= eps, the full-bandit papers)");
  entry.create = [](const ParamValues& params, const OracleContext&) -> std::unique_ptr<Oracle> {
    return std::make_unique<oracles::TopKOracle>(static_cast<std::size_t>(params.integer("k")),
                                                 params.has("epsilon-rule") && params.text("epsilon-rule") == "sum");
  };
  registry.add(std::move(entry));
}

}  // namespace

CPEX_PLUGIN(register_top_k)
