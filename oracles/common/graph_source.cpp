// Graph sources of the graph oracles: edge-list files and the three generators.
#include "graph_source.hpp"

#include <set>

#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/random.hpp"

namespace cpex::oracles {

ParamSchema graph_parameters() {
  ParamSchema schema;
  schema.path("graph", std::nullopt, "edge-list file: one edge 'u v' per line (0-based ids); arm i = edge i")
      .optional()
      .choice("generator", "file", {"file", "random", "grid-dag", "bipartite"},
              "file: read `graph`; otherwise generate the graph")
      .integer("vertices", 8, Range::closed(2, static_cast<double>(kMaxArms)), "random: number of vertices")
      .integer("edges", 12, Range::closed(1, static_cast<double>(kMaxArms)), "random, bipartite: number of (distinct) edges")
      .integer("rows", 3, Range::closed(1, 700), "grid-dag: rows of the grid")
      .integer("cols", 3, Range::closed(1, 700), "grid-dag: columns of the grid")
      .integer("left", 4, Range::closed(1, static_cast<double>(kMaxArms)), "bipartite: vertices on the left (ids 0..left-1)")
      .integer("right", 4, Range::closed(1, static_cast<double>(kMaxArms)), "bipartite: vertices on the right")
      .integer("graph-seed", 0, Range::at_least(0),
               "generators: 0 draws a graph per run from the run's oracle stream; any other "
               "value draws one graph from this seed for every run");
  return schema;
}

std::string graph_name(const ParamValues& params) {
  const std::string& generator = params.text("generator");
  if (generator == "file") return params.has("graph") ? params.text("graph") : "graph";
  return "generated " + generator + " graph";
}

namespace {

// `count` distinct pairs (u, v), u < v, drawn uniformly from `draw`.
template <class Draw>
void distinct_pairs(std::size_t count, std::size_t available, RandomStream& rng, Draw draw,
                    data::EdgeList& graph) {
  if (count > available)
    throw ParameterError("edges", "asks for " + std::to_string(count) +
                                      " distinct edges, but the generator has only " +
                                      std::to_string(available) + " vertex pairs");
  std::set<std::pair<std::size_t, std::size_t>> seen;
  while (graph.edges.size() < count) {
    auto [u, v] = draw(rng);
    if (u > v) std::swap(u, v);
    if (u == v || !seen.insert({u, v}).second) continue;
    graph.edges.emplace_back(u, v);
  }
}

}  // namespace

data::EdgeList load_graph(const ParamValues& params, const OracleContext& context) {
  const std::string& generator = params.text("generator");
  if (generator == "file") {
    if (!params.has("graph"))
      throw ParameterError("graph", "needs an edge-list file (or set `generator`)");
    return data::read_edge_list(params.text("graph"), "graph");
  }
  if (params.has("graph"))
    throw ParameterError("generator", "is '" + generator + "' but `graph` also names a file ('" +
                                          params.text("graph") + "'); give one of them");
  const auto graph_seed = static_cast<std::uint64_t>(params.integer("graph-seed"));
  RandomStream rng = graph_seed == 0 ? RandomStream(context.seed, StreamRole::Oracle)
                                     : RandomStream(RunSeed{graph_seed, 0, 0}, StreamRole::Oracle);
  auto size = [&](const char* key) { return static_cast<std::size_t>(params.integer(key)); };
  data::EdgeList graph;
  if (generator == "random") {
    const std::size_t n = size("vertices");
    graph.vertices = n;
    distinct_pairs(size("edges"), n * (n - 1) / 2, rng,
                   [n](RandomStream& r) {
                     const std::size_t u = r.below(n);
                     return std::pair<std::size_t, std::size_t>{u, r.below(n)};
                   },
                   graph);
  } else if (generator == "bipartite") {
    const std::size_t l = size("left"), r = size("right");
    graph.vertices = l + r;
    distinct_pairs(size("edges"), l * r, rng,
                   [l, r](RandomStream& s) {
                     const std::size_t u = s.below(l);
                     return std::pair<std::size_t, std::size_t>{u, l + s.below(r)};
                   },
                   graph);
  } else {  // grid-dag
    const std::size_t rows = size("rows"), cols = size("cols");
    if (rows * cols < 2) throw ParameterError("rows", "a grid needs at least 2 vertices");
    graph.vertices = rows * cols;
    for (std::size_t i = 0; i < rows; ++i)
      for (std::size_t j = 0; j < cols; ++j) {
        const std::size_t v = i * cols + j;
        if (j + 1 < cols) graph.edges.emplace_back(v, v + 1);
        if (i + 1 < rows) graph.edges.emplace_back(v, v + cols);
      }
  }
  return graph;
}

}  // namespace cpex::oracles
