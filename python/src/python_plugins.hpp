// Plugins written in Python: subclasses of cpex.Algorithm and cpex.Environment, registered
// into the module's registry behind the C++ Algorithm / Environment interfaces, so they run
// in any pipeline beside compiled plugins with the same seeds, judge and store. Every call
// into Python takes the GIL (PyGILState); a pipeline with a Python plugin runs on one
// thread (run_call.cpp). Also the value types those plugins see: Problem, RandomStream,
// the run contexts and read-only views of the run's oracles.
#pragma once

#include <pybind11/pybind11.h>

#include "cpex/registry.hpp"

namespace cpex::python {

// "python:MODULE.CLASS": the `library` of every entry registered from Python.
inline constexpr const char* kPythonLibraryPrefix = "python:";
bool is_python_entry(const EntryInfo& entry);

// cpex.ParameterError (defined in Python): raised by a Python plugin, it becomes a
// cpex::ParameterError naming its key (so the message names the file, section and key).
void set_parameter_error_class(pybind11::handle cls);

// Problem, RandomStream, AlgorithmContext, EnvironmentContext, OracleView, and
// register_algorithm / register_environment.
void bind_python_plugins(pybind11::module_& m);

}  // namespace cpex::python
