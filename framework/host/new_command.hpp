// `cpex new algorithm|oracle|environment NAME [DIR] [--kind KIND]`: writes a minimal
// out-of-tree plugin project (CMakeLists.txt with find_package(cpex) + cpex_add_plugin, the
// commented source, a pipeline that runs it, a Catch2 test that runs `cpex check` on the built
// library). An algorithm's KIND picks its template: per-arm (the default), glr-sampler,
// fixed-budget, linear, combinatorial, full-bandit, semi-bandit.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace cpex::host {

// The algorithm templates' kinds, the default first.
const std::vector<std::string>& algorithm_kinds();

// The files of a new project of `kind` for plugin `name` (`algorithm_kind`: an algorithm's
// template; empty: per-arm): (file name, contents). ConfigError for an unknown kind or a name
// that is not lower-case letters, digits and '-'.
std::vector<std::pair<std::string, std::string>> scaffold_files(const std::string& kind, const std::string& name,
                                                                const std::string& algorithm_kind = "");

// Writes the project into `dir` (default: ./NAME), which must not exist or be empty; never
// overwrites a file. Prints what was written and the next steps with this program's own paths
// (its build tree or install prefix).
int new_command(const std::string& kind, const std::string& name, const std::string& dir,
                const std::string& algorithm_kind = "");

}  // namespace cpex::host
