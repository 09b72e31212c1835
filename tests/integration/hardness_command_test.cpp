// `cpex hardness FILE` against measures computed by hand, one family each:
//   Best-K and CPE-CS on 0.9, 0.6, 0.5, 0.1 (top-1): Delta = (0.3, 0.3, 0.4, 0.8),
//     H = 2 / 0.09 + 1 / 0.16 + 1 / 0.64 = 30.0347; the best arm flips when two means meet
//     halfway, so Lambda = (0.15, 0.15, 0.2, 0.4), H_Lambda = 120.139, H_Lambda^U = 4 / 0.15^2;
//   CPE-L, a partition matroid (parts 0 0 1 1, one arm each) on the same means: OPT = {0, 2},
//     Delta = (1.4 - 1.1, 1.4 - 1.1, 1.4 - 1.0, 1.4 - 1.0), H = 2 / 0.09 + 2 / 0.16 = 34.7222;
//   full bandit, n = 4, k = 2, means 1, 0.8, 0.5, 0.2: Delta_min = 1.8 - 1.5 = 0.3, rho = 4,
//     with the algorithm's epsilon = 0.1, H_eps = 4 / 0.4^2 = 25;
//   T*(mu), two Gaussian arms 0.5, 0.3 with sigma = 1: w* = (1/2, 1/2) and each arm is
//     d = Delta^2 / (8 sigma^2) from the midpoint, so T* = 8 sigma^2 / Delta^2 = 200, and
//     with delta = 0.01 the lower bound's leading term is 200 log 100; none for k = 2;
// and the instance a run sees: the planted-gap environment's own H (its `hardness` column
// for repetition 0 of each point) is the command's.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "cpex/results/record_format.hpp"
#include "test_support.hpp"

namespace {

const std::string kTopOne =
    "[environment]\nplugin = bernoulli\nmeans = 0.9, 0.6, 0.5, 0.1\n[oracle]\nplugin = top-k\n"
    "k = 1\n[algorithm]\nplugin = coci\n";

// `cpex hardness` of the pipeline `text` with --json, parsed.
nlohmann::json hardness_of(const std::string& name, const std::string& text) {
  const auto r = cpex::test::run_cpex("hardness " + cpex::test::temp_file(name, text) + " --json");
  INFO(r.err);
  REQUIRE(r.status == 0);
  return nlohmann::json::parse(r.out);
}

}  // namespace

TEST_CASE("cpex hardness prints the Best-K and CPE-CS measures of a top-1 instance", "[cli][hardness]") {
  const auto r = cpex::test::run_cpex("hardness " + cpex::test::temp_file("hardness-top1.ini", kTopOne));
  INFO(r.err);
  REQUIRE(r.status == 0);
  const std::string head =
      "environment bernoulli (4 arms), oracle top-k\n"
      "  Delta (Best-K gaps) = 0.3, 0.3, 0.4, 0.8\n"
      "  H (Best-K, sum of Delta_i^-2) = 30.0347\n"
      "  Lambda (CPE-CS consistent optimality radii) = 0.15, 0.15, 0.2, 0.4\n"
      "  H_Lambda (sum of Lambda_i^-2) = 120.139\n"
      "  H_Lambda^U (m / min Lambda_i^2) = 177.778\n";
  CHECK(r.out.substr(0, head.size()) == head);
  // Bernoulli best arm: T*(mu) follows (its value is checked on Gaussian arms below).
  CHECK(r.out.find("  T*(mu) (best arm, bernoulli arms; Garivier & Kaufmann's Theorem 5 (one exponential family), "
                   "certified relative gap ") != std::string::npos);
  CHECK(r.out.find("  w*(mu) = ") != std::string::npos);

  const auto j = hardness_of("hardness-top1.ini", kTopOne);
  CHECK(j["arms"] == 4);
  CHECK(j["measures"]["H"].get<double>() == Approx(2 / 0.09 + 1 / 0.16 + 1 / 0.64).epsilon(1e-12));
  CHECK(j["measures"]["H_Lambda_U"].get<double>() == Approx(4 / (0.15 * 0.15)).epsilon(1e-9));
  CHECK(j["measures"]["lambda"][3].get<double>() == Approx(0.4).epsilon(1e-9));
}

