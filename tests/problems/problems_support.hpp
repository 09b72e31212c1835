// What the tests of issue 43's problems share: a pipeline's text from its sections, running
// it through the engine, and the delta-correctness check (the upper end of the 95%
// Clopper-Pearson interval of the error rate at most delta).
#pragma once

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "cpex/report/stats.hpp"
#include "cpex/runtime/engine.hpp"
#include "test_support.hpp"

namespace cpex::test {

inline std::string problem_pipeline(const std::string& environment, const std::string& oracle,
                                    const std::string& algorithm, int runs, int seed,
                                    const std::string& run_extra = "max-samples = 5000000") {
  std::ostringstream text;
  text << "[environment]\n" << environment << "\n[oracle]\n" << oracle << "\n[algorithm]\n" << algorithm
       << "\n[run]\nseed = " << seed << "\nrepetitions = " << runs << "\n" << run_extra << "\n";
  return text.str();
}

inline Summary run_summary(const std::string& text) {
  const std::vector<Pipeline> pipelines = {pipeline_from(text)};
  return summarize(execute(make_jobs(pipelines, expand({})), {2}, nullptr));
}

inline std::vector<RunRecord> run_records(const std::string& text) {
  const std::vector<Pipeline> pipelines = {pipeline_from(text)};
  return execute(make_jobs(pipelines, expand({})), {2}, nullptr);
}

// Every run ended by its rule and the error rate's 95% Clopper-Pearson upper end is at most delta.
inline Summary expect_delta_correct(const std::string& what, const std::string& text, double delta) {
  const Summary s = run_summary(text);
  INFO(what << ": wrong " << s.wrong << "/" << s.ended << ", 95% CP upper " << s.wrong_rate_ci95.upper
            << ", mean samples " << s.mean_samples);
  CHECK(s.failed == 0);
  CHECK(s.capped == 0);
  CHECK(s.wrong_rate_ci95.upper <= delta);
  return s;
}

}  // namespace cpex::test
