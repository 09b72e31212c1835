// Where a graph oracle's graph comes from: an edge-list file (`graph`) or a generator
// (`generator = random | grid-dag | bipartite` with its size keys), drawn from the run's
// oracle stream, or from `graph-seed` when given so that every run shares one graph.
#pragma once

#include <memory>

#include "cpex/data/edge_list.hpp"
#include "cpex/params.hpp"
#include "cpex/registry.hpp"

namespace cpex::oracles {

// A schema of `graph`, `generator`, `vertices`, `edges`, `rows`, `cols`, `left`, `right`,
// `graph-seed` (an oracle's own keys follow).
ParamSchema graph_parameters();

// The graph of a run. Generated edges are ordered as drawn; `random` and `bipartite`
// draw distinct vertex pairs (u < v, so that a `random` graph read as directed u -> v is
// acyclic); `grid-dag` has vertex r*cols + c and, per vertex in row-major order, the edge
// to its right neighbour then the one below. Throws ParameterError naming the key.
data::EdgeList load_graph(const ParamValues& params, const OracleContext& context);

// The factory of a graph oracle class built from the run's graph alone.
template <class GraphOracleClass>
std::unique_ptr<Oracle> make_graph_oracle(const ParamValues& params, const OracleContext& context) {
  return std::make_unique<GraphOracleClass>(load_graph(params, context));
}

// "graph.txt" or "generated random graph" for messages.
std::string graph_name(const ParamValues& params);

}  // namespace cpex::oracles
