// Studies with several metrics and the independent GLR check of any answer: `[study]
// objectives` and multi-objective tells (a list in the objectives' order or an object by
// name, on the command line and as JSON), the Pareto set reported with its certificate (the
// study's GLR check against the algorithm's own statistic and an independently computed
// Pareto set), every malformed tell refused in one line, and the best-arm check against
// Garivier & Kaufmann's statistic and threshold computed here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_expect.hpp"
#include "test_support.hpp"

namespace {

using namespace cpex::test;
using nlohmann::json;

const std::string kParetoStudy =
    "[study]\narms = a, b, c, d\nobjectives = conversion, latency\nrewards = gaussian\nsigma = 0.5\n"
    "[oracle]\nplugin = pareto-set\n"
    "[algorithm]\nplugin = top-two\ndelta = 0.05\nthreshold = kk2021\n[run]\nseed = 3\n";
// b dominates d by 0.2 on both objectives; a, b and c are the Pareto set.
const std::string kParetoEnvironment =
    "[environment]\nplugin = multivariate-gaussian\nmeans = 0.9 0.2; 0.5 0.5; 0.2 0.9; 0.3 0.3\nsigma = 0.5\n";

std::string new_study(const std::string& name, const std::string& text) {
  const std::string db = fresh_path(name + ".db");
  const auto r = run_cpex("study new " + db + " --pipeline " + temp_file(name + ".ini", text));
  INFO(r.err);
  REQUIRE(r.status == 0);
  return db;
}

json status_of(const std::string& db) {
  const auto r = run_cpex("study status " + db + " --json");
  INFO(r.err);
  REQUIRE(r.status == 0);
  return json::parse(r.out);
}

// The arms no other arm dominates (larger is better on every objective), named and
// ", "-separated in arm order: computed here from the status's per-objective means.
std::string pareto_set_of(const json& arms) {
  std::string names;
  for (const auto& a : arms) {
    bool dominated = false;
    for (const auto& b : arms) {
      bool all = true, one = false;
      for (std::size_t d = 0; d < a["objectives"].size(); ++d) {
        const double x = a["objectives"][d]["mean"].get<double>(), y = b["objectives"][d]["mean"].get<double>();
        all = all && y >= x;
        one = one || y > x;
      }
      dominated = dominated || (all && one);
    }
    if (!dominated) names += (names.empty() ? "" : ", ") + a["name"].get<std::string>();
  }
  return names;
}

double bernoulli_kl(double p, double q) {
  auto term = [](double x, double y) { return x <= 0.0 ? 0.0 : x * std::log(x / y); };
  return term(p, q) + term(1.0 - p, 1.0 - q);
}

}  // namespace

TEST_CASE("a multi-objective study reports the Pareto set with its certificate", "[study][pareto]") {
  const std::string db = new_study("pareto", kParetoStudy);
  const auto sim = run_cpex("study simulate " + db + " --environment " + temp_file("pareto-env.ini", kParetoEnvironment) +
                            " --json");
  INFO(sim.err);
  REQUIRE(sim.status == 0);
  CHECK(json::parse(sim.out)["correct"] == true);
  const json s = status_of(db);
  CHECK(s["state"] == "stopped");
  CHECK(s["objectives"] == json({"conversion", "latency"}));
  REQUIRE(s["arms"].size() == 4);
  for (const auto& arm : s["arms"]) {
    CHECK(arm["mean"].is_null());  // one mean per objective instead
    REQUIRE(arm["objectives"].size() == 2);
    CHECK(arm["objectives"][1]["objective"] == "latency");
    const double mean = arm["objectives"][0]["mean"].get<double>();
    CHECK(arm["objectives"][0]["interval"][0].get<double>() < mean);
    CHECK(mean < arm["objectives"][0]["interval"][1].get<double>());
  }
  CHECK(s["recommendation"] == "a, b, c");
  CHECK(s["glr"]["best"] == pareto_set_of(s["arms"]));
  CHECK(s["glr"]["passed"] == true);
  CHECK(s["certificate"] == "certified");
  // The study's check recomputes, from the logged observations, what the sampler stopped on
  // (the same identification problem and kk2021 threshold): its last round's values.
  CHECK(s["glr"]["statistic"].get<double>() == Approx(s["reported"]["glr"].get<double>()).epsilon(1e-9));
  CHECK(s["glr"]["threshold"].get<double>() == Approx(s["reported"]["threshold"].get<double>()).epsilon(1e-9));
  CHECK(s["glr"]["challenger"] == "d");  // the dominated arm, nearest the Pareto set
  CHECK_THAT(s["glr"]["rule"].get<std::string>(), Catch::Matchers::Contains("kk2021"));
  CHECK(s["t_star"].get<double>() > 0.0);
  const auto text = run_cpex("study status " + db);
  check_contains_all(text.out, {"per objective: mean [95% interval]", "conversion ", "; latency ",
                                "recommendation: a, b, c", "certified at delta 0.05", "closest d): passed"});
}

