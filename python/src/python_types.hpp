// The framework's value types as Python classes: Problem (every field, the reward model
// included), RewardModel, RewardRequirement, RandomStream, OracleView and the two run
// contexts.
#pragma once

#include <pybind11/pybind11.h>

namespace cpex::python {

void bind_types(pybind11::module_& m);

}  // namespace cpex::python
