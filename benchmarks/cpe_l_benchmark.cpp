// Wall-clock cost of one linear-maximization call of each CPE-L oracle against the graph
// size (m = 10^2 ... 10^5 edges / arms), and of one CLUCB round (two oracle calls + O(m))
// on a spanning-tree instance (Google Benchmark). Instances:
//   matroid-uniform   m arms, k = m/10
//   matroid-partition m arms in 10 parts (arm i in part i mod 10), capacity m/100 + 1 each
//   matroid-graphic   random graph, m edges on m/4 vertices
//   dag-path          grid DAG with about m edges (side sqrt(m/2)), corner to corner
//   matching          random graph, m edges on m/4 vertices (general, non-bipartite)
// with weights uniform in [0, 1), drawn before the timing: calls cycle through
// min(64, 2^20 / m) vectors (at least 2), so the branch predictor cannot learn one vector's
// sort (measured: a standalone sort of 1,000 indices took 7.5 us with one vector, 49.6 us
// with 64).
#include <benchmark/benchmark.h>

#include <algorithm>

#include <cmath>
#include <sstream>

#include "bench_support.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/random.hpp"

namespace {

using namespace cpex;

ParamValues oracle_params(const std::string& name, std::size_t m) {
  ParamValues p;
  for (const ParamSpec& spec : bench::registry().oracle(name)->schema.specs())
    if (spec.default_value) p.set(spec.name, *spec.default_value);
  const auto count = [](std::size_t x) { return static_cast<std::int64_t>(x); };
  if (name == "matroid-uniform") p.set("k", count(m / 10));
  if (name == "matroid-partition") {
    std::vector<double> parts(m), capacities(10, static_cast<double>(m / 100 + 1));
    for (std::size_t i = 0; i < m; ++i) parts[i] = static_cast<double>(i % 10);
    p.set("parts", parts);
    p.set("capacities", capacities);
  }
  if (name == "matroid-graphic" || name == "matching") {
    p.set("generator", std::string("random"));
    p.set("vertices", count(m / 4));
    p.set("edges", count(m));
    p.set("graph-seed", count(7));
  }
  if (name == "dag-path") {
    const auto side = static_cast<std::size_t>(std::sqrt(static_cast<double>(m) / 2.0)) + 1;
    p.set("generator", std::string("grid-dag"));
    p.set("rows", count(side));
    p.set("cols", count(side));
  }
  return p;
}

void oracle_call(benchmark::State& state, const std::string& name) {
  const auto m = static_cast<std::size_t>(state.range(0));
  const auto oracle = bench::registry().oracle(name)->create(oracle_params(name, m), OracleContext{});
  const std::size_t arms = oracle->ground_set_size() ? oracle->ground_set_size() : m;
  Problem problem;
  problem.num_arms = arms;
  oracle->bind(problem);
  RandomStream rng(RunSeed{3, 0, 0}, StreamRole::Oracle);
  const std::size_t vectors = std::max<std::size_t>(2, std::min<std::size_t>(64, (std::size_t{1} << 20) / arms));
  std::vector<std::vector<double>> weights(vectors, std::vector<double>(arms));
  for (auto& w : weights)
    for (auto& x : w) x = rng.uniform01();
  Decision out;
  std::size_t next = 0;
  for (auto _ : state) {
    oracle->maximize(weights[next], out);
    benchmark::DoNotOptimize(out.arms.data());
    if (++next == vectors) next = 0;
  }
  state.counters["arms"] = static_cast<double>(arms);
}

// One CLUCB round on a planted spanning-tree instance with m edges, after the initial pass
// and 10 rounds.
void clucb_round(benchmark::State& state) {
  const auto m = static_cast<std::size_t>(state.range(0));
  std::ostringstream text;
  text << "[environment]\nplugin = planted-gap\ngap = 0.05\nhardness = no\n"
       << "[oracle]\nplugin = matroid-graphic\ngenerator = random\nvertices = " << m / 4
       << "\nedges = " << m << "\ngraph-seed = 7\n[algorithm]\nplugin = clucb\n";
  static std::vector<Pipeline> keep;
  keep.push_back(assemble(PipelineFile::from_text(text.str(), "bench.ini"), bench::registry()));
  bench::time_samples(state, [&](std::uint64_t repetition) {
    RunObjects run = instantiate(keep.back(), RunSeed{1, 0, repetition});
    Action action;
    Observation observation;
    for (std::size_t i = 0; i < m + 10 && run.algorithm->next(action); ++i) {
      run.environment->pull(action, observation);
      run.algorithm->observe(action, observation);
    }
    return run;
  });
}

}  // namespace

int main(int argc, char** argv) {
  for (const char* name :
       {"matroid-uniform", "matroid-partition", "matroid-graphic", "dag-path", "matching"})
    benchmark::RegisterBenchmark((std::string("oracle/") + name).c_str(), oracle_call,
                                 std::string(name))
        ->RangeMultiplier(10)
        ->Range(100, 100000)
        ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("round/clucb/matroid-graphic", clucb_round)
      ->RangeMultiplier(10)
      ->Range(100, 100000)
      ->Unit(benchmark::kMicrosecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