TEST_CASE("cpex hardness gives the CPE-L gaps of a matroid and the full-bandit H_eps", "[cli][hardness]") {
  const auto l = hardness_of("hardness-partition.ini",
                             "[environment]\nplugin = gaussian\nmeans = 0.9, 0.6, 0.5, 0.1\n[oracle]\n"
                             "plugin = matroid-partition\nparts = 0, 0, 1, 1\ncapacities = 1, 1\n"
                             "[algorithm]\nplugin = clucb\n");
  CHECK(l["measures"]["H"].get<double>() == Approx(2 / 0.09 + 2 / 0.16).epsilon(1e-9));
  CHECK(l["measures"]["gaps"][2].get<double>() == Approx(0.4).epsilon(1e-9));
  CHECK_FALSE(l["measures"].contains("H_Lambda"));  // the partition matroid is not separable

  const auto f = hardness_of("hardness-full.ini",
                             "[environment]\nplugin = full-bandit\nmeans = 1, 0.8, 0.5, 0.2\nk = 2\n"
                             "[oracle]\nplugin = top-k\nk = 2\n[algorithm]\nplugin = icb\nepsilon = 0.1\n");
  CHECK(f["measures"]["Delta_min"].get<double>() == Approx(0.3).epsilon(1e-12));
  CHECK(f["measures"]["rho"].get<double>() == 4);
  CHECK(f["measures"]["H_epsilon"].get<double>() == Approx(25.0).epsilon(1e-12));
  CHECK_FALSE(f["measures"].contains("H"));  // full-bandit feedback: no per-arm gaps
}

TEST_CASE("cpex hardness reads the instance a run sees, point by point", "[cli][hardness]") {
  // planted-gap draws its means from the run's streams and reports their H itself.
  const std::string text =
      "[environment]\nplugin = planted-gap\narms = 12\n[oracle]\nplugin = matroid-partition\n"
      "parts = 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2\ncapacities = 1, 2, 1\n[algorithm]\nplugin = clucb\n"
      "[run]\nseed = 7\nrepetitions = 1\nmax-samples = 1\n[sweep]\naxis = environment.gap = 0.05, 0.2\n";
  const auto j = hardness_of("hardness-planted.ini", text);
  REQUIRE(j["points"].size() == 2);
  const std::string csv = cpex::test::temp_file("hardness-planted.csv", "");
  std::remove(csv.c_str());
  const auto run = cpex::test::run_cpex("sweep " + cpex::test::temp_file("hardness-planted.ini", text) +
                                        " --out " + csv + " --quiet");
  INFO(run.err);
  REQUIRE(run.status == 0);
  const std::string rows = cpex::test::read_file(csv);
  for (int point = 0; point < 2; ++point) {
    const auto& measures = j["points"][point]["measures"];
    double smallest = 1e300;
    for (const auto& g : measures["gaps"]) smallest = std::min(smallest, g.get<double>());
    CHECK(smallest == Approx(point == 0 ? 0.05 : 0.2).epsilon(1e-9));
    // The run's own `hardness` (shortest round-trip text) appears in its row's compact JSON.
    std::string h;
    cpex::append_number(h, measures["H"].get<double>());
    CHECK(rows.find("\"\"hardness\"\":" + h) != std::string::npos);
  }
}

TEST_CASE("cpex hardness refuses an instance without a measure in one line", "[cli][hardness][bad-input]") {
  const auto r = cpex::test::run_cpex(
      "hardness " +
      cpex::test::temp_file("hardness-linear.ini",
                            "[environment]\nplugin = linear\ngenerator = canonical\nd = 3\nnoise = plus-minus-one\n"
                            "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lingape\n"));
  CHECK(r.status == 1);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.err.find("no complexity measure") != std::string::npos);
  CHECK(r.err.find("'linear'") != std::string::npos);
  CHECK(cpex::test::run_cpex("hardness").status == 2);
}

