// Pipelines from Python (see pipelines.hpp).
#include "pipelines.hpp"

#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "cpex/runtime/run_pipeline.hpp"
#include "cpex/errors.hpp"
#include "cpex/input_file.hpp"
#include "cpex/limits.hpp"
#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/runtime/sweep.hpp"
#include "cpex/runtime/sweep_overrides.hpp"
#include "session.hpp"
#include "cpex/runtime/sweep_setup.hpp"

namespace py = pybind11;

namespace cpex::python {

PipelineFile read_pipeline(const std::string& path, const std::string& text, bool read_file) {
  return read_file ? PipelineFile::read(path) : PipelineFile::from_text(text, path);
}

namespace {

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
  runtime::RunOptions options;
  options.overrides = overrides;
  runtime::PreparedSweep s;
  {
    py::gil_scoped_release release;  // Python plugins take the GIL in their calls
    s = runtime::prepare_sweep(reg, read_pipeline(path, text, read_file), options, true, on_disk);
  }
  py::dict d;
  d["points"] = s.points.size();
  d["repetitions"] = s.pipelines.front().run.repetitions;
  d["axes"] = s.axis_keys;
  return d;
}

}  // namespace

void bind_pipelines(py::module_& m) {
  m.def("read_pipeline_file", &read_pipeline_file, py::arg("path"));
  m.def("pipeline_text", &pipeline_text_of, py::arg("path"), py::arg("text"), py::arg("read_file"),
        py::arg("on_disk"), py::arg("overrides"));
  m.def("check", &check, py::arg("path"), py::arg("text"), py::arg("read_file"), py::arg("on_disk"),
        py::arg("overrides"));
}

}  // namespace cpex::python
