// Run results read back for reports: the rows of one or more results files (the CSV of
// `--out FILE.csv`, or the SQLite store's `runs` table), every cell as text, with the
// derived columns a report groups by (`status`, `resolved.NAME`, tags of the input).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cpex::inline runtime::report {

// One results file and the constant columns added to its rows: `PATH` or
// `PATH::KEY=VALUE,KEY=VALUE` on the command line.
struct ResultsInput {
  std::string path;
  std::vector<std::pair<std::string, std::string>> tags;
};

// Parses `PATH[::KEY=VALUE,...]`; throws Error naming the argument if a tag is malformed.
ResultsInput parse_results_argument(const std::string& argument);

struct ResultsTable {
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;  // one cell per column; "" where absent
  // The sweep axes of the inputs (the columns between `point` and `algorithm`), then the
  // tag keys, in first-seen order.
  std::vector<std::string> swept;
  // Display names from the stores' meta (the [labels] section of their pipelines: a key or
  // a value, and its name), in input order; and the (algorithm, point) pairs their sweeps
  // skipped, one line each (docs/results.md, "Names" and "Mixed sweeps").
  std::vector<std::pair<std::string, std::string>> labels;
  std::vector<std::string> skipped;
  // Why runs have no lower bound, from the stores' meta: "FILE: points 0, 2 (kl-lucb): reason".
  std::vector<std::string> lower_bound_notes;

  std::optional<std::size_t> find(const std::string& name) const;
  // Index of `name`; throws Error listing the known columns if there is none.
  std::size_t column(const std::string& name) const;
};

// Reads every input (an SQLite file is recognized by its header, anything else is read as
// CSV) into one table whose columns are the union of the inputs' columns. Adds:
//  - `status` (stopped | capped | error) where a row has none: `stopped` = rule gives
//    stopped, any other `stopped` value capped;
//  - `resolved.NAME` for each parameter in `resolved` (`name=value;...` or a JSON object);
//  - the input's tags.
// Throws Error naming the file (and line) for an unreadable file, a malformed row, a
// missing required column (samples, stopped, correct, wall_time_s, algorithm) or an
// unknown status.
ResultsTable read_results(const std::vector<ResultsInput>& inputs);

}  // namespace cpex::runtime::report
