// Spawning the plotting script (posix_spawnp; its stderr is kept and its last line
// becomes the error).
#include "report_plot.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include <boost/dll/runtime_symbol_info.hpp>

#include "cpex/errors.hpp"
#include "cpex/runtime/report_output.hpp"

extern char** environ;

namespace cpex::host {

namespace {

namespace fs = std::filesystem;

const char* kInstall = "install the Debian package python3-matplotlib";

fs::path plot_script() {
  const fs::path script = fs::path(boost::dll::program_location().string()).parent_path() /
                          ".." / "share" / "cpex" / "python" / "cpex" / "plot.py";
  if (!fs::exists(script))
    throw Error("--plot: the plotting script is missing (expected " + script.lexically_normal().string() + ")");
  return script.lexically_normal();
}

// $CPEX_PYTHON, else Debian's interpreter (the one python3-matplotlib serves, even when
// another python3 comes first on PATH), else python3 from PATH.
std::string plot_python() {
  const char* configured = std::getenv("CPEX_PYTHON");
  if (configured && *configured) return configured;
  return fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}

// A fresh temporary file; removed when the owner goes out of scope.
struct TempFile {
  std::string path;
  explicit TempFile(const std::string& suffix) {
    std::string pattern = (fs::temp_directory_path() / ("cpex-report-XXXXXX" + suffix)).string();
    const int fd = mkstemps(pattern.data(), static_cast<int>(suffix.size()));
    if (fd < 0) throw Error("--plot: cannot create a temporary file: " + std::string(std::strerror(errno)));
    close(fd);
    path = pattern;
  }
  ~TempFile() { std::remove(path.c_str()); }
};

std::string last_line(const std::string& path) {
  std::ifstream in(path);
  std::string line, last;
  while (std::getline(in, line))
    if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
  return last;
}

}  // namespace

void plot_report(const report::GroupedReport& report, const report::ResultsTable& table,
                 const PlotOptions& options) {
  const fs::path script = plot_script();
  TempFile summary(".json"), errors(".txt");
  {
    auto json = report_json(report);
    if (options.y == "error-rate" || options.y == "not-optimal") {
      const auto deltas = group_deltas(report, table, options.plugins);
      for (std::size_t g = 0; g < deltas.size(); ++g) json["groups"][g]["delta"] = deltas[g];
    }
    std::ofstream out(summary.path);
    out << json.dump() << '\n';
    if (!out) throw Error("--plot: cannot write " + summary.path);
  }
  const std::string python = plot_python();
  std::string series;
  for (const auto& key : options.series) series += (series.empty() ? "" : ",") + key;
  std::vector<std::string> args = {python, script.string(), summary.path, options.file,
                                   "--x", options.x, "--y", options.y, "--series", series};
  if (options.logx) args.emplace_back("--logx");
  if (options.logy) args.emplace_back("--logy");
  if (options.share_y) args.emplace_back("--share-y");
  if (options.bars) args.emplace_back("--bars");
  for (const auto& label : options.labels) args.insert(args.end(), {"--label", label});
  if (!options.title.empty()) args.insert(args.end(), {"--title", options.title});
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errors.path.c_str(),
                                   O_WRONLY | O_TRUNC, 0600);
  pid_t pid;
  const int spawned = posix_spawnp(&pid, python.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0)
    throw Error("--plot needs Python 3 with matplotlib: cannot run '" + python + "' (" +
                std::strerror(spawned) + "); " + kInstall);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw Error("--plot: waiting for '" + python + "' failed");
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return;
  const std::string message = last_line(errors.path);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
    throw Error("--plot needs Python 3 with matplotlib: cannot run '" + python + "'; " + kInstall);
  if (message.rfind("--plot", 0) == 0) throw Error(message);
  throw Error("--plot: " + (message.empty() ? "'" + python + "' failed" : message));
}

}  // namespace cpex::host
