// Maximization, second best by exclusion and acceptance for the oracles on graphs.
#include "graph_oracle.hpp"

#include "decision_check.hpp"

namespace cpex::oracles {

void GraphOracle::maximize(std::span<const double> weights, Decision& out) const {
  best_avoiding(weights, no_edge(), out);
}

bool GraphOracle::second_best(std::span<const double> weights, const Decision& excluded,
                              Decision& out) const {
  maximize(weights, out);
  if (out.arms != excluded.arms) return true;
  const Decision optimum = out;
  Decision candidate;
  bool found = false;
  double best = 0.0;
  const Offer offer = [&](const Decision& d) {
    const double v = value(weights, d);
    if (!found || v > best) {
      found = true;
      best = v;
      out = d;
    }
  };
  for (std::size_t e : optimum.arms)
    if (best_avoiding(weights, e, candidate)) offer(candidate);
  more_candidates(weights, optimum, offer);
  if (!found) out = optimum;
  return found;
}

bool GraphOracle::acceptable(std::span<const double> theta, const Decision& optimal,
                             const Decision& candidate, double epsilon) const {
  if (!well_formed(candidate.arms, graph_.edges.size()) || !is_decision(candidate.arms)) return false;
  return Oracle::acceptable(theta, optimal, candidate, epsilon);
}

}  // namespace cpex::oracles
