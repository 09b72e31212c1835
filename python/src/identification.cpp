// The identification API from Python (cpex.Problem, cpex.hardness, cpex.threshold): the SDK's
// PosedProblem (cpex/identification/posed_problem.hpp) posed from names or from a pipeline
// (the runtime's pipeline_problem, as `cpex hardness` poses it), and the runtime's
// hardness_report. The numbers are the C++ API's: nothing is computed here.
#include "identification.hpp"

#include <pybind11/stl.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cpex/errors.hpp"
#include "cpex/identification/posed_problem.hpp"
#include "cpex/runtime/hardness.hpp"
#include "cpex/runtime/pipeline_file.hpp"
#include "pipelines.hpp"
#include "session.hpp"

namespace py = pybind11;

namespace cpex::python {

namespace {

using identification::PosedProblem;

// A problem with what it needs alive (the pipeline's oracle, for matroids and listed classes).
struct PythonProblem {
  std::shared_ptr<runtime::PipelineProblem> pipeline;  // null when posed from names
  std::shared_ptr<PosedProblem> problem;
  const PosedProblem& get() const { return pipeline ? *pipeline->problem : *problem; }
};

// std::invalid_argument (a bad argument of the API) as cpex.ParameterError-free ValueError.
template <class F>
auto checked(F f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

py::dict decision(const Decision& d) {
  py::dict out;
  out["arms"] = d.arms;
  if (!d.values.empty()) out["values"] = d.values;
  return out;
}

}  // namespace

void bind_identification(py::module_& m) {
  py::class_<PythonProblem>(m, "IdentificationProblem",
                            "An identification problem (cpex/identification/posed_problem.hpp); use cpex.Problem.")
      .def_static(
          "from_names",
          [](std::size_t arms, const std::string& family, double sigma, std::vector<double> variances,
             const std::string& query, std::size_t m_, double epsilon, bool relative, double tau) {
            const identification::ProblemSpec spec{.arms = arms, .family = family, .sigma = sigma,
                                                   .variances = std::move(variances), .query = query,
                                                   .m = m_, .epsilon = epsilon, .relative = relative,
                                                   .tau = tau};
            return checked([&] {
              return PythonProblem{nullptr, std::make_shared<PosedProblem>(PosedProblem::from_names(spec))};
            });
          },
          py::arg("arms"), py::arg("family"), py::arg("sigma"), py::arg("variances"), py::arg("query"),
          py::arg("m"), py::arg("epsilon"), py::arg("relative"), py::arg("tau"))
      .def_static(
          "from_pipeline",
          [](const std::string& path, const std::string& text, bool read_file, const std::vector<std::string>& overrides) {
            PipelineFile file = read_pipeline(path, text, read_file);
            std::shared_ptr<runtime::PipelineProblem> p;
            {
              py::gil_scoped_release release;  // Python plugins take the GIL in their calls
              p = runtime::pipeline_problem(registry(), std::move(file), overrides);
            }
            return PythonProblem{std::move(p), nullptr};
          },
          py::arg("path"), py::arg("text"), py::arg("read_file"), py::arg("overrides"))
      .def_property_readonly("name", [](const PythonProblem& p) { return p.get().name(); })
      .def_property_readonly("arms", [](const PythonProblem& p) { return p.get().arms(); })
      .def_property_readonly("family", [](const PythonProblem& p) { return std::string(p.get().families().front().name()); })
      .def_property_readonly("truth",
                             [](const PythonProblem& p) -> py::object {
                               if (!p.pipeline) return py::none();
                               return py::cast(p.pipeline->truth);
                             })
      .def("answer", [](const PythonProblem& p, const std::vector<double>& mu) {
        return checked([&] { return p.get().answer(mu).arms; });
      })
      .def("answer_decision", [](const PythonProblem& p, const std::vector<double>& mu) {
        return checked([&] { return decision(p.get().answer(mu)); });
      })
      .def("correct",
           [](const PythonProblem& p, const std::vector<double>& mu, std::vector<std::size_t> arms) {
             Decision d;
             d.arms = std::move(arms);
             return checked([&] { return p.get().correct(mu, d); });
           })
      .def("pieces", [](const PythonProblem& p, const std::vector<double>& mu) {
        return checked([&] { return p.get().pieces(mu); });
      })
      .def(
          "glr",
          [](const PythonProblem& p, const std::vector<double>& mu, const std::vector<double>& counts, bool every_piece,
             const std::vector<double>& variances) {
            const identification::GlrStatistic g = checked([&] { return p.get().glr(mu, counts, every_piece, variances); });
            py::dict out;
            out["statistic"] = g.statistic;
            out["answer"] = g.answer.arms;
            out["piece"] = g.piece;
            out["arms"] = g.arms;
            out["alternative"] = g.alternative;
            if (every_piece) {
              py::list pieces;
              for (const auto& piece : g.pieces) {
                py::dict d;
                d["index"] = piece.index;
                d["arms"] = piece.arms;
                d["point"] = piece.point;
                d["cost"] = piece.cost;
                pieces.append(d);
              }
              out["pieces"] = pieces;
            }
            return out;
          },
          py::arg("means"), py::arg("counts"), py::arg("every_piece") = false,
          py::arg("variances") = std::vector<double>{})
      .def("characteristic_time",
           [](const PythonProblem& p, const std::vector<double>& mu) {
             const identification::CharacteristicTime t = checked([&] { return p.get().characteristic_time(mu); });
             return py::dict(py::arg("T_star") = t.time, py::arg("w_star") = t.weights,
                             py::arg("answer") = t.answer.arms, py::arg("lower") = t.lower,
                             py::arg("upper") = t.upper, py::arg("relative_gap") = t.relative_gap,
                             py::arg("iterations") = t.iterations, py::arg("method") = t.method);
           })
      .def("optimal_weights", [](const PythonProblem& p, const std::vector<double>& mu) {
        return checked([&] { return p.get().optimal_weights(mu); });
      })
      .def(
          "threshold",
          [](const PythonProblem& p, const std::string& name, std::uint64_t t, double delta,
             const std::vector<double>& mu, std::size_t size) {
            return checked([&] { return p.get().threshold(name, t, delta, mu, size); });
          },
          py::arg("name"), py::arg("t"), py::arg("delta"), py::arg("means") = std::vector<double>{},
          py::arg("size") = 1);
  m.def(
      "stopping_threshold",
      [](const std::string& name, std::uint64_t t, double delta, std::size_t pieces, std::size_t size) {
        return checked([&] { return identification::stopping_threshold(name, t, delta, pieces, size); });
      },
      py::arg("name"), py::arg("t"), py::arg("delta"), py::arg("pieces"), py::arg("size") = 1);
  m.def(
      "hardness",
      [](const std::string& path, const std::string& text, bool read_file, const std::vector<std::string>& overrides) {
        PipelineFile file = read_pipeline(path, text, read_file);
        runtime::HardnessReport report;
        {
          py::gil_scoped_release release;
          report = runtime::hardness_report(registry(), std::move(file), overrides);
        }
        return report.json;
      },
      py::arg("path"), py::arg("text"), py::arg("read_file"), py::arg("overrides"));
}

}  // namespace cpex::python
