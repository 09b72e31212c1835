// Wall-clock cost per sample of the issue-19 fixed-confidence algorithms (Google Benchmark):
// one sample (next + pull + observe) of track-and-stop (D- and C-Tracking) and top-two on
// K = 4 ... 1000 Gaussian or Bernoulli arms (best 0.6, the others spread over [0.1, 0.55],
// delta = 1e-10 so that runs last), one w*(mu) solve, and whole RAGE runs divided by their
// samples (its cost sits in the phase ends). A run that stops is replaced outside the timing.
#include <benchmark/benchmark.h>

#include <chrono>
#include <sstream>
#include <string>
#include <vector>

#include "bench_registry.hpp"
#include "bench_support.hpp"
#include "glr_instance.hpp"
#include "warm_up.hpp"
#include "cpex/numerics/optimal_weights.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/run.hpp"

namespace {

// What is benchmarked: a label and the [algorithm] lines.
constexpr cpex::bench::Variant kAlgorithms[] = {
    {"track-and-stop-d", "plugin = track-and-stop\ntracking = d"},
    {"track-and-stop-c", "plugin = track-and-stop\ntracking = c"},
    {"track-and-stop-d-lazy", "plugin = track-and-stop\ntracking = d\nrecompute = lazy"},
    {"top-two", "plugin = top-two"},
};

void sample_cost(benchmark::State& state, const std::string& algorithm, const std::string& family) {
  const auto k = static_cast<std::size_t>(state.range(0));
  const std::string text = cpex::bench::glr_instance_text(algorithm, family, k);
  cpex::bench::time_samples(state,
                            [&](std::uint64_t repetition) { return cpex::bench::warmed_up(text, repetition, 4 * k); });
}

void weights_cost(benchmark::State& state, bool bernoulli) {
  const auto mu = cpex::bench::glr_instance_means(static_cast<std::size_t>(state.range(0)));
  cpex::numerics::OptimalWeightsSolver solver(bernoulli ? cpex::numerics::ArmFamily::bernoulli()
                                                        : cpex::numerics::ArmFamily::gaussian(0.5));
  std::vector<double> perturbed = mu;
  std::size_t i = 0;
  for (auto _ : state) {
    // A small change per call, as between two Track-and-Stop rounds.
    perturbed[i % mu.size()] = mu[i % mu.size()] + 1e-4 * static_cast<double>(i % 7);
    ++i;
    benchmark::DoNotOptimize(solver.solve(perturbed).characteristic_time);
  }
  state.SetItemsProcessed(state.iterations());
}

// Whole RAGE runs; the reported time is per sample (SetIterationTime / samples).
void rage_cost(benchmark::State& state, const std::string& environment) {
  const std::string text = "[environment]\n" + environment +
                           "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = rage\ndelta = 0.05\n";
  const cpex::Pipeline pipeline = cpex::assemble(cpex::PipelineFile::from_text(text, "bench.ini"), cpex::bench::registry());
  std::uint64_t repetition = 0, samples = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    cpex::RunObjects run = cpex::instantiate(pipeline, cpex::RunSeed{1, 0, repetition++});
    cpex::Action action;
    cpex::Observation observation;
    std::uint64_t n = 0;
    while (run.algorithm->next(action)) {
      run.environment->pull(action, observation);
      run.algorithm->observe(action, observation);
      ++n;
    }
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    state.SetIterationTime(elapsed.count() / static_cast<double>(n));
    samples += n;
  }
  state.counters["samples_per_run"] = static_cast<double>(samples) / static_cast<double>(state.iterations());
}

}  // namespace

int main(int argc, char** argv) {
  for (const auto& [name, text] : kAlgorithms)
    for (const char* family : {"gaussian", "bernoulli"})
      benchmark::RegisterBenchmark((std::string("sample/") + name + "/" + family).c_str(), sample_cost,
                                   std::string(text), std::string(family))
          ->Arg(4)->Arg(10)->Arg(100)->Arg(1000);
  for (bool bernoulli : {false, true})
    benchmark::RegisterBenchmark(bernoulli ? "optimal-weights/bernoulli" : "optimal-weights/gaussian",
                                 weights_cost, bernoulli)
        ->Arg(4)->Arg(10)->Arg(100)->Arg(1000);
  benchmark::RegisterBenchmark("sample/rage/soare-d5", rage_cost,
                               std::string("plugin = linear\ngenerator = soare\nd = 5\nangle = 0.1"))
      ->UseManualTime()->Iterations(5);
  benchmark::RegisterBenchmark("sample/rage/canonical-d10", rage_cost,
                               std::string("plugin = linear\ngenerator = canonical\nd = 10\ngap = 0.1"))
      ->UseManualTime()->Iterations(5);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
