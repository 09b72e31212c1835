// cpex.run / cpex.sweep from Python: the host's own run_pipeline (framework/host, the code
// behind `cpex run` and `cpex sweep`) with the pipeline in memory, on an engine thread,
// while the calling thread waits without the GIL and looks every 100 ms for signals
// (Ctrl-C stops the runs cleanly; finished runs are kept) and reports progress.
#pragma once

#include <string>
#include <vector>

#include <pybind11/pybind11.h>

namespace cpex::python {

struct RunRequest {
  std::string path;  // the pipeline file, or the name of an in-memory pipeline
  std::string text;  // the INI text, unless read_file
  bool read_file = false;  // read the pipeline from `path`, as `cpex run PATH` does
  bool on_disk = false;    // `path` is a real file (an input no output may overwrite)
  std::vector<std::string> overrides;  // "section.key=value", as --set
  bool sweep = false;
  int threads = 0;
  std::string out;  // as --out; empty: none
  bool force = false, force_new = false;
  bool strict = false;  // as --strict: a mixed sweep refuses a pair that does not fit
  std::string shard;  // "I/N" or empty
  bool collect = true;  // keep every row (typed columns) for the returned frame
  std::string command_line;
};

// Runs the request. Returns {"status": exit status of `cpex run` (0, 3 some runs failed,
// 130 interrupted), "columns" (the rows as typed columns: TypedRows::columns), "summary" (the
// --json summary), "message" (the closing line), "delivered", "selected", "total_runs",
// "python_plugins", "interrupt" (the exception a signal raised, or None)}. Errors before
// the first run raise the cpex.Error subclasses. `progress(done, total)` is called from
// the calling thread (None: no progress).
pybind11::dict execute(const RunRequest& request, const pybind11::object& progress);

}  // namespace cpex::python
