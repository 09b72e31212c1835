// Verdicts and summaries through the `cpex` binary: the CSV, the
// store, --json and `cpex report` carry `optimal` beside `correct`; a run's summary and
// `cpex report` on its output give the same numbers; never-run points print as "not run";
// capped runs are censored ("≥"); stores of the schema before `optimal` are read but
// neither resumed nor merged.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli_expect.hpp"
#include "csv_table.hpp"
#include "test_support.hpp"

using namespace cpex::test;  // run_cpex, csv_rows, fresh_path, kFixtures
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

// Top-2 of {1.0, 0.9, 0.6, 0.1} with epsilon 0.5 on the sum: {0 1} is optimal, {0 2}
// (0.3 below) correct but not optimal, {2 3} (1.2 below) neither.
const std::string kAnswers =
    "[environment]\nplugin = gaussian\nmeans = 1.0, 0.9, 0.6, 0.1\nsigma = 0.5\n"
    "[oracle]\nplugin = top-k\nk = 2\nepsilon-rule = sum\n"
    "[algorithm]\nplugin = fixture-answer\narms = 0 1\nepsilon = 0.5\n"
    "[run]\nseed = 4\nrepetitions = 3\nmax-samples = 20\n"
    "[sweep]\naxis = algorithm.arms = 0 1, 0 2, 2 3\n";

// Every kind of run in one sweep: answers drawn at random (the optimal {0 1} or the other
// one), runs capped at random, and repetition 1 failing.
const std::string kMixed =
    "[environment]\nplugin = fixture-failing\nmeans = 1.0, 0.9, 0.6, 0.1\n"
    "fail-repetition = 1\nfail-after = 5\n"
    "[oracle]\nplugin = top-k\nk = 2\nepsilon-rule = sum\n"
    "[algorithm]\nplugin = fixture-answer\narms = 0 1\nother-probability = 0.4\nepsilon = 0.5\n"
    "rounds = 10\n"
    "[run]\nseed = 8\nrepetitions = 40\nmax-samples = 30\n"
    "[sweep]\naxis = algorithm.never-stop-probability = 0, 0.3, 1\n"
    "axis = algorithm.other = 0 2, 2 3\n";

std::size_t column(const std::vector<std::string>& header, const std::string& name) {
  const auto at = std::find(header.begin(), header.end(), name);
  REQUIRE(at != header.end());
  return static_cast<std::size_t>(at - header.begin());
}

// "correct optimal" of every row of a result CSV, in run-id order.
std::vector<std::string> verdicts_of_csv(const std::string& path) {
  const auto rows = csv_rows(cpex::test::read_file(path));
  REQUIRE(rows.size() > 1);
  const std::size_t correct = column(rows[0], "correct");
  CHECK(rows[0].at(correct + 1) == "optimal");  // right after correct
  std::vector<std::string> out;
  for (std::size_t r = 1; r < rows.size(); ++r) out.push_back(rows[r][correct] + " " + rows[r][correct + 1]);
  return out;
}

void sql(const std::string& db, const std::string& statement) {
  sqlite3* handle = nullptr;
  REQUIRE(sqlite3_open(db.c_str(), &handle) == SQLITE_OK);
  char* message = nullptr;
  const int rc = sqlite3_exec(handle, statement.c_str(), nullptr, nullptr, &message);
  INFO((message ? message : ""));
  sqlite3_free(message);
  sqlite3_close(handle);
  REQUIRE(rc == SQLITE_OK);
}

std::vector<std::string> verdicts_of_store(const std::string& db) {
  sqlite3* handle = nullptr;
  REQUIRE(sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* rows = nullptr;
  REQUIRE(sqlite3_prepare_v2(handle, "SELECT correct, optimal FROM runs ORDER BY run_id", -1, &rows,
                             nullptr) == SQLITE_OK);
  std::vector<std::string> out;
  while (sqlite3_step(rows) == SQLITE_ROW)
    out.push_back(std::to_string(sqlite3_column_int(rows, 0)) + " " +
                  std::to_string(sqlite3_column_int(rows, 1)));
  sqlite3_finalize(rows);
  sqlite3_close(handle);
  return out;
}

// The report group whose values include `values`.
const json& group_with(const json& report, const std::map<std::string, std::string>& values) {
  for (const auto& g : report["groups"]) {
    bool match = true;
    for (const auto& [key, value] : values) match = match && g["values"][key] == value;
    if (match) return g;
  }
  FAIL("no group");
  return report;
}

void check_same(const json& a, const json& b, const char* field) {
  INFO(field << ": " << a.dump() << " vs " << b.dump());
  if (a.is_null() || b.is_null())
    CHECK(a == b);
  else if (a.is_number_float() || b.is_number_float())
    CHECK(a.get<double>() == Approx(b.get<double>()).epsilon(1e-12));
  else
    CHECK(a == b);
}

}  // namespace

