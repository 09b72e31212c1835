// `cpex report`: reads results files, groups them and prints a table or draws a plot.
#include "report_command.hpp"

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"
#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/runtime/plugin_host.hpp"
#include "cpex/report/group_summary.hpp"
#include "cpex/report/results_table.hpp"
#include "cpex/runtime/option_errors.hpp"
#include "cpex/runtime/output_safety.hpp"
#include "cpex/runtime/report_output.hpp"
#include "report_plot.hpp"

namespace po = boost::program_options;

namespace cpex::host {

namespace {

const char* kReportUsage =
    "usage: cpex report RESULTS... [options]\n"
    "  RESULTS             a CSV from --out or an SQLite store; PATH::KEY=VALUE,... adds\n"
    "                      constant columns to that file's rows\n"
    "  --by KEY,...        group by these columns (default: every swept key and algorithm)\n"
    "  --format F          text (default), md, csv, json or latex (a booktabs table for\n"
    "                      \\input: the best mean per comparison in bold)\n"
    "  --columns KEY       pivot: one column per value of KEY, --y in each cell\n"
    "  --y METRIC          samples (default), error-rate, not-optimal, wall or lower-bound-ratio\n"
    "                      (samples / (T*(mu) log(1/delta)), the runs with a lower_bound)\n"
    "  --plot FILE         draw FILE.svg, .png or .pdf (needs python3-matplotlib)\n"
    "  --x KEY             the x axis of --plot (required with --plot)\n"
    "  --series KEY,...    one line per value of these keys (default: algorithm)\n"
    "  --logx, --logy      logarithmic axes\n"
    "  --share-y           one y range for every panel of --plot\n"
    "  --bars              --plot grouped bars (x as categories) instead of lines\n"
    "  --label NAME=TEXT   show a key (a column of the results) or a value (e.g. an\n"
    "                      algorithm top-two@t3c) as TEXT in tables and figures (repeatable;\n"
    "                      TEXT may hold LaTeX math: '$\\beta$-EB-TCI')\n"
    "  --labels FILE       the [labels] section of pipeline FILE, as --label items (a\n"
    "                      store carries its pipeline's own)\n"
    "  --title TEXT        the figure's title\n"
    "  --force             let --plot overwrite an existing file that is not a figure\n";

std::vector<std::string> split_keys(const std::string& text) {
  std::vector<std::string> keys;
  std::size_t begin = 0;
  while (begin <= text.size()) {
    const std::size_t end = std::min(text.find(',', begin), text.size());
    if (end > begin) keys.push_back(text.substr(begin, end - begin));
    begin = end + 1;
  }
  return keys;
}

void add_key(std::vector<std::string>& keys, const std::string& key) {
  if (!key.empty() && std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
}

// A message or value on one printable line (control bytes such as ESC or DEL in a file
// name or an option value shown as \xNN; cpex/messages.hpp).
std::string one_line(const std::string& text) { return printable_message(text); }

// Why groups have no lower-bound ratio, when the report shows ratios (--y lower-bound-ratio,
// or a table with the ratio column): the stores' reasons, else one line saying the rows
// carry no bound.
void note_missing_bounds(const report::ResultsTable& table, const report::GroupedReport& grouped,
                         bool ratio_metric) {
  std::size_t with = 0;
  for (const auto& g : grouped.groups) with += g.lower_bound_runs > 0 ? 1 : 0;
  const std::size_t without = grouped.groups.size() - with;
  if (without == 0 || (!ratio_metric && with == 0)) return;
  for (const auto& line : table.lower_bound_notes)
    std::cerr << "cpex: note: no lower bound for " << one_line(line) << '\n';
  if (table.lower_bound_notes.empty())
    std::cerr << "cpex: note: " << without << " of " << grouped.groups.size()
              << " groups have no lower bound: their runs carry none (fixed budget, failed or capped runs, "
                 "or no certified T* for the problem: cpex hardness on the pipeline shows T*; a store "
                 "records why)\n";
}

// One line per key the grouping pools over, naming its values (at most 12 of them).
void warn_pooled(const std::vector<report::PooledKey>& pooled) {
  for (const auto& p : pooled) {
    std::string values;
    for (std::size_t i = 0; i < p.values.size() && i < 12; ++i)
      values += (i ? ", " : "") + (p.values[i].empty() ? std::string("(empty)") : p.values[i]);
    if (p.values.size() > 12) values += ", ... (" + std::to_string(p.values.size()) + " values)";
    std::cerr << "cpex: warning: the groups pool runs over " << p.key << " = " << one_line(values)
              << " (add it to --by to keep them apart)\n";
  }
}

}  // namespace

int report_main(int argc, char** argv) {
  std::vector<std::string> inputs;
  std::string by, format_name = "text", pivot, metric_name = "samples", series = "algorithm", labels_file;
  PlotOptions plot;
  bool force = false;
  try {
    po::options_description described;
    described.add_options()("help,h", "")("by", po::value(&by), "")(
        "format", po::value(&format_name), "")("columns", po::value(&pivot), "")(
        "y", po::value(&metric_name), "")("plot", po::value(&plot.file), "")(
        "x", po::value(&plot.x), "")("series", po::value(&series), "")(
        "logx", po::bool_switch(&plot.logx), "")("logy", po::bool_switch(&plot.logy), "")(
        "share-y", po::bool_switch(&plot.share_y), "")("bars", po::bool_switch(&plot.bars), "")(
        "label", po::value(&plot.labels)->composing(), "")("labels", po::value(&labels_file), "")(
        "title", po::value(&plot.title), "")("force", po::bool_switch(&force), "")(
        "inputs", po::value(&inputs), "");
    po::positional_options_description positional;
    positional.add("inputs", -1);
    po::variables_map map;
    po::store(po::command_line_parser(argc - 1, argv + 1).options(described).positional(positional).run(), map);
    po::notify(map);
    if (map.count("help")) {
      std::cout << kReportUsage;
      return 0;
    }
    if (inputs.empty()) throw po::error("report: no RESULTS file given");
    if (!plot.file.empty() && plot.x.empty()) throw po::error("--plot needs --x KEY");
    if (plot.file.empty() && (!plot.x.empty() || plot.logx || plot.logy || plot.share_y || plot.bars))
      throw po::error("--x, --logx, --logy, --share-y and --bars need --plot FILE");
    for (const auto& label : plot.labels)
      if (label.find('=') == std::string::npos || label.front() == '=' || label.back() == '=')
        throw po::error("--label " + label + ": expected NAME=TEXT");
  } catch (const po::error& e) {
    std::cerr << "cpex: " << one_line(exception_text(e)) << " (see cpex report --help)\n";
    return 2;
  }

  try {
    const ReportFormat format = parse_report_format(format_name);
    const ReportMetric metric = parse_report_metric(metric_name);
    std::vector<report::ResultsInput> parsed;
    for (const auto& input : inputs) parsed.push_back(report::parse_results_argument(input));
    if (!plot.file.empty()) {
      // The figure never replaces a results file it reads (also through a symlink or a
      // hard link), nor a file that is not a figure without --force.
      std::vector<NamedPath> read;
      for (const auto& input : parsed) read.push_back({"results file", input.path});
      const NamedPath figure{"--plot", plot.file};
      check_outputs(read, {figure});
      check_overwrite(figure, ExistingOutput::Figure, force);
    }
    const report::ResultsTable table = report::read_results(parsed);
    for (const auto& line : table.skipped) std::cerr << "cpex: note: " << one_line(line) << '\n';
    std::vector<std::string> keys = by.empty() ? report::default_group_keys(table) : split_keys(by);
    add_key(keys, pivot);
    // Display names: the stores' [labels], then --labels FILE, then --label (later wins).
    std::vector<std::pair<std::string, std::string>> given;
    if (!labels_file.empty())
      for (const auto& entry : PipelineFile::read(labels_file).section("labels")) given.emplace_back(entry.key, entry.value);
    for (const auto& label : plot.labels) given.emplace_back(label.substr(0, label.find('=')), label.substr(label.find('=') + 1));
    if (plot.file.empty()) {
      const report::GroupedReport grouped = report::summarize_groups(table, keys);
      warn_pooled(grouped.pooled);
      note_missing_bounds(table, grouped, metric == ReportMetric::LowerBoundRatio && !pivot.empty());
      const ReportLabels labels = report_labels(table, keys, given);
      // LaTeX names the groups' target errors: each algorithm's delta by its role.
      std::vector<std::vector<double>> deltas;
      PluginHost host;
      if (format == ReportFormat::Latex) {
        try {
          host.load(plugin_search_path({}), 0);
          deltas = group_deltas(grouped, table, &host.registry());
        } catch (const Error&) {
        }
      }
      write_report(std::cout, grouped, format, pivot, metric, labels, deltas);
      return 0;
    }
    plot.y = metric_name;
    plot.series = split_keys(series);
    add_key(keys, plot.x);
    for (const auto& key : plot.series) add_key(keys, key);
    const report::GroupedReport grouped = report::summarize_groups(table, keys);
    warn_pooled(grouped.pooled);
    note_missing_bounds(table, grouped, plot.y == "lower-bound-ratio");
    const ReportLabels labels = report_labels(table, keys, given);
    plot.labels.clear();
    for (const auto& [key, name] : labels.keys) plot.labels.push_back(key + "=" + name);
    for (const auto& [value, name] : labels.values) plot.labels.push_back(value + "=" + name);
    // The y = delta line takes each algorithm's target error by its parameter role, from
    // the plugins on the search path ($CPEX_PLUGIN_PATH and the installed ones); without
    // them, no line.
    PluginHost host;
    if (plot.y == "error-rate" || plot.y == "not-optimal") {
      try {
        const auto paths = plugin_search_path({});
        host.load(paths, 0);
        plot.plugins = &host.registry();
      } catch (const Error&) {
      }
    }
    plot_report(grouped, table, plot);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "cpex: error: " << one_line(e.what()) << '\n';
    return 1;
  }
}

}  // namespace cpex::host
