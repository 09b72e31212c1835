// Wall-clock cost of one round (next + pull + observe) of the full-bandit algorithms of
// seed 000 on its synthetic instances (delta-min = 0.01, so runs do not stop), uniform
// allocation, DkS oracle dks-peeling:
//   saqm, icb        n in {10, 24, 50, 100, 200, 500, 1000}, k = n/2 and k = 10;
//   sa-foa (l = 1)   the same n: a round is n candidates, so time per candidate = round / n;
//   sa-exhaustive    n = 10, 12, ..., 24, k = n/2 (seed 000 Fig. 2's blow-up);
//   clucb-qm, clucb-full, me-full, lucb-full (seed 001)   n in {10, 24, 50, 100, 200}, k = n/2
//                    and k = 10 (ME and LUCB with epsilon = 0.5; a stopped run restarts
//                    outside the timing); clucb-qm also at n = 500 and 1000;
//   floor/matvec+rank-one   n in {10, ..., 1000}: the O(n^2) floor of a SAQM / CLUCB-QM
//                    round, one symmetric n x n mat-vec y = A x and one rank-one update
//                    A -= c y y^T with Eigen (target: a round within 2.5x);
//   refactor         n in {10, 50, 500, 1000}: one SuperArmLeastSquares::refactor()
//                    (Cholesky of A, A^{-1} and theta_hat from it, O(n^3)), which a run
//                    does every refactor-every = 1000 pulls: a round's amortised share is
//                    this / 1000 (the round benchmarks above run too few rounds to meet one).
// Each run is warmed up past its n basis pulls (and the first factorization) outside the
// timing; the paired algorithms (clucb-qm, clucb-full) past their initial sweep of n - 1
// pairs (2n - 2 pulls without a stopping check or sampling rule), so that their timed
// rounds are the rounds of a run after the sweep. docs/performance.md has the figures and
// the command.
#include <benchmark/benchmark.h>

#include <Eigen/Dense>
#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "bench_support.hpp"
#include "warm_up.hpp"
#include "cpex/numerics/super_arm_least_squares.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/run.hpp"

