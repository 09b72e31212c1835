// `cpex study simulate`: a study driven by an environment plugin's draws instead of real
// observations — asked, drawn and told through the very code a real study uses. With
// batches of one its decisions and sample counts equal `cpex run`'s first run of the same
// pipeline (the study's [study] replaced by the environment's section) bit for bit: the
// proof that a study runs the algorithm that was benchmarked. With batches and delays it
// equals `cpex run` with [run] batch-size and delay, bit for bit too (the same schedule,
// feedback_loop.hpp), and shows what batching costs (docs/studies.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "cpex/study/study.hpp"

namespace cpex::inline runtime::study {

struct SimulateOptions {
  std::size_t batch = 1;             // pulls asked per round (feedback_loop.hpp)
  std::uint64_t delay = 0;           // an observation is told this many pulls after its ask
  std::size_t events_per_commit = 4096;  // ask and tell events per transaction
};

struct SimulateResult {
  Phase phase = Phase::Running;
  std::uint64_t samples = 0;
  std::uint64_t asks = 0;
  std::uint64_t batches = 0;         // rounds of asking of this simulation (the `batches` column)
  std::string recommendation;        // arm indices as `cpex run` writes them ("0 2")
  std::string recommendation_names;  // the arms' names, as status gives them ("a, c")
  bool correct = false, optimal = false;  // judged on the environment's truth
  std::vector<std::uint64_t> pulls;  // samples per arm (the `pulls` column of record-pulls)
};

// The pipeline `cpex run` would run for the study with the environment of `environment`:
// the study's sections but [study], and `environment`'s [environment] (and
// [environment.NAME] blocks). ConfigError if it has none.
PipelineFile run_pipeline_of(const Study& study, const PipelineFile& environment);

// Draws from the environment (built for the study's seed) for every pull the study already
// asked, tells the pending ones, then asks, draws and tells in the rounds of
// feedback_loop.hpp until the study ends (or `interrupt` is set); observations still
// outstanding then stay pending. ConfigError if the environment's problem differs from the study's
// declared one (names the first field that differs).
SimulateResult simulate(Study& study, const PipelineFile& environment, const Registry& registry,
                        const SimulateOptions& options, const std::atomic<bool>* interrupt = nullptr);

}  // namespace cpex::runtime::study
