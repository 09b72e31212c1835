// `dag-path`: the decisions are the source-target paths of a directed acyclic graph (edge
// u v goes from u to v; arm i = edge i). Maximization is the longest-path recursion over
// Boost's topological order, O(V + m): the best path into each vertex extends the best
// path into one of its in-edges' tails; ties to the in-edge of smaller index. The second
// best is exact: the best path that avoids one edge of the optimum, tried for each of its
// edges (every other s-t path of a DAG misses one of them), O(|path| (V + m)).
#pragma once

#include <vector>

#include "cpex/data/edge_list.hpp"
#include "cpex/oracle.hpp"

namespace cpex::oracles {

class DagPath : public Oracle {
 public:
  // Throws ParameterError: `graph` with a cycle, `source`/`target` out of range or equal,
  // `target` not reachable from `source`. `name` names the graph in messages.
  DagPath(data::EdgeList graph, std::size_t source, std::size_t target, const std::string& name);

  void bind(const Problem&) override {}
  std::size_t ground_set_size() const override { return graph_.edges.size(); }
  void maximize(std::span<const double> weights, Decision& out) const override;
  // The optimum if it differs from `excluded`; otherwise the best path avoiding one edge
  // of the optimum; ties to the smaller avoided edge. False if the optimum is the only path.
  bool second_best(std::span<const double> weights, const Decision& excluded,
                   Decision& out) const override;
  // A candidate that is not a source-target path is never acceptable.
  bool acceptable(std::span<const double> theta, const Decision& optimal,
                  const Decision& candidate, double epsilon) const override;

 private:
  // The best path avoiding edge `banned` (none: no ban); false if target is unreachable.
  bool longest_path(std::span<const double> weights, std::size_t banned, Decision& out) const;

  data::EdgeList graph_;
  std::size_t source_, target_;
  std::vector<std::size_t> order_;                 // topological order of the vertices
  std::vector<std::vector<std::size_t>> in_edges_;  // per vertex, ascending edge index
  mutable std::vector<double> best_;                // scratch; one run at a time
  mutable std::vector<std::size_t> via_;
};

}  // namespace cpex::oracles
