// A Python cpex.Algorithm behind the C++ Algorithm interface. The hot calls (next,
// observe) go through CPython's vectorcall on bound methods cached at start(), with the
// messages naming the plugin and method built once per run, so a sample allocates nothing
// on the C++ side.
#pragma once

#include <memory>
#include <string>

#include <pybind11/pybind11.h>

#include "cpex/algorithm.hpp"

namespace cpex::python {

// `instance`: the Python object; `name`: the registered plugin name; `batches`: it declares
// AlgorithmNeeds::batches, and its propose(pending) serves Algorithm::propose.
std::unique_ptr<Algorithm> make_python_algorithm(pybind11::object instance, const std::string& name,
                                                 bool batches);

}  // namespace cpex::python
