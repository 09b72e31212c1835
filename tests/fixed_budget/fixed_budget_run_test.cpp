// The fixed-budget setting through the run loop: budget exactness and the `budget` status,
// the papers' sample totals, reproducibility on 1 and 2 threads, SAR(k = 1) = SR, the
// assembly refusals (one line naming plugin and key), and anytime verdicts in the trace.
#include <catch2/catch.hpp>

#include "cpex/runtime/engine.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/budget_schedules.hpp"
#include "cpex/report/stats.hpp"
#include "test_support.hpp"

using namespace cpex;
using Catch::Matchers::Contains;

namespace {

// Gaussian arms with the best (0.6) at index 5 of 8.
std::string instance(int k = 1) {
  return "[environment]\nplugin = gaussian\nmeans = 0.3,0.2,0.4,0.1,0.35,0.6,0.0,0.45\nsigma = 1\n"
         "[oracle]\nplugin = top-k\nk = " + std::to_string(k) + "\n";
}

std::string pipeline(const std::string& algorithm, const std::string& run, int k = 1) {
  return instance(k) + "[algorithm]\nplugin = " + algorithm + "\n[run]\nseed = 5\n" + run;
}

std::vector<RunRecord> run_all(const std::string& text, std::size_t threads = 2) {
  const std::vector<Pipeline> pipelines = {test::pipeline_from(text)};
  return execute(make_jobs(pipelines, expand({})), {static_cast<int>(threads)}, nullptr);
}

// Keeps the records with their traces (execute() drops the trace after the sinks saw it).
class KeepTraces : public ResultSink {
 public:
  void write(const RunRecord& record, const Job&) override { records.push_back(record); }
  std::vector<RunRecord> records;
};

}  // namespace

TEST_CASE("A fixed-budget run ends at exactly T samples with status budget", "[fixed-budget]") {
  for (std::uint64_t budget : {9, 100, 1234}) {
    const auto records = run_all(pipeline("ugape\na = 2", "repetitions = 20\nbudget = " +
                                                              std::to_string(budget) + "\n"));
    for (const RunRecord& r : records) {
      CHECK(r.samples == budget);
      CHECK(r.stop == StopReason::Budget);
      CHECK(std::string(status_text(r.stop)) == "budget");
      CHECK(std::string(stopped_text(r.stop)) == "budget");
      CHECK(r.stop != StopReason::Rule);
    }
    // The run summary counts them as ended runs: samples and errors, not capped.
    const Summary s = summarize(records);
    CHECK(s.ended == 20);
    CHECK(s.at_budget == 20);
    CHECK(s.capped == 0);
    CHECK(s.mean_samples == Approx(static_cast<double>(budget)));
  }
}

TEST_CASE("Elimination algorithms take the papers' totals and stop by their rule", "[fixed-budget]") {
  struct Case {
    std::string algorithm;
    std::uint64_t budget, samples;
    int k;
  };
  // K = 8: SR/SAR total n_1 + ... + n_7 + n_7; SH: 3 rounds of 8, 4, 2 arms; CSAR: sum T~_t.
  const std::uint64_t sr = numerics::successive_rejects_total(8, 500);
  std::uint64_t csar = 0;
  for (std::uint64_t t : numerics::csar_phases(8, 500)) csar += t;
  const std::vector<Case> cases = {
      {"successive-rejects", 500, sr, 1},
      {"sar", 500, sr, 1},  // k = 1 runs every phase
      {"sequential-halving", 500, 8 * (500 / 24) + 4 * (500 / 12) + 2 * (500 / 6), 1},
      // 192 = 8·8 + 4·16 + 2·32 exactly: the last halving still happens (stop by rule at T).
      {"sequential-halving", 192, 192, 1},
      {"csar", 500, csar, 3},
  };
  for (const Case& c : cases) {
    INFO(c.algorithm);
    const auto records = run_all(pipeline(c.algorithm, "repetitions = 10\nbudget = " + std::to_string(c.budget) + "\n", c.k));
    for (const RunRecord& r : records) {
      CHECK(r.samples == c.samples);
      CHECK(r.samples <= c.budget);
      CHECK(r.stop == StopReason::Rule);
    }
  }
  CHECK(sr == 494);  // by hand: n_k = 28, 32, 37, 45, 56, 74, 111 (+ 111)
  CHECK(csar == 497);  // T~_t = 23, 26, 31, 37, 46, 61, 91, 182
}

