// The host's sub-commands: list, describe, run and sweep.
#pragma once

#include <string>
#include <vector>

#include "cpex/plugin_host.hpp"

namespace cpex::host {

struct RunOptions {
  std::vector<std::string> overrides;  // --set section.key=value
  int threads = 0;
  std::string out;  // CSV path, empty: none
  bool json = false;
};

int list_plugins(const Registry& registry);
int describe_plugin(const Registry& registry, const std::string& name);
// `sweep` false: the file must not have a [sweep] section.
int run_pipeline(const Registry& registry, const std::string& file, const RunOptions& options,
                 bool sweep);

}  // namespace cpex::host
