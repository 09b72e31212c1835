// Wall-clock cost of one LinGapE round (next + pull + observe) for (K, d) = (6, 5)
// (Soare's instance), (100, 36) and (1000, 36) (random unit features, theta = 0.1 e_1, so
// runs are long), with the greedy and the ratio rule (Google Benchmark). A run that stops
// during the measurement is replaced by a fresh one outside the timing.
#include <benchmark/benchmark.h>

#include <sstream>
#include <vector>

#include "bench_support.hpp"
#include "warm_up.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/run.hpp"

namespace {

std::string pipeline_text(int arms, int d, const std::string& selection) {
  std::ostringstream text;
  text << "[environment]\nplugin = linear\n";
  if (arms == d + 1) {
    text << "generator = soare\nd = " << d << "\n";
  } else {
    text << "generator = sphere\narms = " << arms << "\ntheta = 0.1";
    for (int i = 1; i < d; ++i) text << ", 0";
    text << "\n";
  }
  text << "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lingape\nselection = " << selection
       << "\n";
  return text.str();
}

void round_cost(benchmark::State& state, const std::string& selection) {
  const auto arms = static_cast<int>(state.range(0)), d = static_cast<int>(state.range(1));
  const cpex::Pipeline pipeline = cpex::assemble(
      cpex::PipelineFile::from_text(pipeline_text(arms, d, selection), "bench.ini"),
      cpex::bench::registry());
  cpex::bench::time_samples(state, [&](std::uint64_t repetition) {
    return cpex::bench::warmed_up(pipeline, repetition, 2 * static_cast<std::size_t>(arms));
  });
}

}  // namespace

int main(int argc, char** argv) {
  for (const char* selection : {"greedy", "ratio"})
    benchmark::RegisterBenchmark((std::string("lingape-round/") + selection).c_str(), round_cost,
                                 std::string(selection))
        ->Args({6, 5})
        ->Args({100, 36})
        ->Args({1000, 36});
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
