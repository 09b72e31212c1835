// Wall-clock cost of one round (next + pull + observe) of the linear and transductive
// samplers (lingame, lingame-c, lazy-track-and-stop, fw-sampling, top-two) against the size of
// the problem: arms K, dimension d and items M = |Z| (Z = X when M = K; otherwise M random
// items in R^d), random unit arms, theta = 0.1 e_1 so runs are long (Google Benchmark). A run
// that stops during the measurement is replaced by a fresh one outside the timing.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <sstream>
#include <string>

#include "bench_support.hpp"
#include "warm_up.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/run.hpp"

namespace {

// What is benchmarked: a label and the [algorithm] lines.
constexpr cpex::bench::Variant kLinearSamplers[] = {
    {"lingame", "plugin = lingame\n"},
    {"lingame-c", "plugin = lingame\nvariant = lingame-c\n"},
    {"lazy-track-and-stop", "plugin = lazy-track-and-stop\n"},
    {"fw-sampling", "plugin = fw-sampling\n"},
    {"top-two", "plugin = top-two\n"},
};

std::string pipeline_text(const std::string& algorithm, int arms, int d, int items) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  std::ostringstream text;
  text.precision(10);
  text << "[environment]\nplugin = linear\nd = " << d << "\nfeatures = ";
  for (int i = 0; i < arms * d; ++i) text << (i ? ", " : "") << normal(rng);
  if (items != arms) {
    text << "\nanswers = ";
    for (int i = 0; i < items * d; ++i) text << (i ? ", " : "") << normal(rng);
  }
  text << "\ntheta = 0.1";
  for (int i = 1; i < d; ++i) text << ", 0";
  text << "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\n" << algorithm;
  if (algorithm.find("top-two") != std::string::npos) text << "challenger = tc\n";
  return text.str();
}

void round_cost(benchmark::State& state, const std::string& algorithm) {
  const auto arms = static_cast<int>(state.range(0)), d = static_cast<int>(state.range(1)),
             items = static_cast<int>(state.range(2));
  const cpex::Pipeline pipeline = cpex::assemble(
      cpex::PipelineFile::from_text(pipeline_text(algorithm, arms, d, items), "bench.ini"), cpex::bench::registry());
  cpex::bench::time_samples(state, [&](std::uint64_t repetition) {
    return cpex::bench::warmed_up(pipeline, repetition, 2 * static_cast<std::size_t>(arms));
  });
}

}  // namespace

int main(int argc, char** argv) {
  for (const auto& [name, text] : kLinearSamplers)
    benchmark::RegisterBenchmark((std::string("linear-sampler/") + name).c_str(), round_cost, std::string(text))
        ->Args({10, 5, 10})
        ->Args({100, 5, 100})
        ->Args({100, 20, 100})
        ->Args({100, 20, 1000});
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
