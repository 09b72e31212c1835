// CPU cost of the identification problems (Google Benchmark): one w*(mu) solve
// (numerics::CharacteristicTimeSolver, the means changed a little between calls as between
// two Track-and-Stop rounds, so the solver's warm start is the one a run sees) and one GLR
// stopping check (the best response at the counts: what GlrSampler does every round), per
// problem, for K = 4 ... 100 (1000 where a solve is microseconds).
//   build/bin/cpex-identification-benchmark --benchmark_filter='solve/' --benchmark_min_time=0.2
#include <benchmark/benchmark.h>

#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/numerics/identification.hpp"

using namespace cpex::numerics;

namespace {

// One problem of the suite at K arms: the problem, its families and means.
struct Setup {
  std::unique_ptr<IdentificationProblem> problem;
  std::vector<ArmFamily> families;
  std::vector<double> mu;
};

// Means spread over [lo, hi], the largest in the middle.
std::vector<double> spread(std::size_t k, double lo, double hi) {
  std::vector<double> mu(k);
  for (std::size_t i = 0; i < k; ++i) mu[i] = hi - (hi - lo) * static_cast<double>(i) / static_cast<double>(k);
  std::swap(mu[0], mu[k / 2]);
  return mu;
}

using Maker = std::function<Setup(std::size_t)>;

const std::vector<std::pair<const char*, Maker>>& problems() {
  static const std::vector<std::pair<const char*, Maker>> list = {
      {"best-gaussian", [](std::size_t k) {
         return Setup{top_m_problem(k, 1), std::vector<ArmFamily>(k, ArmFamily::gaussian(0.5)), spread(k, 0.1, 0.6)};
       }},
      {"best-bernoulli", [](std::size_t k) {
         return Setup{top_m_problem(k, 1), std::vector<ArmFamily>(k, ArmFamily::bernoulli()), spread(k, 0.1, 0.6)};
       }},
      {"best-poisson", [](std::size_t k) {
         return Setup{top_m_problem(k, 1), std::vector<ArmFamily>(k, ArmFamily::poisson()), spread(k, 1.0, 3.0)};
       }},
      {"top-m-gaussian", [](std::size_t k) {
         return Setup{top_m_problem(k, std::max<std::size_t>(2, k / 4)), std::vector<ArmFamily>(k, ArmFamily::gaussian(0.5)),
                      spread(k, 0.1, 0.6)};
       }},
      {"top-m-bernoulli", [](std::size_t k) {
         return Setup{top_m_problem(k, std::max<std::size_t>(2, k / 4)), std::vector<ArmFamily>(k, ArmFamily::bernoulli()),
                      spread(k, 0.1, 0.6)};
       }},
      {"eps-good-bernoulli", [](std::size_t k) {
         return Setup{epsilon_good_problem(k, 0.05, false), std::vector<ArmFamily>(k, ArmFamily::bernoulli()),
                      spread(k, 0.1, 0.6)};
       }},
      {"threshold-poisson", [](std::size_t k) {
         auto mu = spread(k, 1.0, 3.0);
         for (double& m : mu) m += 0.001;  // away from tau
         return Setup{threshold_problem(k, 2.0, false), std::vector<ArmFamily>(k, ArmFamily::poisson()), mu};
       }},
      {"best-unknown-variance", [](std::size_t k) {
         std::vector<ArmFamily> f;
         for (std::size_t a = 0; a < k; ++a) f.push_back(ArmFamily::gaussian_unknown_variance(0.25 + 0.5 * static_cast<double>(a % 3)));
         return Setup{top_m_problem(k, 1), f, spread(k, 0.1, 0.6)};
       }},
  };
  return list;
}

void solve(benchmark::State& state, const Maker& make) {
  Setup s = make(static_cast<std::size_t>(state.range(0)));
  CharacteristicTimeSolver solver(*s.problem, {1e-6, 300, 30});
  std::vector<double> mu = s.mu;
  std::size_t i = 0;
  for (auto _ : state) {
    mu[i % mu.size()] = s.mu[i % mu.size()] + 1e-4 * static_cast<double>(i % 7);
    ++i;
    benchmark::DoNotOptimize(solver.solve(mu, s.families).value);
  }
  state.SetItemsProcessed(state.iterations());
}

void glr(benchmark::State& state, const Maker& make) {
  Setup s = make(static_cast<std::size_t>(state.range(0)));
  std::vector<double> counts(s.mu.size());
  for (std::size_t a = 0; a < counts.size(); ++a) counts[a] = 100.0 + static_cast<double>(a % 5);
  cpex::Decision answer;
  s.problem->answer(s.mu, answer);
  BestResponse response;
  std::vector<double> offsets = {7.0, 7.0, 7.0};
  for (auto _ : state) {
    s.problem->best_response(counts, s.mu, s.families, answer, response, offsets);
    benchmark::DoNotOptimize(response.margin);
  }
  state.SetItemsProcessed(state.iterations());
}

}  // namespace

int main(int argc, char** argv) {
  for (const auto& [name, make] : problems()) {
    const std::string n = name;
    const bool fast = n.rfind("best-", 0) == 0 && n != "best-unknown-variance";
    auto* s = benchmark::RegisterBenchmark(("solve/" + n).c_str(), solve, make)->Arg(4)->Arg(10)->Arg(100);
    if (fast || n == "threshold-poisson") s->Arg(1000);
    benchmark::RegisterBenchmark(("glr/" + n).c_str(), glr, make)->Arg(4)->Arg(10)->Arg(100)->Arg(1000);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
