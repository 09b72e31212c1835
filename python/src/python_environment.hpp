// A Python cpex.Environment behind the C++ Environment interface: its problem() and truth()
// are read and checked once per run (arms within the limits, a finite noise level, one
// finite value per arm; that its feedback is the registered one the framework checks for
// every environment), and pull() goes through CPython's vectorcall on a cached bound
// method, its message built once per run.
#pragma once

#include <memory>
#include <string>

#include <pybind11/pybind11.h>

#include "cpex/environment.hpp"
#include "cpex/registry.hpp"

namespace cpex::python {

// Calls instance.start(context) when it has one, then reads its problem and truth (GIL held).
std::unique_ptr<Environment> make_python_environment(pybind11::object instance, const std::string& name,
                                                     const EnvironmentContext& context);

}  // namespace cpex::python