TEST_CASE("CSV, store, --json and cpex report carry optimal beside correct", "[cli][verdict]") {
  const std::string pipeline = cpex::test::temp_file("answers.ini", kAnswers);
  const std::string csv = fresh_path("answers.csv"), db = fresh_path("answers.db");
  const auto r = run_cpex("sweep '" + pipeline + "' --json --out '" + csv + "'" + kFixtures);
  INFO(r.err);
  REQUIRE(r.status == 0);
  const std::vector<std::string> expected = {"1 1", "1 1", "1 1", "1 0", "1 0", "1 0",
                                             "0 0", "0 0", "0 0"};
  CHECK(verdicts_of_csv(csv) == expected);
  REQUIRE(run_cpex("sweep '" + pipeline + "' --out '" + db + "'" + kFixtures).status == 0);
  CHECK(verdicts_of_store(db) == expected);
  const std::string exported = fresh_path("answers-export.csv");
  REQUIRE(run_cpex("export '" + db + "' --csv '" + exported + "'").status == 0);
  CHECK(verdicts_of_csv(exported) == expected);

  const auto summary = json::parse(r.out)["points"];
  REQUIRE(summary.size() == 3);
  CHECK(summary[0]["wrong"] == 0);
  CHECK(summary[0]["not_optimal"] == 0);
  CHECK(summary[1]["wrong"] == 0);  // within epsilon on the sum ...
  CHECK(summary[1]["not_optimal"] == 3);  // ... but not optimal
  CHECK(summary[1]["not_optimal_rate"] == 1.0);
  CHECK(summary[1]["not_optimal_rate_ci95"][0].get<double>() == Approx(std::pow(0.025, 1.0 / 3.0)));
  CHECK(summary[2]["wrong"] == 3);
  CHECK_FALSE(summary[2].contains("errors"));  // the alias removed in 0.1
  CHECK(summary[2]["not_optimal"] == 3);

  for (const std::string& results : {csv, db}) {
    const auto report = run_cpex("report '" + results + "' --format json");
    REQUIRE(report.status == 0);
    const auto groups = json::parse(report.out);
    CHECK(group_with(groups, {{"algorithm.arms", "0 2"}})["not_optimal"] == 3);
    CHECK(group_with(groups, {{"algorithm.arms", "0 2"}})["wrong"] == 0);
    CHECK(group_with(groups, {{"algorithm.arms", "2 3"}})["wrong"] == 3);
    CHECK(group_with(groups, {{"algorithm.arms", "0 1"}})["not_optimal_rate"] == 0.0);
  }
  const auto text = run_cpex("sweep '" + pipeline + "'" + kFixtures);
  CHECK_THAT(text.out, Contains("wrong answers (not correct, ended runs) 0, rate 0") &&
                           Contains("not optimal 3, rate 1 (95% CI [0.292402, 1])"));

  SECTION("with tied arms both optimal decisions are optimal") {
    const auto tied = run_cpex("sweep '" + pipeline + "' --json --set 'environment.means=1.0,0.9,0.9,0.1'" + kFixtures);
    REQUIRE(tied.status == 0);
    const auto points = json::parse(tied.out)["points"];
    CHECK(points[0]["not_optimal"] == 0);
    CHECK(points[1]["not_optimal"] == 0);  // {0 2} ties {0 1}
    CHECK(points[1]["wrong"] == 0);
  }
}

TEST_CASE("A sweep's summary and cpex report on its output give the same numbers", "[cli][verdict][summary]") {
  const std::string pipeline = cpex::test::temp_file("mixed.ini", kMixed);
  const std::string csv = fresh_path("mixed.csv"), db = fresh_path("mixed.db");
  int mixed = 0;
  for (const std::string& results : {csv, db}) {
    // Each file against the summary of the sweep that wrote it (wall times differ).
    const auto run = run_cpex("sweep '" + pipeline + "' --json --threads 2 --out '" + results + "'" + kFixtures);
    REQUIRE(run.status == 3);  // repetition 1 fails at every point
    const auto points = json::parse(run.out)["points"];
    REQUIRE(points.size() == 6);
    const auto report = run_cpex("report '" + results + "' --format json");
    INFO(report.err);
    REQUIRE(report.status == 0);
    CHECK(report.err.empty());  // the default grouping pools nothing
    const auto groups = json::parse(report.out);
    for (const auto& p : points) {
      const auto& g = group_with(groups, {{"algorithm.never-stop-probability", p["values"]["algorithm.never-stop-probability"]},
                                          {"algorithm.other", p["values"]["algorithm.other"]}});
      INFO("point " << p["point"]);
      for (const char* field : {"runs", "ended", "by_rule", "capped", "failed", "wrong", "wrong_rate",
                                "not_optimal", "not_optimal_rate", "capped_wrong", "capped_not_optimal",
                                "mean_wall_time_s"})
        check_same(p[field], g[field], field);
      for (const char* field : {"wrong_rate_ci95", "not_optimal_rate_ci95"})
        for (int end : {0, 1}) check_same(p[field][end], g[field][end], field);
      for (const char* field : {"mean", "median", "mean_at_least"})
        check_same(p["samples"][field], g["samples"][field], field);
      mixed += p["ended"] > 0 && p["capped"] > 0 && p["wrong"] > 0;
    }
  }
  CHECK(mixed >= 2);  // some point has ended, capped and wrong runs together (one per file)
}

