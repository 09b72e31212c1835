// Wall-clock cost of one optimal design (numerics::optimal_design, certified relative gap
// 1e-3, the XY plugins' default) on the designs the XY allocations compute: all pairs of
// Soare's instance (K = d + 1 = 6), the XY-oracle directions of the canonical instance
// (K = d = 5), and all pairs of K = 25 random arms in d = 31 (the size of seed 002's
// real-data experiment, 300 directions); and the callback (direction-generation) path on the
// last one.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

#include <Eigen/Core>

#include "cpex/numerics/transductive_design.hpp"

namespace {

using cpex::numerics::optimal_design;
using cpex::numerics::pairwise_differences;

Eigen::MatrixXd soare(int d) {
  Eigen::MatrixXd x = Eigen::MatrixXd::Zero(d, d + 1);
  x.leftCols(d).setIdentity();
  x(0, d) = std::cos(0.01);
  x(1, d) = std::sin(0.01);
  return x;
}

Eigen::MatrixXd random_arms(int k, int d) {
  std::mt19937_64 engine(11);
  std::normal_distribution<double> normal;
  Eigen::MatrixXd x(d, k);
  for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = normal(engine);
  return x;
}

void BM_SoareAllPairs(benchmark::State& state) {
  const Eigen::MatrixXd x = soare(5), y = pairwise_differences(x);
  for (auto _ : state) benchmark::DoNotOptimize(optimal_design(x, y).value);
}

void BM_CanonicalOracle(benchmark::State& state) {
  const Eigen::MatrixXd x = Eigen::MatrixXd::Identity(5, 5);
  Eigen::MatrixXd y(5, 4);
  for (Eigen::Index i = 1; i < 5; ++i) y.col(i - 1) = (x.col(0) - x.col(i)) / 0.5;
  for (auto _ : state) benchmark::DoNotOptimize(optimal_design(x, y).value);
}

void BM_Random25x31AllPairs(benchmark::State& state) {
  const Eigen::MatrixXd x = random_arms(25, 31), y = pairwise_differences(x);
  for (auto _ : state) benchmark::DoNotOptimize(optimal_design(x, y).value);
}

void BM_Random25x31Callback(benchmark::State& state) {
  const Eigen::MatrixXd x = random_arms(25, 31), y = pairwise_differences(x);
  const cpex::numerics::WorstDirection worst = [&](const Eigen::MatrixXd& m) {
    Eigen::Index best = 0;
    (y.array() * (m * y).array()).colwise().sum().maxCoeff(&best);
    return Eigen::VectorXd(y.col(best));
  };
  for (auto _ : state) benchmark::DoNotOptimize(optimal_design(x, worst).value);
}

}  // namespace

BENCHMARK(BM_SoareAllPairs)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CanonicalOracle)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Random25x31AllPairs)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Random25x31Callback)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
