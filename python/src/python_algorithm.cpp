// A Python algorithm behind the C++ interface (see python_algorithm.hpp).
#include "python_algorithm.hpp"

#include <pybind11/stl.h>

#include <cmath>
#include <utility>
#include <vector>

#include "cpex/errors.hpp"
#include "gil.hpp"
#include "python_errors.hpp"
#include "python_values.hpp"
#include "python_views.hpp"

namespace py = pybind11;

namespace cpex::python {

namespace {

class PythonAlgorithm final : public Algorithm {
 public:
  PythonAlgorithm(py::object instance, const std::string& name, bool batches)
      : batches_(batches),
        instance_(std::move(instance)),
        where_("Python algorithm '" + name + "'"),
        at_next_(where_ + ": next()"),
        at_observe_(where_ + ": observe()") {}

  ~PythonAlgorithm() override {
    if (alive_) *alive_ = false;
    Gil gil;
    context_ = py::object();
    next_ = observe_ = recommend_ = propose_ = instance_ = py::object();
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
      view->budget = context.budget;
      view->trace = context.trace;
      view->alive = alive_;
      context_ = py::cast(view);
      next_ = instance_.attr("next");
      observe_ = instance_.attr("observe");
      recommend_ = instance_.attr("recommend");
      if (batches_) propose_ = instance_.attr("propose");
      instance_.attr("start")(context_);
    } catch (py::error_already_set& e) {
      rethrow_python(e, where_ + ": start()");
    }
  }

  bool next(Action& action) override {
    Gil gil;
    PyObject* result = PyObject_CallNoArgs(next_.ptr());
    if (!result) rethrow_current(at_next_);
    const py::object hold = py::reinterpret_steal<py::object>(result);
    if (result == Py_None || result == Py_False) return false;
    if (!super_arm_feedback_) {
      action.arm = to_arm(result, arms_, at_next_);
      return true;
    }
    if (PyIndex_Check(result) && !PyBool_Check(result))
      throw RunError(at_next_ + " must return a super arm (a sequence of arms) for this "
                     "environment's feedback, got an int");
    to_arms(result, arms_, at_next_, super_arm_, false);
    if (super_arm_.empty()) throw RunError(at_next_ + " returned an empty super arm");
    action.super_arm = std::span<const std::size_t>(super_arm_.data(), super_arm_.size());
    return true;
  }

  // With AlgorithmNeeds::batches (a study): propose(pending) gives an arm (or super arm),
  // "wait", or None to stop.
  Proposal propose(Action& action, std::span<const Action> pending) override {
    if (!batches_) return Algorithm::propose(action, pending);
    Gil gil;
    const std::string where = where_ + ": propose()";
    py::tuple waiting(pending.size());
    for (std::size_t i = 0; i < pending.size(); ++i) waiting[i] = action_object(pending[i], where);
    py::object result;
    try {
      result = propose_(waiting);
    } catch (py::error_already_set& e) {
      rethrow_python(e, where);
    }
    if (result.is_none() || result.ptr() == Py_False) return Proposal::Stop;
    if (PyUnicode_Check(result.ptr())) {
      if (result.cast<std::string>() == "wait") return Proposal::Wait;
      throw RunError(where + " must return an arm, \"wait\" or None");
    }
    if (!super_arm_feedback_) {
      action.arm = to_arm(result.ptr(), arms_, where);
      return Proposal::Pull;
    }
    to_arms(result.ptr(), arms_, where, super_arm_, false);
    if (super_arm_.empty()) throw RunError(where + " returned an empty super arm");
    action.super_arm = std::span<const std::size_t>(super_arm_.data(), super_arm_.size());
    return Proposal::Pull;
  }

  void observe(const Action& action, const Observation& observation) override {
    Gil gil;
    const py::object arm = action_object(action, at_observe_);
    PyObject* reward = nullptr;
    if (semi_bandit_) {
      reward = PyList_New(static_cast<Py_ssize_t>(observation.per_arm.size()));
      for (std::size_t i = 0; reward && i < observation.per_arm.size(); ++i)
        PyList_SET_ITEM(reward, static_cast<Py_ssize_t>(i), PyFloat_FromDouble(observation.per_arm[i]));
    } else {
      reward = PyFloat_FromDouble(observation.reward);
    }
    const py::object hold_reward = py::reinterpret_steal<py::object>(reward);
    if (!reward) rethrow_current(at_observe_);
    PyObject* args[3] = {nullptr, arm.ptr(), reward};
    PyObject* result =
        PyObject_Vectorcall(observe_.ptr(), args + 1, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, nullptr);
    if (!result) rethrow_current(at_observe_);
    Py_DECREF(result);
  }

  Recommendation recommend() const override {
    Gil gil;
    const std::string where = where_ + ": recommend()";
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
          throw RunError(where + " gave epsilon " + std::to_string(out.epsilon) + " (must be finite and >= 0)");
      }
      if (PyIndex_Check(arms.ptr()) && !PyBool_Check(arms.ptr()))
        out.decision.arms = {to_arm(arms.ptr(), arms_, where)};
      else if (!arms.is_none())
        to_arms(arms.ptr(), arms_, where, out.decision.arms, true);
    } catch (py::error_already_set& e) {
      rethrow_python(e, where);
    } catch (const py::cast_error&) {
      throw RunError(where + " must return an arm, a sequence of arms or a cpex.Recommendation");
    }
    return out;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return resolved_from(instance_, where_);
  }

 private:
  bool batches_;
  py::object instance_, context_, next_, observe_, recommend_, propose_;
  const std::string where_, at_next_, at_observe_;
  std::shared_ptr<bool> alive_;
  std::size_t arms_ = 0;
  bool super_arm_feedback_ = false, semi_bandit_ = false;
  std::vector<std::size_t> super_arm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_python_algorithm(py::object instance, const std::string& name, bool batches) {
  return std::make_unique<PythonAlgorithm>(std::move(instance), name, batches);
}

}  // namespace cpex::python
