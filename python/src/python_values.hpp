// Values crossing the boundary: parameters as keyword arguments, a plugin's `resolved`
// values, arms, super arms and decisions (every value a Python plugin returns is checked
// before the run loop uses it: an arm out of range or twice is a RunError naming the
// plugin and method, never an out-of-bounds access), and the names of the framework's
// enumerations (feedback kinds, oracle capabilities, settings, reward families, stream
// roles) as Python gives them.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>

#include "cpex/capabilities.hpp"
#include "cpex/params.hpp"
#include "cpex/problem.hpp"
#include "cpex/random.hpp"

namespace cpex::python {

// A pipeline section's values as keyword arguments.
pybind11::dict to_python(const ParamValues& values);
// A value a plugin reports in `resolved`: numbers, text, or a list of numbers.
ParamValue from_python(pybind11::handle value);
// instance.resolved() as name-value pairs (GIL taken here); none without the method.
std::vector<std::pair<std::string, ParamValue>> resolved_from(const pybind11::object& instance,
                                                              const std::string& where);

// An arm index returned by Python, checked against the number of arms.
std::size_t to_arm(PyObject* value, std::size_t arms, const std::string& where);
// A set of distinct arms (a super arm or a decision), sorted ascending when `sort`.
void to_arms(PyObject* value, std::size_t arms, const std::string& where,
             std::vector<std::size_t>& out, bool sort);
// What Python receives for an action: the arm (an int), or the super arm (a tuple).
pybind11::object action_object(const Action& action, const std::string& where);
// A decision as Python sees it: its arms, or (arms, values) for a decision vector.
pybind11::object decision_to_python(const Decision& decision);
Decision decision_from_python(const pybind11::handle& arms);

FeedbackKind parse_feedback(const std::string& name);
unsigned parse_capabilities(const std::vector<std::string>& names);
unsigned parse_settings(const std::vector<std::string>& names);
RewardFamily parse_family(const std::string& name);
StreamRole parse_stream_role(const std::string& name);
ParamRole parse_param_role(const std::string& name);

}  // namespace cpex::python
