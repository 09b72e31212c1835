// LEMON's blossom algorithm behind a plain interface (this file is compiled as C++17).
#include "lemon_matching.hpp"

#include <lemon/matching.h>
#include <lemon/smart_graph.h>

namespace cpex::oracles {

std::vector<std::size_t> lemon_max_weight_matching(
    std::size_t vertices, const std::vector<std::pair<std::size_t, std::size_t>>& edges,
    const std::vector<__int128>& weights) {
  lemon::SmartGraph g;
  g.reserveNode(static_cast<int>(vertices));
  g.reserveEdge(static_cast<int>(edges.size()));
  std::vector<lemon::SmartGraph::Node> nodes;
  nodes.reserve(vertices);
  for (std::size_t v = 0; v < vertices; ++v) nodes.push_back(g.addNode());
  lemon::SmartGraph::EdgeMap<__int128> weight(g);
  for (std::size_t i = 0; i < edges.size(); ++i)
    weight[g.addEdge(nodes[edges[i].first], nodes[edges[i].second])] = weights[i];
  lemon::MaxWeightedMatching<lemon::SmartGraph, lemon::SmartGraph::EdgeMap<__int128>> solver(g, weight);
  solver.run();
  std::vector<std::size_t> out;
  for (lemon::SmartGraph::EdgeIt edge(g); edge != lemon::INVALID; ++edge)
    if (solver.matching(edge)) out.push_back(static_cast<std::size_t>(g.id(edge)));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace cpex::oracles
