// cpex: the command-line host. Parses the command line, loads plugins from the search path
// and dispatches to a sub-command. Every failure ends with one line on stderr and a
// non-zero exit status (1: error, 2: usage).
#include <iostream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "commands.hpp"
#include "cpex/abi.hpp"
#include "cpex/errors.hpp"
#include "cpex/plugin_host.hpp"

namespace po = boost::program_options;

namespace {

const char* kUsage =
    "usage: cpex list | describe NAME | describe run | run FILE | sweep FILE [options]\n"
    "       cpex --version\n"
    "options:\n"
    "  --plugin-path DIR   add a plugin directory or library (repeatable; also $CPEX_PLUGIN_PATH)\n"
    "  --set SECTION.KEY=VALUE   override a pipeline key (repeatable)\n"
    "  --threads N         worker threads (default: all cores)\n"
    "  --out FILE.csv      write one row per run\n"
    "  --json              print the summary as JSON on stdout\n";

std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> positional;
  std::vector<std::string> plugin_paths;
  cpex::host::RunOptions options;
  try {
    po::options_description described;
    described.add_options()("help,h", "")("version", "")("plugin-path", po::value(&plugin_paths), "")(
        "set", po::value(&options.overrides), "")("threads", po::value(&options.threads), "")(
        "out", po::value(&options.out), "")("json", po::bool_switch(&options.json), "")(
        "args", po::value(&positional), "");
    po::positional_options_description args;
    args.add("args", -1);
    po::variables_map map;
    po::store(po::command_line_parser(argc, argv).options(described).positional(args).run(), map);
    po::notify(map);
    if (map.count("version")) {
      std::cout << "cpex " << CPEX_VERSION << " (plugin ABI " << cpex::kAbiVersion << ")\n";
      return 0;
    }
    if (map.count("help") || positional.empty()) {
      std::cout << kUsage;
      return positional.empty() && !map.count("help") ? 2 : 0;
    }
    if (map.count("threads") && options.threads < 1)
      throw po::error("--threads must be at least 1");
  } catch (const po::error& e) {
    std::cerr << "cpex: " << one_line(e.what()) << " (see cpex --help)\n";
    return 2;
  }

  const std::string& command = positional.front();
  const bool takes_argument = command == "describe" || command == "run" || command == "sweep";
  if (!(takes_argument || command == "list") ||
      positional.size() != (takes_argument ? 2u : 1u)) {
    std::cerr << "cpex: unknown command or wrong arguments: '" << command
              << "' (see cpex --help)\n";
    return 2;
  }

  try {
    cpex::PluginHost host;
    const auto paths = cpex::plugin_search_path(plugin_paths);
    host.load(paths, paths.size() - 1);  // all must exist but the built-in default (last)
    if (command == "list") return cpex::host::list_plugins(host.registry());
    if (command == "describe") return cpex::host::describe_plugin(host.registry(), positional[1]);
    return cpex::host::run_pipeline(host.registry(), positional[1], options, command == "sweep");
  } catch (const std::exception& e) {
    std::cerr << "cpex: error: " << one_line(e.what()) << '\n';
    return 1;
  }
}
