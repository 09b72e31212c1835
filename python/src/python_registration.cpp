// Registering Python plugins (see python_registration.hpp).
#include "python_registration.hpp"

#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "gil.hpp"
#include "python_algorithm.hpp"
#include "python_environment.hpp"
#include "python_errors.hpp"
#include "python_values.hpp"
#include "session.hpp"

namespace py = pybind11;

namespace cpex::python {

namespace {

void fill_info(EntryInfo& entry, const std::string& name, const std::string& summary,
               const std::string& version, const std::string& library, const ParamSchema& schema) {
  entry.name = name;
  entry.summary = summary;
  entry.version = version;
  entry.library = library;
  entry.schema = schema;
}

// `make` called with an instance of the Python class `cls` built from `values` (as keyword
// arguments), under the GIL; a Python exception on the way is rethrown naming the plugin
// ("Python KIND 'NAME': creating it").
template <class Make>
auto create_instance(const py::object& cls, const ParamValues& values, const char* kind, const std::string& name,
                     Make make) {
  Gil gil;
  try {
    return make(cls(**to_python(values)));
  } catch (py::error_already_set& e) {
    rethrow_python(e, "Python " + std::string(kind) + " '" + name + "': creating it");
  }
}

// Adds `entry`, or replaces a Python entry of the same name and kind (re-running a
// notebook cell); a compiled plugin of that name is refused.
template <class Entry>
void add_or_replace(Entry entry, PluginKind kind) {
  Registry& reg = registry();
  PluginKind existing_kind;
  const EntryInfo* existing = reg.find(entry.name, &existing_kind);
  if (existing && !is_python_entry(*existing))
    throw PluginError("cannot register " + std::string(to_string(kind)) + " '" + entry.name + "': an " +
                      to_string(existing_kind) + " of that name exists (library " + existing->library + ")");
  reg.set_current_library(entry.library);
  if (existing)
    reg.replace(std::move(entry));
  else
    reg.add(std::move(entry));
}

void register_algorithm(const py::object& cls, const std::string& name, const std::string& summary,
                        const std::string& version, const std::string& library, const ParamSchema& schema,
                        const std::vector<std::string>& feedback, const py::list& oracles, bool reads_truth,
                        const std::vector<std::string>& settings, bool anytime,
                        const std::optional<RewardRequirement>& rewards, bool batches) {
  AlgorithmEntry entry;
  fill_info(entry, name, summary, version, library, schema);
  for (const auto& kind : feedback) entry.needs.feedback.push_back(parse_feedback(kind));
  for (auto role : oracles) {
    const py::tuple r = role.cast<py::tuple>();
    entry.needs.oracles.push_back(
        {r[0].cast<std::string>(), parse_capabilities(r[1].cast<std::vector<std::string>>())});
  }
  entry.needs.reads_truth = reads_truth;
  entry.needs.settings = parse_settings(settings);
  entry.needs.anytime = anytime;
  if (rewards) entry.needs.rewards = *rewards;
  entry.needs.batches = batches;
  auto holder = std::make_shared<py::object>(cls);
  entry.create = [holder, name, batches](const ParamValues& values) -> std::unique_ptr<Algorithm> {
    return create_instance(*holder, values, "algorithm", name, [&](py::object instance) {
      return make_python_algorithm(std::move(instance), name, batches);
    });
  };
  add_or_replace(std::move(entry), PluginKind::Algorithm);
}

void register_environment(const py::object& cls, const std::string& name, const std::string& summary,
                          const std::string& version, const std::string& library, const ParamSchema& schema,
                          const std::string& feedback) {
  EnvironmentEntry entry;
  fill_info(entry, name, summary, version, library, schema);
  entry.feedback = parse_feedback(feedback);
  auto holder = std::make_shared<py::object>(cls);
  entry.create = [holder, name](const ParamValues& values,
                                const EnvironmentContext& context) -> std::unique_ptr<Environment> {
    return create_instance(*holder, values, "environment", name, [&](py::object instance) {
      return make_python_environment(std::move(instance), name, context);
    });
  };
  add_or_replace(std::move(entry), PluginKind::Environment);
}

}  // namespace

bool is_python_entry(const EntryInfo& entry) { return entry.library.rfind(kPythonLibraryPrefix, 0) == 0; }

void bind_registration(py::module_& m) {
  m.def("register_algorithm", &register_algorithm, py::arg("cls"), py::arg("name"), py::arg("summary"),
        py::arg("version"), py::arg("library"), py::arg("schema"), py::arg("feedback"), py::arg("oracles"),
        py::arg("reads_truth"), py::arg("settings"), py::arg("anytime"), py::arg("rewards"),
        py::arg("batches"));
  m.def("register_environment", &register_environment, py::arg("cls"), py::arg("name"), py::arg("summary"),
        py::arg("version"), py::arg("library"), py::arg("schema"), py::arg("feedback"));
}

}  // namespace cpex::python
