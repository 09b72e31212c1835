// Registering Python plugins (cpex.register): every field of the C++ entries, from the
// class attributes python/cpex/_plugins.py reads — name, summary, version, the schema (a
// bound ParamSchema), and for an algorithm its needs (feedback kinds, oracle roles,
// settings, anytime answers, the rewards assumed, batches, reads_truth) — into the module's
// registry. A class registered again under its name replaces the Python entry
// (Registry::replace); a compiled plugin of that name is never replaced.
#pragma once

#include <pybind11/pybind11.h>

#include "cpex/registry.hpp"

namespace cpex::python {

// "python:MODULE.CLASS": the `library` of every entry registered from Python.
inline constexpr const char* kPythonLibraryPrefix = "python:";
bool is_python_entry(const EntryInfo& entry);

// register_algorithm, register_environment.
void bind_registration(pybind11::module_& m);

}  // namespace cpex::python
