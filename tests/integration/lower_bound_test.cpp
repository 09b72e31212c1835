// The `lower_bound` column and the lower-bound ratio (docs/results.md): T*(mu) log(1/delta)
// per run against closed forms and `cpex hardness`, the same values in the CSV and the
// store, empty where a run poses no identification problem (fixed budget), and the ratio
// samples / lower_bound in the run summary, `cpex report` (JSON, text, --y) and its interval.
//   Two Gaussian arms 0.5, 0.3, sigma = 1: T* = 8 sigma^2 / Delta^2 = 200 (GK 2016), so at
//   delta = 0.01 every run's bound is 200 log 100 = 921.03.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "test_support.hpp"

namespace {

using cpex::test::csv_cells;
using cpex::test::run_cpex;
using cpex::test::temp_file;

// The rows of a results CSV as cells, the header first.
std::vector<std::vector<std::string>> csv_rows(const std::string& path) {
  std::istringstream in(cpex::test::read_file(path));
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) rows.push_back(csv_cells(line));
  return rows;
}

std::size_t column(const std::vector<std::string>& header, const std::string& name) {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  FAIL("no column " << name);
  return 0;
}

// cpex hardness's T*(mu) log(1/delta) of the pipeline `file`.
double hardness_bound(const std::string& file) {
  const auto hardness = run_cpex("hardness " + file + " --json");
  INFO(hardness.err);
  REQUIRE(hardness.status == 0);
  return nlohmann::json::parse(hardness.out)["measures"]["T_star_log_1_over_delta"].get<double>();
}

// The lower_bound cell of the first run of a results CSV (a number: REQUIRE'd non-empty).
double first_bound(const std::string& csv) {
  const auto rows = csv_rows(csv);
  REQUIRE(rows.size() >= 2);
  const std::string cell = rows[1][column(rows[0], "lower_bound")];
  REQUIRE(!cell.empty());
  return std::stod(cell);
}

const std::string kTwoArms =
    "[environment]\nplugin = gaussian\nmeans = 0.5, 0.3\nsigma = 1\n[oracle]\nplugin = top-k\nk = 1\n"
    "[algorithm]\nplugin = track-and-stop\ndelta = 0.01\n[run]\nseed = 4\nrepetitions = 40\n";

}  // namespace

TEST_CASE("Every fixed-confidence run carries T*(mu) log(1/delta); the ratio is samples over it", "[cli][lower-bound]") {
  const std::string file = temp_file("lower-bound.ini", kTwoArms);
  const std::string csv = cpex::test::fresh_path("lower-bound.csv");
  const auto r = run_cpex("run " + file + " --out " + csv + " --json");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const auto rows = csv_rows(csv);
  REQUIRE(rows.size() == 41);
  const std::size_t bound = column(rows[0], "lower_bound"), samples = column(rows[0], "samples");
  const double expected = 200.0 * std::log(100.0);
  double ratio_sum = 0.0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    CHECK(std::stod(rows[i][bound]) == Approx(expected).epsilon(1e-9));
    ratio_sum += std::stod(rows[i][samples]) / std::stod(rows[i][bound]);
  }
  // The run summary's ratio is the mean of the runs' ratios, with its normal interval.
  const auto summary = nlohmann::json::parse(r.out);
  const auto& ratio = summary["lower_bound_ratio"];
  CHECK(ratio["runs"] == 40);
  CHECK(ratio["mean"].get<double>() == Approx(ratio_sum / 40.0).epsilon(1e-12));
  CHECK(ratio["mean_ci95_normal"][0].get<double>() < ratio["mean"].get<double>());
  CHECK(ratio["mean_ci95_normal"][1].get<double>() > ratio["mean"].get<double>());
  CHECK(ratio["mean_ci95_bootstrap"].is_null());  // reports only

  // cpex report: the same mean, a bootstrap interval around it, the text table's column,
  // and --y lower-bound-ratio in a pivoted table.
  const auto report = run_cpex("report " + csv + " --format json");
  REQUIRE(report.status == 0);
  const auto group = nlohmann::json::parse(report.out)["groups"][0]["lower_bound_ratio"];
  CHECK(group["mean"].get<double>() == Approx(ratio_sum / 40.0).epsilon(1e-12));
  CHECK(group["mean_ci95_bootstrap"][0].get<double>() < group["mean"].get<double>());
  CHECK(run_cpex("report " + csv).out.find("T* ratio") != std::string::npos);
  const auto pivot = run_cpex("report " + csv + " --columns algorithm --y lower-bound-ratio");
  INFO(pivot.err);
  CHECK(pivot.status == 0);
  std::ostringstream mean;
  mean.precision(3);
  mean << group["mean"].get<double>();
  CHECK(pivot.out.find(mean.str()) != std::string::npos);

  // The store holds the same numbers (REAL), and cpex hardness the same T*.
  const std::string db = cpex::test::fresh_path("lower-bound.db");
  REQUIRE(run_cpex("run " + file + " --out " + db).status == 0);
  const std::string exported = cpex::test::fresh_path("lower-bound-export.csv");
  REQUIRE(run_cpex("export " + db + " --csv " + exported).status == 0);
  CHECK(first_bound(exported) == Approx(expected).epsilon(1e-12));
  CHECK(hardness_bound(file) == Approx(std::stod(rows[1][bound])).epsilon(1e-9));
}

