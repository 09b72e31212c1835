// `matroid-graphic`: the bases are the maximal spanning forests of a graph (arm i = edge
// i). Maximization is Kruskal's algorithm on Boost's disjoint sets: edges by weight
// descending, ties to the smaller index, O(m log m). The second best is the best single
// exchange: add a non-forest edge f, remove the lightest forest edge e on f's forest
// path, O(m * depth of the forest).
#pragma once

#include <vector>

#include "cpex/data/edge_list.hpp"
#include "cpex/oracle.hpp"

namespace cpex::oracles {

class GraphicMatroid : public Oracle {
 public:
  explicit GraphicMatroid(data::EdgeList graph);

  void bind(const Problem&) override {}
  std::size_t decision_size() const override { return rank_; }
  std::size_t ground_set_size() const override { return graph_.edges.size(); }
  void maximize(std::span<const double> weights, Decision& out) const override;
  // The optimum if it differs from `excluded`; otherwise the exchange (f in, e out) of
  // largest gain w_f - w_e; ties to the smaller f, then to the smaller e. False when the
  // forest uses every edge.
  bool second_best(std::span<const double> weights, const Decision& excluded,
                   Decision& out) const override;
  // A candidate that is not a maximal spanning forest is never acceptable.
  bool acceptable(std::span<const double> theta, const Decision& optimal,
                  const Decision& candidate, double epsilon) const override;

 private:
  data::EdgeList graph_;
  std::size_t rank_ = 0;  // vertices minus connected components
};

}  // namespace cpex::oracles
