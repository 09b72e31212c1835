// The study functions of cpex._core (study_module.cpp), registered by module.cpp.
#pragma once

#include <pybind11/pybind11.h>

namespace cpex::python {

void bind_study(pybind11::module_& m);

}  // namespace cpex::python
