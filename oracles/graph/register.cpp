// Registration of the graph oracles `dag-path` and `matching`.
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/plugin.hpp"
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
  const unsigned caps = kLinearMaximization | kSecondBest;
  OracleEntry path;
  path.name = "dag-path";
  path.summary = "source-target paths of a DAG (edge u v: u -> v); longest path; arms are edges";
  path.capabilities = caps;
  add_graph_parameters(path.schema);
  path.schema.integer("source", 0, Range::at_least(0), "source vertex")
      .integer("target", -1, Range::at_least(-1), "target vertex (-1: the last vertex)");
  path.create = make_dag_path;
  registry.add(std::move(path));

  OracleEntry matching;
  matching.name = "matching";
  matching.summary = "matchings of a graph (any size); maximum-weight matching (blossom); arms are edges";
  matching.capabilities = caps;
  add_graph_parameters(matching.schema);
  matching.create = [](const ParamValues& p, const OracleContext& c) -> std::unique_ptr<Oracle> {
    return std::make_unique<Matching>(load_graph(p, c));
  };
  registry.add(std::move(matching));
}

}  // namespace
}  // namespace cpex::oracles

CPEX_PLUGIN(cpex::oracles::register_graph_oracles)
