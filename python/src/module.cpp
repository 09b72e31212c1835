// cpex._core: the compiled half of the Python package `cpex` (pybind11). It exposes the
// host's own code — plugin loading, `cpex list` / `describe`, `cpex run` / `sweep`
// (run_call.cpp), the grouped report of `cpex report` — and the Python plugin bridge
// (python_plugins.cpp). The Python half (python/cpex/*.py) builds on these functions;
// users import `cpex`, not `cpex._core`.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <sstream>

#include "commands.hpp"
#include "cpex/abi.hpp"
#include "cpex/errors.hpp"
#include "cpex/input_file.hpp"
#include "cpex/limits.hpp"
#include "cpex/messages.hpp"
#include "cpex/pipeline.hpp"
#include "cpex/pipeline_file.hpp"
#include "cpex/report/group_summary.hpp"
#include "cpex/report/results_table.hpp"
#include "cpex/run.hpp"
#include "cpex/store/result_columns.hpp"
#include "cpex/sweep.hpp"
#include "cpex/sweep_overrides.hpp"
#include "frame_columns.hpp"
#include "python_plugins.hpp"
#include "report_output.hpp"
#include "report_plot.hpp"
#include "run_call.hpp"
#include "session.hpp"
#include "sweep_setup.hpp"

#ifndef CPEX_VERSION
#define CPEX_VERSION "unknown"
#endif

namespace py = pybind11;

namespace cpex::python {

namespace {

// The Python classes cpex.Error, cpex.ConfigError, cpex.PluginError, cpex.RunError
// (python/cpex/_errors.py);
// never released.
PyObject* g_error = nullptr;
PyObject* g_config_error = nullptr;
PyObject* g_plugin_error = nullptr;
PyObject* g_run_error = nullptr;

void set_error_classes(py::handle error, py::handle config, py::handle plugin, py::handle parameter,
                       py::handle run) {
  for (py::handle h : {error, config, plugin, run}) h.inc_ref();
  g_error = error.ptr();
  g_config_error = config.ptr();
  g_plugin_error = plugin.ptr();
  g_run_error = run.ptr();
  set_parameter_error_class(parameter);
}

void raise(PyObject* cls, const char* what) {
  PyErr_SetString(cls ? cls : PyExc_RuntimeError, printable_message(what).c_str());
}

constexpr PluginKind kKinds[] = {PluginKind::Environment, PluginKind::Oracle,
                                 PluginKind::Algorithm};

py::list parameters(const ParamSchema& schema) {
  py::list out;
  for (const auto& spec : schema.specs()) {
    py::dict p;
    p["name"] = spec.name;
    p["type"] = to_string(spec.type);
    p["default"] = spec.default_text();
    p["allowed"] = spec.allowed();
    p["required"] = !spec.default_value && !spec.optional;
    p["path"] = spec.is_path;
    p["help"] = spec.help;
    p["role"] = to_string(spec.role);
    out.append(p);
  }
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
    d["needs"] = needs;
  }
  d["parameters"] = parameters(entry->schema);
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

PipelineFile read_pipeline(const std::string& path, const std::string& text, bool read_file) {
  return read_file ? PipelineFile::read(path) : PipelineFile::from_text(text, path);
}

// The text of a pipeline file, read as `cpex run` reads it (size limit, regular file).
std::string read_pipeline_file(const std::string& path) {
  try {
    return read_regular_file(path, "pipeline file", kMaxPipelineFileBytes);
  } catch (const ParameterError& e) {
    throw ConfigError(std::string("pipeline file ") + e.what());
  }
}

// The pipeline after overrides as INI text (what a store records as `pipeline`).
std::string pipeline_text_of(const std::string& path, const std::string& text, bool read_file,
                             bool /*on_disk*/, const std::vector<std::string>& overrides) {
  PipelineFile file = read_pipeline(path, text, read_file);
  std::vector<SweepAxis> axes = read_axes(file);
  apply_overrides(file, axes, overrides);
  return pipeline_text(file, axes);
}

// Validates like `cpex sweep` before its first run (every point assembled and probed).
py::dict check(const std::string& path, const std::string& text, bool read_file, bool on_disk,
               const std::vector<std::string>& overrides) {
  Registry& reg = registry();
  host::RunOptions options;
  options.overrides = overrides;
  host::PreparedSweep s;
  {
    py::gil_scoped_release release;  // Python plugins take the GIL in their calls
    s = host::prepare_sweep(reg, read_pipeline(path, text, read_file), options, true, on_disk);
  }
  py::dict d;
  d["points"] = s.points.size();
  d["repetitions"] = s.pipelines.front().run.repetitions;
  d["axes"] = s.axis_keys;
  return d;
}

// `cpex report INPUTS --by KEYS --format json` as text; `extra` keys are added to the
// grouping keys (--by, or the default ones), as `--plot --x KEY` adds its key. With
// `deltas`, each group carries "delta" as for `--plot --y error-rate`: its target errors,
// read by parameter role from the plugins this module has loaded (Python ones included).
std::string report_json_text(const std::vector<std::string>& inputs, const std::vector<std::string>& by,
                             const std::vector<std::string>& extra, bool deltas) {
  const Registry& plugins = registry();
  std::vector<report::ResultsInput> parsed;
  for (const auto& input : inputs) parsed.push_back(report::parse_results_argument(input));
  report::ResultsTable table;
  report::GroupedReport grouped;
  {
    py::gil_scoped_release release;
    table = report::read_results(parsed);
    std::vector<std::string> keys = by.empty() ? report::default_group_keys(table) : by;
    for (const auto& key : extra)
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
    grouped = report::summarize_groups(table, keys);
  }
  auto json = host::report_json(grouped);
  if (deltas) {
    const auto found = host::group_deltas(grouped, table, &plugins);
    for (std::size_t g = 0; g < found.size(); ++g) json["groups"][g]["delta"] = found[g];
  }
  return json.dump();
}

}  // namespace

}  // namespace cpex::python

