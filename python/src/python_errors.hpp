// Errors across the boundary, both ways: the framework's errors raised in Python as
// cpex.Error and its subclasses (python/cpex/_errors.py), and a Python plugin's exception
// turned into the framework's (cpex.ParameterError into a ParameterError naming its key,
// so the message names the pipeline file, section and key; anything else a RunError "WHERE
// raised TYPE: message", one line).
#pragma once

#include <string>

#include <pybind11/pybind11.h>

namespace cpex::python {

// The Python classes cpex.Error, ConfigError, PluginError, ParameterError, RunError; kept
// for the life of the process.
void set_error_classes(pybind11::handle error, pybind11::handle config, pybind11::handle plugin,
                       pybind11::handle parameter, pybind11::handle run);

// Raises cpex::ConfigError / PluginError / RunError / Error as the matching Python class.
void register_error_translator();

// The Python exception being handled (GIL held), as a C++ exception.
[[noreturn]] void rethrow_python(pybind11::error_already_set& e, const std::string& where);
// The Python error a failed C-API call set, as above.
[[noreturn]] void rethrow_current(const std::string& where);

}  // namespace cpex::python
