// Drawing a grouped report with matplotlib: the report's JSON goes to a temporary file
// that share/cpex/python/cpex/plot.py (found relative to the cpex executable) renders.
#pragma once

#include <string>
#include <vector>

#include "cpex/registry.hpp"
#include "cpex/report/group_summary.hpp"

namespace cpex::host {

struct PlotOptions {
  std::string file;                 // .svg, .png or .pdf
  std::string x;                    // grouping key on the x axis
  std::string y = "samples";        // samples | error-rate | wall
  std::vector<std::string> series;  // grouping keys that name a line
  bool logx = false, logy = false;
  bool share_y = false;             // one y range for every panel
  bool bars = false;                // grouped bars, x as categories
  std::vector<std::string> labels;  // KEY=TEXT: axis/legend text for a key (plot.py's --label)
  std::string title;
  // The plugins whose parameter roles name each group's target error (the y = delta line);
  // none: no line.
  const Registry* plugins = nullptr;
};

// Runs $CPEX_PYTHON (default /usr/bin/python3, else python3 on PATH) on the plotting script. Throws Error with one line:
// the script's own message, or which Debian package to install when Python 3 or
// matplotlib is missing. For the error-rate and not-optimal plots every group also carries
// "delta" (group_deltas, cpex/runtime/report_output.hpp), so that the script can draw the line y = delta.
void plot_report(const report::GroupedReport& report, const report::ResultsTable& table,
                 const PlotOptions& options);

}  // namespace cpex::host
