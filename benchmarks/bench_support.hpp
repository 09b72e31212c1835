// The timed loop shared by the benchmark programs: one sample per iteration, replacing a
// run that stops by its own rule with a fresh one (outside the timing).
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>

#include "bench_registry.hpp"
#include "cpex/runtime/run.hpp"

namespace cpex::bench {

// A benchmarked configuration: its label and its [algorithm] lines.
struct Variant {
  const char* label;
  const char* algorithm;
};

// Times one sample (next + pull + observe) per iteration; `make_run(repetition)` builds a
// warmed-up run.
template <typename MakeRun>
void time_samples(benchmark::State& state, MakeRun&& make_run) {
  std::uint64_t repetition = 0;
  RunObjects run = make_run(repetition);
  Action action;
  Observation observation;
  for (auto _ : state) {
    while (!run.algorithm->next(action)) {
      state.PauseTiming();
      run = make_run(++repetition);
      state.ResumeTiming();
    }
    run.environment->pull(action, observation);
    run.algorithm->observe(action, observation);
  }
  state.SetItemsProcessed(state.iterations());
}

}  // namespace cpex::bench
