// The warm-up of the benchmarks' runs: a run of a pipeline (seed 1, one repetition) after
// its first samples, taken outside the timing so that start-up costs are not measured.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bench_registry.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/run.hpp"

namespace cpex::bench {

// Repetition `repetition` of `pipeline` after up to `samples` samples (fewer if it stops).
inline RunObjects warmed_up(const Pipeline& pipeline, std::uint64_t repetition, std::size_t samples) {
  RunObjects run = instantiate(pipeline, RunSeed{1, 0, repetition});
  Action action;
  Observation observation;
  for (std::size_t i = 0; i < samples; ++i) {
    if (!run.algorithm->next(action)) break;
    run.environment->pull(action, observation);
    run.algorithm->observe(action, observation);
  }
  return run;
}

// The same for a pipeline written as text (assembled with the in-tree plugins and kept for
// the process: a run's objects refer to their pipeline's entries).
inline RunObjects warmed_up(const std::string& text, std::uint64_t repetition, std::size_t samples) {
  static std::vector<Pipeline> keep;
  keep.push_back(assemble(PipelineFile::from_text(text, "bench.ini"), registry()));
  return warmed_up(keep.back(), repetition, samples);
}

}  // namespace cpex::bench
