// Registration of the matroid oracles: `matroid-uniform`, `matroid-partition`,
// `matroid-graphic`.
#include <algorithm>
#include <cmath>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/plugin.hpp"
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
  const unsigned caps = kLinearMaximization | kSecondBest;
  OracleEntry uniform;
  uniform.name = "matroid-uniform";
  uniform.summary = "uniform matroid: bases are all k-subsets (greedy; a matroid view of top-k)";
  uniform.capabilities = caps | kCardinality;  // every k-subset is a basis
  uniform.schema.integer("k", 1, Range::at_least(1), "rank: arms in every basis (k < arms)");
  uniform.create = [](const ParamValues& p, const OracleContext&) -> std::unique_ptr<Oracle> {
    return std::make_unique<PartitionMatroid>(static_cast<std::size_t>(p.integer("k")));
  };
  registry.add(std::move(uniform));

  OracleEntry partition;
  partition.name = "matroid-partition";
  partition.summary = "partition matroid: bases take capacities[j] arms of every part j (greedy)";
  partition.capabilities = caps;
  partition.schema
      .real_list("parts", Range::at_least(0), "part index (0-based) of every arm, in arm order")
      .real_list("capacities", Range::at_least(0), "arms a basis takes from each part");
  partition.create = [](const ParamValues& p, const OracleContext&) { return make_partition(p); };
  registry.add(std::move(partition));

  OracleEntry graphic;
  graphic.name = "matroid-graphic";
  graphic.summary = "graphic matroid: maximum-weight spanning forests of a graph (Kruskal); arms are edges";
  graphic.capabilities = caps;
  add_graph_parameters(graphic.schema);
  graphic.create = [](const ParamValues& p, const OracleContext& c) -> std::unique_ptr<Oracle> {
    return std::make_unique<GraphicMatroid>(load_graph(p, c));
  };
  registry.add(std::move(graphic));
}

}  // namespace
}  // namespace cpex::oracles

CPEX_PLUGIN(cpex::oracles::register_matroids)
