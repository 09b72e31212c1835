// `cpex report` from Python (see reporting.hpp).
#include "reporting.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cpex/report/group_summary.hpp"
#include "cpex/report/results_table.hpp"
#include "cpex/runtime/report_output.hpp"
#include "session.hpp"

namespace py = pybind11;

namespace cpex::python {

namespace {

// `cpex report INPUTS --by KEYS --format json` as text; `extra` keys are added to the
// grouping keys (--by, or the default ones), as `--plot --x KEY` adds its key. With
// `deltas`, each group carries "delta" as for `--plot --y error-rate`: its target errors,
// read by parameter role from the plugins this module has loaded (Python ones included).
std::string report_json_text(const std::vector<std::string>& inputs, const std::vector<std::string>& by,
                             const std::vector<std::string>& extra, bool deltas) {
  const Registry& plugins = registry();
  std::vector<report::ResultsInput> parsed;
  for (const auto& input : inputs) parsed.push_back(report::parse_results_argument(input));
  report::ResultsTable table;
  report::GroupedReport grouped;
  {
    py::gil_scoped_release release;
    table = report::read_results(parsed);
    std::vector<std::string> keys = by.empty() ? report::default_group_keys(table) : by;
    for (const auto& key : extra)
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
    grouped = report::summarize_groups(table, keys);
  }
  // The stores' [labels] travel in the JSON ("labels"), as cpex report --plot hands them on.
  auto json = runtime::report_json(grouped, runtime::report_labels(table, grouped.keys, {}));
  if (deltas) {
    const auto found = runtime::group_deltas(grouped, table, &plugins);
    for (std::size_t g = 0; g < found.size(); ++g) json["groups"][g]["delta"] = found[g];
  }
  return json.dump();
}

}  // namespace

void bind_reporting(py::module_& m) {
  m.def("report_json", &report_json_text, py::arg("inputs"), py::arg("by"), py::arg("extra"),
        py::arg("deltas") = false);
}

}  // namespace cpex::python
