// Wall-clock cost of one sample (next + pull + observe) of the Best-K algorithms for
// N = 10^2 ... 10^5 arms on the instance of bestk_instance.hpp (Google Benchmark). A run
// that stops during the measurement is replaced by a fresh one outside the timing.
#include <benchmark/benchmark.h>

#include "bench_support.hpp"
#include "bestk_instance.hpp"

namespace {

void sample_cost(benchmark::State& state, const std::string& algorithm) {
  const auto n = static_cast<std::size_t>(state.range(0));
  cpex::bench::time_samples(state, [&](std::uint64_t repetition) {
    return cpex::bench::warmed_up_run(algorithm, n, repetition);
  });
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
