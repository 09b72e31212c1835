// Kruskal maximization and single-exchange second best on graphic matroids.
#include "graphic_matroid.hpp"

#include <algorithm>
#include <numeric>

#include <boost/pending/disjoint_sets.hpp>

namespace cpex::oracles {

namespace {

// Boost's disjoint sets over vertex ids 0..n-1 (union by rank, path compression).
class Components {
 public:
  explicit Components(std::size_t n)
      : rank_(n, 0), parent_(n), sets_(rank_.data(), parent_.data()) {
    for (std::size_t v = 0; v < n; ++v) sets_.make_set(v);
  }
  // Joins the sets of u and v; false if they were already one set.
  bool join(std::size_t u, std::size_t v) {
    const std::size_t a = sets_.find_set(u), b = sets_.find_set(v);
    if (a == b) return false;
    sets_.link(a, b);
    return true;
  }

 private:
  std::vector<std::size_t> rank_, parent_;
  boost::disjoint_sets<std::size_t*, std::size_t*> sets_;
};

}  // namespace

GraphicMatroid::GraphicMatroid(data::EdgeList graph) : GraphOracle(std::move(graph)) {
  Components components(graph_.vertices);
  for (const auto& [u, v] : graph_.edges)
    if (components.join(u, v)) ++rank_;
}

bool GraphicMatroid::best_avoiding(std::span<const double> weights, std::size_t banned, Decision& out) const {
  std::vector<std::size_t> order(graph_.edges.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return weights[a] > weights[b]; });
  Components components(graph_.vertices);
  out.arms.clear();
  out.values.clear();
  for (std::size_t e : order) {
    if (e != banned && components.join(graph_.edges[e].first, graph_.edges[e].second)) {
      out.arms.push_back(e);
      if (out.arms.size() == rank_) break;
    }
  }
  std::sort(out.arms.begin(), out.arms.end());
  return out.arms.size() == rank_;
}

// Every tree of a forest rooted: the edge to the parent and the depth of every vertex, so
// that the forest path between two vertices is walked edge by edge.
class GraphicMatroid::RootedForest {
 public:
  RootedForest(const data::EdgeList& graph, const std::vector<std::size_t>& forest)
      : graph_(graph), none_(graph.edges.size()), up_edge_(graph.vertices, none_), depth_(graph.vertices, 0) {
    const std::size_t n = graph.vertices;
    std::vector<std::vector<std::size_t>> incident(n);
    for (std::size_t e : forest) {
      incident[graph.edges[e].first].push_back(e);
      incident[graph.edges[e].second].push_back(e);
    }
    std::vector<std::size_t> stack;
    std::vector<char> seen(n, 0);
    for (std::size_t root = 0; root < n; ++root) {
      if (seen[root]) continue;
      seen[root] = 1;
      stack.push_back(root);
      while (!stack.empty()) {
        const std::size_t v = stack.back();
        stack.pop_back();
        for (std::size_t e : incident[v]) {
          const auto [a, b] = graph.edges[e];
          const std::size_t w = a == v ? b : a;
          if (seen[w]) continue;
          seen[w] = 1;
          up_edge_[w] = e;
          depth_[w] = depth_[v] + 1;
          stack.push_back(w);
        }
      }
    }
  }

  // Calls visit(e) for every forest edge on the path between the endpoints of edge f.
  template <class Visit>
  void path(std::size_t f, Visit visit) const {
    std::size_t u = graph_.edges[f].first, v = graph_.edges[f].second;
    while (u != v) {
      if (depth_[u] < depth_[v]) std::swap(u, v);
      visit(up_edge_[u]);
      const auto [a, b] = graph_.edges[up_edge_[u]];
      u = a == u ? b : a;
    }
  }

 private:
  const data::EdgeList& graph_;
  std::size_t none_;
  std::vector<std::size_t> up_edge_, depth_;
};

bool GraphicMatroid::second_best(std::span<const double> weights, const Decision& excluded,
                                 Decision& out) const {
  maximize(weights, out);
  if (out.arms != excluded.arms) return true;
  const std::size_t none = graph_.edges.size();
  std::vector<char> in_forest(graph_.edges.size(), 0);
  for (std::size_t e : out.arms) in_forest[e] = 1;
  const RootedForest forest(graph_, out.arms);
  std::size_t best_in = none, best_out = none;
  double best_gain = 0.0;
  for (std::size_t f = 0; f < graph_.edges.size(); ++f) {
    if (in_forest[f]) continue;
    // Lightest forest edge on the path between f's endpoints (ties to the smaller index).
    std::size_t lightest = none;
    forest.path(f, [&](std::size_t e) {
      if (lightest == none || weights[e] < weights[lightest] ||
          (weights[e] == weights[lightest] && e < lightest))
        lightest = e;
    });
    if (lightest == none) continue;  // a self-loop
    const double gain = weights[f] - weights[lightest];
    if (best_in == none || gain > best_gain) {
      best_in = f;
      best_out = lightest;
      best_gain = gain;
    }
  }
  if (best_in == none) return false;
  *std::find(out.arms.begin(), out.arms.end(), best_out) = best_in;
  std::sort(out.arms.begin(), out.arms.end());
  return true;
}

void GraphicMatroid::exchanges(const Decision& basis, std::vector<std::pair<std::size_t, std::size_t>>& out) const {
  out.clear();
  std::vector<char> in_forest(graph_.edges.size(), 0);
  for (std::size_t e : basis.arms) in_forest[e] = 1;
  const RootedForest forest(graph_, basis.arms);
  for (std::size_t f = 0; f < graph_.edges.size(); ++f)
    if (!in_forest[f]) forest.path(f, [&](std::size_t e) { out.emplace_back(e, f); });
}

bool GraphicMatroid::is_decision(const std::vector<std::size_t>& arms) const {
  if (arms.size() != rank_) return false;
  Components components(graph_.vertices);
  for (std::size_t e : arms)
    if (!components.join(graph_.edges[e].first, graph_.edges[e].second)) return false;
  return true;
}

}  // namespace cpex::oracles
