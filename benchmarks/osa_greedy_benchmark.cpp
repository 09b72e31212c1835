// One GreedyOSA call (seed 003 App. B.2, Alg. 2) for m = 10 ... 10^4 groups and budgets
// k = m ... 10^6: wall time per call and the number of greedy steps, against the paper's
// O(min(m^2, k) log m) bound (plus the O(m) safe base). Instances: random (group sizes
// 1..1000, variances uniform in [0, 1/4]) and Lemma 8's (sum of slacks Theta(m)).
// Run: build/bin/cpex-osa-greedy-benchmark (see docs/performance.md).
#include <benchmark/benchmark.h>

#include <cmath>
#include <vector>

#include "cpex/random.hpp"
#include "greedy_osa.hpp"

namespace {

void run(benchmark::State& state, const std::vector<double>& theta, const std::vector<double>& sizes,
         std::size_t k) {
  cpex::oracles::GreedyOsaScratch scratch;
  std::vector<double> y(theta.size());
  std::size_t steps = 0;
  for (auto _ : state) {
    steps = cpex::oracles::greedy_osa(theta, sizes, k, y, scratch);
    benchmark::DoNotOptimize(y.data());
  }
  const double m = static_cast<double>(theta.size());
  state.counters["steps"] = static_cast<double>(steps);
  state.counters["bound"] = std::min(m * m, static_cast<double>(k));
}

void random_instance(benchmark::State& state) {
  const auto m = static_cast<std::size_t>(state.range(0));
  const auto k = static_cast<std::size_t>(state.range(1));
  cpex::RandomStream rng(cpex::RunSeed{3, m, k}, cpex::StreamRole::Oracle);
  std::vector<double> theta(m), sizes(m);
  for (std::size_t i = 0; i < m; ++i) {
    sizes[i] = static_cast<double>(1 + rng.below(1000));
    theta[i] = 0.25 * rng.uniform01();
  }
  run(state, theta, sizes, k);
}

// Lemma 8: n_1 sqrt(theta_1) = c (m - 1), the others 1; k = 1.5 (c + 1)(m - 1), m odd.
void lemma8_instance(benchmark::State& state) {
  const auto m = static_cast<std::size_t>(state.range(0)) + 1;  // odd
  const double c = 4.0;
  std::vector<double> theta(m, 1.0), sizes(m, 1.0);
  sizes[0] = c * static_cast<double>(m - 1);
  const auto k = static_cast<std::size_t>(1.5 * (c + 1.0) * static_cast<double>(m - 1));
  run(state, theta, sizes, k);
}

void budgets(benchmark::internal::Benchmark* b) {
  for (long m : {10L, 100L, 1000L, 10000L}) {
    b->Args({m, m});
    for (long k : {100L, 1000L, 10000L, 100000L, 1000000L})
      if (k > m) b->Args({m, k});
  }
}

}  // namespace

BENCHMARK(random_instance)->Apply(budgets)->Unit(benchmark::kMicrosecond);
BENCHMARK(lemma8_instance)->Arg(10)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
