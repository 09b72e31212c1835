// Pipelines from Python, read and checked by the host's own code: a file's text read as
// `cpex run` reads it, the text after overrides that a store records, and the validation
// `cpex sweep` does before its first run.
#pragma once

#include <string>

#include <pybind11/pybind11.h>

#include "cpex/runtime/pipeline_file.hpp"

namespace cpex::python {

// The pipeline of a call from Python: the file at `path` (read_file), else `text` with `path`
// as its name in messages.
runtime::PipelineFile read_pipeline(const std::string& path, const std::string& text, bool read_file);

// read_pipeline_file, pipeline_text, check.
void bind_pipelines(pybind11::module_& m);

}  // namespace cpex::python