TEST_CASE("cpex hardness gives T*(mu) for a best-arm instance with Gaussian arms", "[cli][hardness]") {
  const auto j = hardness_of("hardness-tstar.ini",
                             "[environment]\nplugin = gaussian\nmeans = 0.3, 0.5\nsigma = 1\n[oracle]\n"
                             "plugin = top-k\nk = 1\n[algorithm]\nplugin = lucb\ndelta = 0.01\n");
  CHECK(j["measures"]["T_star"].get<double>() == Approx(200.0).epsilon(1e-9));
  CHECK(j["measures"]["T_star_log_1_over_delta"].get<double>() == Approx(200.0 * std::log(100.0)).epsilon(1e-9));
  // Top-2 of 0.3, 0.5, 0.1 (sigma 1) is a top-m problem with T* (the staircase sweep).
  const auto top2 = hardness_of("hardness-tstar-k2.ini",
                                "[environment]\nplugin = gaussian\nmeans = 0.3, 0.5, 0.1\nsigma = 1\n[oracle]\n"
                                "plugin = top-k\nk = 2\n[algorithm]\nplugin = lucb\n");
  CHECK(top2["measures"]["T_star"].get<double>() > 0);
  CHECK(top2["measures"]["w_star"].size() == 3);
  CHECK(top2["measures"]["T_star_relative_gap"].get<double>() <= 1e-6);
}

TEST_CASE("cpex hardness certifies T* of top-5 among 10^4 Gaussian arms and says how", "[cli][hardness]") {
  // Means 0, 1e-4, ..., 0.9999 (sigma 1): the staircase sweep of the sorted arms, certified by
  // the problem's best response at w* and the sweep's mixture (the value against the cutting
  // planes: tests/identification/characteristic_time_test.cpp).
  // Under AddressSanitizer (-O1, every access checked) 10^4 arms take minutes: 10^3 there.
#if defined(__SANITIZE_ADDRESS__)
  const int arms = 1000;
#else
  const int arms = 10000;
#endif
  std::string means;
  for (int a = 0; a < arms; ++a) means += (a ? ", " : "") + std::to_string(a * (1.0 / arms));
  const std::string text = "[environment]\nplugin = gaussian\nmeans = " + means +
                           "\n[oracle]\nplugin = top-k\nk = 5\n[algorithm]\nplugin = track-and-stop\ndelta = 1e-6\n";
  const auto j = hardness_of("hardness-top5-of-10000.ini", text);
  CHECK(j["arms"] == arms);
  CHECK(j["measures"]["T_star_method"] == "the staircase sweep of the sorted arms (a one-dimensional reduction)");
  CHECK(j["measures"]["T_star_relative_gap"].get<double>() <= 1e-4);
  CHECK(j["measures"]["w_star"].size() == static_cast<std::size_t>(arms));
  const auto r = cpex::test::run_cpex("hardness " + cpex::test::temp_file("hardness-top5-of-10000.ini", text));
  REQUIRE(r.status == 0);
  CHECK(r.out.find("T*(mu) (top-5, gaussian arms; the staircase sweep of the sorted arms (a one-dimensional "
                   "reduction), certified relative gap ") != std::string::npos);
  CHECK(r.out.find("(" + std::to_string(arms) + " values; --json lists all)") != std::string::npos);
}

TEST_CASE("cpex hardness prints T* of thresholds in closed form and of unknown variances with the truth",
          "[cli][hardness]") {
  // Arms above tau = 0.5 of two Gaussian arms (sigma 1): T* = sum_a 2 / (mu_a - tau)^2.
  const auto t = hardness_of("hardness-threshold.ini",
                             "[environment]\nplugin = gaussian\nmeans = 0.2, 0.9\n[oracle]\nplugin = threshold\n"
                             "tau = 0.5\n[algorithm]\nplugin = track-and-stop\n");
  CHECK(t["measures"]["T_star"].get<double>() == Approx(2 / 0.09 + 2 / 0.16).epsilon(1e-12));
  // Unknown variances: two arms, d = 1/2 log(1 + (mu - lambda)^2 / s^2), equal variances:
  // w = (1/2, 1/2), lambda at the midpoint, T*^-1 = 1/2 log(1 + (Delta/2)^2 / s^2).
  const auto u = hardness_of("hardness-unknown.ini",
                             "[environment]\nplugin = gaussian\nmeans = 0, 1\nsigma = 2\nvariance = unknown\n"
                             "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = top-two\n");
  CHECK(u["measures"]["T_star"].get<double>() == Approx(2 / std::log(1 + 0.25 / 4)).epsilon(1e-6));
}

