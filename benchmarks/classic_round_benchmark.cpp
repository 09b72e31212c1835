// Wall-clock cost of one sample (next + pull + observe) of issue 30's classic algorithms
// for K = 4 ... 10^3 arms (Google Benchmark), on the Best-K instance of bestk_instance.hpp
// (Gaussian, sigma = 1/2; `-bernoulli`: Bernoulli arms of the same means): kl-lucb and kl-racing (top-2; a round computes K KL bounds by
// false position), median-elimination (epsilon 0.1) and exponential-gap (best arm; phase
// ends sort or scan the survivors), ucb-e (an index policy on an indexed heap),
// at-lucb (top-2; O(K) per round and stage). The fixed-budget ones get a budget the timing
// never reaches (2^40), so every timed sample is an ordinary round. A run that ends is
// replaced by a fresh one outside the timing. docs/performance.md, "Classic algorithms".
#include <benchmark/benchmark.h>

#include "bench_support.hpp"
#include "bestk_instance.hpp"

namespace {

struct Case {
  const char* label;
  const char* name;
  const char* keys;  // [algorithm] lines after the plugin line
  bool top2;
  bool budget;
  bool bernoulli;  // Bernoulli arms with the same means instead of Gaussian ones
};

const Case kCases[] = {
    {"kl-lucb", "kl-lucb", "", true, false, false},
    {"kl-lucb-bernoulli", "kl-lucb", "", true, false, true},
    {"kl-racing", "kl-racing", "", true, false, false},
    {"kl-racing-bernoulli", "kl-racing", "", true, false, true},
    {"median-elimination", "median-elimination", "epsilon = 0.1\n", false, false, false},
    {"exponential-gap", "exponential-gap", "", false, false, false},
    {"ucb-e", "ucb-e", "a = 1\n", false, true, false},
    {"at-lucb", "at-lucb", "", true, true, false},
};

cpex::RunObjects make_run(const Case& c, std::size_t n, std::uint64_t repetition) {
  static std::vector<cpex::Pipeline> keep;
  std::string text = cpex::bench::pipeline_text(c.name, n) + c.keys;
  if (!c.top2) text.replace(text.find("k = 2"), 5, "k = 1");
  if (c.bernoulli) text.replace(text.find("plugin = gaussian\nsigma = 0.5"), 29, "plugin = bernoulli");
  if (c.budget) text += "[run]\nbudget = 1099511627776\nmax-samples = 1099511627776\n";
  keep.push_back(cpex::assemble(cpex::PipelineFile::from_text(text, "bench.ini"), cpex::bench::registry()));
  return cpex::instantiate(keep.back(), cpex::RunSeed{1, 0, repetition});
}

void sample_cost(benchmark::State& state, const Case& c) {
  const auto n = static_cast<std::size_t>(state.range(0));
  cpex::bench::time_samples(state, [&](std::uint64_t repetition) { return make_run(c, n, repetition); });
}

}  // namespace

int main(int argc, char** argv) {
  for (const Case& c : kCases)
    benchmark::RegisterBenchmark((std::string("sample/") + c.label).c_str(), sample_cost, c)
        ->Arg(4)
        ->Arg(10)
        ->Arg(100)
        ->Arg(1000);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
