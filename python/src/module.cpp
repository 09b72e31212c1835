// cpex._core: the compiled half of the Python package `cpex` (pybind11), a thin shell over
// the host's own code, one concern per file: what is loaded and the framework's tables
// (catalogue), pipelines read and checked (pipelines), the identification API (identification:
// cpex.Problem, cpex.hardness), `cpex run` / `sweep` (run_call,
// with the rows as typed columns: typed_rows), `cpex report` (reporting), studies
// (study_module), errors both
// ways (python_errors), and the Python plugin bridge (python_types, python_schema,
// python_registration, python_algorithm, python_environment, python_values). The Python
// half (python/cpex/*.py) builds on these functions; users import `cpex`, not `cpex._core`.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <utility>
#include <vector>

#include "catalogue.hpp"
#include "cpex/abi.hpp"
#include "identification.hpp"
#include "pipelines.hpp"
#include "python_errors.hpp"
#include "python_registration.hpp"
#include "python_schema.hpp"
#include "python_types.hpp"
#include "reporting.hpp"
#include "run_call.hpp"
#include "study_module.hpp"

#ifndef CPEX_VERSION
#define CPEX_VERSION "unknown"
#endif

namespace py = pybind11;

PYBIND11_MODULE(_core, m) {
  using namespace cpex::python;
  m.doc() = "The compiled part of the cpex package (import cpex instead).";
  m.attr("version") = CPEX_VERSION;
  m.attr("abi_version") = cpex::kAbiVersion;

  register_error_translator();
  m.def("_set_error_classes", &set_error_classes);
  bind_catalogue(m);
  bind_pipelines(m);
  bind_reporting(m);
  bind_identification(m);
  m.def(
      "execute",
      [](const std::string& path, const std::string& text, bool read_file, bool on_disk,
         std::vector<std::string> overrides, bool sweep, int threads, const std::string& out,
         bool force, bool force_new, bool strict, const std::string& shard, bool collect,
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
        r.strict = strict;
        r.shard = shard;
        r.collect = collect;
        r.command_line = command_line;
        return execute(r, progress);
      },
      py::arg("path"), py::arg("text"), py::arg("read_file"), py::arg("on_disk"),
      py::arg("overrides"), py::arg("sweep"), py::arg("threads"), py::arg("out"), py::arg("force"),
      py::arg("force_new"), py::arg("strict"), py::arg("shard"), py::arg("collect"), py::arg("command_line"),
      py::arg("progress"));
  bind_schema(m);
  bind_types(m);
  bind_registration(m);
  bind_study(m);
}