TEST_CASE("Fixed-budget runs are identical on 1 and 2 threads", "[fixed-budget]") {
  for (const char* algorithm : {"successive-rejects", "sar", "sequential-halving", "csar",
                                "ugape\nhardness = 40", "ugape\ndelta = 0.1"}) {
    const std::string a = algorithm;
    const std::string run = a.find("delta") != std::string::npos ? "repetitions = 30\n"
                                                                  : "repetitions = 30\nbudget = 400\n";
    const std::string text = pipeline(a, run, a == "csar" || a == "sar" ? 2 : 1);
    const auto one = run_all(text, 1), two = run_all(text, 2);
    REQUIRE(one.size() == two.size());
    for (std::size_t i = 0; i < one.size(); ++i) {
      INFO(a << " run " << i);
      CHECK(one[i].samples == two[i].samples);
      CHECK(one[i].recommendation == two[i].recommendation);
      CHECK(one[i].correct == two[i].correct);
    }
  }
}

TEST_CASE("SAR with k = 1 is Successive Rejects (same phases, same decisions)", "[fixed-budget]") {
  const auto sr = run_all(pipeline("successive-rejects", "repetitions = 200\nbudget = 300\n"));
  const auto sar = run_all(pipeline("sar", "repetitions = 200\nbudget = 300\n"));
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < sr.size(); ++i) {
    CHECK(sr[i].recommendation == sar[i].recommendation);
    wrong += sr[i].correct ? 0 : 1;
  }
  CHECK(wrong > 0);  // a budget where mistakes happen, so the comparison means something
}

TEST_CASE("The setting is checked at assembly, one line naming plugin and key", "[fixed-budget]") {
  std::string m = test::assembly_refusal(pipeline("lucb", "budget = 100\n"));
  CHECK_THAT(m, Contains("[run] budget") && Contains("'lucb'") && Contains("fixed-confidence"));
  m = test::assembly_refusal(pipeline("successive-rejects", ""));
  CHECK_THAT(m, Contains("[run] budget") && Contains("'successive-rejects'") && Contains("fixed-budget"));
  m = test::assembly_refusal(pipeline("sequential-halving", "budget = 5\n"));
  CHECK_THAT(m, Contains("[run] budget = 5") && Contains("below the number of arms") && Contains("(8)"));
  m = test::assembly_refusal(pipeline("successive-rejects", "budget = 8\n"));
  CHECK_THAT(m, Contains("[run] budget") && Contains("successive-rejects") && Contains("above the number of arms"));
  m = test::assembly_refusal(pipeline("sequential-halving", "budget = 23\n"));
  CHECK_THAT(m, Contains("[run] budget") && Contains("sequential-halving") && Contains("24"));
  m = test::assembly_refusal(pipeline("csar", "budget = 8\n"));
  CHECK_THAT(m, Contains("[run] budget") && Contains("csar"));
  m = test::assembly_refusal(pipeline("successive-rejects", "budget = 100\n", 2));
  CHECK_THAT(m, Contains("[algorithm] k") && Contains("successive-rejects") && Contains("k = 2"));
  m = test::assembly_refusal(pipeline("ugape", "budget = 100\n"));
  CHECK_THAT(m, Contains("[algorithm] a") && Contains("ugape"));
  m = test::assembly_refusal(pipeline("ugape\na = 1", ""));
  CHECK_THAT(m, Contains("[algorithm] a") && Contains("fixed-budget setting only"));
  m = test::assembly_refusal(pipeline("ugape\na = 1", "budget = 1000\nmax-samples = 999\n"));
  CHECK_THAT(m, Contains("[run] budget = 1000 exceeds [run] max-samples = 999"));
  m = test::assembly_refusal(pipeline("lucb", "trace-recommendations = yes\n"));
  CHECK_THAT(m, Contains("trace-recommendations") && Contains("trace-file"));
  for (const std::string& text :
       {pipeline("lucb", "budget = 100\n"), pipeline("successive-rejects", "budget = 8\n")})
    CHECK(test::assembly_refusal(text).find('\n') == std::string::npos);
}

