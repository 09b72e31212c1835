// `dag-path`: the decisions are the source-target paths of a directed acyclic graph (edge
// u v goes from u to v; arm i = edge i). Maximization is the longest-path recursion over
// Boost's topological order, O(V + m): the best path into each vertex extends the best
// path into one of its in-edges' tails; ties to the in-edge of smaller index. The second
// best is exact: the best path that avoids one edge of the optimum, tried for each of its
// edges (every other s-t path of a DAG misses one of them): GraphOracle's second best by
// exclusion, O(|path| (V + m)).
// Enumeration (kEnumerable): the paths are counted first, per vertex the paths from it to
// the target in reverse topological order, each count saturated at limit + 1, O(V + m);
// over the limit nothing is visited. Otherwise a depth-first walk from the source over
// out-edges in ascending index, through vertices that reach the target, visits each path
// once (O(length) per path).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "graph_oracle.hpp"

namespace cpex::oracles {

class DagPath : public GraphOracle {
 public:
  // Throws ParameterError: `graph` with a cycle, `source`/`target` out of range or equal,
  // `target` not reachable from `source`. `name` names the graph in messages.
  DagPath(data::EdgeList graph, std::size_t source, std::size_t target, const std::string& name);

  bool enumerate(std::size_t limit, const std::function<void(const Decision&)>& visit) const override;

 protected:
  // The best path avoiding edge `banned`; false if the target is then unreachable.
  bool best_avoiding(std::span<const double> weights, std::size_t banned, Decision& out) const override;
  // A source-target path.
  bool is_decision(const std::vector<std::size_t>& arms) const override;

 private:
  std::size_t source_, target_;
  std::vector<std::size_t> order_;                 // topological order of the vertices
  std::vector<std::vector<std::size_t>> in_edges_;  // per vertex, ascending edge index
  std::vector<std::vector<std::size_t>> out_edges_;  // per vertex, ascending edge index
  mutable std::vector<double> best_;                // scratch; one run at a time
  mutable std::vector<std::size_t> via_;
};

}  // namespace cpex::oracles
