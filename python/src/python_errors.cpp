// Errors across the boundary (see python_errors.hpp).
#include "python_errors.hpp"

#include <exception>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"

namespace py = pybind11;

namespace cpex::python {

namespace {

PyObject* g_error = nullptr;
PyObject* g_config_error = nullptr;
PyObject* g_plugin_error = nullptr;
PyObject* g_parameter_error = nullptr;
PyObject* g_run_error = nullptr;

void raise(PyObject* cls, const char* what) {
  PyErr_SetString(cls ? cls : PyExc_RuntimeError, printable_message(what).c_str());
}

}  // namespace

void set_error_classes(py::handle error, py::handle config, py::handle plugin, py::handle parameter,
                       py::handle run) {
  for (py::handle h : {error, config, plugin, parameter, run}) h.inc_ref();
  g_error = error.ptr();
  g_config_error = config.ptr();
  g_plugin_error = plugin.ptr();
  g_parameter_error = parameter.ptr();
  g_run_error = run.ptr();
}

void register_error_translator() {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ConfigError& e) {
      raise(g_config_error, e.what());
    } catch (const PluginError& e) {
      raise(g_plugin_error, e.what());
    } catch (const RunError& e) {
      raise(g_run_error, e.what());
    } catch (const Error& e) {
      raise(g_error, e.what());
    }
  });
}

void rethrow_python(py::error_already_set& e, const std::string& where) {
  std::string type = "exception";
  std::string text;
  try {
    type = py::str(e.type().attr("__name__"));
    text = py::str(e.value());
  } catch (...) {
  }
  if (g_parameter_error && e.matches(g_parameter_error)) {
    std::string key = "?";
    try {
      key = py::str(e.value().attr("key"));
    } catch (...) {
    }
    throw ParameterError(key, printable_message(text));
  }
  throw RunError(printable_message(where + " raised " + type + (text.empty() ? "" : ": " + text)));
}

void rethrow_current(const std::string& where) {
  py::error_already_set e;
  rethrow_python(e, where);
}

}  // namespace cpex::python
