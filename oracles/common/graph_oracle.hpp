// The base of the oracles whose arms are the edges of a graph (`dag-path`, `matching`,
// `matroid-graphic`): the edge list, the ground set it fixes (arm i = edge i), bind (nothing
// left to check: the graph fixes the arms), maximization as the best decision avoiding no
// edge, the second best by exclusion, and acceptance (a well-formed arm list that is a
// decision of the class, then Oracle::acceptable). A class supplies `best_avoiding` and
// `is_decision`, and may offer further second-best candidates or its own second best.
//
// Second best by exclusion: the optimum if it differs from `excluded`; otherwise the best
// of the best decisions avoiding one edge of the optimum (for each of its edges, ascending),
// then of the class's further candidates (`more_candidates`); earlier candidates win ties.
// It is exact when every other decision misses an edge of the optimum or is dominated by a
// further candidate (a DAG's source-target paths; matchings, whose strict supersets of the
// optimum are beaten by the optimum plus its best disjoint edge).
#pragma once

#include <functional>
#include <span>
#include <vector>

#include "cpex/data/edge_list.hpp"
#include "cpex/oracle.hpp"

namespace cpex::oracles {

class GraphOracle : public Oracle {
 public:
  explicit GraphOracle(data::EdgeList graph) : graph_(std::move(graph)) {}

  void bind(const Problem&) override {}
  std::size_t ground_set_size() const override { return graph_.edges.size(); }
  void maximize(std::span<const double> weights, Decision& out) const override;
  bool second_best(std::span<const double> weights, const Decision& excluded, Decision& out) const override;
  // A candidate that is not a decision of the class is never acceptable.
  bool acceptable(std::span<const double> theta, const Decision& optimal, const Decision& candidate,
                  double epsilon) const override;

 protected:
  using Offer = std::function<void(const Decision&)>;

  // The best decision without edge `banned` (no_edge(): none banned) into `out`; false if
  // no decision avoids it.
  virtual bool best_avoiding(std::span<const double> weights, std::size_t banned, Decision& out) const = 0;
  // Whether a well-formed (sorted, distinct, in range) arm list is a decision of the class.
  virtual bool is_decision(const std::vector<std::size_t>& arms) const = 0;
  // Second-best candidates beyond the exclusions, offered after them (none by default).
  virtual void more_candidates(std::span<const double> /*weights*/, const Decision& /*optimum*/,
                               const Offer& /*offer*/) const {}

  std::size_t no_edge() const { return graph_.edges.size(); }

  data::EdgeList graph_;
};

}  // namespace cpex::oracles
