// The measured loop of the callgrind cost drivers: `count` rounds of next / pull / observe
// through the run interfaces, inside one named function so that
// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect=cpex_measured_samples`
// counts exactly these rounds (sample_cost_driver.cpp, full_bandit_cost_driver.cpp).
#pragma once

#include <cstddef>

#include "cpex/runtime/run.hpp"

extern "C" __attribute__((noinline)) inline std::size_t cpex_measured_samples(cpex::RunObjects& run,
                                                                              std::size_t count) {
  cpex::Action action;
  cpex::Observation observation;
  for (std::size_t i = 0; i < count; ++i) {
    if (!run.algorithm->next(action)) return i;
    run.environment->pull(action, observation);
    run.algorithm->observe(action, observation);
  }
  return count;
}
