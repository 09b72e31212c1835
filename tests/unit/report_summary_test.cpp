// cpex report's numbers: grouped summaries of a hand-made results file against values
// computed by hand (capped runs as censored observations, failed runs, no errors and only
// errors, both verdicts, results without the `optimal` column), the reading of both
// `resolved` formats and of the SQLite store, the keys a grouping pools over, and the
// bootstrap interval.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <cmath>
#include <filesystem>

#include "cpex/errors.hpp"
#include "cpex/report/group_summary.hpp"
#include "cpex/report/results_table.hpp"
#include "cpex/report/stats.hpp"
#include "cpex/report/summary_json.hpp"
#include "test_support.hpp"

using namespace cpex;
using namespace cpex::report;

namespace {

const char* kHeader =
    "run_id,point,environment.n,algorithm.plugin,algorithm,environment,oracle,repetition,seed,"
    "samples,stopped,recommendation,correct,optimal,wall_time_s,resolved,pulls\n";

// tests/data/report_known.csv: n=10/a: 4 stopped (10..40; one correct but not optimal) + 1
// capped (1000) wrong; n=10/b: 3 x 5 samples, all correct, one not optimal; n=20/a: 2
// stopped, both wrong; n=20/b: 2 capped (50, 70), correct, one not optimal. `resolved` as
// name=value;... for a and as JSON for b; one quoted recommendation.
const std::string kKnown = CPEX_SOURCE_DIR "/tests/data/report_known.csv";

const GroupSummary& group(const GroupedReport& report, const std::vector<std::string>& values) {
  for (const auto& g : report.groups)
    if (g.values == values) return g;
  FAIL("no group");
  return report.groups.front();
}

void check_known_groups(const GroupedReport& report) {
  REQUIRE(report.keys == std::vector<std::string>{"environment.n", "algorithm"});
  REQUIRE(report.groups.size() == 4);
  const auto& a10 = group(report, {"10", "a"});
  CHECK(a10.runs == 5);
  CHECK(a10.ended == 4);
  CHECK(a10.capped == 1);
  CHECK(a10.failed == 0);
  CHECK(a10.mean_samples == Approx(25.0));  // the capped run's 1000 is not mixed in
  CHECK(a10.median_samples == Approx(25.0));
  CHECK(a10.mean_samples_ci95_bootstrap.lower >= 10.0);
  CHECK(a10.mean_samples_ci95_bootstrap.lower < 25.0);
  CHECK(a10.mean_samples_ci95_bootstrap.upper > 25.0);
  CHECK(a10.mean_samples_ci95_bootstrap.upper <= 40.0);
  CHECK(a10.mean_samples_at_least == Approx(220.0));  // (10+20+30+40+1000)/5: the cap counted
  // The rates are over the 4 stopped runs; the capped run's wrong answer is counted apart.
  CHECK(a10.wrong == 0);
  CHECK(a10.ended == 4);
  CHECK(a10.wrong_rate == 0.0);
  CHECK(a10.wrong_rate_ci95.upper == Approx(1.0 - std::pow(0.025, 0.25)).epsilon(1e-9));
  CHECK(a10.capped_wrong == 1);
  CHECK(a10.capped_not_optimal == 1);
  CHECK(a10.not_optimal == 1);
  CHECK(a10.not_optimal_rate == Approx(0.25));
  // 1 of 4: lower 1 - 0.975^(1/4); upper solves P(X <= 1 | 4, p) = 0.025.
  CHECK(a10.not_optimal_rate_ci95.lower == Approx(1.0 - std::pow(0.975, 0.25)).epsilon(1e-9));
  const double u = a10.not_optimal_rate_ci95.upper;
  CHECK(std::pow(1 - u, 4) + 4 * u * std::pow(1 - u, 3) == Approx(0.025).epsilon(1e-9));
  CHECK(a10.optimal_unknown == 0);
  CHECK(a10.mean_wall_time_s == Approx(0.4));

  const auto& b10 = group(report, {"10", "b"});  // no error at all
  CHECK(b10.mean_samples == 5.0);
  CHECK(b10.mean_samples_ci95_bootstrap.lower == 5.0);
  CHECK(b10.mean_samples_ci95_bootstrap.upper == 5.0);
  CHECK(std::isnan(b10.mean_samples_at_least));  // nothing capped
  CHECK(b10.wrong == 0);
  CHECK(b10.wrong_rate == 0.0);
  CHECK(b10.wrong_rate_ci95.lower == 0.0);
  CHECK(b10.wrong_rate_ci95.upper == Approx(1.0 - std::pow(0.025, 1.0 / 3.0)).epsilon(1e-9));
  CHECK(b10.not_optimal == 1);
  CHECK(b10.not_optimal_rate == Approx(1.0 / 3.0));

  const auto& a20 = group(report, {"20", "a"});  // every answer wrong
  CHECK(a20.mean_samples == 200.0);
  CHECK(a20.median_samples == 200.0);
  // Two values: the bootstrap means are 100, 200, 300 with weights 1/4, 1/2, 1/4.
  CHECK(a20.mean_samples_ci95_bootstrap.lower == 100.0);
  CHECK(a20.mean_samples_ci95_bootstrap.upper == 300.0);
  CHECK(a20.wrong == 2);
  CHECK(a20.wrong_rate == 1.0);
  CHECK(a20.wrong_rate_ci95.lower == Approx(std::sqrt(0.025)).epsilon(1e-9));
  CHECK(a20.wrong_rate_ci95.upper == 1.0);
  CHECK(a20.not_optimal == 2);  // not correct implies not optimal
  CHECK(a20.mean_wall_time_s == Approx(3.0));

  const auto& b20 = group(report, {"20", "b"});  // only capped runs: only the lower bound
  CHECK(b20.ended == 0);
  CHECK(b20.capped == 2);
  CHECK(std::isnan(b20.mean_samples));
  CHECK(std::isnan(b20.mean_samples_ci95_bootstrap.lower));
  CHECK(b20.mean_samples_at_least == 60.0);
  CHECK(b20.ended == 0);  // no run ended: no rate, the interval says nothing
  CHECK(std::isnan(b20.wrong_rate));
  CHECK(b20.wrong_rate_ci95.lower == 0.0);
  CHECK(b20.wrong_rate_ci95.upper == 1.0);
  CHECK(b20.capped_wrong == 0);
  CHECK(b20.capped_not_optimal == 1);
  CHECK(b20.mean_wall_time_s == Approx(2.0));
}

}  // namespace

