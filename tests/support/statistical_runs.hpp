// What the statistical tests share: running a pipeline written inline through the engine
// (two threads), and the delta-correctness check of its runs: every run ended by its rule
// (none capped at max-samples, none failed) and the 95% Clopper-Pearson upper end of the
// error rate at most delta.
#pragma once

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cpex/report/stats.hpp"
#include "cpex/runtime/engine.hpp"
#include "test_support.hpp"

namespace cpex::test {

// The records of the runs of the pipeline `text`.
inline std::vector<RunRecord> run_records(const std::string& text) {
  const std::vector<Pipeline> pipelines = {pipeline_from(text)};
  return execute(make_jobs(pipelines, expand({})), {2}, nullptr);
}

// Their summary.
inline Summary run_summary(const std::string& text) { return summarize(run_records(text)); }

// Checks the summary `s` of the runs of `what` (named with the counts when a check fails).
inline void expect_delta_correct(const std::string& what, const Summary& s, double delta) {
  INFO(what << ": errors " << s.wrong << "/" << s.runs << ", not optimal " << s.not_optimal << ", CP upper "
            << s.wrong_rate_ci95.upper << ", mean samples " << s.mean_samples);
  CHECK(s.capped == 0);
  CHECK(s.failed == 0);
  CHECK(s.wrong_rate_ci95.upper <= delta);
}

}  // namespace cpex::test