TEST_CASE("The lower bound follows the problem: top-m of Bernoulli arms, and none without one", "[cli][lower-bound]") {
  // Top-2 of Bernoulli arms under kl-lucb: the bound is cpex hardness's T* (the staircase sweep).
  const std::string top2 = temp_file(
      "lower-bound-top2.ini",
      "[environment]\nplugin = bernoulli\nmeans = 0.2, 0.7, 0.5, 0.8\n[oracle]\nplugin = top-k\nk = 2\n"
      "[algorithm]\nplugin = kl-lucb\ndelta = 0.05\n[run]\nseed = 2\nrepetitions = 5\n");
  const std::string csv = cpex::test::fresh_path("lower-bound-top2.csv");
  REQUIRE(run_cpex("run " + top2 + " --out " + csv).status == 0);
  CHECK(first_bound(csv) == Approx(hardness_bound(top2)).epsilon(1e-9));

  // Fixed budget: no target error, no bound; the summary says so, the table has no column.
  const std::string budget = temp_file(
      "lower-bound-budget.ini",
      "[environment]\nplugin = bernoulli\nmeans = 0.2, 0.7, 0.5, 0.8\n[oracle]\nplugin = top-k\nk = 1\n"
      "[algorithm]\nplugin = successive-rejects\n[run]\nbudget = 400\nrepetitions = 3\n");
  const std::string out = cpex::test::fresh_path("lower-bound-budget.csv");
  const auto r = run_cpex("run " + budget + " --out " + out + " --json");
  REQUIRE(r.status == 0);
  const auto none = csv_rows(out);
  CHECK(none[1][column(none[0], "lower_bound")].empty());
  const auto summary = nlohmann::json::parse(r.out);
  CHECK(summary["lower_bound_ratio"]["runs"] == 0);
  CHECK(summary["lower_bound_ratio"]["mean"].is_null());
  CHECK(run_cpex("report " + out).out.find("T* ratio") == std::string::npos);
}

namespace {

// The lower_bound of every run of `text` (run with --json) equals cpex hardness's T* log(1/delta)
// (certified), and the summary's ratio covers every run ended by rule.
void check_bound_like_hardness(const std::string& name, const std::string& text) {
  const std::string file = temp_file(name + ".ini", text);
  const std::string csv = cpex::test::fresh_path(name + ".csv");
  const auto r = run_cpex("run " + file + " --out " + csv + " --json --quiet");
  INFO(name << ": " << r.err);
  REQUIRE(r.status == 0);
  const auto rows = csv_rows(csv);
  REQUIRE(rows.size() >= 2);
  const double expected = hardness_bound(file);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const std::string cell = rows[i][column(rows[0], "lower_bound")];
    REQUIRE(!cell.empty());
    CHECK(std::stod(cell) == Approx(expected).epsilon(1e-6));
  }
  const auto summary = nlohmann::json::parse(r.out);
  CHECK(summary["lower_bound_ratio"]["runs"].get<int>() == summary["by_rule"].get<int>());
}

}  // namespace

