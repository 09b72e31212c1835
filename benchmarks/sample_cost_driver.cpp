// Runs a fixed number of samples of one Best-K algorithm after the same set-up and warm-up
// as bestk_round_benchmark.cpp, inside the function `cpex_measured_samples`, so that
// `valgrind --tool=callgrind --toggle-collect=cpex_measured_samples` counts the
// instructions of exactly those samples (independent of caches and machine load; see
// benchmarks/instructions_per_sample.sh and docs/performance.md).
//
// usage: cpex-sample-cost-driver ALGORITHM N SAMPLES
#include <cstdlib>
#include <iostream>
#include <string>

#include "bestk_instance.hpp"
#include "driver_arguments.hpp"
#include "cpex/runtime/run.hpp"
#include "measured_loop.hpp"

int main(int argc, char** argv) {
  cpex::bench::DriverArguments args;
  if (!cpex::bench::driver_arguments(argc, argv, 2, "cpex-sample-cost-driver ALGORITHM N SAMPLES", args)) return 2;
  const std::string& algorithm = args.algorithm;
  const std::size_t n = args.numbers[0], samples = args.numbers[1];
  cpex::RunObjects run = cpex::bench::warmed_up_run(algorithm, n);
  const std::size_t done = cpex_measured_samples(run, samples);
  std::cout << algorithm << ' ' << n << ' ' << done << '\n';
  return done == samples ? 0 : 1;
}
