// Wall-clock cost of one sample (next + pull + observe) of the Best-K algorithms for
// N = 10^2 ... 10^5 arms on the instance of bestk_instance.hpp (Google Benchmark). A run
// that stops during the measurement is replaced by a fresh one outside the timing.
#include <benchmark/benchmark.h>

#include "bestk_instance.hpp"

namespace {

void sample_cost(benchmark::State& state, const std::string& algorithm) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::uint64_t repetition = 0;
  cpex::RunObjects run = cpex::bench::warmed_up_run(algorithm, n, repetition);
  cpex::Action action;
  cpex::Observation observation;
  for (auto _ : state) {
    while (!run.algorithm->next(action)) {
      // The run stopped (lil'UCB can, on the tied instance): continue with a fresh one.
      state.PauseTiming();
      run = cpex::bench::warmed_up_run(algorithm, n, ++repetition);
      state.ResumeTiming();
    }
    run.environment->pull(action, observation);
    run.algorithm->observe(action, observation);
  }
  state.SetItemsProcessed(state.iterations());
}

}  // namespace

int main(int argc, char** argv) {
  for (const char* algorithm :
       {"lucb", "lil-lucb", "lucb-pp", "lil-rand-lucb", "lil-clucb", "lil-ucb"})
    benchmark::RegisterBenchmark((std::string("sample/") + algorithm).c_str(), sample_cost,
                                 std::string(algorithm))
        ->RangeMultiplier(10)
        ->Range(100, 100000);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
