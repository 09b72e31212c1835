// Registration of the graph oracles `dag-path` and `matching`.
#include "cpex/capabilities.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "dag_path.hpp"
#include "graph_source.hpp"
#include "matching.hpp"

namespace cpex::oracles {
namespace {

std::unique_ptr<Oracle> make_dag_path(const ParamValues& p, const OracleContext& c) {
  data::EdgeList graph = load_graph(p, c);
  const auto source = static_cast<std::size_t>(p.integer("source"));
  const std::int64_t target = p.integer("target");
  const std::size_t last = graph.vertices - 1;
  return std::make_unique<DagPath>(std::move(graph), source,
                                   target < 0 ? last : static_cast<std::size_t>(target),
                                   graph_name(p));
}

void register_graph_oracles(Registry& registry) {
  const unsigned caps = kLinearMaximization | kSecondBest | kEnumerable;
  register_oracle(
      registry, {"dag-path", "source-target paths of a DAG (edge u v: u -> v); longest path; arms are edges"},
      caps,
      graph_parameters()
          .integer("source", 0, Range::at_least(0), "source vertex")
          .integer("target", -1, Range::at_least(-1), "target vertex (-1: the last vertex)"),
      make_dag_path);
  register_oracle(
      registry,
      {"matching", "matchings of a graph (any size); maximum-weight matching (blossom); arms are edges"},
      caps, graph_parameters(), make_graph_oracle<Matching>);
}

}  // namespace
}  // namespace cpex::oracles

CPEX_PLUGIN(cpex::oracles::register_graph_oracles)
