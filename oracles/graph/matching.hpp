// `matching`: the decisions are the matchings of a graph (any size; arm i = edge i), in
// bipartite and general graphs alike. Maximization runs LEMON's MaxWeightedMatching
// (Edmonds' blossom algorithm, O(V m log V)) on the edges of positive weight — an edge of weight
// <= 0 never raises a matching's total, so the returned matching holds none (ties between
// matchings that differ only by zero-weight edges go to the smaller one). Among parallel
// edges only the heaviest (ties: smaller index) can be used. (Boost 1.74's
// maximum_weighted_matching, Debian 12's, crashes, loops or errs on some graphs: Boost.Graph
// issues 199, 223, 399, fixed only in Boost 1.87.) The blossom algorithm tests
// dual slacks for equality, so weights are converted exactly to 128-bit integers (a
// common power-of-two scale); see scaled_weights() for the one case where this rounds.
// The second best is exact: GraphOracle's exclusion (the best matching avoiding one edge of
// the optimum, for each of its edges), then the optimum plus the best edge disjoint from it.
// Enumeration (kEnumerable): every matching, the empty one included, by a depth-first
// choice over the edges in ascending index (take edge e if both ends are free, or skip it);
// the matchings are counted first with the same walk, stopped at limit + 1, so a class over
// the limit costs O(limit m) and visits nothing.
#pragma once

#include <functional>
#include <vector>

#include "graph_oracle.hpp"

namespace cpex::oracles {

class Matching : public GraphOracle {
 public:
  explicit Matching(data::EdgeList graph) : GraphOracle(std::move(graph)) {}

  bool enumerate(std::size_t limit, const std::function<void(const Decision&)>& visit) const override;

 protected:
  // The best matching without edge `banned` (always exists: the empty matching).
  bool best_avoiding(std::span<const double> weights, std::size_t banned, Decision& out) const override;
  // No two edges share a vertex.
  bool is_decision(const std::vector<std::size_t>& arms) const override;
  // After the exclusions: the optimum plus its best vertex-disjoint edge (ties to the
  // smaller index).
  void more_candidates(std::span<const double> weights, const Decision& optimum,
                       const Offer& offer) const override;
};

// Exact 128-bit integers proportional to the weights (all > 0): w_i * 2^s for the smallest
// s that makes every product an integer, capped so that a sum of `terms` products times 4
// stays far from overflow; if the cap binds (binary exponents spanning more than about
// 47 - log2(terms), e.g. 37 for 1000 vertices),
// the products are rounded to the nearest integer and weights below 2^-s vanish.
std::vector<__int128> scaled_weights(const std::vector<double>& weights, std::size_t terms);

}  // namespace cpex::oracles
