// The Best-K benchmark instance shared by the Google Benchmark program and the
// instruction-count driver: N arms with two at 0.5 and one at 0.499 (the rest spread over
// [0, 0.4]), K = 2 (K = 1 for lil'UCB), run through the initial pass and 3N more samples.
// `repetition` selects the run's random streams.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "bench_registry.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/run.hpp"
#include "warm_up.hpp"

namespace cpex::bench {

inline constexpr double kInstanceSigma = 0.5;

// The means as the pipeline text writes them (12 significant digits).
inline std::string means_text(std::size_t n) {
  std::ostringstream text;
  text.precision(12);
  text << "0.5, 0.5, 0.499";
  for (std::size_t i = 3; i < n; ++i) text << ", " << 0.4 * static_cast<double>(n - i) / static_cast<double>(n);
  return text.str();
}

// The means the environment reads from that text (for the references).
inline std::vector<double> instance_means(std::size_t n) {
  std::vector<double> means;
  std::istringstream in(means_text(n));
  for (std::string item; std::getline(in, item, ',');) means.push_back(std::stod(item));
  return means;
}

inline std::string pipeline_text(const std::string& algorithm, std::size_t n) {
  std::ostringstream text;
  text << "[environment]\nplugin = gaussian\nsigma = " << kInstanceSigma
       << "\nmeans = " << means_text(n);
  text << "\n[oracle]\nplugin = top-k\nk = " << (algorithm == "lil-ucb" ? 1 : 2)
       << "\n[algorithm]\nplugin = " << algorithm << "\n";
  return text.str();
}

inline RunObjects warmed_up_run(const std::string& algorithm, std::size_t n,
                                std::uint64_t repetition = 0) {
  return warmed_up(pipeline_text(algorithm, n), repetition, 4 * n);
}

}  // namespace cpex::bench
