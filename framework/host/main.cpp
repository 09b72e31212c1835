// cpex: the command-line host. Parses the command line, loads plugins from the search path
// and dispatches to a sub-command. Every failure ends with one line on stderr and a
// non-zero exit status (1: error, 2: usage, 3: some runs of a sweep failed, 130 / 143:
// interrupted by SIGINT / SIGTERM, from the first instant: signals.hpp).
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "check.hpp"
#include "commands.hpp"
#include "cpex/abi.hpp"
#include "cpex/errors.hpp"
#include "cpex/messages.hpp"
#include "cpex/runtime/option_errors.hpp"
#include "cpex/runtime/plugin_host.hpp"
#include "cpex/runtime/signals.hpp"
#include "cpex/suggest.hpp"
#include "leaderboard_command.hpp"
#include "mpi_sweep.hpp"
#include "new_command.hpp"
#include "report_command.hpp"
#include "study_command.hpp"

#ifndef CPEX_VERSION
#define CPEX_VERSION "unknown"
#endif

namespace po = boost::program_options;

namespace {

const char* kUsage =
    "usage: cpex list [--accepts FILE] | describe NAME | describe run | run FILE | sweep FILE [options]\n"
    "       cpex export STORE.db --csv FILE [--where SQL] | merge OUT.db IN.db...\n"
    "       cpex hardness FILE [--set ...] [--json]   the instance's complexity measures\n"
    "       cpex new algorithm|oracle|environment NAME [DIR] [--kind KIND]   scaffold an out-of-tree plugin\n"
    "       cpex check PLUGIN-OR-LIBRARY [--quick] [--set SECTION.KEY=VALUE]   conformance checks\n"
    "       cpex report RESULTS... [options]   (see cpex report --help)\n"
    "       cpex leaderboard [--quick] [--algorithms A,B,...] [--instances I,J,...] [--deltas 1e-2,1e-6]\n"
    "                        [--out STORE] [--format text|md|latex|csv]   race algorithms on the leaderboard suite\n"
    "       cpex study new|ask|tell|status|serve|simulate STUDY.db ...   experiments (see cpex study --help)\n"
    "       cpex --version\n"
    "options:\n"
    "  --plugin-path DIR   add a plugin directory or library (repeatable; also $CPEX_PLUGIN_PATH)\n"
    "  --set SECTION.KEY=VALUE   override a pipeline key (repeatable); on a swept key it\n"
    "                      narrows that axis to the given value(s)\n"
    "  --threads N         worker threads (default: all cores)\n"
    "  --out FILE          FILE.db: SQLite results store (resumable); FILE.csv: one row per run\n"
    "  --json              print the summary as JSON on stdout\n"
    "  --progress / --quiet   force / silence the progress line (default: on a terminal)\n"
    "  --shard I/N         run only the I-th of N parts of the runs (1 <= I <= N)\n"
    "  --force-new         start a store of another sweep over instead of refusing\n"
    "  --strict            for sweep: refuse an (algorithm, point) pair of a mixed sweep that does\n"
    "                      not fit, instead of skipping it\n"
    "  --accepts FILE      for list: the algorithms that accept FILE's problem\n"
    "  --quick             for check: the small suite (a few seconds per plugin)\n"
    "  --algorithms, --instances, --deltas LIST   for leaderboard: comma-separated (default: each\n"
    "                      instance's own algorithms, the twelve instances, 1e-2,1e-6; --quick: 1e-2, 10 runs)\n"
    "  --format F          for leaderboard: text (default), md, latex or csv\n"
    "  --kind KIND         for new algorithm: per-arm (default), glr-sampler, fixed-budget, linear,\n"
    "                      combinatorial, full-bandit or semi-bandit\n"
    "  --force             overwrite an existing file that is not a CPEx output\n"
    "  --csv FILE, --where SQL   for export: the CSV file and a row filter\n"
    "  --version           print the version\n";

// One printable line: control and invalid UTF-8 bytes escaped, long messages cut.
std::string one_line(const std::string& text) { return cpex::printable_message(text); }

// A signal received at any point decides the status (130 / 143).
int finish(int status) {
  const int final_status = cpex::runtime::signals::exit_status(status);
  cpex::host::mpi_stop(final_status);
  return final_status;
}

// Before any library initializer runs (the dynamic loader calls .preinit_array first),
// so a signal during library and plugin loading already exits with 130 / 143.
void install_signal_handlers_early(int, char**, char**) { cpex::runtime::signals::install(); }
[[gnu::section(".preinit_array"), gnu::used]] void (*const preinit_signal_handlers)(
    int, char**, char**) = install_signal_handlers_early;

// The one error line (printed by rank 0 only under MPI, whose other ranks are aborted).
int fail(const std::string& message) {
  const auto mpi = cpex::host::mpi_context();
  if (mpi.rank == 0) std::cerr << "cpex: error: " << cpex::printable_message(message) << '\n';
  if (mpi.size > 1) cpex::host::mpi_abort(1);
  return finish(1);
}

}  // namespace

