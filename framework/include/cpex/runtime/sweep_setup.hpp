// Preparing a run or sweep: the file after overrides (narrowed axes), every point
// assembled, the job space, the input and output files, and the store's metadata.
#pragma once

#include <string>
#include <vector>

#include "cpex/runtime/engine.hpp"
#include "cpex/runtime/output_safety.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/run_pipeline.hpp"
#include "cpex/runtime/sweep.hpp"
#include "cpex/store/results_store.hpp"

namespace cpex::host {

struct PreparedSweep {
  std::string path;
  std::vector<SweepAxis> axes;
  std::vector<std::string> axis_keys;  // result columns, in order
  std::vector<SweepPoint> points;
  std::vector<Pipeline> pipelines;
  std::vector<NamedPath> inputs;  // the pipeline file and every data file it reads
  StoreMeta meta;                 // identity and provenance for a store
};

PreparedSweep prepare_sweep(const Registry& registry, const std::string& path,
                            const RunOptions& options, bool sweep);
// The same for a file already read (or made in memory); `on_disk`: it is a real file,
// an input the outputs must not overwrite.
PreparedSweep prepare_sweep(const Registry& registry, PipelineFile file,
                            const RunOptions& options, bool sweep, bool on_disk);

// --shard I/N as (I - 1, N); UsageError-like ConfigError for anything but 1 <= I <= N.
std::pair<std::uint64_t, std::uint64_t> parse_shard(const std::string& text);

bool is_store_path(const std::string& path);

}  // namespace cpex::host
