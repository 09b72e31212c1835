// Cost of one sample (next + pull + observe) of the Best-K algorithms for N = 10^2 ... 10^5
// arms, K = 2, after the initial pass. The instance keeps the K-th and (K+1)-th arms
// 10^-3 apart so no algorithm stops while it is measured.
#include <benchmark/benchmark.h>

#include <sstream>

#include "cpex/pipeline.hpp"
#include "cpex/plugin_host.hpp"
#include "cpex/run.hpp"

namespace {

const cpex::Registry& registry() {
  static auto* host = [] {
    auto* h = new cpex::PluginHost();
    h->load({CPEX_PLUGIN_DIR}, 1);
    return h;
  }();
  return host->registry();
}

std::string pipeline_text(const std::string& algorithm, std::size_t n) {
  std::ostringstream text;
  text.precision(12);
  text << "[environment]\nplugin = gaussian\nsigma = 0.5\nmeans = 0.5, 0.5, 0.499";
  for (std::size_t i = 3; i < n; ++i) text << ", " << 0.4 * static_cast<double>(n - i) / n;
  text << "\n[oracle]\nplugin = top-k\nk = 2\n[algorithm]\nplugin = " << algorithm << "\n";
  return text.str();
}

void sample_cost(benchmark::State& state, const std::string& algorithm) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const cpex::Pipeline pipeline = cpex::assemble(
      cpex::PipelineFile::from_text(pipeline_text(algorithm, n), "bench.ini"), registry());
  cpex::RunObjects run = cpex::instantiate(pipeline, cpex::RunSeed{1, 0, 0});
  cpex::Action action;
  cpex::Observation observation;
  for (std::size_t i = 0; i < 4 * n; ++i) {  // the first pass and some warm-up rounds
    if (!run.algorithm->next(action)) break;
    run.environment->pull(action, observation);
    run.algorithm->observe(action, observation);
  }
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

void register_all() {
  for (const char* algorithm : {"lucb"})
    benchmark::RegisterBenchmark((std::string("sample/") + algorithm).c_str(), sample_cost,
                                 std::string(algorithm))
        ->RangeMultiplier(10)
        ->Range(100, 100000);
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
