// A Python environment behind the C++ interface (see python_environment.hpp).
#include "python_environment.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/messages.hpp"
#include "gil.hpp"
#include "python_errors.hpp"
#include "python_values.hpp"
#include "python_views.hpp"

namespace py = pybind11;

namespace cpex::python {

namespace {

class PythonEnvironment final : public Environment {
 public:
  PythonEnvironment(py::object instance, const std::string& name, const EnvironmentContext& context)
      : instance_(std::move(instance)), where_("Python environment '" + name + "'"), at_pull_(where_ + ": pull()") {
    try {
      if (py::hasattr(instance_, "start")) instance_.attr("start")(EnvironmentContextView{context.seed});
      py::object problem = instance_.attr("problem");
      if (PyCallable_Check(problem.ptr())) problem = problem();
      try {
        problem_ = problem.cast<Problem>();
      } catch (const py::cast_error&) {
        throw RunError(where_ + ": problem() must return a cpex.Problem");
      }
      if (problem_.num_arms < 1 || problem_.num_arms > static_cast<std::size_t>(kMaxArms))
        throw RunError(where_ + ": problem() has " + std::to_string(problem_.num_arms) + " arms (allowed: 1 to " +
                       std::to_string(kMaxArms) + ")");
      if (!(problem_.noise_sigma > 0) || !std::isfinite(problem_.noise_sigma))
        throw RunError(where_ + ": problem() has noise_sigma " + std::to_string(problem_.noise_sigma) +
                       " (must be finite and > 0)");
      truth_ = instance_.attr("truth")().cast<std::vector<double>>();
      if (truth_.size() != problem_.num_arms)
        throw RunError(where_ + ": truth() has " + std::to_string(truth_.size()) + " values for " +
                       std::to_string(problem_.num_arms) + " arms");
      if (!std::all_of(truth_.begin(), truth_.end(), usable_real))
        throw RunError(where_ + ": truth() holds a value that is not a finite number");
      if (py::hasattr(instance_, "truth_variances")) {
        variances_ = instance_.attr("truth_variances")().cast<std::vector<double>>();
        if (!variances_.empty() && (variances_.size() != problem_.num_arms ||
                                    !std::all_of(variances_.begin(), variances_.end(),
                                                 [](double v) { return usable_real(v) && v > 0; })))
          throw RunError(where_ + ": truth_variances() must give one finite variance > 0 per arm");
      }
      pull_ = instance_.attr("pull");
    } catch (py::error_already_set& e) {
      rethrow_python(e, where_);
    } catch (const py::cast_error&) {
      throw RunError(where_ + ": truth() and truth_variances() must return sequences of numbers");
    }
    semi_bandit_ = problem_.feedback == FeedbackKind::SemiBandit;
  }

  ~PythonEnvironment() override {
    Gil gil;
    pull_ = instance_ = py::object();
  }

  const Problem& problem() const override { return problem_; }
  std::span<const double> truth() const override { return truth_; }
  std::span<const double> truth_variances() const override { return variances_; }

  void pull(const Action& action, Observation& out) override {
    Gil gil;
    const py::object arm = action_object(action, at_pull_);
    PyObject* args[2] = {nullptr, arm.ptr()};
    PyObject* result = PyObject_Vectorcall(pull_.ptr(), args + 1, 1 | PY_VECTORCALL_ARGUMENTS_OFFSET, nullptr);
    if (!result) rethrow_current(at_pull_);
    const py::object hold = py::reinterpret_steal<py::object>(result);
    if (!semi_bandit_) {
      out.reward = reward(result);
      return;
    }
    PyObject* items = PySequence_Fast(result, "");
    if (!items) {
      PyErr_Clear();
      throw RunError(at_pull_ + " must return one reward per super-arm member");
    }
    const py::object hold_items = py::reinterpret_steal<py::object>(items);
    if (static_cast<std::size_t>(PySequence_Fast_GET_SIZE(items)) != out.per_arm.size())
      throw RunError(at_pull_ + " returned " + std::to_string(PySequence_Fast_GET_SIZE(items)) +
                     " rewards for a super arm of " + std::to_string(out.per_arm.size()));
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
    if (r == -1.0 && PyErr_Occurred()) rethrow_current(at_pull_);
    if (!std::isfinite(r)) throw RunError(at_pull_ + " returned a reward that is not finite");
    return r;
  }

  py::object instance_, pull_;
  const std::string where_, at_pull_;
  Problem problem_;
  std::vector<double> truth_, variances_;
  bool semi_bandit_ = false;
};

}  // namespace

std::unique_ptr<Environment> make_python_environment(py::object instance, const std::string& name,
                                                     const EnvironmentContext& context) {
  return std::make_unique<PythonEnvironment>(std::move(instance), name, context);
}

}  // namespace cpex::python
