// `cpex leaderboard` (leaderboard_command.hpp): each (instance, algorithm, delta) cell is one
// pipeline — the instance's file of the suite with [algorithm] plugin and delta set, its own
// [sweep] dropped, quick: kQuickRuns repetitions — written beside its results store in the
// store directory (STORE/INSTANCE/ALGORITHM@DELTA.ini and .db) and run by `cpex run`'s own code
// (run_pipeline: a finished store is resumed, so a second call only reads). Every algorithm
// of an instance sees the same instance and noise (the seed and the point's stream key ignore
// [algorithm]). The cells are then read back and summarized by the report layer
// (report::summarize_groups): samples / (T*(mu) log(1/delta)) is its lower_bound_ratio with the
// bootstrap interval, never a statistic of this file's own. The suite's files are installed
// beside the program (<prefix>/share/cpex/leaderboard/, copied from pipelines/leaderboard/).
#include "leaderboard_command.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <sstream>

#include "cpex/errors.hpp"
#include "cpex/report/group_summary.hpp"
#include "cpex/report/results_table.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/runtime/run_pipeline.hpp"
#include "cpex/runtime/sweep.hpp"
#include "cpex/suggest.hpp"

namespace cpex::host {

namespace {

namespace fs = std::filesystem;

// Runs per cell with --quick (the files' own counts otherwise: 100, 50 for K = 50, 10 for K = 1,000).
constexpr int kQuickRuns = 10;

// One cell's outcome.
struct Cell {
  bool ran = false;
  std::string refused;  // why the algorithm does not take the instance
  Summary summary;
};

struct Row {
  std::string instance, algorithm;
  std::vector<Cell> cells;  // one per delta
};

fs::path suite_directory() {
  std::error_code ec;
  const fs::path program = fs::read_symlink("/proc/self/exe", ec);
  const fs::path dir = program.parent_path().parent_path() / "share" / "cpex" / "leaderboard";
  if (ec || !fs::is_directory(dir, ec))
    throw Error("cpex leaderboard: the suite's pipelines are missing (" + dir.string() +
                "): build or install CPEx whole");
  return dir;
}

// The [algorithm] plugins of the instance's own sweep axis (its default field).
std::vector<std::string> own_algorithms(const PipelineFile& file) {
  for (const SweepAxis& axis : read_axes(file))
    if (axis.keys.size() == 1 && axis.keys.front() == "algorithm.plugin") {
      std::vector<std::string> out;
      for (const auto& tuple : axis.values) out.push_back(tuple.front());
      return out;
    }
  const auto plugin = file.get("algorithm", "plugin");
  return plugin ? std::vector<std::string>{*plugin} : std::vector<std::string>{};
}

// The cell's pipeline text: the instance with [algorithm] plugin and delta set, no sweep, and
// of the [algorithm.NAME] blocks only the cell's algorithm's (a block of another algorithm is
// refused when its plugin is not in the pipeline).
std::string cell_text(PipelineFile file, const std::string& algorithm, const std::string& delta, bool quick) {
  file.set("algorithm", "plugin", algorithm, "cpex leaderboard", "");
  file.set("algorithm", "delta", delta, "cpex leaderboard", "");
  if (quick) file.set("run", "repetitions", std::to_string(kQuickRuns), "cpex leaderboard", "");
  std::string text;
  for (const std::string& section : file.sections()) {
    if (section == "sweep") continue;
    text += "[" + section + "]\n";
    for (const auto& entry : file.section(section)) {
      const std::size_t dot = entry.key.find('.');
      if (section == "algorithm" && dot != std::string::npos && entry.key.substr(0, dot) != algorithm) continue;
      text += entry.key + " = " + entry.value + "\n";
    }
  }
  return text;
}

// Runs one cell into its store (resumed when it exists), its summary silenced.
Cell run_cell(const Registry& registry, const fs::path& ini, const std::string& text, const LeaderboardOptions& o) {
  Cell cell;
  {
    std::ofstream out(ini, std::ios::trunc);
    out << "# Written by cpex leaderboard: one cell of the leaderboard (its results: the .db beside).\n" << text;
    if (!out) throw Error("cpex leaderboard: cannot write '" + ini.string() + "'");
  }
  try {
    assemble(PipelineFile::read(ini.string()), registry);
  } catch (const Error& e) {
    cell.refused = e.what();
    return cell;
  }
  RunOptions run;
  run.out = fs::path(ini).replace_extension(".db").string();
  run.threads = o.threads;
  run.quiet = !o.progress;
  run.progress = o.progress;
  run.command_line = o.command_line;
  std::ostringstream silenced;
  std::streambuf* const saved = std::cout.rdbuf(silenced.rdbuf());
  int status = 0;
  try {
    status = run_pipeline(registry, ini.string(), run, false);
  } catch (...) {
    std::cout.rdbuf(saved);
    throw;
  }
  std::cout.rdbuf(saved);
  if (status != 0 && status != kExitRunsFailed)
    throw Error("cpex leaderboard: " + ini.string() + " ended with status " + std::to_string(status));
  const report::ResultsTable table = report::read_results({{run.out, {}}});
  const report::GroupedReport grouped = report::summarize_groups(table, {"algorithm"});
  if (grouped.groups.empty()) throw Error("cpex leaderboard: " + run.out + " holds no run");
  cell.summary = grouped.groups.front();
  cell.ran = true;
  return cell;
}

std::vector<std::string> split_list(const std::vector<std::string>& values) {
  std::vector<std::string> out;
  for (const std::string& value : values) {
    std::stringstream in(value);
    for (std::string item; std::getline(in, item, ',');) {
      item.erase(0, item.find_first_not_of(" \t"));
      item.erase(item.find_last_not_of(" \t") + 1);
      if (!item.empty()) out.push_back(item);
    }
  }
  return out;
}

std::string fixed(double x, int digits = 2) {
  if (!std::isfinite(x)) return "-";
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << x;
  return out.str();
}

std::string seconds_text(double s) {
  if (!std::isfinite(s)) return "-";
  std::ostringstream out;
  out << std::setprecision(3);
  if (s >= 1e-3)
    out << 1e3 * s << " ms";
  else
    out << 1e6 * s << " us";
  return out.str();
}

// The ratio's cell text: "1.12 [1.05, 1.20]" (and the capped runs), or why there is none.
std::string ratio_text(const Cell& cell) {
  if (!cell.refused.empty()) return "refused";
  if (!cell.ran) return "-";
  const Summary& s = cell.summary;
  if (s.lower_bound_runs == 0) return s.capped ? "all capped" : "-";
  std::string text = fixed(s.lower_bound_ratio) + " [" + fixed(s.lower_bound_ratio_ci95_bootstrap.lower) + ", " +
                     fixed(s.lower_bound_ratio_ci95_bootstrap.upper) + "]";
  if (s.capped) text += " (" + std::to_string(s.capped) + " capped)";
  return text;
}

// The stopping-time tail at the last delta: the 99th percentile of samples / (T*(mu)
// log(1/delta)) and the runs beyond 10 ("1.62 (0/1000 > 10x)"), "≥ " when capped runs
// (counted at their cap) are among them; "-" without runs that have a lower bound.
std::string tail_text(const Cell& cell) {
  if (!cell.ran || cell.summary.tail_runs == 0) return "-";
  const Summary& s = cell.summary;
  return (s.tail_capped ? "≥ " : "") + fixed(s.lower_bound_ratio_p99) + " (" + std::to_string(s.beyond_10) + "/" +
         std::to_string(s.tail_runs) + " > 10x)";
}

double ratio_of(const Cell& cell) {
  return cell.ran && cell.summary.lower_bound_runs > 0 ? cell.summary.lower_bound_ratio
                                                       : std::numeric_limits<double>::infinity();
}

// "1e-6" as "10^{-6}" (any other form as written), for a LaTeX header.
std::string latex_delta(const std::string& delta) {
  if (delta.size() > 2 && delta.compare(0, 2, "1e") == 0) return "10^{" + delta.substr(2) + "}";
  return delta;
}

std::string latex_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '_' || c == '&' || c == '%' || c == '#' || c == '$') out += '\\';
    out += c;
  }
  return out;
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

