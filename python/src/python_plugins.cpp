// Python plugins behind the C++ interfaces (see python_plugins.hpp). The hot calls
// (next, observe, pull) go through the CPython vectorcall API on cached bound methods;
// everything a Python plugin returns is checked before the run loop uses it (an arm out
// of range, a non-finite reward or a malformed decision is a run error naming the plugin
// and the method, never an out-of-bounds access).
#include "python_plugins.hpp"

#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/messages.hpp"
#include "cpex/random.hpp"
#include "session.hpp"

namespace py = pybind11;

namespace cpex::python {

namespace {

// The class cpex.ParameterError; never released (it lives as long as the process).
PyObject* g_parameter_error = nullptr;

// Holds the GIL for one call from a thread that may not hold it (the engine thread keeps
// a thread state for its whole life, so this is a lock, not a thread-state allocation).
class Gil {
 public:
  Gil() : state_(PyGILState_Ensure()) {}
  ~Gil() { PyGILState_Release(state_); }
  Gil(const Gil&) = delete;
  Gil& operator=(const Gil&) = delete;

 private:
  PyGILState_STATE state_;
};

// Turns the Python exception being handled into a C++ one (GIL held): cpex.ParameterError
// into cpex::ParameterError (the framework adds file and section), anything else into a
// RunError "WHERE raised TYPE: message" (one line).
[[noreturn]] void rethrow_python(py::error_already_set& e, const std::string& where) {
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

// The Python error set by a failed C-API call, as above.
[[noreturn]] void rethrow_current(const std::string& where) {
  py::error_already_set e;
  rethrow_python(e, where);
}

FeedbackKind parse_feedback(const std::string& name) {
  for (FeedbackKind kind : {FeedbackKind::SingleArm, FeedbackKind::SemiBandit,
                            FeedbackKind::FullBanditSum, FeedbackKind::LinearArm})
    if (name == to_string(kind)) return kind;
  throw ConfigError("unknown feedback kind '" + shorten(name) +
                    "' (allowed: single-arm, semi-bandit, full-bandit-sum, linear-arm)");
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

StreamRole parse_role(const std::string& role) {
  if (role == "instance") return StreamRole::EnvironmentInstance;
  if (role == "noise") return StreamRole::EnvironmentNoise;
  if (role == "algorithm") return StreamRole::Algorithm;
  if (role == "oracle") return StreamRole::Oracle;
  throw ConfigError("unknown stream role '" + shorten(role) +
                    "' (allowed: instance, noise, algorithm, oracle)");
}

// A pipeline section's values as keyword arguments.
py::dict to_python(const ParamValues& values) {
  py::dict out;
  for (const auto& [name, value] : values.all())
    std::visit([&](const auto& v) { out[py::str(name)] = py::cast(v); }, value);
  return out;
}

// A value a plugin reports in `resolved`: numbers, text, or a list of numbers.
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

// An arm index returned by Python, checked against the number of arms.
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

// A set of distinct arms (a super arm or a decision), sorted ascending when `sort`.
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

// What Python receives for an action: the arm (an int), or the super arm (a tuple).
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

// Read-only view of one of the run's oracles, valid while its run lasts.
struct OracleView {
  const Oracle* oracle = nullptr;
  unsigned capabilities = 0;
  std::shared_ptr<bool> alive;

  const Oracle& get() const {
    if (!*alive) throw Error("this oracle belongs to a run that has ended");
    return *oracle;
  }
};

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

// What a Python algorithm's start(context) receives.
struct AlgorithmContextView {
  py::object problem;     // a copy of the public Problem
  py::object rng;         // a RandomStream: the algorithm's own stream
  py::list oracles;       // OracleView, [oracle] first, then the roles the algorithm declared
  py::object truth;       // a list when the algorithm declares reads_truth, else None
  TraceSink* trace = nullptr;
  std::shared_ptr<bool> alive;
};

// What a Python environment's start(context) receives.
struct EnvironmentContextView {
  RunSeed seed;
};

class PythonAlgorithm final : public Algorithm {
 public:
  PythonAlgorithm(py::object instance, std::string name)
      : instance_(std::move(instance)), where_("Python algorithm '" + std::move(name) + "'") {}

  ~PythonAlgorithm() override {
    if (alive_) *alive_ = false;
    Gil gil;
    context_ = py::object();
    next_ = observe_ = recommend_ = instance_ = py::object();
  }

  void start(const AlgorithmContext& context) override {
    Gil gil;
    arms_ = context.problem->num_arms;
    super_arm_feedback_ = context.problem->feedback == FeedbackKind::SemiBandit ||
                          context.problem->feedback == FeedbackKind::FullBanditSum;
    semi_bandit_ = context.problem->feedback == FeedbackKind::SemiBandit;
    try {
      alive_ = std::make_shared<bool>(true);
      auto view = std::make_shared<AlgorithmContextView>();
      view->problem = py::cast(*context.problem);
      view->rng = py::cast(context.rng);
      for (std::size_t i = 0; i < context.oracles.size(); ++i)
        view->oracles.append(OracleView{context.oracles[i], context.oracle_capabilities[i], alive_});
      view->truth = context.truth.empty()
                        ? py::object(py::none())
                        : py::object(py::cast(std::vector<double>(context.truth.begin(), context.truth.end())));
      view->trace = context.trace;
      view->alive = alive_;
      context_ = py::cast(view);
      next_ = instance_.attr("next");
      observe_ = instance_.attr("observe");
      recommend_ = instance_.attr("recommend");
      instance_.attr("start")(context_);
    } catch (py::error_already_set& e) {
      rethrow_python(e, where_ + ": start()");
    }
  }

  bool next(Action& action) override {
    Gil gil;
    PyObject* result = PyObject_CallNoArgs(next_.ptr());
    if (!result) rethrow_current(where_ + ": next()");
    const py::object hold = py::reinterpret_steal<py::object>(result);
    if (result == Py_None || result == Py_False) return false;
    if (!super_arm_feedback_) {
      action.arm = to_arm(result, arms_, where_ + ": next()");
      return true;
    }
    if (PyIndex_Check(result) && !PyBool_Check(result))
      throw RunError(where_ + ": next() must return a super arm (a sequence of arms) for " +
                     "this environment's feedback, got an int");
    to_arms(result, arms_, where_ + ": next()", super_arm_, false);
    if (super_arm_.empty()) throw RunError(where_ + ": next() returned an empty super arm");
    action.super_arm = std::span<const std::size_t>(super_arm_.data(), super_arm_.size());
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    Gil gil;
    const py::object arm = action_object(action, where_ + ": observe()");
    PyObject* reward = nullptr;
    if (semi_bandit_) {
      reward = PyList_New(static_cast<Py_ssize_t>(observation.per_arm.size()));
      for (std::size_t i = 0; reward && i < observation.per_arm.size(); ++i)
        PyList_SET_ITEM(reward, static_cast<Py_ssize_t>(i), PyFloat_FromDouble(observation.per_arm[i]));
    } else {
      reward = PyFloat_FromDouble(observation.reward);
    }
    const py::object hold_reward = py::reinterpret_steal<py::object>(reward);
    if (!reward) rethrow_current(where_ + ": observe()");
    PyObject* args[3] = {nullptr, arm.ptr(), reward};
    PyObject* result =
        PyObject_Vectorcall(observe_.ptr(), args + 1, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, nullptr);
    if (!result) rethrow_current(where_ + ": observe()");
    Py_DECREF(result);
  }

  Recommendation recommend() const override {
    Gil gil;
    Recommendation out;
    try {
      py::object answer = recommend_();
      py::object arms = answer;
      if (py::hasattr(answer, "arms")) {
        arms = answer.attr("arms");
        out.epsilon = py::getattr(answer, "epsilon", py::float_(0.0)).cast<double>();
        py::object values = py::getattr(answer, "values", py::none());
        if (!values.is_none()) out.decision.values = values.cast<std::vector<double>>();
        if (!std::isfinite(out.epsilon) || out.epsilon < 0)
          throw RunError(where_ + ": recommend() gave epsilon " + std::to_string(out.epsilon) +
                         " (must be finite and >= 0)");
      }
      if (PyIndex_Check(arms.ptr()) && !PyBool_Check(arms.ptr()))
        out.decision.arms = {to_arm(arms.ptr(), arms_, where_ + ": recommend()")};
      else if (!arms.is_none())
        to_arms(arms.ptr(), arms_, where_ + ": recommend()", out.decision.arms, true);
    } catch (py::error_already_set& e) {
      rethrow_python(e, where_ + ": recommend()");
    } catch (const py::cast_error&) {
      throw RunError(where_ + ": recommend() must return an arm, a sequence of arms or a "
                     "cpex.Recommendation");
    }
    return out;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return resolved_from(instance_, where_);
  }

 private:
  py::object instance_, context_, next_, observe_, recommend_;
  std::string where_;
  std::shared_ptr<bool> alive_;
  std::size_t arms_ = 0;
  bool super_arm_feedback_ = false, semi_bandit_ = false;
  std::vector<std::size_t> super_arm_;
};

class PythonEnvironment final : public Environment {
 public:
  PythonEnvironment(py::object instance, const std::string& name, FeedbackKind feedback,
                    const EnvironmentContext& context)
      : instance_(std::move(instance)), where_("Python environment '" + name + "'") {
    // Called inside the factory, which holds the GIL.
    try {
      if (py::hasattr(instance_, "start"))
        instance_.attr("start")(EnvironmentContextView{context.seed});
      py::object problem = instance_.attr("problem");
      if (PyCallable_Check(problem.ptr())) problem = problem();
      try {
        problem_ = problem.cast<Problem>();
      } catch (const py::cast_error&) {
        throw RunError(where_ + ": problem() must return a cpex.Problem");
      }
      if (problem_.feedback != feedback)
        throw RunError(where_ + ": problem() says feedback " + to_string(problem_.feedback) +
                       ", but the class declares " + to_string(feedback));
      if (problem_.num_arms < 1 || problem_.num_arms > static_cast<std::size_t>(kMaxArms))
        throw RunError(where_ + ": problem() has " + std::to_string(problem_.num_arms) +
                       " arms (allowed: 1 to " + std::to_string(kMaxArms) + ")");
      if (!(problem_.noise_sigma > 0) || !std::isfinite(problem_.noise_sigma))
        throw RunError(where_ + ": problem() has noise_sigma " +
                       std::to_string(problem_.noise_sigma) + " (must be finite and > 0)");
      truth_ = instance_.attr("truth")().cast<std::vector<double>>();
      if (truth_.size() != problem_.num_arms)
        throw RunError(where_ + ": truth() has " + std::to_string(truth_.size()) +
                       " values for " + std::to_string(problem_.num_arms) + " arms");
      if (!std::all_of(truth_.begin(), truth_.end(), usable_real))
        throw RunError(where_ + ": truth() holds a value that is not a finite number");
      pull_ = instance_.attr("pull");
    } catch (py::error_already_set& e) {
      rethrow_python(e, where_);
    } catch (const py::cast_error&) {
      throw RunError(where_ + ": truth() must return a sequence of numbers");
    }
    semi_bandit_ = problem_.feedback == FeedbackKind::SemiBandit;
  }

  ~PythonEnvironment() override {
    Gil gil;
    pull_ = instance_ = py::object();
  }

  const Problem& problem() const override { return problem_; }
  std::span<const double> truth() const override { return truth_; }

  void pull(const Action& action, Observation& out) override {
    Gil gil;
    const py::object arm = action_object(action, where_ + ": pull()");
    PyObject* args[2] = {nullptr, arm.ptr()};
    PyObject* result =
        PyObject_Vectorcall(pull_.ptr(), args + 1, 1 | PY_VECTORCALL_ARGUMENTS_OFFSET, nullptr);
    if (!result) rethrow_current(where_ + ": pull()");
    const py::object hold = py::reinterpret_steal<py::object>(result);
    if (!semi_bandit_) {
      out.reward = reward(result);
      return;
    }
    PyObject* items = PySequence_Fast(result, "");
    if (!items) {
      PyErr_Clear();
      throw RunError(where_ + ": pull() must return one reward per super-arm member");
    }
    const py::object hold_items = py::reinterpret_steal<py::object>(items);
    if (static_cast<std::size_t>(PySequence_Fast_GET_SIZE(items)) != out.per_arm.size())
      throw RunError(where_ + ": pull() returned " +
                     std::to_string(PySequence_Fast_GET_SIZE(items)) + " rewards for a super arm of " +
                     std::to_string(out.per_arm.size()));
    for (std::size_t i = 0; i < out.per_arm.size(); ++i)
      out.per_arm[i] = reward(PySequence_Fast_GET_ITEM(items, static_cast<Py_ssize_t>(i)));
    out.reward = 0.0;
    for (double r : out.per_arm) out.reward += r;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return resolved_from(instance_, where_);
  }

 private:
  double reward(PyObject* value) const {
    const double r = PyFloat_AsDouble(value);
    if (r == -1.0 && PyErr_Occurred()) rethrow_current(where_ + ": pull()");
    if (!std::isfinite(r)) throw RunError(where_ + ": pull() returned a reward that is not finite");
    return r;
  }

  py::object instance_, pull_;
  std::string where_;
  Problem problem_;
  std::vector<double> truth_;
  bool semi_bandit_ = false;
};

// The schema of a Python plugin, from the list cpex.plugins builds:
// [{"name", "type", "default", "range": (lower, lower_inclusive, upper, upper_inclusive)
//   or None, "choices", "help", "optional"}].
ParamSchema schema_from(const py::list& params) {
  ParamSchema schema;
  for (auto item : params) {
    const py::dict p = item.cast<py::dict>();
    const auto name = p["name"].cast<std::string>();
    const auto type = p["type"].cast<std::string>();
    const auto help = p["help"].cast<std::string>();
    const py::object def = p["default"];
    Range range;
    if (!p["range"].is_none()) {
      const py::tuple r = p["range"].cast<py::tuple>();
      if (!r[0].is_none()) range.lower = Bound{r[0].cast<double>(), r[1].cast<bool>()};
      if (!r[2].is_none()) range.upper = Bound{r[2].cast<double>(), r[3].cast<bool>()};
    }
    if (type == "real")
      schema.real(name, def.is_none() ? std::nullopt : std::optional<double>(def.cast<double>()), range, help);
    else if (type == "integer")
      schema.integer(name, def.is_none() ? std::nullopt : std::optional<std::int64_t>(def.cast<std::int64_t>()),
                     range, help);
    else if (type == "text")
      schema.text(name, def.is_none() ? std::nullopt : std::optional<std::string>(def.cast<std::string>()), help);
    else if (type == "path")
      schema.path(name, def.is_none() ? std::nullopt : std::optional<std::string>(def.cast<std::string>()), help);
    else if (type == "choice")
      schema.choice(name, def.cast<std::string>(), p["choices"].cast<std::vector<std::string>>(), help);
    else if (type == "real-list")
      schema.real_list(name, range, help);
    else
      throw ConfigError("parameter '" + name + "': unknown type '" + type + "'");
    if (p["optional"].cast<bool>()) schema.optional();
  }
  return schema;
}

void fill_info(EntryInfo& entry, const py::dict& spec) {
  entry.name = spec["name"].cast<std::string>();
  entry.summary = spec["summary"].cast<std::string>();
  if (spec.contains("version") && !spec["version"].is_none()) entry.version = py::str(spec["version"]).cast<std::string>();
  entry.schema = schema_from(spec["params"].cast<py::list>());
}

// Adds `entry`, or replaces an entry of the same name and kind that Python registered
// before (re-running a notebook cell). The registry has no replace operation, so the
// entry is updated in place; no run holds it while Python (holding the GIL) registers.
template <class Entry>
void add_or_replace(Entry entry, PluginKind kind, const Entry* (Registry::*find)(const std::string&) const) {
  Registry& reg = registry();
  PluginKind existing_kind;
  const EntryInfo* existing = reg.find(entry.name, &existing_kind);
  if (!existing) {
    reg.set_current_library(entry.library);
    reg.add(std::move(entry));
    return;
  }
  if (!is_python_entry(*existing) || existing_kind != kind)
    throw PluginError("cannot register " + std::string(to_string(kind)) + " '" + entry.name +
                      "': an " + to_string(existing_kind) + " of that name exists (library " +
                      existing->library + ")");
  *const_cast<Entry*>((reg.*find)(entry.name)) = std::move(entry);
}

void register_algorithm(const py::dict& spec, const py::object& cls) {
  AlgorithmEntry entry;
  fill_info(entry, spec);
  entry.library = spec["library"].cast<std::string>();
  for (const auto& name : spec["feedback"].cast<std::vector<std::string>>())
    entry.needs.feedback.push_back(parse_feedback(name));
  for (auto role : spec["oracles"].cast<py::list>()) {
    const py::tuple r = role.cast<py::tuple>();
    entry.needs.oracles.push_back(
        {r[0].cast<std::string>(), parse_capabilities(r[1].cast<std::vector<std::string>>())});
  }
  entry.needs.reads_truth = spec["reads_truth"].cast<bool>();
  auto holder = std::make_shared<py::object>(cls);
  entry.create = [holder, name = entry.name](const ParamValues& values) -> std::unique_ptr<Algorithm> {
    Gil gil;
    try {
      py::object instance = (*holder)(**to_python(values));
      return std::make_unique<PythonAlgorithm>(std::move(instance), name);
    } catch (py::error_already_set& e) {
      rethrow_python(e, "Python algorithm '" + name + "': creating it");
    }
  };
  add_or_replace(std::move(entry), PluginKind::Algorithm, &Registry::algorithm);
}

void register_environment(const py::dict& spec, const py::object& cls) {
  EnvironmentEntry entry;
  fill_info(entry, spec);
  entry.library = spec["library"].cast<std::string>();
  entry.feedback = parse_feedback(spec["feedback"].cast<std::string>());
  auto holder = std::make_shared<py::object>(cls);
  entry.create = [holder, name = entry.name, feedback = entry.feedback](
                     const ParamValues& values,
                     const EnvironmentContext& context) -> std::unique_ptr<Environment> {
    Gil gil;
    try {
      py::object instance = (*holder)(**to_python(values));
      return std::make_unique<PythonEnvironment>(std::move(instance), name, feedback, context);
    } catch (py::error_already_set& e) {
      rethrow_python(e, "Python environment '" + name + "': creating it");
    }
  };
  add_or_replace(std::move(entry), PluginKind::Environment, &Registry::environment);
}

}  // namespace

bool is_python_entry(const EntryInfo& entry) {
  return entry.library.rfind(kPythonLibraryPrefix, 0) == 0;
}

void set_parameter_error_class(py::handle cls) {
  cls.inc_ref();
  g_parameter_error = cls.ptr();
}

void bind_python_plugins(py::module_& m) {
  py::class_<Problem>(m, "Problem",
                      "The public description of a problem (what an algorithm may know).")
      .def(py::init([](std::size_t num_arms, double noise_sigma, std::size_t k,
                       const std::string& feedback, std::optional<Eigen::MatrixXd> features,
                       double parameter_bound, std::vector<double> group_sizes,
                       const std::string& parameter) {
             Problem p;
             p.num_arms = num_arms;
             p.noise_sigma = noise_sigma;
             p.k = k;
             p.feedback = parse_feedback(feedback);
             if (features) p.features = *features;
             p.parameter_bound = parameter_bound;
             p.group_sizes = std::move(group_sizes);
             if (parameter != "mean" && parameter != "variance")
               throw ConfigError("Problem: parameter must be 'mean' or 'variance'");
             p.parameter = parameter == "mean" ? KeyParameter::Mean : KeyParameter::Variance;
             return p;
           }),
           py::arg("num_arms"), py::arg("noise_sigma") = 1.0, py::arg("k") = 0,
           py::arg("feedback") = "single-arm", py::arg("features") = py::none(),
           py::arg("parameter_bound") = 0.0, py::arg("group_sizes") = std::vector<double>{},
           py::arg("parameter") = "mean")
      .def_readwrite("num_arms", &Problem::num_arms)
      .def_readwrite("noise_sigma", &Problem::noise_sigma)
      .def_readwrite("k", &Problem::k)
      .def_readwrite("features", &Problem::features)
      .def_readwrite("parameter_bound", &Problem::parameter_bound)
      .def_readwrite("group_sizes", &Problem::group_sizes)
      .def_property(
          "feedback", [](const Problem& p) { return std::string(to_string(p.feedback)); },
          [](Problem& p, const std::string& f) { p.feedback = parse_feedback(f); })
      .def_property_readonly("parameter",
                             [](const Problem& p) { return std::string(to_string(p.parameter)); })
      .def("__repr__", [](const Problem& p) {
        return "cpex.Problem(num_arms=" + std::to_string(p.num_arms) + ", k=" +
               std::to_string(p.k) + ", noise_sigma=" + py::repr(py::float_(p.noise_sigma)).cast<std::string>() +
               ", feedback='" + to_string(p.feedback) + "')";
      });

  py::class_<RandomStream>(m, "RandomStream",
                           "A counter-based random stream (Philox4x64-10): a pure function of "
                           "(seed, point, repetition, role, index).")
      .def(py::init([](std::uint64_t seed, std::uint64_t point, std::uint64_t repetition,
                       const std::string& role, std::uint64_t index) {
             return RandomStream(RunSeed{seed, point, repetition}, parse_role(role), index);
           }),
           py::arg("seed") = 0, py::arg("point") = 0, py::arg("repetition") = 0,
           py::arg("role") = "algorithm", py::arg("index") = 0)
      .def("uniform", &RandomStream::uniform01, "uniform on [0, 1), 53 random bits")
      .def("normal", &RandomStream::normal, "a standard normal draw (ziggurat)")
      .def("below", &RandomStream::below, py::arg("n"), "a uniform integer in [0, n)")
      .def("bits", [](RandomStream& r) { return r(); }, "the next 64 random bits");

  py::class_<OracleView>(m, "OracleView",
                         "A run's oracle, read-only (valid while the run lasts).")
      .def("maximize",
           [](const OracleView& o, const std::vector<double>& weights) {
             Decision d;
             o.get().maximize(weights, d);
             return decision_to_python(d);
           },
           py::arg("weights"), "argmax over the decision class of the sum of member weights")
      .def("second_best",
           [](const OracleView& o, const std::vector<double>& weights, const py::object& excluded) -> py::object {
             Decision d;
             if (!o.get().second_best(weights, decision_from_python(excluded), d)) return py::none();
             return decision_to_python(d);
           },
           py::arg("weights"), py::arg("excluded"))
      .def("optimal",
           [](const OracleView& o, const std::vector<double>& theta) {
             Decision d;
             o.get().optimal(theta, d);
             return decision_to_python(d);
           },
           py::arg("theta"))
      .def("value",
           [](const OracleView& o, const std::vector<double>& theta, const py::object& arms) {
             return o.get().value(theta, decision_from_python(arms));
           },
           py::arg("theta"), py::arg("arms"))
      .def_property_readonly("decision_size", [](const OracleView& o) { return o.get().decision_size(); })
      .def_property_readonly("capabilities",
                             [](const OracleView& o) { return describe_capabilities(o.capabilities); });

  py::class_<AlgorithmContextView, std::shared_ptr<AlgorithmContextView>>(
      m, "AlgorithmContext", "What a Python algorithm's start() receives.")
      .def_readonly("problem", &AlgorithmContextView::problem)
      .def_readonly("rng", &AlgorithmContextView::rng)
      .def_property_readonly("oracle",
                             [](const AlgorithmContextView& c) { return py::object(c.oracles[0]); })
      .def_readonly("oracles", &AlgorithmContextView::oracles)
      .def_readonly("truth", &AlgorithmContextView::truth)
      .def_property_readonly("tracing", [](const AlgorithmContextView& c) { return c.trace != nullptr; })
      .def("trace",
           [](const AlgorithmContextView& c, const std::string& name, double value) {
             if (c.trace && *c.alive) c.trace->record(name, value);
           },
           py::arg("name"), py::arg("value"),
           "emit a per-round value (kept only when the pipeline sets [run] trace-file)");

  py::class_<EnvironmentContextView>(m, "EnvironmentContext",
                                     "What a Python environment's start() receives.")
      .def_property_readonly("seed",
                             [](const EnvironmentContextView& c) {
                               return py::make_tuple(c.seed.seed, c.seed.point, c.seed.repetition);
                             })
      .def("stream",
           [](const EnvironmentContextView& c, const std::string& role, std::uint64_t index) {
             return RandomStream(c.seed, parse_role(role), index);
           },
           py::arg("role"), py::arg("index") = 0,
           "the run's stream of a role (instance, noise, algorithm, oracle) and index")
      .def("noise",
           [](const EnvironmentContextView& c, std::uint64_t arm) {
             return RandomStream(c.seed, StreamRole::EnvironmentNoise, arm);
           },
           py::arg("arm"), "arm `arm`'s noise stream (as the compiled environments use)")
      .def_property_readonly("instance_rng", [](const EnvironmentContextView& c) {
        return RandomStream(c.seed, StreamRole::EnvironmentInstance, 0);
      });

  m.def("register_algorithm", &register_algorithm, py::arg("spec"), py::arg("cls"));
  m.def("register_environment", &register_environment, py::arg("spec"), py::arg("cls"));
}

}  // namespace cpex::python