TEST_CASE("multi-objective tells: a list or names, on the command line and as JSON, the same observation",
          "[study][pareto]") {
  const std::string db = new_study("tells", kParetoStudy);
  REQUIRE(run_cpex("study ask " + db + " --count 1").status == 0);  // a
  CHECK(run_cpex("study tell " + db + " --arm a --reward 0.5,0.25 --id t1").status == 0);
  CHECK(run_cpex("study tell " + db + " --arm b --reward latency=0.75,conversion=0.125 --unasked").status == 0);
  const std::string lines = temp_file(
      "tells.jsonl", "{\"arm\": \"c\", \"rewards\": [1, 2]}\n{\"arm\": \"d\", \"rewards\": {\"latency\": 4, \"conversion\": 3}}\n");
  CHECK(run_cpex("study tell " + db + " --unasked --json < " + lines).status == 0);
  // a retry of t1 in the other form is the same observation: acknowledged, not taken again
  const auto retry = run_cpex("study tell " + db + " --arm a --reward conversion=0.5,latency=0.25 --id t1");
  CHECK(retry.status == 0);
  CHECK_THAT(retry.out, Catch::Matchers::Contains("taken before (id t1"));
  const json s = status_of(db);
  CHECK(s["observations"] == 4);
  const std::vector<std::vector<double>> expected = {{0.5, 0.25}, {0.125, 0.75}, {1, 2}, {3, 4}};
  for (std::size_t a = 0; a < 4; ++a)
    for (std::size_t d = 0; d < 2; ++d) CHECK(s["arms"][a]["objectives"][d]["mean"].get<double>() == expected[a][d]);
  CHECK_THAT(run_cpex("study log " + db).out, Catch::Matchers::Contains("rewards [0.125,0.75]"));
}

TEST_CASE("a multi-objective study refuses every malformed tell and section in one line", "[study][pareto]") {
  const std::string db = new_study("refusals", kParetoStudy);
  REQUIRE(run_cpex("study ask " + db + " --count 2").status == 0);
  const json before = status_of(db);
  auto refused = [&](const std::string& arguments, const std::vector<std::string>& fragments) {
    expect_cli_error(arguments, fragments);
    CHECK(status_of(db) == before);
  };
  refused("study tell " + db + " --arm a --reward 0.5", {"needs 2 rewards, one per objective", "got one"});
  refused("study tell " + db + " --arm a --reward 1,2,3", {"needs 2 rewards, one per objective", "got 3"});
  refused("study tell " + db + " --arm a --reward conversion=1", {"no reward for the objective 'latency'"});
  refused("study tell " + db + " --arm a --reward conversion=1,latncy=2",
          {"unknown objective 'latncy'", "did you mean 'latency'"});
  refused("study tell " + db + " --arm a --reward conversion=1,conversion=2", {"the objective 'conversion' is given twice"});
  refused("study tell " + db + " --arm a --reward conversion=1,2", {"name every objective", "or none"});
  refused("study tell " + db + " --arm a --reward conversion=1,latency=inf", {"the reward inf is not a finite number"});
  const std::string empty = temp_file("empty-object.jsonl", "{\"arm\": \"a\", \"rewards\": {}}\n");
  refused("study tell " + db + " --json < " + empty, {"the object: 'rewards' must be a non-empty list"});
  const std::string text = temp_file("text-reward.jsonl", "{\"arm\": \"a\", \"rewards\": {\"conversion\": \"1\", \"latency\": 2}}\n");
  refused("study tell " + db + " --json < " + text, {"the object: 'rewards' must be a number"});

  // named rewards in a study of one reward
  const std::string one = new_study("one-reward", "[study]\narms = x, y\nrewards = gaussian\n[oracle]\nplugin = top-k\n"
                                                  "k = 1\n[algorithm]\nplugin = lucb\ndelta = 0.1\n[run]\nseed = 1\n");
  REQUIRE(run_cpex("study ask " + one + " --count 1").status == 0);
  expect_cli_error("study tell " + one + " --arm x --reward conversion=1,latency=2",
                   {"rewards by name are for a study with objectives"});
  expect_cli_error("study tell " + one + " --arm x --reward 1,2", {"this study takes one reward per pull, not a list"});

  // the section
  const std::string rest = "[oracle]\nplugin = pareto-set\n[algorithm]\nplugin = ape\ndelta = 0.1\n";
  auto section_refused = [&](const std::string& study, const std::vector<std::string>& fragments) {
    static int n = 0;
    const std::string file = temp_file("bad-objectives-" + std::to_string(++n) + ".ini", "[study]\n" + study + rest);
    expect_cli_error("study new " + fresh_path("bad-objectives.db") + " --pipeline " + file, fragments);
  };
  section_refused("arms = a, b\nrewards = gaussian\nobjectives = only\n", {"[study] objectives", "at least 2 names"});
  section_refused("arms = a, b\nrewards = gaussian\nobjectives = x, x\n", {"[study] objectives", "'x' is given twice"});
  section_refused("arms = a, b\nrewards = gaussian\nobjectives = x, \n", {"[study] objectives", "an empty objective name"});
  section_refused("arms = a, b\nrewards = gaussian\nfeedback = multi-objective\n",
                  {"[study] objectives", "multi-objective feedback needs objectives"});
  section_refused("arms = a, b\nrewards = gaussian\nfeedback = semi-bandit\nk = 1\nobjectives = x, y\n",
                  {"[study] objectives", "not semi-bandit"});
}

