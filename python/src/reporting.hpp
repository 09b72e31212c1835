// `cpex report` from Python: the grouped summaries of results files as the JSON of
// `cpex report --format json` (the summary keys of docs/results.md), computed by the same
// C++ code, with the target errors the error plots draw.
#pragma once

#include <pybind11/pybind11.h>

namespace cpex::python {

// report_json.
void bind_reporting(pybind11::module_& m);

}  // namespace cpex::python
