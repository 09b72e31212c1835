// Registration of the `top-k` oracle and of the same oracle under its matroid name,
// `matroid-uniform` (the k-subsets are the bases of the uniform matroid of rank k). The
// names differ only in their defaults: `top-k` needs k and judges epsilon per arm (the
// (epsilon, k)-optimality of Best-K); `matroid-uniform` has k = 1 and judges epsilon on the
// sum (theta(M*) - theta(M) <= epsilon, the CPE-L papers), as it did as a partition matroid.
#include "cpex/capabilities.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "top_k_oracle.hpp"

namespace {

using namespace cpex;

ParamSchema top_k_schema(std::optional<std::int64_t> k, const char* rule) {
  ParamSchema schema;
  schema.integer("k", k, Range::at_least(1), "number of arms in a decision, the rank (k < arms)")
      .choice("epsilon-rule", rule, {"per-arm", "sum", "relative"},
              "epsilon-optimality judged per arm (theta_i >= theta_[k] - eps, Best-K), on the sum "
              "(theta(M*) - theta(M) <= eps, the full-bandit and CPE-L papers), or relative to the "
              "k-th mean (theta_i >= (1 - eps) theta_[k], multiplicative epsilon-good arms)");
  return schema;
}

std::unique_ptr<Oracle> make_top_k(const ParamValues& params) {
  using Rule = oracles::TopKOracle::EpsilonRule;
  const std::string& rule = params.text("epsilon-rule");
  return std::make_unique<oracles::TopKOracle>(static_cast<std::size_t>(params.integer("k")),
                                               rule == "sum" ? Rule::Sum
                                               : rule == "relative" ? Rule::Relative
                                                                    : Rule::PerArm);
}

void register_top_k(Registry& registry) {
  // Separable and bi-monotone as a CPE-CS instance (seed 003 §5): the leading optimum is the
  // k largest weights, ties to the smaller index, a total order, so membership of arm i
  // can only grow with theta_i and shrink with theta_j.
  const unsigned caps = kLinearMaximization | kSecondBest | kCardinality | kSeparableLeading | kBiMonotone |
                        kMatroid | kEnumerable;
  register_oracle(registry, {"top-k", "all subsets of k arms; maximization selects the k largest weights"},
                  caps, top_k_schema(std::nullopt, "per-arm"), make_top_k);
  register_oracle(
      registry,
      {"matroid-uniform", "uniform matroid: bases are all k-subsets (top-k under its matroid name)"}, caps,
      top_k_schema(1, "sum"), make_top_k);
}

}  // namespace

CPEX_PLUGIN(register_top_k)
