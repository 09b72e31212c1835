// The `cpex` command line: list, describe, run (text, JSON, CSV), sweep, and the
// thread-count independence of results.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "cli_expect.hpp"
#include "test_support.hpp"

using cpex::test::check_contains_all;
using cpex::test::run_cpex;
using Catch::Matchers::Contains;

namespace {

// CSV rows without the wall-time column (the only column allowed to differ).
std::vector<std::string> rows_without_wall_time(const std::string& csv) {
  std::vector<std::string> rows;
  std::istringstream in(csv);
  std::string line;
  std::size_t wall = std::string::npos;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::istringstream cells_in(line);
    std::string cell;
    while (std::getline(cells_in, cell, ',')) cells.push_back(cell);
    if (wall == std::string::npos)
      wall = static_cast<std::size_t>(std::find(cells.begin(), cells.end(), "wall_time_s") - cells.begin());
    if (wall < cells.size()) cells.erase(cells.begin() + static_cast<std::ptrdiff_t>(wall));
    std::string joined;
    for (const auto& c : cells) joined += c + ",";
    rows.push_back(joined);
  }
  return rows;
}

std::string without_wall_time(const std::string& json) {
  std::string out;
  std::istringstream in(json);
  std::string line;
  while (std::getline(in, line))
    if (line.find("mean_wall_time_s") == std::string::npos) out += line + "\n";
  return out;
}

}  // namespace

TEST_CASE("cpex list shows the plugins by kind", "[cli]") {
  const auto r = run_cpex("list");
  REQUIRE(r.status == 0);
  check_contains_all(r.out, {"environment  bernoulli", "environment  gaussian", "oracle       top-k",
                             "algorithm    lucb"});
}

TEST_CASE("cpex describe lucb shows its schema", "[cli]") {
  const auto r = run_cpex("describe lucb");
  REQUIRE(r.status == 0);
  check_contains_all(r.out, {"lucb (algorithm)",
                             "needs: single-arm feedback; [oracle] linear-maximization, cardinality",
                             "delta", "type real, default 0.05, allowed: a real number in (0, 1)",
                             "epsilon"});
  // The source file of its registration, as the repository names it.
  CHECK_THAT(r.out, Contains("source: plugins/bestk/lucb/lucb.cpp\n"));
  const auto gaussian = run_cpex("describe gaussian");
  CHECK_THAT(gaussian.out, Contains("source: environments/stochastic_arms/"));
  const auto unknown = run_cpex("describe nothing");
  CHECK(unknown.status == 1);
  CHECK_THAT(unknown.err, Contains("no plugin named 'nothing'"));
}

TEST_CASE("cpex run prints a summary and identical runs for 1 and 2 threads", "[cli]") {
  const std::string a = cpex::test::temp_file("one.csv", ""), b = cpex::test::temp_file("two.csv", "");
  const auto one = run_cpex("run pipelines/quickstart.ini --json --threads 1 --out " + a);
  const auto two = run_cpex("run pipelines/quickstart.ini --json --threads 2 --out " + b);
  REQUIRE(one.status == 0);
  REQUIRE(two.status == 0);
  CHECK_THAT(one.out, Contains("\"runs\": 200") && Contains("\"wrong_rate_ci95\"") &&
                          Contains("\"not_optimal_rate_ci95\"") && Contains("\"status\": \"done\"") &&
                          Contains("\"median\"") && Contains("\"mean_wall_time_s\""));
  CHECK(without_wall_time(one.out) == without_wall_time(two.out));
  const auto rows_one = rows_without_wall_time(cpex::test::read_file(a));
  const auto rows_two = rows_without_wall_time(cpex::test::read_file(b));
  REQUIRE(rows_one.size() == 201);
  CHECK(rows_one == rows_two);
  CHECK_THAT(rows_one.front(),
             Contains("run_id,point,algorithm,environment,oracle,repetition,seed,samples,batches,stopped,"
                      "recommendation,correct,optimal,resolved,pulls,lower_bound,status,error"));
  CHECK_THAT(rows_one[1], Contains(",rule,0 1,1,1,"));  // correct and optimal

  const auto text = run_cpex("run pipelines/quickstart.ini --set run.repetitions=10");
  REQUIRE(text.status == 0);
  CHECK_THAT(text.out, Contains("lucb on gaussian (oracle top-k)") && Contains("runs 10") &&
                           Contains("wrong answers (not correct, ended runs)") && Contains("not optimal"));
}

TEST_CASE("Overrides change the pipeline, and the seed changes the runs", "[cli]") {
  const auto base = run_cpex("run pipelines/quickstart.ini --json --set run.repetitions=5");
  const auto seeded =
      run_cpex("run pipelines/quickstart.ini --json --set run.repetitions=5 --set run.seed=2");
  REQUIRE(base.status == 0);
  REQUIRE(seeded.status == 0);
  CHECK_THAT(base.out, Contains("\"runs\": 5"));
  CHECK(without_wall_time(base.out) != without_wall_time(seeded.out));
}

TEST_CASE("cpex sweep runs the product of its axes with one column per axis", "[cli]") {
  const std::string file = cpex::test::temp_file(
      "sweep.ini",
      "[environment]\nplugin = gaussian\nmeans = 0.5,0.3,0\n[oracle]\nplugin = top-k\nk = 1\n"
      "[algorithm]\nplugin = lucb\n[run]\nrepetitions = 3\n[sweep]\n"
      "axis = algorithm.delta = 0.1,0.01\naxis = environment.sigma = 0.25,0.5\n");
  const std::string csv = cpex::test::temp_file("sweep.csv", "");
  const auto r = run_cpex("sweep " + file + " --json --out " + csv);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Contains("\"points\"") && Contains("\"algorithm.delta\": \"0.01\""));
  const auto rows = rows_without_wall_time(cpex::test::read_file(csv));
  REQUIRE(rows.size() == 1 + 4 * 3);
  CHECK_THAT(rows[0], Contains("run_id,point,algorithm.delta,environment.sigma,algorithm"));
  CHECK_THAT(rows[12], Contains("11,3,0.01,0.5,lucb"));
  const auto as_run = run_cpex("run " + file);
  CHECK(as_run.status == 1);
  CHECK_THAT(as_run.err, Contains("has a [sweep] section: use 'cpex sweep"));
}

TEST_CASE("A pipeline can ask for a trace of per-round values", "[cli]") {
  const std::string one = cpex::test::temp_file("trace1.csv", ""), two = cpex::test::temp_file("trace2.csv", "");
  const std::string common = "run pipelines/quickstart.ini --set run.repetitions=3 --set run.trace-every=10";
  REQUIRE(run_cpex(common + " --threads 1 --set run.trace-file=" + one).status == 0);
  REQUIRE(run_cpex(common + " --threads 2 --set run.trace-file=" + two).status == 0);
  const std::string text = cpex::test::read_file(one);
  CHECK(text == cpex::test::read_file(two));
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  CHECK(line == "run_id,point,repetition,sample,name,value");
  std::size_t rows = 0, last_run = 0;
  while (std::getline(in, line)) {
    ++rows;
    std::vector<std::string> cells;
    std::istringstream cells_in(line);
    for (std::string cell; std::getline(cells_in, cell, ',');) cells.push_back(cell);
    REQUIRE(cells.size() == 6);
    CHECK(cells[4] == "ucb_l-lcb_h");
    CHECK(std::stoull(cells[3]) % 10 == 0);
    const std::size_t run = std::stoul(cells[0]);
    CHECK(run >= last_run);  // in run order
    last_run = run;
  }
  CHECK(rows > 30);
  CHECK(last_run == 2);
}
