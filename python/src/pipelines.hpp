// Pipelines from Python, read and checked by the host's own code: a file's text read as
// `cpex run` reads it, the text after overrides that a store records, and the validation
// `cpex sweep` does before its first run.
#pragma once

#include <pybind11/pybind11.h>

namespace cpex::python {

// read_pipeline_file, pipeline_text, check.
void bind_pipelines(pybind11::module_& m);

}  // namespace cpex::python