TEST_CASE("Grouped summaries of a known CSV equal the values computed by hand", "[report]") {
  const std::string& path = kKnown;
  const ResultsTable table = read_results({{path, {}}});
  CHECK(table.swept == std::vector<std::string>{"environment.n", "algorithm.plugin"});
  const auto keys = default_group_keys(table);
  check_known_groups(summarize_groups(table, keys));

  SECTION("both resolved formats become columns") {
    const std::size_t delta = table.column("resolved.delta"), preset = table.column("resolved.preset");
    CHECK(table.rows[0][delta] == "0.05");
    CHECK(table.rows[0][preset] == "heuristic");
    CHECK(table.rows[5][delta] == "0.1");
    CHECK(table.rows[5][preset].empty());
    CHECK(table.rows[2][table.column("recommendation")] == "0 1");
  }
  SECTION("grouping by a resolved parameter") {
    const auto report = summarize_groups(table, {"resolved.delta"});
    REQUIRE(report.groups.size() == 2);
    CHECK(report.groups[0].values == std::vector<std::string>{"0.05"});
    CHECK(report.groups[0].runs == 7);
  }
}

TEST_CASE("Failed runs are counted apart and carry no samples or answer", "[report]") {
  const std::string text =
      "run_id,point,algorithm,environment,oracle,repetition,seed,samples,stopped,recommendation,"
      "correct,wall_time_s,resolved,pulls,status,error\n"
      "0,0,c,env,top-k,0,1,7,rule,0,1,0.5,,,stopped,\n"
      "1,0,c,env,top-k,1,1,,,,,,,,error,\"plugin threw: bad, really\"\n";
  const auto path = test::temp_file("failed.csv", text);
  const auto report = summarize_groups(read_results({{path, {}}}), {"algorithm"});
  REQUIRE(report.groups.size() == 1);
  const auto& c = report.groups.front();
  CHECK(c.runs == 2);
  CHECK(c.ended == 1);
  CHECK(c.failed == 1);
  CHECK(c.mean_samples == 7.0);
  CHECK(std::isnan(c.mean_samples_ci95_bootstrap.lower));  // one run: no interval
  CHECK(c.wrong == 0);
  CHECK(c.ended == 1);  // the failed run is in no denominator
  CHECK(c.wrong_rate == 0.0);
  CHECK(c.wrong_rate_ci95.upper == Approx(0.975));  // 0 of 1
  // Results written before the `optimal` column: optimality unknown, no rate.
  CHECK(c.optimal_unknown == 1);  // no ended run with a known optimality
  CHECK(std::isnan(c.not_optimal_rate));
}