int main(int argc, char** argv) {
  cpex::runtime::signals::install();
  if (argc > 1 && std::string(argv[1]) == "report")
    return cpex::runtime::signals::exit_status(cpex::host::report_main(argc, argv));
  if (argc > 1 && std::string(argv[1]) == "study")
    return cpex::runtime::signals::exit_status(cpex::host::study_main(argc, argv));
  cpex::host::mpi_start(&argc, &argv);
  const cpex::host::MpiRanks ranks(cpex::host::mpi_context());
  std::vector<std::string> positional;
  std::vector<std::string> plugin_paths;
  cpex::runtime::RunOptions options;
  options.ranks = &ranks;
  std::string csv, where, accepts, kind, format = "text";
  std::vector<std::string> algorithms, instances, deltas;
  bool quick = false;
  for (int i = 0; i < argc; ++i) options.command_line += (i ? " " : "") + std::string(argv[i]);
  try {
    po::options_description described;
    described.add_options()("help,h", "")("version", "")("plugin-path", po::value(&plugin_paths), "")(
        "set", po::value(&options.overrides), "")("threads", po::value(&options.threads), "")(
        "out", po::value(&options.out), "")("json", po::bool_switch(&options.json), "")(
        "progress", po::bool_switch(&options.progress), "")(
        "quiet", po::bool_switch(&options.quiet), "")("force", po::bool_switch(&options.force), "")(
        "force-new", po::bool_switch(&options.force_new), "")("strict", po::bool_switch(&options.strict), "")(
        "accepts", po::value(&accepts), "")(
        "shard", po::value(&options.shard), "")("csv", po::value(&csv), "")(
        "where", po::value(&where), "")("quick", po::bool_switch(&quick), "")("kind", po::value(&kind), "")(
        "algorithms", po::value(&algorithms), "")("instances", po::value(&instances), "")(
        "deltas", po::value(&deltas), "")("format", po::value(&format), "")("args", po::value(&positional), "");
    po::positional_options_description args;
    args.add("args", -1);
    po::variables_map map;
    po::store(po::command_line_parser(argc, argv).options(described).positional(args).run(), map);
    po::notify(map);
    if (map.count("version")) {
      std::cout << "cpex " << CPEX_VERSION << " (plugin ABI " << cpex::kAbiVersion << ")"
                << (cpex::host::mpi_built() ? " (MPI)" : "") << '\n';
      return finish(0);
    }
    if (map.count("help") || positional.empty()) {
      std::cout << kUsage;
      return finish(positional.empty() && !map.count("help") ? 2 : 0);
    }
    if (map.count("threads") && options.threads < 1)
      throw po::error("--threads must be at least 1");
  } catch (const po::error& e) {
    std::cerr << "cpex: " << one_line(cpex::exception_text(e)) << " (see cpex --help)\n";
    return finish(2);
  }

  const std::string& command = positional.front();
  const bool takes_argument = command == "describe" || command == "run" || command == "sweep" ||
                              command == "export" || command == "hardness" || command == "check";
  const bool ok = (takes_argument && positional.size() == 2) ||
                  ((command == "list" || command == "leaderboard") && positional.size() == 1) ||
                  (command == "merge" && positional.size() >= 3) ||
                  (command == "new" && (positional.size() == 3 || positional.size() == 4));
  if (!ok) {
    static const std::vector<std::string> kCommands = {
        "list", "describe", "run", "sweep", "export", "merge", "hardness", "new", "check", "report", "leaderboard"};
    const bool known = std::find(kCommands.begin(), kCommands.end(), command) != kCommands.end();
    if (known)
      std::cerr << "cpex: wrong arguments for '" << command << "' (see cpex --help)\n";
    else
      std::cerr << "cpex: unknown command '" << one_line(command) << "'"
                << cpex::did_you_mean(command, kCommands) << " (see cpex --help)\n";
    return finish(2);
  }

  try {
    if (command == "export")
      return finish(cpex::host::export_store(positional[1], csv, where, options.force));
    if (command == "new")
      return finish(cpex::host::new_command(positional[1], positional[2],
                                            positional.size() == 4 ? positional[3] : std::string(), kind));
    if (command == "merge")
      return finish(cpex::host::merge_shards(
          positional[1], std::vector<std::string>(positional.begin() + 2, positional.end())));
    // cpex check LIBRARY.so: the library is loaded first (then the suite's plugins).
    if (command == "check" && (positional[1].find('/') != std::string::npos ||
                               positional[1].ends_with(".so")))
      plugin_paths.insert(plugin_paths.begin(), positional[1]);
    cpex::PluginHost host;
    const auto paths = cpex::plugin_search_path(plugin_paths);
    host.load(paths, paths.size() - 1);  // all must exist but the built-in default (last)
    if (command == "list" && !accepts.empty()) return finish(cpex::host::list_accepting(host.registry(), accepts));
    if (command == "list") return finish(cpex::host::list_plugins(host.registry()));
    if (command == "describe")
      return finish(cpex::host::describe_plugin(host.registry(), positional[1]));
    if (command == "check") {
      cpex::host::CheckOptions check;
      check.quick = quick;
      check.threads = options.threads > 1 ? options.threads : 2;
      check.overrides = options.overrides;
      return finish(cpex::host::check_command(host.registry(), positional[1], check));
    }
    if (command == "hardness")
      return finish(cpex::host::hardness_command(host.registry(), positional[1], options));
    if (command == "leaderboard") {
      cpex::host::LeaderboardOptions board;
      board.quick = quick;
      board.algorithms = algorithms;
      board.instances = instances;
      board.deltas = deltas;
      board.out = options.out;
      board.format = format;
      board.threads = options.threads;
      board.progress = options.progress;
      board.quiet = options.quiet;
      board.command_line = options.command_line;
      return finish(cpex::host::leaderboard_command(host.registry(), board));
    }
    return finish(
        cpex::runtime::run_pipeline(host.registry(), positional[1], options, command == "sweep"));
  } catch (const std::bad_alloc&) {
    return fail("out of memory while running '" + one_line(command) + ' ' +
                one_line(positional.size() > 1 ? positional[1] : "") + "'");
  } catch (const std::exception& e) {
    return fail(one_line(cpex::exception_text(e)));
  } catch (...) {
    return fail("an exception that is not a std::exception ended '" + one_line(command) + "'");
  }
}
