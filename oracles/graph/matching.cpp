// Maximum-weight matchings through LEMON's blossom algorithm on exact integer weights.
#include "matching.hpp"

#include <algorithm>
#include <cmath>
#include <bit>
#include <limits>
#include <unordered_map>

#include "lemon_matching.hpp"

namespace cpex::oracles {

std::vector<__int128> scaled_weights(const std::vector<double>& weights, std::size_t terms) {
  // w = m * 2^(e - 53) with an odd-or-zero-trailing 53-bit integer m.
  int top = std::numeric_limits<int>::min(), lowest_bit = std::numeric_limits<int>::max();
  for (double w : weights) {
    int e = 0;
    const double f = std::frexp(w, &e);
    auto m = static_cast<std::uint64_t>(std::ldexp(f, 53));
    const int zeros = std::countr_zero(m);
    top = std::max(top, e);
    lowest_bit = std::min(lowest_bit, e - 53 + zeros);
  }
  int headroom = 2;
  while ((std::size_t{1} << headroom) < terms + 1 && headroom < 40) ++headroom;
  // w * 2^shift < 2^(100 - headroom): sums of `terms` such products times LEMON's dual
  // scale 4 stay below 2^102, far from the 2^127 limit.
  const int cap = 100 - headroom - top;
  const int shift = std::min(-lowest_bit, cap);
  std::vector<__int128> out;
  out.reserve(weights.size());
  for (double w : weights) {
    int e = 0;
    const double f = std::frexp(w, &e);
    const auto m = static_cast<__int128>(std::ldexp(f, 53));
    const int s = e - 53 + shift;
    if (s >= 0)
      out.push_back(m << s);
    else if (s > -120)
      out.push_back((m + (static_cast<__int128>(1) << (-s - 1))) >> -s);
    else
      out.push_back(0);
  }
  return out;
}

bool Matching::best_avoiding(std::span<const double> weights, std::size_t banned, Decision& out) const {
  out.arms.clear();
  out.values.clear();
  // The heaviest positive edge per vertex pair (ties: smaller index).
  std::unordered_map<std::uint64_t, std::size_t> pair_edge;
  for (std::size_t e = 0; e < graph_.edges.size(); ++e) {
    if (e == banned || !(weights[e] > 0.0)) continue;
    auto [u, v] = graph_.edges[e];
    if (u > v) std::swap(u, v);
    const auto key = static_cast<std::uint64_t>(u) * graph_.vertices + v;
    auto [it, fresh] = pair_edge.try_emplace(key, e);
    if (!fresh && weights[e] > weights[it->second]) it->second = e;
  }
  if (pair_edge.empty()) return true;
  std::vector<std::size_t> used;
  used.reserve(pair_edge.size());
  for (const auto& [key, e] : pair_edge) used.push_back(e);
  std::sort(used.begin(), used.end());
  std::vector<double> positive;
  positive.reserve(used.size());
  for (std::size_t e : used) positive.push_back(weights[e]);
  const std::vector<__int128> integer = scaled_weights(positive, graph_.vertices);

  std::vector<std::pair<std::size_t, std::size_t>> ends;
  std::vector<__int128> kept;
  std::vector<std::size_t> arm_of;
  for (std::size_t i = 0; i < used.size(); ++i) {
    if (integer[i] <= 0) continue;
    ends.push_back(graph_.edges[used[i]]);
    kept.push_back(integer[i]);
    arm_of.push_back(used[i]);
  }
  for (std::size_t i : lemon_max_weight_matching(graph_.vertices, ends, kept))
    out.arms.push_back(arm_of[i]);
  std::sort(out.arms.begin(), out.arms.end());
  return true;
}

void Matching::more_candidates(std::span<const double> weights, const Decision& optimum,
                               const Offer& offer) const {
  std::vector<char> covered(graph_.vertices, 0);
  for (std::size_t e : optimum.arms) covered[graph_.edges[e].first] = covered[graph_.edges[e].second] = 1;
  std::size_t extra = graph_.edges.size();
  for (std::size_t f = 0; f < graph_.edges.size(); ++f) {
    if (covered[graph_.edges[f].first] || covered[graph_.edges[f].second]) continue;
    if (extra == graph_.edges.size() || weights[f] > weights[extra]) extra = f;
  }
  if (extra != graph_.edges.size()) {
    Decision candidate = optimum;
    candidate.arms.push_back(extra);
    std::sort(candidate.arms.begin(), candidate.arms.end());
    offer(candidate);
  }
}

bool Matching::enumerate(std::size_t limit, const std::function<void(const Decision&)>& visit) const {
  const std::size_t m = graph_.edges.size();
  std::vector<char> covered(graph_.vertices, 0);
  Decision d;
  std::size_t count = 0;
  // Walks every matching of the edges from `e` on; false once `budget` matchings are passed.
  std::function<bool(std::size_t, bool)> walk = [&](std::size_t e, bool listing) -> bool {
    if (e == m) {
      if (listing) {
        visit(d);
        return true;
      }
      return ++count <= limit;
    }
    if (!walk(e + 1, listing)) return false;
    const auto [u, v] = graph_.edges[e];
    if (u == v || covered[u] || covered[v]) return true;
    covered[u] = covered[v] = 1;
    d.arms.push_back(e);
    const bool more = walk(e + 1, listing);
    d.arms.pop_back();
    covered[u] = covered[v] = 0;
    return more;
  };
  if (!walk(0, false)) return false;
  return walk(0, true);
}

bool Matching::is_decision(const std::vector<std::size_t>& arms) const {
  std::vector<char> covered(graph_.vertices, 0);
  for (std::size_t e : arms) {
    const auto [u, v] = graph_.edges[e];
    if (covered[u] || covered[v]) return false;
    covered[u] = covered[v] = 1;
  }
  return true;
}

}  // namespace cpex::oracles