TEST_CASE("Tags of an input become columns; inputs are merged", "[report]") {
  const std::string& path = kKnown;
  const auto input = parse_results_argument(path + "::K=N/2,source=x");
  CHECK(input.path == path);
  REQUIRE(input.tags.size() == 2);
  const ResultsTable table = read_results({input, {path, {}}});
  CHECK(table.rows.size() == 24);
  const auto report = summarize_groups(table, {"K"});
  REQUIRE(report.groups.size() == 2);
  CHECK(report.groups[0].values == std::vector<std::string>{""});
  CHECK(report.groups[1].values == std::vector<std::string>{"N/2"});
  CHECK_THROWS_AS(parse_results_argument("x.csv::K"), Error);
}

TEST_CASE("The SQLite store gives the same summaries as the CSV", "[report]") {
  const auto path = std::filesystem::temp_directory_path() / "cpex-tests" / "known-store.db";
  std::filesystem::remove(path);
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  const char* schema =
      "CREATE TABLE runs (run_id INTEGER PRIMARY KEY, point INTEGER, \"environment.n\" TEXT, "
      "\"algorithm.plugin\" TEXT, algorithm TEXT, environment TEXT, oracle TEXT, repetition "
      "INTEGER, seed INTEGER, samples INTEGER, stopped TEXT, recommendation TEXT, correct "
      "INTEGER, optimal INTEGER, wall_time_s REAL, resolved TEXT, pulls TEXT, status TEXT, "
      "error TEXT);"
      "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);";
  REQUIRE(sqlite3_exec(db, schema, nullptr, nullptr, nullptr) == SQLITE_OK);
  // The rows of report_known.csv; the store holds resolved as JSON and the status explicitly.
  struct Row { int n; const char* alg; int samples; const char* stopped; int correct; int optimal; double wall; };
  const Row rows[] = {{10, "a", 10, "rule", 1, 1, 0.1},  {10, "a", 20, "rule", 1, 1, 0.2},
                      {10, "a", 30, "rule", 1, 0, 0.3},  {10, "a", 40, "rule", 1, 1, 0.4},
                      {10, "a", 1000, "max-samples", 0, 0, 1.0}, {10, "b", 5, "rule", 1, 1, 0.5},
                      {10, "b", 5, "rule", 1, 1, 0.5},   {10, "b", 5, "rule", 1, 0, 0.5},
                      {20, "a", 100, "rule", 0, 0, 2},   {20, "a", 300, "rule", 0, 0, 4},
                      {20, "b", 50, "max-samples", 1, 1, 1}, {20, "b", 70, "max-samples", 1, 0, 3}};
  int id = 0;
  for (const Row& r : rows) {
    const std::string status = std::string(r.stopped) == "rule" ? "stopped" : "capped";
    const std::string sql = "INSERT INTO runs VALUES (" + std::to_string(id++) + ", 0, '" +
                            std::to_string(r.n) + "', '" + r.alg + "', '" + r.alg +
                            "', 'env', 'top-k', 0, 1, " + std::to_string(r.samples) + ", '" +
                            r.stopped + "', '0 1', " + std::to_string(r.correct) + ", " + std::to_string(r.optimal) + ", " +
                            std::to_string(r.wall) + ", '{\"delta\": 0.05}', '', '" + status + "', NULL)";
    REQUIRE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  }
  sqlite3_close(db);
  const ResultsTable table = read_results({{path.string(), {}}});
  CHECK(table.swept == std::vector<std::string>{"environment.n", "algorithm.plugin"});
  CHECK(table.rows[0][table.column("resolved.delta")] == "0.05");
  check_known_groups(summarize_groups(table, default_group_keys(table)));
}