namespace {

std::string pipeline_text(int n, int k, const std::string& algorithm) {
  std::ostringstream text;
  text << "[environment]\nplugin = full-bandit\ngenerator = synthetic\nn = " << n << "\nk = " << k
       << "\ndelta-min = 0.01\n[oracle]\nplugin = top-k\nk = " << k << "\n";
  if (algorithm == "saqm" || algorithm == "sa-foa" || algorithm == "clucb-qm")
    text << "[dks]\nplugin = dks-peeling\n";
  text << "[algorithm]\nplugin = " << algorithm << "\n";
  if (algorithm == "sa-foa") text << "l = 1\n";
  if (algorithm == "me-full" || algorithm == "lucb-full") text << "epsilon = 0.5\n";
  return text.str();
}

// Samples before the timing: past the n basis pulls, or past the sweep of a paired algorithm.
std::size_t warm_up_samples(int n, const std::string& algorithm) {
  const bool paired = algorithm == "clucb-qm" || algorithm == "clucb-full";
  return static_cast<std::size_t>(paired ? 2 * n + 1 : n + 1);
}

void round_cost(benchmark::State& state, const std::string& algorithm) {
  const auto n = static_cast<int>(state.range(0)), k = static_cast<int>(state.range(1));
  const cpex::Pipeline pipeline = cpex::assemble(
      cpex::PipelineFile::from_text(pipeline_text(n, k, algorithm), "bench.ini"), cpex::bench::registry());
  cpex::bench::time_samples(state, [&](std::uint64_t repetition) {
    return cpex::bench::warmed_up(pipeline, repetition, warm_up_samples(n, algorithm));
  });
}

// The O(n^2) floor: one mat-vec and one rank-one update of an n x n matrix per iteration
// (what a Sherman-Morrison step of A^-1 costs at the least).
void floor_cost(benchmark::State& state) {
  const auto n = static_cast<Eigen::Index>(state.range(0));
  Eigen::MatrixXd a = Eigen::MatrixXd::Identity(n, n);
  Eigen::VectorXd x = Eigen::VectorXd::Zero(n), y(n);
  for (Eigen::Index i = 0; i < n; i += 2) x(i) = 1.0;
  for (auto _ : state) {
    y.noalias() = a * x;
    const double c = 1.0 / (1.0 + x.dot(y));
    a.noalias() -= c * y * y.transpose();
    benchmark::DoNotOptimize(a.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());
}

// One refactorization of SuperArmLeastSquares at n arms (k = n/2, 2n random pulls).
void refactor_cost(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  cpex::numerics::SuperArmLeastSquares ls(n, std::uint64_t{1} << 40);
  std::mt19937_64 rng(1);
  std::vector<std::size_t> arms(n);
  for (std::size_t t = 0; t < 2 * n; ++t) {
    for (std::size_t i = 0; i < n; ++i) arms[i] = i;
    std::shuffle(arms.begin(), arms.end(), rng);
    std::vector<std::size_t> m(arms.begin(), arms.begin() + static_cast<std::ptrdiff_t>(n / 2));
    std::sort(m.begin(), m.end());
    ls.add(m, 1.0);
  }
  for (auto _ : state) {
    benchmark::DoNotOptimize(ls.refactor());
    benchmark::DoNotOptimize(ls.inverse().data());
  }
  state.SetItemsProcessed(state.iterations());
}

}  // namespace

int main(int argc, char** argv) {
  for (const char* algorithm : {"saqm", "sa-foa", "icb"}) {
    auto* half = benchmark::RegisterBenchmark((std::string(algorithm) + "/k=n/2").c_str(), round_cost,
                                              std::string(algorithm));
    auto* ten = benchmark::RegisterBenchmark((std::string(algorithm) + "/k=10").c_str(), round_cost,
                                             std::string(algorithm));
    for (int n : {10, 24, 50, 100, 200, 500, 1000}) {
      half->Args({n, n / 2});
      if (n > 10) ten->Args({n, 10});
    }
    half->Unit(benchmark::kMicrosecond);
    ten->Unit(benchmark::kMicrosecond);
  }
  for (const char* algorithm : {"clucb-qm", "clucb-full", "me-full", "lucb-full"}) {
    auto* half = benchmark::RegisterBenchmark((std::string(algorithm) + "/k=n/2").c_str(), round_cost,
                                              std::string(algorithm));
    auto* ten = benchmark::RegisterBenchmark((std::string(algorithm) + "/k=10").c_str(), round_cost,
                                             std::string(algorithm));
    for (int n : {10, 24, 50, 100, 200}) {
      half->Args({n, n / 2});
      if (n > 20) ten->Args({n, 10});
    }
    if (std::string(algorithm) == "clucb-qm") {
      half->Args({500, 250})->Args({1000, 500});
      ten->Args({500, 10})->Args({1000, 10});
    }
    half->Unit(benchmark::kMicrosecond);
    ten->Unit(benchmark::kMicrosecond);
  }
  auto* exhaustive = benchmark::RegisterBenchmark("sa-exhaustive/k=n/2", round_cost, std::string("sa-exhaustive"));
  for (int n = 10; n <= 24; n += 2) exhaustive->Args({n, n / 2});
  exhaustive->Unit(benchmark::kMicrosecond);
  auto* floor = benchmark::RegisterBenchmark("floor/matvec+rank-one", floor_cost);
  for (int n : {10, 24, 50, 100, 200, 500, 1000}) floor->Arg(n);
  floor->Unit(benchmark::kMicrosecond);
  auto* refactor = benchmark::RegisterBenchmark("refactor", refactor_cost);
  for (int n : {10, 50, 500, 1000}) refactor->Arg(n);
  refactor->Unit(benchmark::kMicrosecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
