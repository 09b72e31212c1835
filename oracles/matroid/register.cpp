// Registration of the matroid oracles `matroid-partition` and `matroid-graphic`
// (`matroid-uniform` is `top-k` under its matroid name: oracles/topk/register.cpp).
#include <algorithm>
#include <cmath>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "graph_source.hpp"
#include "graphic_matroid.hpp"
#include "partition_matroid.hpp"

namespace cpex::oracles {
namespace {

// A list of non-negative integers given as reals (`parts`, `capacities`).
std::vector<std::size_t> whole_numbers(const ParamValues& params, const std::string& key) {
  std::vector<std::size_t> out;
  for (double x : params.reals(key)) {
    if (x != std::floor(x) || x < 0 || x > 1e9)
      throw ParameterError(key, "entries must be non-negative integers, got " + std::to_string(x));
    out.push_back(static_cast<std::size_t>(x));
  }
  return out;
}

std::unique_ptr<Oracle> make_partition(const ParamValues& params) {
  std::vector<std::size_t> parts = whole_numbers(params, "parts");
  std::vector<std::size_t> capacities = whole_numbers(params, "capacities");
  if (parts.size() < 2) throw ParameterError("parts", "needs the part of at least 2 arms");
  const std::size_t count = *std::max_element(parts.begin(), parts.end()) + 1;
  if (capacities.size() != count)
    throw ParameterError("capacities", "has " + std::to_string(capacities.size()) +
                                           " entries, but `parts` names " +
                                           std::to_string(count) + " parts (0.." +
                                           std::to_string(count - 1) + ")");
  std::vector<std::size_t> sizes(count, 0);
  for (std::size_t p : parts) ++sizes[p];
  for (std::size_t j = 0; j < count; ++j)
    if (capacities[j] > sizes[j])
      throw ParameterError("capacities", "part " + std::to_string(j) + " has " +
                                             std::to_string(sizes[j]) + " arms but capacity " +
                                             std::to_string(capacities[j]));
  return std::make_unique<PartitionMatroid>(std::move(parts), std::move(capacities));
}

void register_matroids(Registry& registry) {
  const unsigned caps = kLinearMaximization | kSecondBest | kMatroid;
  register_oracle(
      registry,
      {"matroid-partition", "partition matroid: bases take capacities[j] arms of every part j (greedy)"},
      caps | kEnumerable,
      ParamSchema()
          .real_list("parts", Range::at_least(0), "part index (0-based) of every arm, in arm order")
          .real_list("capacities", Range::at_least(0), "arms a basis takes from each part"),
      make_partition);
  register_oracle(registry,
                  {"matroid-graphic",
                   "graphic matroid: maximum-weight spanning forests of a graph (Kruskal); arms are edges"},
                  caps, graph_parameters(), make_graph_oracle<GraphicMatroid>);
}

}  // namespace
}  // namespace cpex::oracles

CPEX_PLUGIN(cpex::oracles::register_matroids)