TEST_CASE("Fixed-budget bad input is refused in one line, for every algorithm", "[fixed-budget]") {
  // A budget below the number of arms (8), for each fixed-budget algorithm.
  for (const char* algorithm : {"successive-rejects", "sequential-halving", "sar", "csar", "ugape\na = 1",
                                "ugape\nhardness = 40"}) {
    const std::string a = algorithm;
    const std::string m = test::assembly_refusal(pipeline(a, "budget = 7\n", a == "csar" ? 2 : 1));
    INFO(a);
    CHECK_THAT(m, Contains("[run] budget = 7") && Contains("below the number of arms") && Contains("(8)"));
    CHECK(m.find('\n') == std::string::npos);
  }
  // A budget for fixed-confidence-only algorithms (the GLR samplers, track-and-stop and
  // top-two among them, also declare the anytime setting: a budget is theirs to take).
  for (const char* algorithm : {"kl-lucb", "kl-racing"}) {
    const std::string m = test::assembly_refusal(pipeline(algorithm, "budget = 100\n"));
    INFO(algorithm);
    CHECK_THAT(m, Contains("[run] budget") && Contains(std::string("'") + algorithm + "'") &&
                      Contains("fixed-confidence only"));
    CHECK(m.find('\n') == std::string::npos);
  }
  const std::string rage = test::assembly_refusal(
      "[environment]\nplugin = linear\ngenerator = canonical\nd = 3\ngap = 0.2\n[oracle]\nplugin = top-k\n"
      "k = 1\n[algorithm]\nplugin = rage\n[run]\nbudget = 100\n");
  CHECK_THAT(rage, Contains("[run] budget") && Contains("'rage'") && Contains("fixed-confidence only"));
  CHECK(rage.find('\n') == std::string::npos);
  // Rewards outside the family an algorithm's statistics assume (Beta draws in [0, 1]).
  for (const char* algorithm : {"track-and-stop", "top-two"}) {
    const std::string m = test::assembly_refusal(
        "[environment]\nplugin = water\nmeans = 0.2, 0.6\ndistribution = beta\n[oracle]\nplugin = top-k\n"
        "k = 1\n[algorithm]\nplugin = " + std::string(algorithm) + "\n");
    INFO(algorithm);
    CHECK_THAT(m, Contains(std::string("'") + algorithm + "' needs gaussian, bernoulli") &&
                      Contains("rewards") && Contains("'water'") && Contains("bounded in [0, 1]"));
    CHECK(m.find('\n') == std::string::npos);
  }
}

TEST_CASE("Anytime verdicts: the current answer judged every trace-every samples", "[fixed-budget]") {
  const std::string trace = test::temp_file("anytime-trace.csv", "");
  for (const char* algorithm : {"lucb\ndelta = 0.1", "successive-rejects"}) {
    const std::string a = algorithm;
    const bool budget = a == "successive-rejects";
    KeepTraces sink;
    execute(make_jobs({test::pipeline_from(pipeline(a, std::string("repetitions = 20\ntrace-file = ") + trace +
                                                         "\ntrace-every = 25\ntrace-recommendations = yes\n" +
                                                         (budget ? "budget = 600\n" : "")))},
                      expand({})),
            {2}, &sink);
    const auto& records = sink.records;
    std::size_t late_right = 0, late = 0;
    for (const RunRecord& r : records) {
      std::size_t correct_rows = 0, optimal_rows = 0;
      for (const TraceRow& row : r.trace) {
        correct_rows += row.name == "anytime.correct" ? 1 : 0;
        optimal_rows += row.name == "anytime.optimal" ? 1 : 0;
      }
      CHECK(correct_rows == optimal_rows);
      std::uint64_t expected = 25;
      for (const TraceRow& row : r.trace) {
        if (row.name != "anytime.correct") continue;
        CHECK(row.sample == expected);
        CHECK((row.value == 0.0 || row.value == 1.0));
        expected += 25;
        if (row.sample + 25 > r.samples) {  // the last verdict before the end
          ++late;
          late_right += row.value == 1.0 ? 1 : 0;
        }
      }
      CHECK(expected == (r.samples / 25 + 1) * 25);  // one verdict per multiple of 25 reached
    }
    CHECK(late == records.size());
    CHECK(late_right >= records.size() / 2);  // near the end the answer is mostly right
  }
}
