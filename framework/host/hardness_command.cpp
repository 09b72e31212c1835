// `cpex hardness FILE [--set ...] [--json]`: the complexity measures of the pipeline's instances
// (the runtime's hardness_report, which cpex.hardness in Python returns too), printed.
#include <iostream>

#include "commands.hpp"
#include "cpex/runtime/hardness.hpp"
#include "cpex/runtime/pipeline_file.hpp"

namespace cpex::host {

int hardness_command(const Registry& registry, const std::string& path, const RunOptions& options) {
  const HardnessReport report = hardness_report(registry, PipelineFile::read(path), options.overrides);
  std::cout << (options.json ? report.json + '\n' : report.text);
  return 0;
}

}  // namespace cpex::host
