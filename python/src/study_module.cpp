// cpex._core's study functions (python/cpex/study.py builds cpex.Study on them): the study
// library of the command line (framework/src/study/) with the module's registry. The GIL is
// released while a study works (a write may wait for another process's transaction).
// Answers travel as the JSON of `cpex study ... --json` / the HTTP server, so the three
// front ends return the same fields.
#include "study_module.hpp"

#include <pybind11/stl.h>

#include <memory>

#include "cpex/study/simulate.hpp"
#include "cpex/study/study.hpp"
#include "cpex/study/study_json.hpp"
#include "cpex/study/study_spec.hpp"
#include "session.hpp"

namespace py = pybind11;

namespace cpex::python {

namespace {

PipelineFile pipeline_of(const std::string& path, const std::string& text, bool read_file,
                         const std::vector<std::string>& overrides) {
  PipelineFile file = read_file ? PipelineFile::read(path) : PipelineFile::from_text(text, path);
  for (const auto& assignment : overrides) file.apply_override(assignment);
  return file;
}

// A refused tell as cpex.Error with the input's place ("line 3: ..." / "tell 2: ...").
template <typename Body>
auto refusing(Body body) {
  try {
    return body();
  } catch (const study::TellError& e) {
    throw Error(std::string("nothing taken: ") + e.what());
  }
}

}  // namespace

void bind_study(py::module_& m) {
  using study::Study;
  m.def("study_check_arm_names", [](const std::vector<std::string>& names) { study::check_arm_names(names); },
        py::arg("names"));
  m.def(
      "study_create",
      [](const std::string& study_path, const std::string& path, const std::string& text, bool read_file,
         const std::vector<std::string>& overrides) {
        Registry& reg = registry();
        py::gil_scoped_release release;
        Study::create(study_path, pipeline_of(path, text, read_file, overrides), reg);
      },
      py::arg("study"), py::arg("path"), py::arg("text"), py::arg("read_file"), py::arg("overrides"));

  py::class_<Study>(m, "StudyHandle")
      .def(py::init([](const std::string& path) {
             Registry& reg = registry();
             py::gil_scoped_release release;
             return std::make_unique<Study>(path, reg);
           }),
           py::arg("path"))
      .def_property_readonly("arms", &Study::arms)
      .def_property_readonly("path", &Study::path)
      .def_property_readonly("policy", [](Study& s) { return s.meta().at("policy"); })
      .def_property_readonly("limits",
                             [](Study& s) {
                               const study::StudyLimits& l = s.limits();
                               py::dict out;
                               out["ask_limit"] = l.ask_limit;
                               out["pending_limit"] = l.pending_limit;
                               out["body_limit"] = l.body_limit;
                               out["pending_timeout"] = l.pending_timeout;
                               return out;
                             })
      .def("ask_json",
           [](Study& s, std::int64_t count, bool pending) {
             py::gil_scoped_release release;
             if (!pending && (count < 1 || static_cast<std::uint64_t>(count) > s.limits().ask_limit))
               throw study::Refusal("ask(" + std::to_string(count) + "): an ask requests 1 to " +
                                    std::to_string(s.limits().ask_limit) + " pulls ([study] ask-limit)");
             const auto asked = pending ? s.pending() : s.ask(static_cast<std::size_t>(count));
             return study::asks_json(s, asked, s.driver(), pending ? 0 : static_cast<std::size_t>(count)).dump();
           },
           py::arg("count"), py::arg("pending"))
      .def("tell_json",
           [](Study& s, const std::string& lines, bool unasked) {
             py::gil_scoped_release release;
             if (lines.size() > s.limits().body_limit)
               throw study::Refusal("a batch of " + std::to_string(lines.size() >> 20) + " MiB is more than the " +
                                    std::to_string(s.limits().body_limit >> 20) +
                                    " MiB of [study] body-limit: tell it in smaller batches");
             return refusing([&] {
               const auto outcome = s.tell(study::parse_tells(lines), unasked);
               return study::tell_json(outcome, s, s.driver()).dump();
             });
           },
           py::arg("lines"), py::arg("unasked"))
      .def("log_json",
           [](Study& s, std::int64_t after, std::size_t limit) {
             py::gil_scoped_release release;
             return study::log_json(s, s.log(after, limit)).dump();
           },
           py::arg("after"), py::arg("limit"))
      .def("status_json",
           [](Study& s) {
             py::gil_scoped_release release;
             return study::status_json(s.status()).dump();
           })
      .def("status_text",
           [](Study& s) {
             py::gil_scoped_release release;
             return study::status_text(s.status());
           })
      .def("simulate_json",
           [](Study& s, const std::string& path, const std::string& text, bool read_file, std::size_t batch,
              std::uint64_t delay) {
             Registry& reg = registry();
             py::gil_scoped_release release;
             study::SimulateOptions options;
             options.batch = batch;
             options.delay = delay;
             return study::simulate_json(study::simulate(s, pipeline_of(path, text, read_file, {}), reg, options))
                 .dump();
           },
           py::arg("path"), py::arg("text"), py::arg("read_file"), py::arg("batch"), py::arg("delay") = 0);
}

}  // namespace cpex::python
