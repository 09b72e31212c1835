// Parameter schemas as Python objects (see python_schema.hpp).
#include "python_schema.hpp"

#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "python_values.hpp"

namespace py = pybind11;

namespace cpex::python {

namespace {

py::object bound_value(const std::optional<Bound>& b) {
  return b ? py::make_tuple(b->value, b->inclusive) : py::object(py::none());
}

py::object value_object(const std::optional<ParamValue>& value) {
  if (!value) return py::none();
  return std::visit([](const auto& v) { return py::object(py::cast(v)); }, *value);
}

// The range argument of the builders: a Range, its text ("(0, 1)", "[1, inf)", "any"), or None.
Range range_of(const py::object& range) {
  if (range.is_none()) return Range::any();
  if (py::isinstance<Range>(range)) return range.cast<Range>();
  return Range::parse(py::str(range).cast<std::string>());
}

}  // namespace

py::dict describe_spec(const ParamSpec& spec) {
  py::dict p;
  p["name"] = spec.name;
  p["type"] = to_string(spec.type);
  p["default"] = spec.default_text();
  p["allowed"] = spec.allowed();
  p["range"] = spec.range;
  p["required"] = !spec.default_value && !spec.optional;
  p["path"] = spec.is_path;
  p["role"] = to_string(spec.role);
  p["help"] = spec.help;
  return p;
}

void bind_schema(py::module_& m) {
  py::class_<Range>(m, "Range", "An interval of allowed numbers; either end may be open-ended.")
      .def(py::init<>(), "any number")
      .def_static("any", &Range::any)
      .def_static("open", &Range::open, py::arg("lower"), py::arg("upper"), "(lower, upper)")
      .def_static("closed", &Range::closed, py::arg("lower"), py::arg("upper"), "[lower, upper]")
      .def_static("at_least", &Range::at_least, py::arg("lower"), "[lower, inf)")
      .def_static("greater_than", &Range::greater_than, py::arg("lower"), "(lower, inf)")
      .def_static("parse", &Range::parse, py::arg("text"), "the inverse of str(range): '(0, 1)', '[1, inf)', 'any'")
      .def_property_readonly("lower", [](const Range& r) { return bound_value(r.lower); },
                             "(value, inclusive), or None for an open end")
      .def_property_readonly("upper", [](const Range& r) { return bound_value(r.upper); })
      .def("__contains__", &Range::contains)
      .def("__eq__", &Range::operator==)
      .def("__str__", &Range::to_string)
      .def("__repr__", [](const Range& r) { return "cpex.Range('" + r.to_string() + "')"; });

  py::class_<ParamSpec>(m, "ParamSpec", "One declared parameter (read-only).")
      .def_readonly("name", &ParamSpec::name)
      .def_property_readonly("type", [](const ParamSpec& s) { return std::string(to_string(s.type)); })
      .def_readonly("help", &ParamSpec::help)
      .def_property_readonly("default", [](const ParamSpec& s) { return value_object(s.default_value); })
      .def_readonly("range", &ParamSpec::range)
      .def_readonly("choices", &ParamSpec::choices)
      .def_readonly("optional", &ParamSpec::optional)
      .def_readonly("is_path", &ParamSpec::is_path)
      .def_property_readonly("role", [](const ParamSpec& s) { return std::string(to_string(s.role)); })
      .def("allowed", &ParamSpec::allowed)
      .def("__repr__", [](const ParamSpec& s) {
        return "cpex.ParamSpec('" + s.name + "', " + to_string(s.type) + ", " + s.allowed() + ")";
      });

  // The builder: the fluent C++ methods, with Python's defaults (None: required).
  py::class_<ParamSchema>(m, "ParamSchema", "A plugin's ordered parameter schema.")
      .def(py::init<>())
      .def("real",
           [](ParamSchema& s, const std::string& name, std::optional<double> def, const py::object& range,
              const std::string& help) -> ParamSchema& { return s.real(name, def, range_of(range), help); },
           py::arg("name"), py::arg("default") = py::none(), py::arg("range") = py::none(),
           py::arg("help") = "", py::return_value_policy::reference_internal)
      .def("integer",
           [](ParamSchema& s, const std::string& name, std::optional<std::int64_t> def, const py::object& range,
              const std::string& help) -> ParamSchema& { return s.integer(name, def, range_of(range), help); },
           py::arg("name"), py::arg("default") = py::none(), py::arg("range") = py::none(),
           py::arg("help") = "", py::return_value_policy::reference_internal)
      .def("text", &ParamSchema::text, py::arg("name"), py::arg("default") = py::none(), py::arg("help") = "",
           py::return_value_policy::reference_internal)
      .def("path", &ParamSchema::path, py::arg("name"), py::arg("default") = py::none(), py::arg("help") = "",
           py::return_value_policy::reference_internal)
      .def("choice", &ParamSchema::choice, py::arg("name"), py::arg("default"), py::arg("choices"),
           py::arg("help") = "", py::return_value_policy::reference_internal)
      .def("real_list",
           [](ParamSchema& s, const std::string& name, const py::object& range, const std::string& help)
               -> ParamSchema& { return s.real_list(name, range_of(range), help); },
           py::arg("name"), py::arg("range") = py::none(), py::arg("help") = "",
           py::return_value_policy::reference_internal)
      .def("optional", &ParamSchema::optional, py::return_value_policy::reference_internal,
           "the parameter declared last may be absent")
      .def("role",
           [](ParamSchema& s, const std::string& role) -> ParamSchema& { return s.role(parse_param_role(role)); },
           py::arg("role"), py::return_value_policy::reference_internal,
           "the parameter declared last is the run's target error ('confidence'), the accuracy "
           "('accuracy') or a sample budget ('budget')")
      .def_property_readonly("specs", [](const ParamSchema& s) { return s.specs(); })
      .def("find", [](const ParamSchema& s, const std::string& name) -> py::object {
        const ParamSpec* spec = s.find(name);
        return spec ? py::cast(*spec) : py::object(py::none());
      });
}

}  // namespace cpex::python
