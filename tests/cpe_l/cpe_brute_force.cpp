// Small random CPE-L instances and brute-force enumeration of their decision classes.
#include "cpe_brute_force.hpp"

#include <cmath>
#include <numeric>

#include "test_support.hpp"

namespace cpex::test {

namespace {

ParamValues defaults_of(const std::string& name) {
  ParamValues values;
  for (const ParamSpec& spec : plugins().oracle(name)->schema.specs())
    if (spec.default_value) values.set(spec.name, *spec.default_value);
  return values;
}

data::EdgeList random_graph(RandomStream& rng, std::size_t vertices, std::size_t edges) {
  data::EdgeList g;
  while (g.edges.size() < edges) {
    std::size_t u = rng.below(vertices), v = rng.below(vertices);
    if (u == v) continue;
    if (u > v) std::swap(u, v);  // acyclic when read as u -> v
    g.edges.emplace_back(u, v);
  }
  g.vertices = vertices;
  return g;
}

std::string write_graph(const data::EdgeList& g) {
  static int counter = 0;
  std::string text = "# random test graph\n";
  for (const auto& [u, v] : g.edges) text += std::to_string(u) + " " + std::to_string(v) + "\n";
  return temp_file("cpe-graph-" + std::to_string(++counter) + ".txt", text);
}

// Root of v with path halving (a test-local union-find).
std::size_t find(std::vector<std::size_t>& parent, std::size_t v) {
  while (parent[v] != v) v = parent[v] = parent[parent[v]];
  return v;
}

std::size_t forest_size_if_acyclic(const data::EdgeList& g, const std::vector<std::size_t>& arms,
                                   bool& acyclic) {
  std::vector<std::size_t> parent(g.vertices);
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  acyclic = true;
  for (std::size_t e : arms) {
    const std::size_t a = find(parent, g.edges[e].first), b = find(parent, g.edges[e].second);
    if (a == b) acyclic = false;
    parent[a] = b;
  }
  return arms.size();
}

}  // namespace

std::vector<double> draw_weights(std::size_t arms, int trial, RandomStream& rng) {
  std::vector<double> w(arms);
  for (auto& x : w) {
    if (trial % 3 == 0)
      x = static_cast<double>(rng.below(4)) - 1.0;
    else if (trial % 3 == 1)
      x = rng.uniform01() * 2 - 1;
    else  // magnitudes from 1 down to 2^-30, either sign
      x = std::ldexp(rng.uniform01() + 0.5, -static_cast<int>(rng.below(31))) *
          (rng.below(4) == 0 ? -1.0 : 1.0);
  }
  return w;
}

double total(const std::vector<double>& w, const std::vector<std::size_t>& arms) {
  double t = 0;
  for (std::size_t e : arms) t += w[e];
  return t;
}

SmallInstance draw_instance(const std::string& name, RandomStream& rng) {
  SmallInstance inst;
  const OracleEntry* entry = plugins().oracle(name);
  ParamValues params = defaults_of(name);
  if (name == "matroid-uniform") {
    inst.arms = 2 + rng.below(8);
    const std::size_t k = 1 + rng.below(inst.arms - 1);
    params.set("k", static_cast<std::int64_t>(k));
    inst.member = [k](const std::vector<std::size_t>& s) { return s.size() == k; };
    inst.description = "uniform n=" + std::to_string(inst.arms) + " k=" + std::to_string(k);
  } else if (name == "matroid-partition") {
    inst.arms = 2 + rng.below(8);
    const std::size_t count = 1 + rng.below(3);
    std::vector<double> parts(inst.arms), capacities(count);
    std::vector<std::size_t> sizes(count, 0);
    for (auto& p : parts) ++sizes[static_cast<std::size_t>(p = static_cast<double>(rng.below(count)))];
    parts.back() = static_cast<double>(count - 1);  // every part index up to count-1 named
    std::fill(sizes.begin(), sizes.end(), 0);
    for (double p : parts) ++sizes[static_cast<std::size_t>(p)];
    for (std::size_t j = 0; j < count; ++j) capacities[j] = static_cast<double>(rng.below(sizes[j] + 1));
    params.set("parts", parts);
    params.set("capacities", capacities);
    inst.member = [parts, capacities](const std::vector<std::size_t>& s) {
      std::vector<double> used(capacities.size(), 0);
      for (std::size_t e : s) used[static_cast<std::size_t>(parts[e])] += 1;
      return used == capacities;
    };
    inst.description = "partition n=" + std::to_string(inst.arms);
  } else {
    const std::size_t vertices = 2 + rng.below(5);
    const data::EdgeList g = random_graph(rng, vertices, 1 + rng.below(9));
    inst.arms = g.edges.size();
    params.set("graph", write_graph(g));
    inst.description = name + " V=" + std::to_string(vertices) + " m=" + std::to_string(inst.arms);
    if (name == "matroid-graphic") {
      bool acyclic = true;
      std::vector<std::size_t> all(inst.arms);
      std::iota(all.begin(), all.end(), std::size_t{0});
      // Rank: the size of a maximal acyclic subset (greedy in index order).
      std::vector<std::size_t> forest;
      for (std::size_t e : all) {
        forest.push_back(e);
        forest_size_if_acyclic(g, forest, acyclic);
        if (!acyclic) forest.pop_back();
      }
      const std::size_t rank = forest.size();
      inst.member = [g, rank](const std::vector<std::size_t>& s) {
        bool ok = true;
        forest_size_if_acyclic(g, s, ok);
        return ok && s.size() == rank;
      };
    } else if (name == "dag-path") {
      // A source with a path to the target: retry vertex pairs until one is reachable.
      std::size_t s = 0, t = 0;
      for (;;) {
        s = rng.below(vertices);
        t = rng.below(vertices);
        std::vector<char> reach(vertices, 0);
        reach[s] = 1;
        for (std::size_t v = 0; v < vertices; ++v)  // ids increase along edges
          for (const auto& [a, b] : g.edges)
            if (a == v && reach[a]) reach[b] = 1;
        if (s != t && reach[t]) break;
        if (rng.below(4) == 0) return draw_instance(name, rng);
      }
      params.set("source", static_cast<std::int64_t>(s));
      params.set("target", static_cast<std::int64_t>(t));
      inst.member = [g, s, t](const std::vector<std::size_t>& set) {
        if (set.empty()) return false;
        std::size_t v = s, used = 0;
        std::vector<char> taken(set.size(), 0);
        while (v != t) {
          std::size_t next = set.size();
          for (std::size_t i = 0; i < set.size(); ++i)
            if (!taken[i] && g.edges[set[i]].first == v) {
              if (next != set.size()) return false;  // two edges leave v
              next = i;
            }
          if (next == set.size()) return false;
          taken[next] = 1;
          ++used;
          v = g.edges[set[next]].second;
        }
        return used == set.size();
      };
      inst.description += " s=" + std::to_string(s) + " t=" + std::to_string(t);
    } else {  // matching
      inst.member = [g](const std::vector<std::size_t>& set) {
        std::vector<char> covered(g.vertices, 0);
        for (std::size_t e : set) {
          if (covered[g.edges[e].first] || covered[g.edges[e].second]) return false;
          covered[g.edges[e].first] = covered[g.edges[e].second] = 1;
        }
        return true;
      };
    }
  }
  inst.oracle = entry->create(params, OracleContext{});
  Problem problem;
  problem.num_arms = inst.arms;
  inst.oracle->bind(problem);
  return inst;
}

std::vector<std::vector<std::size_t>> enumerate_class(const SmallInstance& instance) {
  std::vector<std::vector<std::size_t>> out;
  for (std::size_t mask = 0; mask < (std::size_t{1} << instance.arms); ++mask) {
    std::vector<std::size_t> set;
    for (std::size_t e = 0; e < instance.arms; ++e)
      if (mask >> e & 1) set.push_back(e);
    if (instance.member(set)) out.push_back(set);
  }
  return out;
}

}  // namespace cpex::test
