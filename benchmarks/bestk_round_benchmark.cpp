// Wall-clock cost of one sample (next + pull + observe) of the Best-K algorithms for
// N = 10^2 ... 10^5 arms on the instance of bestk_instance.hpp (Google Benchmark), and of
// the same sample taken by the algorithm's hand-tight reference (benchmarks/reference/,
// `reference/<algorithm>`: same rule, same random streams, same samples). A run that stops
// during the measurement is replaced by a fresh one outside the timing.
#include <benchmark/benchmark.h>

#include <memory>

#include "bench_support.hpp"
#include "bestk_instance.hpp"
#include "reference/lil_clucb.hpp"
#include "reference/lil_lucb_family.hpp"
#include "reference/lil_ucb.hpp"
#include "reference/lucb1.hpp"

namespace {

using namespace cpex::reference;

void sample_cost(benchmark::State& state, const std::string& algorithm) {
  const auto n = static_cast<std::size_t>(state.range(0));
  cpex::bench::time_samples(state, [&](std::uint64_t repetition) {
    return cpex::bench::warmed_up_run(algorithm, n, repetition);
  });
}

// One reference and its environment, warmed up like warmed_up_run (initial pass + 3N).
template <typename Reference>
struct Warmed {
  std::unique_ptr<GaussianArms> env;
  std::unique_ptr<Reference> ref;
};

template <typename Reference, typename Make>
void reference_cost(benchmark::State& state, Make make) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::uint64_t repetition = 0;
  auto fresh = [&] {
    Warmed<Reference> w;
    const cpex::RunSeed seed{1, 0, repetition++};
    w.env = std::make_unique<GaussianArms>(cpex::bench::instance_means(n), cpex::bench::kInstanceSigma, seed);
    w.ref = std::make_unique<Reference>(make(*w.env, n, seed));
    for (std::size_t i = 0; i < 4 * n; ++i)
      if (!w.ref->step()) break;
    return w;
  };
  Warmed<Reference> w = fresh();
  for (auto _ : state) {
    while (!w.ref->step()) {
      state.PauseTiming();
      w = fresh();
      state.ResumeTiming();
    }
  }
  state.SetItemsProcessed(state.iterations());
}

// The plugins' defaults (heuristic preset: epsilon 0, delta = nu = 0.01; LUCB1 delta 0.05;
// lil'UCB beta 1/2, lambda 1 + 10/N), as in reference_cost_driver.cpp.
template <LilVariant V>
LilLucbFamily<V> family(GaussianArms& env, std::size_t, const cpex::RunSeed& seed) {
  return LilLucbFamily<V>(env, 2, 0.01, 0.0, seed);
}

void register_references() {
  auto add = [](const char* name, auto function) {
    benchmark::RegisterBenchmark((std::string("reference/") + name).c_str(), function)
        ->RangeMultiplier(10)
        ->Range(100, 100000);
  };
  add("lucb", [](benchmark::State& s) {
    reference_cost<Lucb1>(s, [](GaussianArms& e, std::size_t, const cpex::RunSeed&) { return Lucb1(e, 2, 0.05, 0.0); });
  });
  add("lil-lucb", [](benchmark::State& s) { reference_cost<LilLucbFamily<LilVariant::LilLucb>>(s, family<LilVariant::LilLucb>); });
  add("lucb-pp", [](benchmark::State& s) {
    reference_cost<LilLucbFamily<LilVariant::LucbPlusPlus>>(s, family<LilVariant::LucbPlusPlus>);
  });
  add("lil-rand-lucb", [](benchmark::State& s) {
    reference_cost<LilLucbFamily<LilVariant::LilRandLucb>>(s, family<LilVariant::LilRandLucb>);
  });
  add("lil-clucb", [](benchmark::State& s) {
    reference_cost<LilClucb>(s, [](GaussianArms& e, std::size_t, const cpex::RunSeed&) { return LilClucb(e, 2, 0.01, 0.0); });
  });
  add("lil-ucb", [](benchmark::State& s) {
    reference_cost<LilUcb>(s, [](GaussianArms& e, std::size_t n, const cpex::RunSeed&) {
      return LilUcb(e, 0.01, 0.0, 0.5, 1.0 + 10.0 / static_cast<double>(n));
    });
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
  register_references();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
