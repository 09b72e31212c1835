// Wall-clock cost per sample of the GLR samplers of issue 30 (Google Benchmark): one sample
// (next + pull + observe) of each top-two variant, game, fw-sampling, uniform, oracle-weights,
// best-challenger, the elimination rules, track-and-stop (D- and C-Tracking, default settings)
// and ts-explore, on K = 4 ... 10^4 Gaussian (sigma 1/2) or Bernoulli arms (best 0.6 in the
// middle, the others spread over [0.1, 0.55]; delta = 1e-10 so that runs last), the top-5 of
// the same arms (K from 10 to 10^4: top-two, game, fw-sampling, track-and-stop),
// sticky-track-and-stop on the 0.05-good arm (K <= 100: its w* takes cutting planes) and on the
// good arm above tau = 0.58 (the best; w* in closed form, K up to 10^4). A run is warmed up by 4K
// samples (game on Bernoulli arms by 10K, best arm and top-5: past the pulls of arms at 0 or 1
// that precede its game), and one that stops is replaced outside the timing. Each cell times a
// fixed number of samples after the warm-up (depth(K) below), so that the same cell of two builds
// or two runs is the same stretch of the same runs (with Google Benchmark's own choice, the depth
// followed the first timings and a cell moved by 40-100%). docs/performance.md, "GLR samplers".
#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bench_support.hpp"
#include "glr_instance.hpp"
#include "warm_up.hpp"

namespace {

// What is benchmarked: a label and the [algorithm] lines.
constexpr cpex::bench::Variant kSamplers[] = {
    {"eb-tci", "plugin = top-two"},
    {"eb-tci-ids", "plugin = top-two\nbeta = ids"},
    {"t3c", "plugin = top-two\nleader = ts\nchallenger = tc"},
    {"ttts", "plugin = top-two\nleader = ts\nchallenger = ts"},
    {"ttucb", "plugin = top-two\nleader = ucb\nchallenger = tc\nselection = tracking"},
    {"game", "plugin = game"},
    {"fw-sampling", "plugin = fw-sampling"},
    {"uniform", "plugin = uniform"},
    {"oracle-weights", "plugin = oracle-weights"},
    {"best-challenger", "plugin = best-challenger"},
    {"eb-tci-elim-stopping", "plugin = top-two\nelimination = stopping"},
    {"eb-tci-elim-sampling", "plugin = top-two\nelimination = sampling"},
    {"track-and-stop-d", "plugin = track-and-stop\ntracking = d"},
    {"track-and-stop-c", "plugin = track-and-stop\ntracking = c"},
    {"ts-explore", "plugin = ts-explore"},
};

// The same arms with the good-arm query above tau = 0.58 (only the best, 0.6, is above).
std::string good_arm_text(const std::string& algorithm, const std::string& family, std::size_t k) {
  std::string text = cpex::bench::glr_instance_text(algorithm, family, k);
  const std::string top_1 = "plugin = top-k\nk = 1\n";
  text.replace(text.find(top_1), top_1.size(), "plugin = good-arm\ntau = 0.58\n");
  return text;
}

// The samples timed per cell: 2,000,000 / K, between 2,000 and 200,000 (K = 100: 20,000).
benchmark::IterationCount depth(std::size_t k) {
  return static_cast<benchmark::IterationCount>(
      std::clamp<std::size_t>(2'000'000 / k, 2'000, 200'000));
}

// Times depth(k) samples after warm_up_per_arm * k.
void sample_cost_after(benchmark::State& state, const std::string& pipeline_text, std::size_t k,
                       std::size_t warm_up_per_arm) {
  cpex::bench::time_samples(state, [&](std::uint64_t repetition) {
    return cpex::bench::warmed_up(pipeline_text, repetition, warm_up_per_arm * k);
  });
}

void sample_cost(benchmark::State& state, const std::string& pipeline_text, std::size_t k) {
  sample_cost_after(state, pipeline_text, k, 4);
}

}  // namespace

int main(int argc, char** argv) {
  for (const auto& [name, algorithm] : kSamplers)
    for (const char* family : {"gaussian", "bernoulli"})
      for (std::size_t k : {4, 10, 100, 1000, 10000}) {
        const std::string label = std::string("sample/") + name + "/" + family + "/" + std::to_string(k);
        const bool game_start = std::string(name) == "game" && std::string(family) == "bernoulli";
        benchmark::RegisterBenchmark(label.c_str(), sample_cost_after,
                                     cpex::bench::glr_instance_text(algorithm, family, k), k,
                                     std::size_t{game_start ? 10u : 4u})
            ->Iterations(depth(k));
      }
  for (std::size_t k : {10, 100, 1000})
    benchmark::RegisterBenchmark(
        ("sample/ttei/gaussian/" + std::to_string(k)).c_str(), sample_cost,
        cpex::bench::glr_instance_text("plugin = top-two\nleader = ei\nchallenger = ei", "gaussian",
                                       k),
        k)
        ->Iterations(depth(k));
  for (const char* family : {"gaussian", "bernoulli"})
    for (std::size_t k : {10, 100, 1000, 10000})
      for (const char* algorithm :
           {"plugin = top-two", "plugin = game", "plugin = fw-sampling", "plugin = track-and-stop"})
        benchmark::RegisterBenchmark(
            ("sample/top-5/" + std::string(algorithm + 9) + "/" + family + "/" + std::to_string(k))
                .c_str(),
            sample_cost_after, cpex::bench::glr_instance_text(algorithm, family, k, 5), k,
            std::size_t{std::string(algorithm) == "plugin = game" &&
                                std::string(family) == "bernoulli"
                            ? 10u
                            : 4u})
            ->Iterations(depth(k));
  for (std::size_t k : {4, 10, 100})
    benchmark::RegisterBenchmark(
        ("sample/sticky-eps/bernoulli/" + std::to_string(k)).c_str(), sample_cost,
        cpex::bench::glr_instance_text("plugin = sticky-track-and-stop", "bernoulli", k, 1,
                                       "epsilon = 0.05\n"),
        k)
        ->Iterations(depth(k));
  for (const char* family : {"gaussian", "bernoulli"})
    for (std::size_t k : {4, 10, 100, 1000, 10000})
      benchmark::RegisterBenchmark(
          ("sample/sticky-good-arm/" + std::string(family) + "/" + std::to_string(k)).c_str(),
          sample_cost, good_arm_text("plugin = sticky-track-and-stop", family, k), k)
          ->Iterations(depth(k));
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
