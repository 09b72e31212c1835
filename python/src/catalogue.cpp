// What the module knows (see catalogue.hpp).
#include "catalogue.hpp"

#include <pybind11/stl.h>

#include <string>

#include "cpex/capabilities.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/run.hpp"
#include "cpex/results/result_columns.hpp"
#include "python_schema.hpp"
#include "session.hpp"

namespace py = pybind11;

namespace cpex::python {

namespace {

constexpr PluginKind kKinds[] = {PluginKind::Environment, PluginKind::Oracle,
                                 PluginKind::Algorithm};

py::list parameters(const ParamSchema& schema) {
  py::list out;
  for (const auto& spec : schema.specs()) out.append(describe_spec(spec));
  return out;
}

py::list capability_names(unsigned flags) {
  py::list out;
  for (unsigned bit = 0; bit < 16; ++bit)
    if (flags & (1u << bit)) out.append(describe_capabilities(1u << bit));
  return out;
}

// `cpex list` as rows: (kind, name, summary, library, version).
py::list list_plugins() {
  const Registry& reg = registry();
  py::list rows;
  for (PluginKind kind : kKinds)
    for (const auto& name : reg.names(kind)) {
      const EntryInfo* e = reg.find(name);
      rows.append(py::make_tuple(to_string(kind), name, e->summary, e->library, e->version));
    }
  return rows;
}

// `cpex describe NAME` as a dict.
py::dict describe(const std::string& name) {
  const Registry& reg = registry();
  py::dict d;
  if (name == "run") {
    d["name"] = "run";
    d["kind"] = "section";
    d["summary"] = "[run] (pipeline section): how the runs of a pipeline are made";
    d["parameters"] = parameters(run_schema());
    return d;
  }
  PluginKind kind;
  const EntryInfo* entry = &reg.find_or_refuse(
      name, &kind,
      " (see cpex.plugins(); plugins are loaded from cpex.load_plugins(PATH), "
      "$CPEX_PLUGIN_PATH and the installed plugin directory)",
      {"run"});
  d["name"] = name;
  d["kind"] = to_string(kind);
  d["summary"] = entry->summary;
  d["version"] = entry->version;
  d["library"] = entry->library;
  if (const auto* e = reg.environment(name)) d["feedback"] = to_string(e->feedback);
  if (const auto* o = reg.oracle(name)) d["solves"] = capability_names(o->capabilities);
  if (const auto* a = reg.algorithm(name)) {
    py::dict needs;
    py::list feedback;
    for (FeedbackKind f : a->needs.feedback) feedback.append(to_string(f));
    needs["feedback"] = feedback;
    py::list roles;
    for (const auto& role : a->needs.oracles)
      roles.append(py::dict(py::arg("section") = role.section,
                            py::arg("capabilities") = capability_names(role.required)));
    needs["oracles"] = roles;
    needs["reads_truth"] = a->needs.reads_truth;
    needs["settings"] = describe_settings(a->needs.settings);
    needs["anytime"] = a->needs.anytime;
    needs["rewards"] = a->needs.rewards;
    needs["batches"] = a->needs.batches;
    d["needs"] = needs;
  }
  d["parameters"] = parameters(entry->schema);
  d["schema"] = entry->schema;  // the bound ParamSchema (cpex.ParamSchema)
  return d;
}

// The result-column table (result_columns.def): (name, type, presence, since) in order;
// the generated python/cpex/_columns.py holds the same list.
py::list result_columns() {
  py::list out;
  for (const ResultColumn& c : kResultColumns)
    out.append(py::make_tuple(std::string(c.name), to_string(c.type), to_string(c.presence), c.since));
  return out;
}

// The outcome table (run_outcomes.def): (reason, stopped, status, end) in order.
py::list outcome_table() {
  py::list out;
  for (const Outcome& o : outcomes())
    out.append(py::make_tuple(std::string(o.name), std::string(o.stopped), std::string(o.status),
                              to_string(o.end)));
  return out;
}

}  // namespace

void bind_catalogue(py::module_& m) {
  m.def("load_plugins", &load_plugin_path, py::arg("path"));
  m.def("plugin_directory", &default_plugin_directory);
  m.def("list_plugins", &list_plugins);
  m.def("describe", &describe, py::arg("name"));
  m.def("result_columns", &result_columns);
  m.attr("result_axes_at") = kAxesAt;
  m.def("outcomes", &outcome_table);
}

}  // namespace cpex::python
