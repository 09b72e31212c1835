// Values crossing the boundary (see python_values.hpp).
#include "python_values.hpp"

#include <pybind11/stl.h>

#include <algorithm>

#include "cpex/feedback_kinds.hpp"
#include "cpex/errors.hpp"
#include "cpex/messages.hpp"
#include "gil.hpp"
#include "python_errors.hpp"

namespace py = pybind11;

namespace cpex::python {

py::dict to_python(const ParamValues& values) {
  py::dict out;
  for (const auto& [name, value] : values.all())
    std::visit([&](const auto& v) { out[py::str(name)] = py::cast(v); }, value);
  return out;
}

ParamValue from_python(py::handle value) {
  if (PyBool_Check(value.ptr())) return static_cast<std::int64_t>(value.ptr() == Py_True);
  if (PyLong_Check(value.ptr())) return value.cast<std::int64_t>();
  if (PyFloat_Check(value.ptr())) return value.cast<double>();
  if (PyUnicode_Check(value.ptr())) return value.cast<std::string>();
  try {
    return value.cast<std::vector<double>>();
  } catch (const py::cast_error&) {
    return py::str(value).cast<std::string>();
  }
}

std::vector<std::pair<std::string, ParamValue>> resolved_from(const py::object& instance,
                                                              const std::string& where) {
  std::vector<std::pair<std::string, ParamValue>> out;
  Gil gil;
  try {
    if (!py::hasattr(instance, "resolved")) return out;
    py::object values = instance.attr("resolved")();
    if (values.is_none()) return out;
    for (auto item : values.cast<py::dict>())
      out.emplace_back(py::str(item.first).cast<std::string>(), from_python(item.second));
  } catch (py::error_already_set& e) {
    rethrow_python(e, where + ".resolved()");
  } catch (const py::cast_error&) {
    throw RunError(where + ".resolved() must return a dict of name: value");
  }
  return out;
}

std::size_t to_arm(PyObject* value, std::size_t arms, const std::string& where) {
  if (PyBool_Check(value) || !PyIndex_Check(value))
    throw RunError(where + " must be an arm index (an int), got " +
                   std::string(Py_TYPE(value)->tp_name));
  const Py_ssize_t arm = PyNumber_AsSsize_t(value, nullptr);
  if (arm == -1 && PyErr_Occurred()) rethrow_current(where);
  if (arm < 0 || static_cast<std::size_t>(arm) >= arms)
    throw RunError(where + " gave arm " + std::to_string(arm) + ", but the problem has " +
                   std::to_string(arms) + " arms (0 to " + std::to_string(arms - 1) + ")");
  return static_cast<std::size_t>(arm);
}

void to_arms(PyObject* value, std::size_t arms, const std::string& where,
             std::vector<std::size_t>& out, bool sort) {
  out.clear();
  PyObject* items = PySequence_Fast(value, "");
  if (!items) {
    PyErr_Clear();
    throw RunError(where + " must be an arm index or a sequence of arm indices, got " +
                   std::string(Py_TYPE(value)->tp_name));
  }
  const py::object hold = py::reinterpret_steal<py::object>(items);
  const Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
  PyObject** item = PySequence_Fast_ITEMS(items);
  for (Py_ssize_t i = 0; i < n; ++i) out.push_back(to_arm(item[i], arms, where));
  std::vector<std::size_t> sorted = out;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    throw RunError(where + " holds arm " +
                   std::to_string(*std::adjacent_find(sorted.begin(), sorted.end())) + " twice");
  if (sort) out = std::move(sorted);
}

py::object action_object(const Action& action, const std::string& where) {
  PyObject* arm = nullptr;
  if (action.super_arm.empty()) {
    arm = PyLong_FromSize_t(action.arm);
  } else {
    arm = PyTuple_New(static_cast<Py_ssize_t>(action.super_arm.size()));
    for (std::size_t i = 0; arm && i < action.super_arm.size(); ++i)
      PyTuple_SET_ITEM(arm, static_cast<Py_ssize_t>(i), PyLong_FromSize_t(action.super_arm[i]));
  }
  if (!arm) rethrow_current(where);
  return py::reinterpret_steal<py::object>(arm);
}

py::object decision_to_python(const Decision& d) {
  py::list arms;
  for (std::size_t a : d.arms) arms.append(a);
  if (d.values.empty()) return arms;
  return py::make_tuple(arms, py::cast(d.values));
}

Decision decision_from_python(const py::handle& arms) {
  Decision d;
  d.arms = arms.cast<std::vector<std::size_t>>();
  std::sort(d.arms.begin(), d.arms.end());
  return d;
}

FeedbackKind parse_feedback(const std::string& name) {
  if (const auto kind = feedback_kind_named(name)) return *kind;
  throw ConfigError("unknown feedback kind '" + shorten(name) + "' (allowed: " + feedback_kind_names() + ")");
}

unsigned parse_capabilities(const std::vector<std::string>& names) {
  unsigned flags = 0;
  for (const auto& name : names) {
    unsigned found = 0;
    for (unsigned bit = 0; bit < 16; ++bit)
      if (describe_capabilities(1u << bit) == name) found = 1u << bit;
    if (!found)
      throw ConfigError("unknown oracle capability '" + shorten(name) + "' (allowed: " +
                        describe_capabilities(~0u) + ")");
    flags |= found;
  }
  return flags;
}

unsigned parse_settings(const std::vector<std::string>& names) {
  unsigned flags = 0;
  for (const auto& name : names) {
    if (name == "fixed-confidence")
      flags |= kFixedConfidence;
    else if (name == "fixed-budget")
      flags |= kFixedBudget;
    else if (name == "anytime")
      flags |= kAnytime;
    else
      throw ConfigError("unknown setting '" + shorten(name) + "' (allowed: fixed-confidence, fixed-budget, anytime)");
  }
  if (!flags) throw ConfigError("settings: name at least one of fixed-confidence, fixed-budget, anytime");
  return flags;
}

RewardFamily parse_family(const std::string& name) {
  constexpr RewardFamily kFamilies[] = {RewardFamily::Gaussian,    RewardFamily::Bernoulli,
                                        RewardFamily::Bounded,     RewardFamily::Poisson,
                                        RewardFamily::Exponential, RewardFamily::GaussianUnknownVariance,
                                        RewardFamily::Other};
  std::string allowed;
  for (RewardFamily family : kFamilies) {
    if (name == to_string(family)) return family;
    (allowed += allowed.empty() ? "" : ", ") += to_string(family);
  }
  throw ConfigError("unknown reward family '" + shorten(name) + "' (allowed: " + allowed + ")");
}

StreamRole parse_stream_role(const std::string& role) {
  if (role == "instance") return StreamRole::EnvironmentInstance;
  if (role == "noise") return StreamRole::EnvironmentNoise;
  if (role == "algorithm") return StreamRole::Algorithm;
  if (role == "oracle") return StreamRole::Oracle;
  throw ConfigError("unknown stream role '" + shorten(role) +
                    "' (allowed: instance, noise, algorithm, oracle)");
}

ParamRole parse_param_role(const std::string& name) {
  for (ParamRole role : {ParamRole::None, ParamRole::Confidence, ParamRole::Accuracy, ParamRole::Budget})
    if (name == to_string(role)) return role;
  throw ConfigError("unknown parameter role '" + shorten(name) + "' (allowed: confidence, accuracy, budget)");
}

}  // namespace cpex::python
