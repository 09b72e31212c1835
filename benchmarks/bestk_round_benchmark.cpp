// Wall-clock cost of one sample (next + pull + observe) of the Best-K algorithms for
// N = 10^2 ... 10^5 arms on the instance of bestk_instance.hpp (Google Benchmark).
#include <benchmark/benchmark.h>

#include "bestk_instance.hpp"

namespace {

void sample_cost(benchmark::State& state, const std::string& algorithm) {
  cpex::RunObjects run =
      cpex::bench::warmed_up_run(algorithm, static_cast<std::size_t>(state.range(0)));
  cpex::Action action;
  cpex::Observation observation;
  for (auto _ : state) {
    if (!run.algorithm->next(action)) {
      state.SkipWithError("the algorithm stopped during the measurement");
      break;
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
