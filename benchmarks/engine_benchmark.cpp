// The run engine's cost: overhead per run with a trivial algorithm (stops at once; three
// resolved parameters to format), the CSV row included, and the 1 -> 2 thread speed-up on
// 2000 short runs (round robin over 4 Gaussian arms, 1000 samples each).
#include <benchmark/benchmark.h>

#include <numeric>

#include "bench_registry.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/runtime/engine.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/store/results_csv.hpp"

namespace {

using namespace cpex;

// Pulls arms in turn for `samples` samples (0: stops at once), recommends the first k.
class Fixed : public Algorithm {
 public:
  explicit Fixed(std::int64_t samples) : samples_(samples) {}
  void start(const AlgorithmContext& c) override {
    arms_ = c.problem->num_arms;
    k_ = c.oracles.front()->decision_size();
  }
  bool next(Action& action) override {
    if (done_ >= samples_) return false;
    action.arm = static_cast<std::size_t>(done_) % arms_;
    return true;
  }
  void observe(const Action&, const Observation& o) override {
    ++done_;
    sum_ += o.reward;
  }
  Recommendation recommend() const override {
    Recommendation r;
    r.decision.arms.resize(k_);
    std::iota(r.decision.arms.begin(), r.decision.arms.end(), std::size_t{0});
    return r;
  }
  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"samples", samples_}, {"delta", 0.05}, {"preset", std::string("none")}};
  }

 private:
  std::int64_t samples_, done_ = 0;
  std::size_t arms_ = 1, k_ = 1;
  double sum_ = 0.0;
};

const Registry& registry_with_fixed() {
  static const Registry& registry = [&]() -> const Registry& {
    auto& r = const_cast<Registry&>(bench::registry());
    AlgorithmEntry entry;
    entry.name = "bench-fixed";
    entry.summary = "benchmark: a fixed number of round-robin samples";
    entry.needs.feedback = {FeedbackKind::SingleArm};
    entry.needs.oracles = {{"oracle", 0}};
    entry.schema.integer("samples", 0, Range::at_least(0), "samples");
    entry.create = [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
      return std::make_unique<Fixed>(p.integer("samples"));
    };
    r.add(std::move(entry));
    return r;
  }();
  return registry;
}

Pipeline pipeline(std::int64_t samples, std::int64_t repetitions) {
  const std::string text =
      "[environment]\nplugin = gaussian\nmeans = 0.5,0.4,0.3,0.2\nsigma = 0.5\n"
      "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = bench-fixed\nsamples = " +
      std::to_string(samples) + "\n[run]\nrepetitions = " + std::to_string(repetitions) + "\n";
  return assemble(PipelineFile::from_text(text, "bench.ini"), registry_with_fixed());
}

// Formats every row as the CSV writer would, without the I/O.
class FormatRows : public ResultSink {
 public:
  void write(const RunRecord& record, const Job& job) override {
    bytes += csv_row(record, job).size();
  }
  std::size_t bytes = 0;
};

// Drops every record.
class Discard : public ResultSink {
 public:
  void write(const RunRecord&, const Job&) override {}
};

void run(benchmark::State& state, std::int64_t samples, std::int64_t runs, bool format = true) {
  const std::vector<Pipeline> pipelines = {pipeline(samples, runs)};
  const std::vector<SweepPoint> points = expand({});
  const JobSpace jobs(pipelines, points);
  const int threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    FormatRows rows;
    Discard discard;
    run_sweep(jobs, {}, {threads}, format ? static_cast<ResultSink&>(rows) : discard);
    benchmark::DoNotOptimize(rows.bytes);
  }
  state.SetItemsProcessed(state.iterations() * runs);
}

// CPU time per run of the whole engine with a trivial algorithm (items/s -> per run).
void BM_EngineOverheadTrivialRun(benchmark::State& state) { run(state, 0, 20000); }
BENCHMARK(BM_EngineOverheadTrivialRun)->Arg(1)->Unit(benchmark::kMillisecond);
// The same without formatting the CSV row.
void BM_EngineOverheadTrivialRunNoRow(benchmark::State& state) { run(state, 0, 20000, false); }
BENCHMARK(BM_EngineOverheadTrivialRunNoRow)->Arg(1)->Unit(benchmark::kMillisecond);

// Wall time of 2000 short runs on 1 and 2 threads.
void BM_ShortRuns2000(benchmark::State& state) { run(state, 1000, 2000); }
BENCHMARK(BM_ShortRuns2000)->Arg(1)->Arg(2)->UseRealTime()->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