namespace {

// The keys of a summary object, nested ones as "samples.mean", without the keys that say
// which point or group it is.
std::set<std::string> summary_keys(const json& object, const std::string& prefix = "") {
  // (and lower_bound_note: why the point's runs have no lower bound, a run summary's words)
  static const std::set<std::string> context = {"point", "values", "pipeline", "algorithm", "environment",
                                                "oracle", "status", "planned", "lower_bound_note"};
  std::set<std::string> keys;
  for (const auto& [key, value] : object.items()) {
    if (prefix.empty() && context.count(key)) continue;
    keys.insert(prefix + key);
    if (value.is_object())
      for (const auto& nested : summary_keys(value, prefix + key + ".")) keys.insert(nested);
  }
  return keys;
}

// The one group of `cpex report FILE --format json` (the file holds one point).
json only_group(const std::string& results) {
  const auto report = run_cpex("report '" + results + "' --format json");
  REQUIRE(report.status == 0);
  const auto groups = json::parse(report.out)["groups"];
  REQUIRE(groups.size() == 1);
  return groups[0];
}

}  // namespace

TEST_CASE("cpex run --json and cpex report --format json use the same keys for the same statistics",
          "[cli][summary]") {
  // kMixed without its sweep, at a point with every kind of run.
  std::string text = kMixed.substr(0, kMixed.find("[sweep]"));
  text.replace(text.find("rounds = 10\n"), 12, "rounds = 10\nnever-stop-probability = 0.3\nother = 0 2\n");
  const std::string pipeline = cpex::test::temp_file("keys.ini", text);
  const std::string csv = fresh_path("keys.csv");
  const auto run = run_cpex("run '" + pipeline + "' --json --out '" + csv + "'" + kFixtures);
  INFO(run.err);
  REQUIRE(run.status == 3);  // repetition 1 fails
  const auto summary = json::parse(run.out);
  const json group = only_group(csv);
  CHECK(summary_keys(summary) == summary_keys(group));
  CHECK(summary_keys(summary).count("samples.mean_ci95_bootstrap"));
  CHECK(summary_keys(summary).count("samples.mean_ci95_normal"));
  CHECK(summary["ended"] > 0);
  CHECK(summary["capped"] > 0);
  CHECK(summary["failed"] > 0);
  // Every statistic both compute is the same number; the bootstrap interval is the report's
  // alone (null in the run summary, which does not resample).
  for (const auto& key : summary_keys(summary)) {
    const auto pointer = json::json_pointer("/" + std::regex_replace(key, std::regex("\\."), "/"));
    INFO(key);
    if (summary.at(pointer).is_object()) continue;  // its members are compared
    if (key == "samples.mean_ci95_bootstrap") {
      CHECK(summary.at(pointer).is_null());
      CHECK(group.at(pointer).is_array());
      continue;
    }
    check_same(summary.at(pointer), group.at(pointer), key.c_str());
  }
}

TEST_CASE("Points an interrupted or partial sweep never ran print as not run", "[cli][summary]") {
  // 3 points of 1 repetition: --shard 1/3 runs run id 0 only, points 1 and 2 never run.
  const std::string pipeline = cpex::test::temp_file(
      "notrun.ini", std::string(kAnswers).replace(kAnswers.find("repetitions = 3"), 15, "repetitions = 1"));
  const auto text = run_cpex("sweep '" + pipeline + "' --shard 1/3" + kFixtures);
  REQUIRE(text.status == 0);
  CHECK_THAT(text.out, Contains("not run (0 of 1 runs)"));
  CHECK(text.out.find("mean 0 ") == std::string::npos);
  const auto j = run_cpex("sweep '" + pipeline + "' --shard 1/3 --json" + kFixtures);
  REQUIRE(j.status == 0);
  const auto points = json::parse(j.out)["points"];
  CHECK(points[0]["status"] == "done");
  CHECK(points[1]["status"] == "not run");
  CHECK(points[1]["runs"] == 0);
  CHECK(points[1]["samples"]["mean"].is_null());
  CHECK(points[1]["samples"]["median"].is_null());
  CHECK(points[1]["wrong_rate"].is_null());
  CHECK(points[1]["mean_wall_time_s"].is_null());

  const auto partial = run_cpex("sweep '" + cpex::test::temp_file("partial.ini", kAnswers) +
                                "' --shard 1/2 --json" + kFixtures);
  REQUIRE(partial.status == 0);
  CHECK(json::parse(partial.out)["points"][0]["status"] == "partial");
}

