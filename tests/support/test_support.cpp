// Test helpers (see test_support.hpp).
#include "test_support.hpp"

#include "cpex/errors.hpp"

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace cpex::test {

const Registry& plugins() {
  static PluginHost* host = [] {
    auto* h = new PluginHost();  // kept for the whole test process
    h->load({CPEX_PLUGIN_DIR, CPEX_FIXTURE_PLUGIN_DIR}, 2);
    return h;
  }();
  return host->registry();
}

Pipeline pipeline_from(const std::string& text, const std::string& name) {
  return assemble(PipelineFile::from_text(text, name), plugins(), {"sweep"});
}

std::string assembly_refusal(const std::string& text) {
  try {
    pipeline_from(text);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(accepted)";
}

std::string temp_file(const std::string& name, const std::string& text) {
  const auto dir = std::filesystem::temp_directory_path() / "cpex-tests";
  std::filesystem::create_directories(dir);
  const auto path = dir / (std::to_string(::getpid()) + "-" + name);
  std::ofstream(path) << text;
  return path.string();
}

std::string fresh_path(const std::string& name) {
  const std::string path = temp_file(name, "");
  std::filesystem::remove(path);
  return path;
}

std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  bool quoted = false;
  for (char c : line) {
    if (c == '"') quoted = !quoted;
    if (c == ',' && !quoted) {
      cells.push_back(cell);
      cell.clear();
    } else {
      cell += c;
    }
  }
  cells.push_back(cell);
  return cells;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

CommandResult run_cpex(const std::string& arguments, const std::string& plugin_path_variable) {
  static int counter = 0;
  const std::string out = temp_file("out-" + std::to_string(++counter), "");
  const std::string err = temp_file("err-" + std::to_string(counter), "");
  const std::string variable =
      plugin_path_variable.empty() ? "" : " CPEX_PLUGIN_PATH='" + plugin_path_variable + "'";
  const std::string command = "cd '" CPEX_SOURCE_DIR "' && env -u CPEX_PLUGIN_PATH" + variable +
                              " timeout 120 '" CPEX_BINARY "' < /dev/null " + arguments + " > '" + out +
                              "' 2> '" + err + "'";
  const int raw = std::system(command.c_str());
  CommandResult result;
  result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  result.out = read_file(out);
  result.err = read_file(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return result;
}

}  // namespace cpex::test
