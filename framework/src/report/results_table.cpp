// Results files merged into one table with the columns a report groups by.
#include "cpex/report/results_table.hpp"

#include <algorithm>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "cpex/errors.hpp"
#include "cpex/results/run_result.hpp"
#include "cpex/results/result_columns.hpp"
#include "cpex/suggest.hpp"
#include "raw_results.hpp"

namespace cpex::inline runtime::report {

namespace {

// Columns without which no summary can be made (`optimal` and `status` are optional:
// results written before them).
const std::string_view kRequired[] = {columns::samples, columns::stopped, columns::correct,
                                      columns::wall_time_s, columns::algorithm};

// `name=value;...` (today's CSV) or a JSON object (the store, and later CSVs).
std::vector<std::pair<std::string, std::string>> parse_resolved(const std::string& text,
                                                                const std::string& where) {
  std::vector<std::pair<std::string, std::string>> params;
  if (text.empty()) return params;
  if (text.front() == '{') {
    nlohmann::json object;
    try {
      object = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception&) {
      throw Error(where + ": column 'resolved' is not a JSON object: '" + text + "'");
    }
    if (!object.is_object())
      throw Error(where + ": column 'resolved' is not a JSON object: '" + text + "'");
    for (const auto& [name, value] : object.items())
      params.emplace_back(name, value.is_string() ? value.get<std::string>() : value.dump());
    return params;
  }
  std::size_t begin = 0;
  while (begin <= text.size()) {
    const std::size_t end = std::min(text.find(';', begin), text.size());
    const std::string item = text.substr(begin, end - begin);
    if (!item.empty()) {
      const std::size_t eq = item.find('=');
      if (eq == std::string::npos || eq == 0)
        throw Error(where + ": column 'resolved': '" + item + "' is not name=value");
      params.emplace_back(item.substr(0, eq), item.substr(eq + 1));
    }
    begin = end + 1;
  }
  return params;
}

class TableBuilder {
 public:
  explicit TableBuilder(ResultsTable& table) : table_(table) {}

  std::size_t column(const std::string& name) {
    if (auto found = table_.find(name)) return *found;
    table_.columns.push_back(name);
    for (auto& row : table_.rows) row.emplace_back();
    return table_.columns.size() - 1;
  }

  void add_swept(const std::string& name) {
    if (std::find(table_.swept.begin(), table_.swept.end(), name) == table_.swept.end())
      table_.swept.push_back(name);
  }

  void add(const ResultsInput& input, const RawResults& raw) {
    for (const auto name : kRequired)
      if (std::find(raw.columns.begin(), raw.columns.end(), name) == raw.columns.end())
        throw Error(input.path + ": no column '" + std::string(name) + "' (not a cpex results file?)");
    // The sweep axes sit between the fixed columns around CPEX_RESULT_AXES().
    const auto before = std::find(raw.columns.begin(), raw.columns.end(), kResultColumns[kAxesAt - 1].name);
    const auto after = std::find(raw.columns.begin(), raw.columns.end(), kResultColumns[kAxesAt].name);
    if (before != raw.columns.end() && before < after)
      for (auto it = before + 1; it != after; ++it) add_swept(*it);
    for (const auto& [key, value] : input.tags) add_swept(key);
    table_.labels.insert(table_.labels.end(), raw.labels.begin(), raw.labels.end());
    for (const auto& line : raw.skipped) table_.skipped.push_back(input.path + ": " + line);
    for (const auto& line : raw.lower_bound_notes) table_.lower_bound_notes.push_back(input.path + ": " + line);

    std::vector<std::size_t> target;
    for (const auto& name : raw.columns) target.push_back(column(name));
    const std::size_t status = column(std::string(columns::status));
    const std::size_t stopped = column(std::string(columns::stopped));
    const auto resolved = std::find(raw.columns.begin(), raw.columns.end(), columns::resolved);

    for (std::size_t r = 0; r < raw.rows.size(); ++r) {
      const std::string where =
          input.path + (raw.lines[r] ? ":" + std::to_string(raw.lines[r]) : " row " + std::to_string(r + 1));
      table_.rows.emplace_back(table_.columns.size());
      auto& row = table_.rows.back();
      for (std::size_t c = 0; c < raw.columns.size(); ++c) row[target[c]] = raw.rows[r][c];
      if (row[status].empty()) row[status] = status_of_stopped(row[stopped]);
      if (!run_end_of_status(row[status]))
        throw Error(where + ": unknown status '" + row[status] + "' (" + status_texts() + ")");
      if (resolved != raw.columns.end()) {
        const auto params = parse_resolved(raw.rows[r][static_cast<std::size_t>(resolved - raw.columns.begin())], where);
        for (const auto& [name, value] : params) {
          const std::size_t c = column("resolved." + name);
          table_.rows.back()[c] = value;
        }
      }
      for (const auto& [key, value] : input.tags) {
        const std::size_t c = column(key);
        table_.rows.back()[c] = value;
      }
    }
  }

 private:
  ResultsTable& table_;
};

}  // namespace

ResultsInput parse_results_argument(const std::string& argument) {
  ResultsInput input;
  const std::size_t split = argument.find("::");
  input.path = argument.substr(0, split);
  if (split == std::string::npos) return input;
  std::size_t begin = split + 2;
  while (begin <= argument.size()) {
    const std::size_t end = std::min(argument.find(',', begin), argument.size());
    const std::string item = argument.substr(begin, end - begin);
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Error("results argument '" + argument + "': tag '" + item + "' is not KEY=VALUE");
    input.tags.emplace_back(item.substr(0, eq), item.substr(eq + 1));
    begin = end + 1;
  }
  return input;
}

std::optional<std::size_t> ResultsTable::find(const std::string& name) const {
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (columns[i] == name) return i;
  return std::nullopt;
}

std::size_t ResultsTable::column(const std::string& name) const {
  if (auto found = find(name)) return *found;
  std::string known;
  for (const auto& c : columns) known += (known.empty() ? "" : ", ") + c;
  throw Error("no column '" + name + "' in the results" + did_you_mean(name, columns) +
              " (columns: " + known + ")");
}

// Only regular files are opened: a FIFO would block in open(), a device such as /dev/zero
// would stream forever, a directory would read as empty. CSVs are read whole, so their
// size is bounded too.
static void check_results_file(const std::string& path) {
  constexpr std::uintmax_t kMaxResultsCsvBytes = std::uintmax_t{4} << 30;  // 4 GiB
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) throw Error("cannot read results file '" + path + "': no such file");
  if (!std::filesystem::is_regular_file(status))
    throw Error("results file '" + path + "' is not a regular file but a " +
                (std::filesystem::is_directory(status) ? std::string("directory")
                 : std::filesystem::is_fifo(status)    ? std::string("FIFO")
                                                        : std::string("special file")));
  const auto size = std::filesystem::file_size(path, ec);
  if (!ec && size > kMaxResultsCsvBytes && !is_sqlite_file(path))
    throw Error("results file '" + path + "' has " + std::to_string(size) +
                " bytes, more than the limit of 4 GiB for a CSV (use a .db store: cpex sweep --out FILE.db)");
}

ResultsTable read_results(const std::vector<ResultsInput>& inputs) {
  ResultsTable table;
  TableBuilder builder(table);
  for (const auto& input : inputs) {
    check_results_file(input.path);
    builder.add(input, is_sqlite_file(input.path) ? read_results_store(input.path)
                                                  : read_results_csv(input.path));
  }
  return table;
}

}  // namespace cpex::runtime::report