PYBIND11_MODULE(_core, m) {
  using namespace cpex::python;
  m.doc() = "The compiled part of the cpex package (import cpex instead).";
  m.attr("version") = CPEX_VERSION;
  m.attr("abi_version") = cpex::kAbiVersion;

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const cpex::ConfigError& e) {
      raise(g_config_error, e.what());
    } catch (const cpex::PluginError& e) {
      raise(g_plugin_error, e.what());
    } catch (const cpex::RunError& e) {
      raise(g_run_error, e.what());
    } catch (const cpex::Error& e) {
      raise(g_error, e.what());
    }
  });

  m.def("_set_error_classes", &set_error_classes);
  m.def("load_plugins", &load_plugin_path, py::arg("path"));
  m.def("plugin_directory", &default_plugin_directory);
  m.def("list_plugins", &list_plugins);
  m.def("describe", &describe, py::arg("name"));
  m.def("read_pipeline_file", &read_pipeline_file, py::arg("path"));
  m.def("pipeline_text", &pipeline_text_of, py::arg("path"), py::arg("text"), py::arg("read_file"),
        py::arg("on_disk"), py::arg("overrides"));
  m.def("check", &check, py::arg("path"), py::arg("text"), py::arg("read_file"), py::arg("on_disk"),
        py::arg("overrides"));
  m.def("csv_columns", &csv_columns, py::arg("data"), py::arg("integer_columns"),
        py::arg("real_columns"), py::arg("boolean_columns"));
  m.def("result_columns", &result_columns);
  m.attr("result_axes_at") = cpex::kAxesAt;
  m.def("outcomes", &outcome_table);
  m.def("report_json", &report_json_text, py::arg("inputs"), py::arg("by"), py::arg("extra"),
        py::arg("deltas") = false);
  m.def(
      "execute",
      [](const std::string& path, const std::string& text, bool read_file, bool on_disk,
         std::vector<std::string> overrides, bool sweep, int threads, const std::string& out,
         bool force, bool force_new, const std::string& shard, bool collect,
         const std::string& command_line, const py::object& progress) {
        RunRequest r;
        r.path = path;
        r.text = text;
        r.read_file = read_file;
        r.on_disk = on_disk;
        r.overrides = std::move(overrides);
        r.sweep = sweep;
        r.threads = threads;
        r.out = out;
        r.force = force;
        r.force_new = force_new;
        r.shard = shard;
        r.collect = collect;
        r.command_line = command_line;
        return execute(r, progress);
      },
      py::arg("path"), py::arg("text"), py::arg("read_file"), py::arg("on_disk"),
      py::arg("overrides"), py::arg("sweep"), py::arg("threads"), py::arg("out"), py::arg("force"),
      py::arg("force_new"), py::arg("shard"), py::arg("collect"), py::arg("command_line"),
      py::arg("progress"));
  bind_python_plugins(m);
}