void print_table(const std::vector<Row>& rows, const std::vector<std::string>& deltas, const std::string& format) {
  std::vector<std::string> header = {"instance", "algorithm"};
  for (const std::string& d : deltas) header.push_back("delta = " + d);
  header.push_back("p99 (delta = " + deltas.back() + ")");
  header.push_back("wrong (ended)");
  header.push_back("CPU per run");
  header.push_back("CPU per sample");
  std::vector<std::vector<std::string>> table;
  for (const Row& row : rows) {
    std::vector<std::string> line = {row.instance, row.algorithm};
    std::string wrong;
    for (const Cell& cell : row.cells) {
      line.push_back(ratio_text(cell));
      wrong += (wrong.empty() ? "" : ", ") +
               (cell.ran ? std::to_string(cell.summary.wrong) + "/" + std::to_string(cell.summary.ended) : "-");
    }
    const Cell& last = row.cells.back();
    line.push_back(tail_text(last));
    line.push_back(wrong);
    const double per_run = last.ran ? last.summary.mean_wall_time_s : std::nan("");
    const double per_sample =
        last.ran && last.summary.mean_samples > 0 ? per_run / last.summary.mean_samples : std::nan("");
    line.push_back(seconds_text(per_run));
    line.push_back(seconds_text(per_sample));
    table.push_back(line);
  }
  if (format == "csv") {
    for (std::size_t i = 0; i < header.size(); ++i) std::cout << (i ? "," : "") << csv_field(header[i]);
    std::cout << '\n';
    for (const auto& line : table) {
      for (std::size_t i = 0; i < line.size(); ++i) std::cout << (i ? "," : "") << csv_field(line[i]);
      std::cout << '\n';
    }
    return;
  }
  if (format == "md") {
    std::cout << "|";
    for (const auto& h : header) std::cout << ' ' << h << " |";
    std::cout << "\n|";
    for (std::size_t i = 0; i < header.size(); ++i) std::cout << " --- |";
    std::cout << '\n';
    for (const auto& line : table) {
      std::cout << "|";
      for (const auto& cell : line) std::cout << ' ' << cell << " |";
      std::cout << '\n';
    }
    return;
  }
  if (format == "latex") {
    std::cout << "\\begin{tabular}{ll" << std::string(header.size() - 2, 'r') << "}\n\\hline\n";
    for (std::size_t i = 0; i < header.size(); ++i)
      std::cout << (i ? " & " : "") << (i >= 2 && i - 2 < deltas.size() ? "$\\delta = " + latex_delta(deltas[i - 2]) + "$"
                                                                       : latex_escape(header[i]));
    std::cout << " \\\\\n\\hline\n";
    for (const auto& line : table) {
      for (std::size_t i = 0; i < line.size(); ++i) std::cout << (i ? " & " : "") << latex_escape(line[i]);
      std::cout << " \\\\\n";
    }
    std::cout << "\\hline\n\\end{tabular}\n";
    return;
  }
  std::vector<std::size_t> width(header.size(), 0);
  for (std::size_t i = 0; i < header.size(); ++i) width[i] = header[i].size();
  for (const auto& line : table)
    for (std::size_t i = 0; i < line.size(); ++i) width[i] = std::max(width[i], line[i].size());
  const auto print = [&](const std::vector<std::string>& line) {
    for (std::size_t i = 0; i < line.size(); ++i)
      std::cout << (i ? "  " : "") << std::left << std::setw(static_cast<int>(width[i])) << line[i];
    std::cout << '\n';
  };
  print(header);
  for (const auto& line : table) print(line);
}

}  // namespace

