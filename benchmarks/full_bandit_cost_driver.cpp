// Instruction counts of full-bandit rounds for callgrind (docs/performance.md, "Full-bandit:
// SAQM and CLUCB-QM against the O(n^2) floor"): after the set-up and warm-up of
// full_bandit_round_benchmark.cpp (seed 000's synthetic instance, delta-min = 0.01,
// dks-peeling, n + 1 samples, 2n + 1 for a paired algorithm), ROUNDS rounds of ALGORITHM inside `cpex_measured_samples`, and
// ROUNDS iterations of the O(n^2) floor (one Eigen mat-vec and one rank-one update of an
// n x n matrix, as floor/matvec+rank-one) inside `cpex_measured_floor`, so that
//   valgrind --tool=callgrind --collect-atstart=no --toggle-collect=cpex_measured_samples
// (or cpex_measured_floor) counts exactly those (independent of caches and machine load).
// usage: cpex-full-bandit-cost-driver ALGORITHM N K ROUNDS
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

#include <Eigen/Dense>

#include "driver_arguments.hpp"
#include "warm_up.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/run.hpp"
#include "measured_loop.hpp"

extern "C" __attribute__((noinline)) double cpex_measured_floor(Eigen::MatrixXd& a, const Eigen::VectorXd& x,
                                                                Eigen::VectorXd& y, std::size_t rounds) {
  for (std::size_t i = 0; i < rounds; ++i) {
    y.noalias() = a * x;
    const double c = 1.0 / (1.0 + x.dot(y));
    a.noalias() -= c * y * y.transpose();
  }
  return a(0, 0);
}

int main(int argc, char** argv) {
  cpex::bench::DriverArguments args;
  if (!cpex::bench::driver_arguments(argc, argv, 3, "cpex-full-bandit-cost-driver ALGORITHM N K ROUNDS", args))
    return 2;
  const std::string& algorithm = args.algorithm;
  const int n = static_cast<int>(args.numbers[0]), k = static_cast<int>(args.numbers[1]);
  const std::size_t rounds = args.numbers[2];
  std::ostringstream text;
  text << "[environment]\nplugin = full-bandit\ngenerator = synthetic\nn = " << n << "\nk = " << k
       << "\ndelta-min = 0.01\n[oracle]\nplugin = top-k\nk = " << k << "\n[dks]\nplugin = dks-peeling\n"
       << "[algorithm]\nplugin = " << algorithm << "\n";
  const cpex::Pipeline pipeline =
      cpex::assemble(cpex::PipelineFile::from_text(text.str(), "cost.ini"), cpex::bench::registry());
  // Past the n basis pulls, or past a paired algorithm's sweep (as the round benchmark).
  const bool paired = algorithm == "clucb-qm" || algorithm == "clucb-full";
  cpex::RunObjects run = cpex::bench::warmed_up(pipeline, 0, static_cast<std::size_t>(paired ? 2 * n + 1 : n + 1));
  const std::size_t done = cpex_measured_samples(run, rounds);
  Eigen::MatrixXd a = Eigen::MatrixXd::Identity(n, n);
  Eigen::VectorXd x = Eigen::VectorXd::Zero(n), y(n);
  for (int i = 0; i < n; i += 2) x(i) = 1.0;
  const double check = cpex_measured_floor(a, x, y, rounds);
  std::cout << algorithm << ' ' << n << ' ' << k << ' ' << done << ' ' << (check == check) << '\n';
  return done == rounds ? 0 : 1;
}
