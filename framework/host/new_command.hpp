// `cpex new algorithm|oracle|environment NAME [DIR]`: writes a minimal out-of-tree plugin
// project (CMakeLists.txt with find_package(cpex) + cpex_add_plugin, the commented source,
// a pipeline that runs it, a Catch2 test that runs `cpex check` on the built library).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace cpex::host {

// The files of a new project of `kind` for plugin `name`: (file name, contents).
// ConfigError for an unknown kind or a name that is not lower-case letters, digits and '-'.
std::vector<std::pair<std::string, std::string>> scaffold_files(const std::string& kind, const std::string& name);

// Writes the project into `dir` (default: ./NAME), which must not exist or be empty; never
// overwrites a file. Prints what was written and the next steps.
int new_command(const std::string& kind, const std::string& name, const std::string& dir);

}  // namespace cpex::host
