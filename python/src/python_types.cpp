// The framework's value types as Python classes (see python_types.hpp).
#include "python_types.hpp"

#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/problem.hpp"
#include "cpex/random.hpp"
#include "python_values.hpp"
#include "python_views.hpp"

namespace py = pybind11;

namespace cpex::python {

namespace {

void bind_reward_types(py::module_& m) {
  py::class_<RewardModel>(m, "RewardModel",
                          "What an environment declares about its rewards (Problem.rewards): a "
                          "family and a range. Algorithms assuming a family or range refuse others.")
      .def(py::init<>(), "no family, unbounded (nothing is promised beyond noise_sigma)")
      .def_static("gaussian", &RewardModel::gaussian, "reward = mean + N(0, noise_sigma^2) exactly")
      .def_static("bernoulli", &RewardModel::bernoulli, "rewards in {0, 1}")
      .def_static("bounded", [](double a, double b) { return RewardModel::bounded(a, b); }, py::arg("lower"),
                  py::arg("upper"), "any distribution on [lower, upper]")
      .def_static("poisson", &RewardModel::poisson, "rewards in {0, 1, 2, ...}, Poisson with the arm's mean")
      .def_static("exponential", &RewardModel::exponential, "rewards >= 0, exponential with the arm's mean")
      .def_static("gaussian_unknown_variance", &RewardModel::gaussian_unknown_variance,
                  "mean + N(0, s_a^2), every s_a unknown to the algorithm")
      .def_static("other_in", &RewardModel::other_in, py::arg("lower"), py::arg("upper"),
                  "a known range, no family")
      .def_property_readonly("family", [](const RewardModel& r) { return std::string(to_string(r.family)); })
      .def_readonly("lower", &RewardModel::lower)
      .def_readonly("upper", &RewardModel::upper)
      .def("__repr__", [](const RewardModel& r) { return "cpex.RewardModel(" + describe(r) + ")"; });

  py::class_<RewardRequirement>(m, "RewardRequirement",
                                "The rewards an algorithm assumes (Algorithm.rewards): accepted "
                                "families and a range; the default accepts any rewards.")
      .def(py::init<>())
      .def_static("families_of",
                  [](const std::vector<std::string>& names) {
                    std::vector<RewardFamily> families;
                    for (const auto& name : names) families.push_back(parse_family(name));
                    return RewardRequirement::families_of(std::move(families));
                  },
                  py::arg("families"), "e.g. RewardRequirement.families_of(['gaussian', 'bernoulli'])")
      .def_static("within", &RewardRequirement::within, py::arg("lower"), py::arg("upper"),
                  "every reward in [lower, upper]")
      .def_property_readonly("families",
                             [](const RewardRequirement& r) {
                               std::vector<std::string> names;
                               for (RewardFamily f : r.families) names.emplace_back(to_string(f));
                               return names;
                             })
      .def_readonly("lower", &RewardRequirement::lower)
      .def_readonly("upper", &RewardRequirement::upper)
      .def("__repr__", [](const RewardRequirement& r) { return "cpex.RewardRequirement(" + describe(r) + ")"; });
}

void bind_problem(py::module_& m) {
  py::class_<Problem>(m, "Problem", "The public description of a problem (what an algorithm may know).")
      .def(py::init([](std::size_t num_arms, double noise_sigma, std::size_t k, const std::string& feedback,
                       std::optional<Eigen::MatrixXd> features, double parameter_bound,
                       std::vector<double> group_sizes, const std::string& parameter,
                       std::optional<RewardModel> rewards, std::vector<double> arm_sigmas) {
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
             if (rewards) p.rewards = *rewards;
             p.arm_sigmas = std::move(arm_sigmas);
             return p;
           }),
           py::arg("num_arms"), py::arg("noise_sigma") = 1.0, py::arg("k") = 0,
           py::arg("feedback") = "single-arm", py::arg("features") = py::none(),
           py::arg("parameter_bound") = 0.0, py::arg("group_sizes") = std::vector<double>{},
           py::arg("parameter") = "mean", py::arg("rewards") = py::none(),
           py::arg("arm_sigmas") = std::vector<double>{})
      .def_readwrite("num_arms", &Problem::num_arms)
      .def_readwrite("noise_sigma", &Problem::noise_sigma)
      .def_readwrite("k", &Problem::k)
      .def_readwrite("features", &Problem::features)
      .def_readwrite("parameter_bound", &Problem::parameter_bound)
      .def_readwrite("group_sizes", &Problem::group_sizes)
      .def_readwrite("rewards", &Problem::rewards)
      .def_readwrite("arm_sigmas", &Problem::arm_sigmas)
      .def_property(
          "feedback", [](const Problem& p) { return std::string(to_string(p.feedback)); },
          [](Problem& p, const std::string& f) { p.feedback = parse_feedback(f); })
      .def_property(
          "parameter", [](const Problem& p) { return std::string(to_string(p.parameter)); },
          [](Problem& p, const std::string& name) {
            if (name != "mean" && name != "variance")
              throw ConfigError("Problem: parameter must be 'mean' or 'variance'");
            p.parameter = name == "mean" ? KeyParameter::Mean : KeyParameter::Variance;
          })
      .def("__repr__", [](const Problem& p) {
        return "cpex.Problem(num_arms=" + std::to_string(p.num_arms) + ", k=" + std::to_string(p.k) +
               ", noise_sigma=" + py::repr(py::float_(p.noise_sigma)).cast<std::string>() + ", feedback='" +
               to_string(p.feedback) + "', rewards: " + describe(p.rewards) + ")";
      });
}

void bind_streams_and_oracles(py::module_& m) {
  py::class_<RandomStream>(m, "RandomStream",
                           "A counter-based random stream (Philox4x64-10): a pure function of "
                           "(seed, point, repetition, role, index).")
      .def(py::init([](std::uint64_t seed, std::uint64_t point, std::uint64_t repetition,
                       const std::string& role, std::uint64_t index) {
             return RandomStream(RunSeed{seed, point, repetition}, parse_stream_role(role), index);
           }),
           py::arg("seed") = 0, py::arg("point") = 0, py::arg("repetition") = 0,
           py::arg("role") = "algorithm", py::arg("index") = 0)
      .def("uniform", &RandomStream::uniform01, "uniform on [0, 1), 53 random bits")
      .def("normal", &RandomStream::normal, "a standard normal draw (ziggurat)")
      .def("below", &RandomStream::below, py::arg("n"), "a uniform integer in [0, n)")
      .def("bits", [](RandomStream& r) { return r(); }, "the next 64 random bits");

  py::class_<OracleView>(m, "OracleView", "A run's oracle, read-only (valid while the run lasts).")
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
}

void bind_contexts(py::module_& m) {
  py::class_<AlgorithmContextView, std::shared_ptr<AlgorithmContextView>>(
      m, "AlgorithmContext", "What a Python algorithm's start() receives.")
      .def_readonly("problem", &AlgorithmContextView::problem)
      .def_readonly("rng", &AlgorithmContextView::rng)
      .def_property_readonly("oracle", [](const AlgorithmContextView& c) { return py::object(c.oracles[0]); })
      .def_readonly("oracles", &AlgorithmContextView::oracles)
      .def_readonly("truth", &AlgorithmContextView::truth)
      .def_readonly("budget", &AlgorithmContextView::budget,
                    "[run] budget T in the fixed-budget setting (the run ends after T samples), else 0")
      .def_property_readonly("tracing", [](const AlgorithmContextView& c) { return c.trace != nullptr; })
      .def("trace",
           [](const AlgorithmContextView& c, const std::string& name, double value) {
             if (c.trace && *c.alive) c.trace->record(name, value);
           },
           py::arg("name"), py::arg("value"),
           "emit a per-round value (kept only when the pipeline sets [run] trace-file)");

  py::class_<EnvironmentContextView>(m, "EnvironmentContext", "What a Python environment's start() receives.")
      .def_property_readonly("seed",
                             [](const EnvironmentContextView& c) {
                               return py::make_tuple(c.seed.seed, c.seed.point, c.seed.repetition);
                             })
      .def("stream",
           [](const EnvironmentContextView& c, const std::string& role, std::uint64_t index) {
             return RandomStream(c.seed, parse_stream_role(role), index);
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
}

}  // namespace

void bind_types(py::module_& m) {
  bind_reward_types(m);
  bind_problem(m);
  bind_streams_and_oracles(m);
  bind_contexts(m);
}

}  // namespace cpex::python
