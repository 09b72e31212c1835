// Longest source-target paths in a DAG.
#include "dag_path.hpp"

#include <algorithm>
#include <limits>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/topological_sort.hpp>

#include "cpex/errors.hpp"

namespace cpex::oracles {

namespace {
constexpr double kUnreached = -std::numeric_limits<double>::infinity();
}

DagPath::DagPath(data::EdgeList graph, std::size_t source, std::size_t target, const std::string& name)
    : GraphOracle(std::move(graph)), source_(source), target_(target) {
  const std::size_t n = graph_.vertices;
  if (source_ >= n)
    throw ParameterError("source", "vertex " + std::to_string(source_) + " is not in " + name +
                                       " (vertices 0.." + std::to_string(n - 1) + ")");
  if (target_ >= n)
    throw ParameterError("target", "vertex " + std::to_string(target_) + " is not in " + name +
                                       " (vertices 0.." + std::to_string(n - 1) + ")");
  if (source_ == target_)
    throw ParameterError("target", "equals the source " + std::to_string(source_));
  using Digraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  Digraph g(n);
  for (const auto& [u, v] : graph_.edges) boost::add_edge(u, v, g);
  try {
    boost::topological_sort(g, std::back_inserter(order_));
  } catch (const boost::not_a_dag&) {
    throw ParameterError("graph", name + " has a directed cycle; dag-path needs a DAG");
  }
  std::reverse(order_.begin(), order_.end());
  in_edges_.resize(n);
  out_edges_.resize(n);
  for (std::size_t e = 0; e < graph_.edges.size(); ++e) {
    in_edges_[graph_.edges[e].second].push_back(e);
    out_edges_[graph_.edges[e].first].push_back(e);
  }
  std::vector<double> zero(graph_.edges.size(), 0.0);
  Decision path;
  if (!best_avoiding(zero, no_edge(), path))
    throw ParameterError("target", "no path from source " + std::to_string(source_) +
                                       " to target " + std::to_string(target_) + " in " + name);
}

bool DagPath::best_avoiding(std::span<const double> weights, std::size_t banned, Decision& out) const {
  const std::size_t none = graph_.edges.size();
  best_.assign(graph_.vertices, kUnreached);
  via_.assign(graph_.vertices, none);
  best_[source_] = 0.0;
  for (std::size_t v : order_) {
    if (v == source_) continue;
    for (std::size_t e : in_edges_[v]) {
      const std::size_t u = graph_.edges[e].first;
      if (e == banned || best_[u] == kUnreached) continue;
      const double length = best_[u] + weights[e];
      if (via_[v] == none || length > best_[v]) {
        best_[v] = length;
        via_[v] = e;
      }
    }
  }
  out.arms.clear();
  out.values.clear();
  if (via_[target_] == none) return false;
  for (std::size_t v = target_; v != source_; v = graph_.edges[via_[v]].first)
    out.arms.push_back(via_[v]);
  std::sort(out.arms.begin(), out.arms.end());
  return true;
}

bool DagPath::enumerate(std::size_t limit, const std::function<void(const Decision&)>& visit) const {
  // Paths from each vertex to the target, saturated at limit + 1 (reverse topological order).
  const std::size_t cap = limit + 1;
  std::vector<std::size_t> paths(graph_.vertices, 0);
  paths[target_] = 1;
  for (auto it = order_.rbegin(); it != order_.rend(); ++it) {
    const std::size_t v = *it;
    if (v == target_) continue;
    std::size_t total = 0;
    for (std::size_t e : out_edges_[v]) total = std::min(cap, total + paths[graph_.edges[e].second]);
    paths[v] = total;
  }
  if (paths[source_] > limit) return false;
  // Depth first: stack of (vertex, next out-edge position); `trail` the edges so far.
  std::vector<std::size_t> trail;
  std::vector<std::pair<std::size_t, std::size_t>> stack = {{source_, 0}};
  Decision d;
  while (!stack.empty()) {
    auto& [v, next] = stack.back();
    if (v == target_) {
      d.arms = trail;
      std::sort(d.arms.begin(), d.arms.end());
      visit(d);
      stack.pop_back();
      if (!trail.empty()) trail.pop_back();
      continue;
    }
    const auto& out = out_edges_[v];
    while (next < out.size() && paths[graph_.edges[out[next]].second] == 0) ++next;
    if (next == out.size()) {
      stack.pop_back();
      if (!trail.empty()) trail.pop_back();
      continue;
    }
    const std::size_t e = out[next++];
    trail.push_back(e);
    stack.emplace_back(graph_.edges[e].second, 0);
  }
  return true;
}

bool DagPath::is_decision(const std::vector<std::size_t>& arms) const {
  if (arms.empty()) return false;
  // Follow the edges from the source: each vertex may leave by one of them.
  const std::size_t none = no_edge();
  std::vector<std::size_t> leave(graph_.vertices, none);
  for (std::size_t e : arms) {
    std::size_t& slot = leave[graph_.edges[e].first];
    if (slot != none) return false;
    slot = e;
  }
  std::size_t v = source_, used = 0;
  while (v != target_ && leave[v] != none && used < arms.size()) {
    v = graph_.edges[leave[v]].second;
    ++used;
  }
  return v == target_ && used == arms.size();
}

}  // namespace cpex::oracles
