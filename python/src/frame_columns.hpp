// Results CSV text split into typed columns for pandas (see frame_columns.cpp).
#pragma once

#include <string>
#include <vector>

#include <pybind11/pybind11.h>

namespace cpex::python {

// {"__columns__": [names in order], "__rows__": n, NAME: [str, ...] for text columns,
// NAME: (values, empty) numpy arrays for the integer, real and boolean columns named}.
pybind11::dict csv_columns(const pybind11::bytes& data, const std::vector<std::string>& integer_columns,
                           const std::vector<std::string>& real_columns,
                           const std::vector<std::string>& boolean_columns);

}  // namespace cpex::python