TEST_CASE("Bad results files are one-line errors naming the file", "[report]") {
  const auto missing = test::temp_file("no-samples.csv", "run_id,algorithm\n0,a\n");
  CHECK_THROWS_WITH(read_results({{missing, {}}}), Catch::Contains("no column 'samples'"));
  const auto ragged = test::temp_file("ragged.csv", std::string(kHeader) + "0,0,10\n");
  CHECK_THROWS_WITH(read_results({{ragged, {}}}), Catch::Contains("ragged.csv:2: 3 cells"));
  const auto status = test::temp_file(
      "status.csv", std::string(kHeader).replace(std::string(kHeader).size() - 1, 1, ",status\n") +
                        "0,0,10,a,a,env,top-k,0,1,10,rule,0 1,1,1,0.1,,,finished\n");
  CHECK_THROWS_WITH(read_results({{status, {}}}), Catch::Contains("unknown status 'finished'"));
  CHECK_THROWS_WITH(read_results({{"/nonexistent/runs.csv", {}}}),
                    Catch::Contains("cannot read results file '/nonexistent/runs.csv'"));
  CHECK_THROWS_WITH(summarize_groups(read_results({{kKnown, {}}}), {"environment.m"}),
                    Catch::Contains("no column 'environment.m'"));
}

TEST_CASE("Numeric key values sort as numbers", "[report]") {
  CHECK(value_less("9", "10"));
  CHECK_FALSE(value_less("10", "9"));
  CHECK(value_less("0.05", "0.1"));
  CHECK(value_less("10", "abc"));
  CHECK(value_less("abc", "abd"));
}

TEST_CASE("The bootstrap interval of the mean, by hand and against the normal interval", "[stats]") {
  const double nan_check = bootstrap_mean_interval(std::vector<double>{4.0}).lower;
  CHECK(std::isnan(nan_check));
  // {0, 0, 3}: the resampled mean is 0, 1, 2, 3 with probabilities 8, 12, 6, 1 (/27);
  // the 2.5% quantile is 0 and the 97.5% quantile 3 (P(mean <= 2) = 26/27 < 0.975).
  const auto small = bootstrap_mean_interval(std::vector<double>{0.0, 3.0, 0.0});
  CHECK(small.lower == 0.0);
  CHECK(small.upper == 3.0);
  // Many values: close to mean +- 1.96 sd / sqrt(n) (values 0..399: sd = 115.6).
  std::vector<double> values;
  for (int i = 0; i < 400; ++i) values.push_back(i);
  const auto wide = bootstrap_mean_interval(values);
  const double half = 1.959964 * std::sqrt(400.0 * 401.0 / 12.0 * 400.0 / 399.0) / 20.0;
  CHECK(wide.lower == Approx(199.5 - half).epsilon(0.03));
  CHECK(wide.upper == Approx(199.5 + half).epsilon(0.03));
  // A skewed count never gets a negative bound (the normal interval would: 10 - 1.96*...).
  const auto skewed = bootstrap_mean_interval(std::vector<double>{1, 1, 1, 1, 1, 1, 1, 1, 1, 1000});
  CHECK(skewed.lower >= 1.0);
  CHECK(skewed.upper <= 1000.0);
  // Order does not matter.
  const auto reversed = bootstrap_mean_interval(std::vector<double>{1000, 1, 1, 1, 1, 1, 1, 1, 1, 1});
  CHECK(reversed.lower == skewed.lower);
  CHECK(reversed.upper == skewed.upper);
}

