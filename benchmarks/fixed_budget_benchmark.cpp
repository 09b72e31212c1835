// Wall-clock cost of one sample (next + pull + observe) of the fixed-budget algorithms for
// N = 10 ... 10^4 arms (Google Benchmark), on the Best-K instance of bestk_instance.hpp
// with k = 1 (k = 2 for sar, ugape, csar) and budget T = 16 N ceil(log2 N): phase ends
// (sorting, SAR's gaps, CSAR's n - t + 2 oracle calls, UGapE's selections each round) are
// included, amortized over the samples. A run that ends is replaced by a fresh one
// outside the timing. ugape never stops by itself and, past its budget, answers next()
// with a placeholder pull and no round: it gets a budget the timing never reaches
// (2^40, `a` given directly), so every timed sample is a full UGapE round.
#include <benchmark/benchmark.h>

#include "bench_support.hpp"
#include "bestk_instance.hpp"
#include "cpex/numerics/budget_schedules.hpp"

namespace {

cpex::RunObjects budget_run(const std::string& algorithm, std::size_t n, std::uint64_t repetition) {
  static std::vector<cpex::Pipeline> keep;
  std::string text = cpex::bench::pipeline_text(algorithm, n);
  const bool top2 = algorithm.rfind("sar", 0) == 0 || algorithm.rfind("ugape", 0) == 0 ||
                    algorithm.rfind("csar", 0) == 0;
  if (!top2) text.replace(text.find("k = 2"), 5, "k = 1");
  const bool ugape = algorithm.rfind("ugape", 0) == 0;
  const std::uint64_t budget = ugape ? std::uint64_t{1} << 40 : 16 * n * cpex::numerics::halving_rounds(n);
  text += "[run]\nbudget = " + std::to_string(budget) + "\nmax-samples = " + std::to_string(budget) + "\n";
  keep.push_back(cpex::assemble(cpex::PipelineFile::from_text(text, "bench.ini"), cpex::bench::registry()));
  return cpex::instantiate(keep.back(), cpex::RunSeed{1, 0, repetition});
}

void sample_cost(benchmark::State& state, const std::string& algorithm) {
  const auto n = static_cast<std::size_t>(state.range(0));
  cpex::bench::time_samples(state, [&](std::uint64_t repetition) { return budget_run(algorithm, n, repetition); });
}

}  // namespace

int main(int argc, char** argv) {
  for (const char* algorithm : {"successive-rejects", "sar", "sequential-halving", "ugape\na = 1", "csar"}) {
    const std::string name = std::string(algorithm).substr(0, std::string(algorithm).find('\n'));
    auto* b = benchmark::RegisterBenchmark(("sample/" + name).c_str(), sample_cost, std::string(algorithm))
                  ->RangeMultiplier(10);
    // CSAR's phase ends cost O(N) oracle calls of O(N) each: 10^4 arms would take minutes.
    b->Range(10, name == "csar" ? 1000 : 10000);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