TEST_CASE("The lower bound on every problem: linear (Soare), CPE-L (graphic matroid, paths), full bandit",
          "[cli][lower-bound]") {
  // Soare et al.'s instance (FWS Table 1's): LinGame, Gaussian noise, T*(theta) by cutting planes.
  check_bound_like_hardness(
      "lower-bound-soare",
      "[environment]\nplugin = linear\ngenerator = soare\nd = 3\nangle = 0.1\nsigma = 1\n"
      "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lingame\ndelta = 0.1\n"
      "[run]\nseed = 3\nrepetitions = 3\nmax-samples = 10000000\n");
  // CLUCB on a graphic matroid (maximum spanning tree of 5 vertices, 7 edges).
  check_bound_like_hardness(
      "lower-bound-matroid",
      "[environment]\nplugin = gaussian\nmeans = 0.1, 0.9, 0.4, 0.8, 0.2, 0.7, 0.5\nsigma = 0.5\n"
      "[oracle]\nplugin = matroid-graphic\ngenerator = random\nvertices = 5\nedges = 7\ngraph-seed = 3\n"
      "[algorithm]\nplugin = clucb\ndelta = 0.05\n[run]\nseed = 3\nrepetitions = 3\n");
  // A full bandit: ICB on additive Gaussian noise over 3-subsets of 6 arms.
  check_bound_like_hardness(
      "lower-bound-full-bandit",
      "[environment]\nplugin = full-bandit\nmeans = 1.0, 0.9, 0.8, 0.3, 0.2, 0.1\nk = 3\nnoise = additive\nsigma = 0.5\n"
      "[oracle]\nplugin = top-k\nk = 3\n[algorithm]\nplugin = icb\ndelta = 0.05\n"
      "[run]\nseed = 3\nrepetitions = 2\nmax-samples = 100000000\n");
}

TEST_CASE("Without a certified bound the summary and the report say why", "[cli][lower-bound]") {
  // Fixed budget: the summary names the setting; a store carries the reason to cpex report.
  const std::string file = temp_file(
      "lower-bound-why.ini",
      "[environment]\nplugin = bernoulli\nmeans = 0.2, 0.7, 0.5, 0.8\n[oracle]\nplugin = top-k\nk = 1\n"
      "[algorithm]\nplugin = successive-rejects\n[run]\nbudget = 400\nrepetitions = 3\n");
  const auto text = run_cpex("run " + file + " --quiet");
  REQUIRE(text.status == 0);
  // (successive rejects ends by its rule one sample short of its budget: the summary says why)
  CHECK_THAT(text.out, Catch::Matchers::Contains("lower-bound ratio: none, fixed budget: T*(mu) log(1/delta) bounds"));
  // An epsilon-good top-2 query has no identification problem here: the reason is named in
  // the summary, and a store carries it to cpex report.
  const std::string db = cpex::test::fresh_path("lower-bound-why.db");
  const std::string eps = temp_file(
      "lower-bound-why-eps.ini",
      "[environment]\nplugin = bernoulli\nmeans = 0.2, 0.7, 0.5, 0.8\n[oracle]\nplugin = top-k\nk = 2\n"
      "[algorithm]\nplugin = kl-lucb\ndelta = 0.1\nepsilon = 0.2\n[run]\nseed = 3\nrepetitions = 2\n");
  const auto r = run_cpex("run " + eps + " --out " + db + " --quiet");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Catch::Matchers::Contains("lower-bound ratio: none, an accuracy epsilon = 0.2 is not defined for the top-2 query"));
  const auto report = run_cpex("report " + db + " --columns algorithm --y lower-bound-ratio");
  CHECK(report.status == 0);
  CHECK_THAT(report.err, Catch::Matchers::Contains("no lower bound for " + db + ": point 0 (kl-lucb): an accuracy epsilon"));
}

TEST_CASE("The lower bound is there for thousands of arms: top-5 of 1,000 Gaussian arms", "[cli][lower-bound]") {
  // Above the 64 arms the cutting planes solve for: the structured solver certifies T* (runs
  // capped at 3,000 samples, the bound recorded all the same), equal to cpex hardness's.
  std::string means;
  for (int a = 0; a < 1000; ++a) means += (a ? ", " : "") + std::to_string(a * 1e-3);
  const std::string file = temp_file(
      "lower-bound-top5-of-1000.ini", "[environment]\nplugin = gaussian\nmeans = " + means +
                                          "\n[oracle]\nplugin = top-k\nk = 5\n[algorithm]\nplugin = uniform\ndelta = "
                                          "0.01\n[run]\nseed = 3\nrepetitions = 2\nmax-samples = 3000\n");
  const std::string csv = cpex::test::fresh_path("lower-bound-top5-of-1000.csv");
  REQUIRE(run_cpex("run " + file + " --out " + csv).status == 0);
  CHECK(first_bound(csv) == Approx(hardness_bound(file)).epsilon(1e-9));
}
