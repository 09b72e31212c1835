// Helpers shared by the tests: the registry of the plugins built with the tree, pipelines
// from inline text, and running the `cpex` binary with its exit status and output.
#pragma once

#include <string>
#include <vector>

#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/plugin_host.hpp"

namespace cpex::test {

// The host with the in-tree plugins (and the fixture plugins) loaded once per process.
const Registry& plugins();

// Assemble a pipeline written inline; errors propagate.
Pipeline pipeline_from(const std::string& text, const std::string& name = "inline.ini");

// The ConfigError message of assembling `text`, or "(accepted)".
std::string assembly_refusal(const std::string& text);

struct CommandResult {
  int status = -1;
  std::string out;
  std::string err;
};

// Runs `cpex <arguments>` through the shell from the source directory, with
// $CPEX_PLUGIN_PATH cleared (or set to `plugin_path_variable` when given), under a 120 s
// `timeout` (a hang fails with status 124 instead of blocking the suite), capturing
// stdout and stderr. Stdin is /dev/null unless `arguments` redirect it ("< FILE").
CommandResult run_cpex(const std::string& arguments, const std::string& plugin_path_variable = "");

// Writes `text` to a fresh file in the temporary directory and returns its path.
std::string temp_file(const std::string& name, const std::string& text);

// The lines of a text file.
std::string read_file(const std::string& path);

// A fresh path in the temporary directory (no file there yet), for an output.
std::string fresh_path(const std::string& name);

// The cells of one CSV line (quoted cells keep their quotes; "" inside stays doubled).
std::vector<std::string> csv_cells(const std::string& line);

}  // namespace cpex::test
