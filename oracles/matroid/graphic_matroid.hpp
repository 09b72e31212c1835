// `matroid-graphic`: the bases are the maximal spanning forests of a graph (arm i = edge
// i). Maximization is Kruskal's algorithm on Boost's disjoint sets: edges by weight
// descending, ties to the smaller index, O(m log m). The second best is the best single
// exchange: add a non-forest edge f, remove the lightest forest edge e on f's forest
// path, O(m * depth of the forest).
#pragma once

#include <vector>

#include "graph_oracle.hpp"

namespace cpex::oracles {

class GraphicMatroid : public GraphOracle {
 public:
  explicit GraphicMatroid(data::EdgeList graph);

  std::size_t decision_size() const override { return rank_; }
  // Not GraphOracle's exclusion (rank Kruskal runs) but the single exchange of largest gain
  // w_f - w_e; the optimum if it differs from `excluded`; ties to the smaller f, then to the
  // smaller e. False when the forest uses every edge.
  bool second_best(std::span<const double> weights, const Decision& excluded,
                   Decision& out) const override;
  // (e, f) for every non-forest edge f and every forest edge e on f's forest path.
  void exchanges(const Decision& basis, std::vector<std::pair<std::size_t, std::size_t>>& out) const override;

 protected:
  // Kruskal without edge `banned`; false if the forest then has fewer than rank edges.
  bool best_avoiding(std::span<const double> weights, std::size_t banned, Decision& out) const override;
  // A maximal spanning forest: rank edges, no cycle.
  bool is_decision(const std::vector<std::size_t>& arms) const override;

 private:
  class RootedForest;
  std::size_t rank_ = 0;  // vertices minus connected components
};

}  // namespace cpex::oracles
