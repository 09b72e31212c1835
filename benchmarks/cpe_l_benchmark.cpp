// Wall-clock cost of one linear-maximization call of each CPE-L oracle against the graph
// size (m = 10^2 ... 10^5 edges / arms), and of one CLUCB round (two oracle calls + O(m))
// on a spanning-tree instance (Google Benchmark). Instances:
//   matroid-uniform   m arms, k = m/10
//   matroid-partition m arms in 10 parts (arm i in part i mod 10), capacity m/100 + 1 each
//   matroid-graphic   random graph, m edges on m/4 vertices
//   dag-path          grid DAG with about m edges (side sqrt(m/2)), corner to corner
//   matching          random graph, m edges on m/4 vertices (general, non-bipartite)
// with weights uniform in [0, 1) (a fresh vector per call would dominate small m, so one
// vector per size is reused).
#include <benchmark/benchmark.h>

#include <cmath>
#include <sstream>

#include "bench_support.hpp"
#include "cpex/pipeline.hpp"
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
  std::vector<double> w(arms);
  for (auto& x : w) x = rng.uniform01();
  Decision out;
  for (auto _ : state) {
    oracle->maximize(w, out);
    benchmark::DoNotOptimize(out.arms.data());
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