TEST_CASE("the best-arm GLR check of a study is Garivier & Kaufmann's, computed here", "[study]") {
  const std::string db =
      new_study("best-arm-glr", "[study]\narms = control, red, blue\nrewards = bernoulli\n[oracle]\nplugin = top-k\n"
                                "k = 1\n[algorithm]\nplugin = track-and-stop\ndelta = 0.05\n[run]\nseed = 7\n");
  const std::string env = temp_file("best-arm-glr-env.ini", "[environment]\nplugin = bernoulli\nmeans = 0.3, 0.6, 0.4\n");
  REQUIRE(run_cpex("study simulate " + db + " --environment " + env).status == 0);
  const json s = status_of(db);
  std::vector<double> mean, count;
  double t = 0;
  for (const auto& arm : s["arms"]) {
    mean.push_back(arm["mean"].get<double>());
    count.push_back(arm["observed"].get<double>());
    t += count.back();
  }
  const auto best = static_cast<std::size_t>(std::max_element(mean.begin(), mean.end()) - mean.begin());
  double z = INFINITY;
  std::size_t challenger = 0;
  for (std::size_t b = 0; b < mean.size(); ++b) {
    if (b == best) continue;
    const double m = (count[best] * mean[best] + count[b] * mean[b]) / (count[best] + count[b]);
    const double zb = count[best] * bernoulli_kl(mean[best], m) + count[b] * bernoulli_kl(mean[b], m);
    if (zb < z) {
      z = zb;
      challenger = b;
    }
  }
  CHECK(s["glr"]["best"] == s["arms"][best]["name"]);
  CHECK(s["glr"]["challenger"] == s["arms"][challenger]["name"]);
  CHECK(s["glr"]["statistic"].get<double>() == Approx(z).epsilon(1e-9));
  CHECK(s["glr"]["threshold"].get<double>() == Approx(std::log(2.0 * t * 2.0 / 0.05)).epsilon(1e-12));
  CHECK(s["glr"]["passed"] == (z > std::log(2.0 * t * 2.0 / 0.05)));
}

TEST_CASE("cpex list --accepts reads a study's pipeline: the algorithms of its multi-objective problem", "[study][pareto]") {
  const auto r = run_cpex("list --accepts " + temp_file("accepts-study.ini", kParetoStudy));
  INFO(r.err);
  REQUIRE(r.status == 0);
  check_contains_all(r.out, {"accept the problem of", "  ape ", "  auer-psi ", "  top-two ", "  track-and-stop ",
                             "needs single-arm feedback, but environment 'study' gives multi-objective feedback"});
}