const std::vector<std::string>& leaderboard_instances() {
  // scripts/leaderboard.py's SUITE, in its order.
  static const std::vector<std::string> instances = {"gk-mu1",    "gk-mu2",  "top-m",    "epsilon-good",
                                                     "threshold", "poisson", "low-mean", "large-k",
                                                     "pareto",    "constrained", "good-arm", "large-k-1000"};
  return instances;
}

int leaderboard_command(const Registry& registry, const LeaderboardOptions& o) {
  if (o.format != "text" && o.format != "md" && o.format != "latex" && o.format != "csv")
    throw ConfigError("cpex leaderboard: unknown --format '" + o.format + "' (text, md, latex, csv)");
  std::vector<std::string> instances = split_list(o.instances);
  if (instances.empty()) instances = leaderboard_instances();
  for (const std::string& instance : instances)
    if (std::find(leaderboard_instances().begin(), leaderboard_instances().end(), instance) ==
        leaderboard_instances().end())
      throw ConfigError("cpex leaderboard: unknown instance '" + instance + "'" +
                        did_you_mean(instance, leaderboard_instances()) + " (gk-mu1, gk-mu2, top-m, epsilon-good, "
                        "threshold, poisson, low-mean, large-k, pareto, constrained, good-arm, large-k-1000)");
  std::vector<std::string> deltas = split_list(o.deltas);
  if (deltas.empty()) deltas = o.quick ? std::vector<std::string>{"1e-2"} : std::vector<std::string>{"1e-2", "1e-6"};
  for (const std::string& d : deltas) {
    char* end = nullptr;
    const double value = std::strtod(d.c_str(), &end);
    if (end == d.c_str() || *end != '\0' || !(value > 0.0 && value < 1.0))
      throw ConfigError("cpex leaderboard: --deltas '" + d + "' is not a number in (0, 1)");
  }
  const std::vector<std::string> algorithms = split_list(o.algorithms);
  for (const std::string& a : algorithms)
    if (!registry.find(a) && a.find('@') == std::string::npos)
      throw ConfigError("cpex leaderboard: unknown algorithm '" + a + "' (is its --plugin-path given?)");
  const fs::path suite = suite_directory();
  const fs::path store = o.out.empty() ? fs::path("leaderboard-store") : fs::path(o.out);
  std::vector<Row> rows;
  for (const std::string& instance : instances) {
    const PipelineFile file = PipelineFile::read((suite / (instance + ".ini")).string());
    const std::vector<std::string> field = algorithms.empty() ? own_algorithms(file) : algorithms;
    std::error_code ec;
    fs::create_directories(store / instance, ec);
    if (ec) throw Error("cpex leaderboard: cannot create '" + (store / instance).string() + "': " + ec.message());
    std::vector<Row> mine;
    for (const std::string& algorithm : field) {
      Row row{instance, algorithm, {}};
      for (const std::string& delta : deltas) {
        const fs::path ini = store / instance / (algorithm + "@" + delta + ".ini");
        row.cells.push_back(run_cell(registry, ini, cell_text(file, algorithm, delta, o.quick), o));
        if (!o.quiet)
          std::cerr << "leaderboard: " << instance << ", " << algorithm << ", delta " << delta << ": "
                    << ratio_text(row.cells.back()) << '\n';
      }
      mine.push_back(std::move(row));
    }
    // Ranked by the ratio at the last delta (the smallest), refused and capped rows last.
    std::stable_sort(mine.begin(), mine.end(),
                     [](const Row& a, const Row& b) { return ratio_of(a.cells.back()) < ratio_of(b.cells.back()); });
    for (auto& row : mine) rows.push_back(std::move(row));
  }
  print_table(rows, deltas, o.format);
  return 0;
}

}  // namespace cpex::host
