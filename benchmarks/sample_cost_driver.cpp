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
#include "cpex/runtime/run.hpp"
#include "measured_loop.hpp"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: cpex-sample-cost-driver ALGORITHM N SAMPLES\n";
    return 2;
  }
  const std::string algorithm = argv[1];
  const auto n = static_cast<std::size_t>(std::stoull(argv[2]));
  const auto samples = static_cast<std::size_t>(std::stoull(argv[3]));
  cpex::RunObjects run = cpex::bench::warmed_up_run(algorithm, n);
  const std::size_t done = cpex_measured_samples(run, samples);
  std::cout << algorithm << ' ' << n << ' ' << done << '\n';
  return done == samples ? 0 : 1;
}