TEST_CASE("Capped runs are censored: a lower bound, never a mean of 0", "[cli][summary]") {
  const std::string pipeline = cpex::test::temp_file("capped.ini", kMixed);
  const auto text = run_cpex("sweep '" + pipeline + "' --set 'algorithm.other=0 2'" + kFixtures);
  REQUIRE(text.status == 3);
  // never-stop-probability = 1: every answering run capped at 30 samples.
  CHECK_THAT(text.out, Contains("samples: no run ended; the 39 capped runs counted at "
                                "their cap: mean ≥ 30"));
  CHECK_THAT(text.out, Contains("capped runs counted at their cap: mean ≥ "));  // the mixed point
  CHECK(text.out.find("mean 0 ") == std::string::npos);
  const auto j = run_cpex("sweep '" + pipeline + "' --set 'algorithm.other=0 2' --json" + kFixtures);
  const auto all_capped = json::parse(j.out)["points"][2];
  CHECK(all_capped["samples"]["mean"].is_null());
  CHECK(all_capped["samples"]["mean_at_least"] == 30.0);
  CHECK(all_capped["wrong_rate"].is_null());
}

TEST_CASE("Stores written before the optimal column are read, not resumed or merged", "[cli][store][verdict]") {
  const std::string pipeline = cpex::test::temp_file("old.ini", kAnswers);
  const std::string db = fresh_path("old.db");
  REQUIRE(run_cpex("sweep '" + pipeline + "' --out '" + db + "'" + kFixtures).status == 0);
  sql(db, "ALTER TABLE runs DROP COLUMN optimal; UPDATE meta SET value = '1' WHERE key = 'schema';");

  const auto report = run_cpex("report '" + db + "' --format json");
  INFO(report.err);
  REQUIRE(report.status == 0);
  const auto g = group_with(json::parse(report.out), {{"algorithm.arms", "0 2"}});
  CHECK(g["optimal_unknown"] == 3);
  CHECK(g["not_optimal_rate"].is_null());
  CHECK(g["wrong"] == 0);

  const auto resume = run_cpex("sweep '" + pipeline + "' --out '" + db + "'" + kFixtures);
  CHECK(resume.status == 1);
  CHECK_THAT(resume.err, Contains("has schema 1") && Contains("cannot be resumed") &&
                             Contains("--force-new"));
  CHECK(std::count(resume.err.begin(), resume.err.end(), '\n') == 1);

  const auto merge = run_cpex("merge '" + fresh_path("merged.db") + "' '" + db + "'");
  CHECK(merge.status == 1);
  CHECK_THAT(merge.err, Contains("has schema 1"));

  const std::string exported = fresh_path("old-export.csv");
  REQUIRE(run_cpex("export '" + db + "' --csv '" + exported + "'").status == 0);
  CHECK(cpex::test::read_file(exported).find("optimal") == std::string::npos);

  REQUIRE(run_cpex("sweep '" + pipeline + "' --out '" + db + "' --force-new" + kFixtures).status == 0);
  CHECK(verdicts_of_store(db).size() == 9);
}

TEST_CASE("A resumed sweep's summary counts the stored runs in every statistic, the lower-bound ratio too",
          "[cli][summary][store]") {
  // The quickstart grown from 20 to 40 repetitions in one store: the second invocation's
  // summary is over all 40 runs (20 read back from the store), the same as cpex report's.
  const std::string db = fresh_path("grown.db");
  const auto first = run_cpex("run pipelines/quickstart.ini --set run.repetitions=20 --json --quiet --out '" + db + "'");
  REQUIRE(first.status == 0);
  const auto grown = run_cpex("run pipelines/quickstart.ini --set run.repetitions=40 --json --quiet --out '" + db + "'");
  INFO(grown.err);
  REQUIRE(grown.status == 0);
  const auto summary = json::parse(grown.out);
  const json group = only_group(db);
  CHECK(summary["runs"] == 40);
  CHECK(summary["lower_bound_ratio"]["runs"] == 40);
  CHECK(summary["lower_bound_ratio"]["runs"] == group["lower_bound_ratio"]["runs"]);
  check_same(summary["lower_bound_ratio"]["mean"], group["lower_bound_ratio"]["mean"], "lower_bound_ratio.mean");
  for (const char* field : {"runs", "ended", "wrong", "not_optimal"}) check_same(summary[field], group[field], field);
  for (const char* field : {"mean", "median"}) check_same(summary["samples"][field], group["samples"][field], field);
}
