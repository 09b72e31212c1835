// What the tests of issue 43's problems share: a pipeline's text from its sections, and the
// delta-correctness check of its runs (statistical_runs.hpp) run from that text.
#pragma once

#include <sstream>
#include <string>

#include "statistical_runs.hpp"

namespace cpex::test {

inline std::string problem_pipeline(const std::string& environment, const std::string& oracle,
                                    const std::string& algorithm, int runs, int seed,
                                    const std::string& run_extra = "max-samples = 5000000") {
  std::ostringstream text;
  text << "[environment]\n" << environment << "\n[oracle]\n" << oracle << "\n[algorithm]\n" << algorithm
       << "\n[run]\nseed = " << seed << "\nrepetitions = " << runs << "\n" << run_extra << "\n";
  return text.str();
}

// Runs the pipeline `text` and checks that its runs are delta-correct; returns their summary.
inline Summary expect_delta_correct(const std::string& what, const std::string& text, double delta) {
  const Summary s = run_summary(text);
  expect_delta_correct(what, s, delta);
  return s;
}

}  // namespace cpex::test
