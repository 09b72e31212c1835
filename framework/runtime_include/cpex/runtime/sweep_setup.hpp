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
#include "cpex/runtime/sweep_scope.hpp"

namespace cpex::inline runtime {

struct PreparedSweep {
  std::string path;
  std::vector<SweepAxis> axes;
  std::vector<std::string> axis_keys;  // result columns, in order
  std::vector<SweepPoint> points;
  std::vector<Pipeline> pipelines;
  std::vector<NamedPath> inputs;  // the pipeline file and every data file it reads
  StoreMeta meta;                 // identity and provenance for a store
  // One line each, for stderr before any run: an [algorithm] key (set or swept) that
  // has another parameter role in one swept algorithm than in another (key_meaning_warnings).
  std::vector<std::string> warnings;
  // The points whose algorithm does not fit them (a mixed sweep: MismatchError), skipped
  // unless --strict; their pipelines are placeholders with `skipped` set. One line each for
  // stderr (skip_lines), and the store's meta "skipped".
  std::vector<std::size_t> skipped;
  std::vector<std::string> skip_lines;
};

// The run ids of the skipped points (sorted): the engine runs none of them.
std::vector<std::uint64_t> skipped_runs(const PreparedSweep& sweep, std::uint64_t repetitions);

// Keys whose meaning changes between the algorithms a sweep runs: for every [algorithm]
// key the file sets or sweeps, the roles (cpex/params.hpp, ParamRole) it has in the
// algorithm plugins of the sweep that know it; one line per key with more than one role,
// naming the plugins of each.
std::vector<std::string> key_meaning_warnings(const Registry& registry, const PipelineFile& file,
                                              const std::vector<SweepAxis>& axes,
                                              const SweepScope& scope);

// One line per [algorithm.NAME@LABEL] block that no algorithm of the sweep uses (a variant
// dropped from the axis, or a misspelt label: the closest used name is suggested).
std::vector<std::string> unused_variant_blocks(const PipelineFile& file, const SweepScope& scope);

PreparedSweep prepare_sweep(const Registry& registry, const std::string& path,
                            const RunOptions& options, bool sweep);
// The same for a file already read (or made in memory); `on_disk`: it is a real file,
// an input the outputs must not overwrite.
PreparedSweep prepare_sweep(const Registry& registry, PipelineFile file,
                            const RunOptions& options, bool sweep, bool on_disk);

// --shard I/N as (I - 1, N); UsageError-like ConfigError for anything but 1 <= I <= N.
std::pair<std::uint64_t, std::uint64_t> parse_shard(const std::string& text);

bool is_store_path(const std::string& path);

}  // namespace cpex::runtime
