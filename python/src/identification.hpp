// The identification API from Python: cpex.Problem (the SDK's PosedProblem, from names or from a
// pipeline), cpex.hardness (the runtime's hardness_report) and the stopping thresholds.
#pragma once

#include <pybind11/pybind11.h>

namespace cpex::python {

// IdentificationProblem, stopping_threshold, hardness.
void bind_identification(pybind11::module_& m);

}  // namespace cpex::python