TEST_CASE("A grouping that leaves out a varying key names it as pooled", "[report]") {
  const ResultsTable table = read_results({{kKnown, {}}});
  CHECK(summarize_groups(table, default_group_keys(table)).pooled.empty());
  CHECK(summarize_groups(table, {"algorithm"}).pooled.size() == 1);  // environment.n
  const auto pooled = summarize_groups(table, {"algorithm"}).pooled.front();
  CHECK(pooled.key == "environment.n");
  CHECK(pooled.values == std::vector<std::string>{"10", "20"});
  // algorithm.plugin repeats algorithm: grouping by one does not pool the other.
  const auto by_n = summarize_groups(table, {"environment.n"}).pooled;
  REQUIRE(by_n.size() == 2);
  CHECK(by_n[0].key == "algorithm.plugin");
  CHECK(by_n[1].key == "algorithm");
  CHECK(by_n[1].values == std::vector<std::string>{"a", "b"});
}

TEST_CASE("The run summary and the report share one definition of the rates", "[report][stats]") {
  // The rows of report_known.csv's group n=10/a through the streaming summary.
  SummaryAccumulator a10;
  a10.add(run_end(StopReason::Rule), 10, true, Optimality::Yes, 0.1);
  a10.add(run_end(StopReason::Rule), 20, true, Optimality::Yes, 0.2);
  a10.add(run_end(StopReason::Rule), 30, true, Optimality::No, 0.3);
  a10.add(run_end(StopReason::Rule), 40, true, Optimality::Yes, 0.4);
  a10.add(run_end(StopReason::MaxSamples), 1000, false, Optimality::No, 1.0);
  const Summary s = a10.summary();
  const auto g = group(summarize_groups(read_results({{kKnown, {}}}), {"environment.n", "algorithm"}), {"10", "a"});
  // Every statistic is the same (the JSON holds them all, under the same keys), but the
  // bootstrap interval, which only the report computes.
  nlohmann::ordered_json run = summary_json(s), report = summary_json(g);
  CHECK(report["samples"]["mean_ci95_bootstrap"] ==
        summary_json(a10.summary({.bootstrap = true}))["samples"]["mean_ci95_bootstrap"]);
  CHECK(run["samples"]["mean_ci95_bootstrap"].is_null());
  CHECK(g.mean_samples_ci95_bootstrap.lower >= 10.0);
  for (auto* j : {&run, &report}) {
    (*j)["samples"].erase("mean_ci95_bootstrap");
    (*j).erase("mean_wall_time_s");  // summed in another order
  }
  CHECK(run.dump() == report.dump());
  CHECK(s.mean_wall_time_s == Approx(g.mean_wall_time_s));
}

TEST_CASE("A summary without runs, or with capped runs only, reports no mean", "[stats]") {
  const Summary none = SummaryAccumulator().summary();
  CHECK(none.runs == 0);
  CHECK(std::isnan(none.mean_samples));
  CHECK(std::isnan(none.median_samples));
  CHECK(std::isnan(none.wrong_rate));
  CHECK(std::isnan(none.not_optimal_rate));
  CHECK(none.wrong_rate_ci95.lower == 0.0);
  CHECK(none.wrong_rate_ci95.upper == 1.0);
  CHECK(std::isnan(none.mean_samples_at_least));
  CHECK(std::isnan(none.mean_wall_time_s));

  SummaryAccumulator capped;
  capped.add(run_end(StopReason::MaxSamples), 500, true, Optimality::Yes, 1.0);
  capped.add(run_end(StopReason::MaxSeconds), 300, false, Optimality::No, 1.0);
  capped.add(run_end(StopReason::Error), 0, false, Optimality::No, 0.0);
  const Summary c = capped.summary();
  CHECK(c.runs == 3);
  CHECK(c.capped == 2);
  CHECK(c.failed == 1);
  CHECK(std::isnan(c.mean_samples));
  CHECK(c.mean_samples_at_least == 400.0);  // the failed run has no samples
  CHECK(std::isnan(c.wrong_rate));
  CHECK(c.capped_wrong == 1);
  CHECK(c.capped_not_optimal == 1);
  CHECK(c.mean_wall_time_s == 1.0);
}
