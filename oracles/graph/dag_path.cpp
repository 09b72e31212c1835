// Longest source-target paths in a DAG.
#include "dag_path.hpp"

#include <algorithm>
#include <limits>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/topological_sort.hpp>

#include "cpex/errors.hpp"
#include "decision_check.hpp"

namespace cpex::oracles {

namespace {
constexpr double kUnreached = -std::numeric_limits<double>::infinity();
}

DagPath::DagPath(data::EdgeList graph, std::size_t source, std::size_t target,
                 const std::string& name)
    : graph_(std::move(graph)), source_(source), target_(target) {
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
  for (std::size_t e = 0; e < graph_.edges.size(); ++e)
    in_edges_[graph_.edges[e].second].push_back(e);
  std::vector<double> zero(graph_.edges.size(), 0.0);
  Decision path;
  if (!longest_path(zero, graph_.edges.size(), path))
    throw ParameterError("target", "no path from source " + std::to_string(source_) +
                                       " to target " + std::to_string(target_) + " in " + name);
}

bool DagPath::longest_path(std::span<const double> weights, std::size_t banned,
                           Decision& out) const {
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

void DagPath::maximize(std::span<const double> weights, Decision& out) const {
  longest_path(weights, graph_.edges.size(), out);
}

bool DagPath::second_best(std::span<const double> weights, const Decision& excluded,
                          Decision& out) const {
  maximize(weights, out);
  if (out.arms != excluded.arms) return true;
  const std::vector<std::size_t> optimum = out.arms;
  Decision candidate;
  bool found = false;
  double best = 0.0;
  for (std::size_t e : optimum) {
    if (!longest_path(weights, e, candidate)) continue;
    const double v = value(weights, candidate);
    if (!found || v > best) {
      found = true;
      best = v;
      out = candidate;
    }
  }
  if (!found) out.arms = optimum;
  return found;
}

bool DagPath::acceptable(std::span<const double> theta, const Decision& optimal,
                         const Decision& candidate, double epsilon) const {
  if (!well_formed(candidate.arms, graph_.edges.size()) || candidate.arms.empty()) return false;
  // Follow the candidate's edges from the source: each vertex may leave by one of them.
  const std::size_t none = graph_.edges.size();
  std::vector<std::size_t> leave(graph_.vertices, none);
  for (std::size_t e : candidate.arms) {
    std::size_t& slot = leave[graph_.edges[e].first];
    if (slot != none) return false;
    slot = e;
  }
  std::size_t v = source_, used = 0;
  while (v != target_ && leave[v] != none && used < candidate.arms.size()) {
    v = graph_.edges[leave[v]].second;
    ++used;
  }
  if (v != target_ || used != candidate.arms.size()) return false;
  return Oracle::acceptable(theta, optimal, candidate, epsilon);
}

}  // namespace cpex::oracles