TEST_CASE("cpex hardness prints one block for the points of one instance", "[cli][hardness]") {
  const auto r = cpex::test::run_cpex(
      "hardness " + cpex::test::temp_file("hardness-deltas.ini",
                                          "[environment]\nplugin = gaussian\nmeans = 0.3, 0.5\n[oracle]\nplugin = top-k\n"
                                          "k = 1\n[algorithm]\nplugin = top-two\n[sweep]\n"
                                          "axis = algorithm.delta = 0.1, 0.01, 0.001\n"
                                          "axis = algorithm.plugin = top-two, track-and-stop\n"));
  INFO(r.err);
  REQUIRE(r.status == 0);
  // header, gaps, H, the three CPE-CS lines, T*, w*, the deltas
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 9);
  CHECK(r.out.find("(points 0-5 of 6)") != std::string::npos);
  CHECK(r.out.find(" = 460.517 (delta 0.1), 921.034 (delta 0.01), 1381.55 (delta 0.001)") != std::string::npos);
}

TEST_CASE("cpex hardness gives linear and transductive T*(theta), the canonical basis as unstructured arms",
          "[cli][hardness][linear]") {
  // The canonical basis with theta = (0.4, 0.1, 0) is the Gaussian best-arm instance (0.4, 0.1, 0).
  const auto linear = hardness_of("hardness-linear-tstar.ini",
                                  "[environment]\nplugin = linear\nd = 3\nfeatures = 1,0,0, 0,1,0, 0,0,1\n"
                                  "theta = 0.4, 0.1, 0\nsigma = 0.5\n[oracle]\nplugin = top-k\nk = 1\n"
                                  "[algorithm]\nplugin = lingame\ndelta = 0.01\n");
  const auto arms = hardness_of("hardness-linear-arms.ini",
                                "[environment]\nplugin = gaussian\nmeans = 0.4, 0.1, 0\nsigma = 0.5\n[oracle]\n"
                                "plugin = top-k\nk = 1\n[algorithm]\nplugin = lucb\n");
  const double t = arms["measures"]["T_star"].get<double>();
  CHECK(linear["measures"]["T_star"].get<double>() == Approx(t).epsilon(1e-6));
  CHECK(linear["measures"]["answer"].get<double>() == 0.0);
  CHECK(linear["measures"]["T_star_relative_gap"].get<double>() < 1e-6);
  CHECK(linear["measures"]["T_star_log_1_over_delta"].get<double>() == Approx(t * std::log(100.0)).epsilon(1e-6));
  // An answer set: the items e_2 and e_1 + e_3 / 2 (values 0.1 and 0.4): item 1 answers.
  const auto transductive = hardness_of("hardness-transductive.ini",
                                        "[environment]\nplugin = linear\nd = 3\nfeatures = 1,0,0, 0,1,0, 0,0,1\n"
                                        "answers = 0,1,0, 1,0,0.5\ntheta = 0.4, 0.1, 0\nsigma = 0.5\n[oracle]\n"
                                        "plugin = top-k\nk = 1\n[algorithm]\nplugin = rage\n");
  CHECK(transductive["measures"]["answer"].get<double>() == 1.0);
  // One direction y = (1, -1, 0.5) with gap 0.3: T* = 2 sigma^2 (|y_1| + |y_2| + |y_3|)^2 / 0.3^2.
  CHECK(transductive["measures"]["T_star"].get<double>() == Approx(2 * 0.25 * 2.5 * 2.5 / 0.09).epsilon(1e-6));
}
