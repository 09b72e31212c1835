// RAGE (Fiez et al. 2019): the phase length N_k = max(ceil(8 (2^{k+1})^2 R^2 rho (1 + eps)
// log(|Z|^2 / delta_k)), r(eps)) against hand-computed values on canonical instances whose
// first phase eliminates every other arm (so the run's sample count IS N_1), its scaling
// with R^2; delta-correctness with the best arm at a random index and duplicated features;
// on Fiez et al.'s transductive instance, the last phase's length from the certified design
// of the two surviving items.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <sstream>
#include <string>

#include "cpex/runtime/engine.hpp"
#include "cpex/report/stats.hpp"
#include "statistical_runs.hpp"

using namespace cpex;

namespace {

std::string canonical(int d, double gap, double sigma, double delta, double rounding, int runs) {
  std::ostringstream text;
  text << "[environment]\nplugin = linear\ngenerator = canonical\nd = " << d << "\ngap = " << gap
       << "\nsigma = " << sigma << "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = rage\ndelta = "
       << delta << "\nrounding = " << rounding << "\n[run]\nseed = 5\nrepetitions = " << runs << "\n";
  return text.str();
}

// A number of the resolved JSON object (`"key":value`).
double resolved_number(const std::string& json, const std::string& key) {
  const std::string tag = "\"" + key + "\":";
  const auto at = json.find(tag);
  REQUIRE(at != std::string::npos);
  return std::stod(json.substr(at + tag.size()));
}

}  // namespace

TEST_CASE("RAGE's first phase has the paper's length", "[asymptotic][statistical]") {
  // Canonical basis, K = d arms: the optimal design over {e_i - e_j} is uniform, rho = 2d
  // (||e_i - e_j||^2 = 1/p_i + 1/p_j); the support is d arms, so r(eps) = ceil(d (1+eps)/eps).
  // A gap of 5 with noise sigma <= 1 is eliminated after phase 1 with overwhelming
  // probability (the width is 2^{-3}), so every run has exactly N_1 samples.
  struct Case {
    int d;
    double sigma, delta, rounding;
  };
  for (const Case c : {Case{2, 1.0, 0.05, 0.1}, Case{3, 1.0, 0.01, 0.2}, Case{4, 0.5, 0.05, 0.1}}) {
    const double rho = 2.0 * c.d;
    const double n1 = std::max(std::ceil(8.0 * 16.0 * c.sigma * c.sigma * rho * (1.0 + c.rounding) *
                                         std::log(c.d * c.d / c.delta)),
                               std::ceil(c.d * (1.0 + c.rounding) / c.rounding));
    const auto records = test::run_records(canonical(c.d, 5.0, c.sigma, c.delta, c.rounding, 20));
    INFO("d = " << c.d << ", sigma = " << c.sigma << ": expected N_1 = " << n1);
    for (const auto& r : records) {
      CHECK(r.stop == StopReason::Rule);
      CHECK(r.correct);
      CHECK(static_cast<double>(r.samples) == n1);
    }
  }
}

TEST_CASE("RAGE's phases shrink the width by half: a second phase costs 4x the first",
          "[asymptotic][statistical]") {
  // Canonical d = 2 with gap 0.1: phase 1 (width 2^-3) keeps both arms with high probability
  // unless the noise is large; phase 2 (2^-4) too; ... the run ends in the phase whose level
  // falls below the gap. Every run's sample count is a partial sum of N_k = 4^{k-1} N_1
  // scaled by log(|Z|^2 k^2/delta)/log(|Z|^2/delta).
  const double delta = 0.05, eps = 0.1, rho = 4.0;
  std::vector<double> partial;
  double sum = 0.0;
  for (int k = 1; k <= 8; ++k) {
    const double level = std::ldexp(1.0, k + 1);
    sum += std::ceil(8.0 * level * level * rho * (1.0 + eps) * std::log(4.0 * k * k / delta));
    partial.push_back(sum);
  }
  const auto records = test::run_records(canonical(2, 0.1, 1.0, delta, eps, 40));
  for (const auto& r : records) {
    CHECK(r.stop == StopReason::Rule);
    CHECK(r.correct);
    CHECK(std::find(partial.begin(), partial.end(), static_cast<double>(r.samples)) != partial.end());
  }
}

TEST_CASE("RAGE is delta-correct with the best arm at a random index", "[asymptotic][statistical]") {
  // Six arms in R^3 (two of them with identical features), best arm at index 4.
  const std::string text =
      "[environment]\nplugin = linear\nd = 3\n"
      "features = 1,0,0, 0,1,0, 0,0,1, 0.6,0.6,0, 0.8,0.5,0.3, 0,0,1\n"
      "theta = 0.5, 0.6, 0.2\nsigma = 1\n"
      "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = rage\ndelta = 0.1\n"
      "[run]\nseed = 3\nrepetitions = 300\n";
  const auto records = test::run_records(text);
  test::expect_delta_correct("rage", summarize(records), 0.1);
  for (const auto& r : records) CHECK(r.recommendation == "4");
}

TEST_CASE("RAGE on Fiez et al.'s transductive instance: the last phase follows the certified design",
          "[asymptotic][statistical]") {
  // pipelines/linear-transductive/fiez.ini (d = 20): X the canonical basis of R^40, Z = e_1..e_20
  // and cos(0.1) e_i + sin(0.1) e_{20+i}, theta = e_1. Phase 1 keeps items 0 and 20 only (gap
  // 1 - cos 0.1 = 0.005, every other gap is 1); from then on the design is over the single
  // direction y = z_20 - z_0, whose optimum is rho* = (1 - cos 0.1 + sin 0.1)^2 on two arms.
  // With the authors' schedule the last phase k (>= 6, where the formula exceeds its 2p/eps
  // floor) has ceil(8 (2^{k-1})^2 rho (1 + eps) log(2 |Z|^2 k^2 / delta)) samples, rho within
  // the design gap 1e-3 of rho*. The solver's centerings capped at 30 Newton steps stalled at
  // rho = 1.389 rho* (design-gap 0.42): last phases 33,499 samples instead of 24,134.
  const double c = std::cos(0.1), s = std::sin(0.1);
  std::ostringstream features, answers, theta;
  for (int i = 0; i < 40; ++i)
    for (int j = 0; j < 40; ++j) {
      features << (features.tellp() > 0 ? "," : "") << (i == j ? 1 : 0);
      const double item = i < 20 ? (i == j ? 1.0 : 0.0) : (j == i - 20 ? c : j == i ? s : 0.0);
      answers << (answers.tellp() > 0 ? "," : "");
      answers.precision(17);
      answers << item;
    }
  for (int j = 0; j < 40; ++j) theta << (j > 0 ? "," : "") << (j == 0 ? 1 : 0);
  const std::string text = "[environment]\nplugin = linear\nd = 40\nfeatures = " + features.str() +
                           "\nanswers = " + answers.str() + "\ntheta = " + theta.str() +
                           "\nsigma = 1\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = rage\n"
                           "delta = 0.05\nschedule = authors\nelimination = authors\n"
                           "[run]\nseed = 2019\nrepetitions = 3\n";
  const double rho = std::pow(1.0 - c + s, 2), delta = 0.05, items = 40.0;
  auto length = [&](int k, double r) {
    return std::ceil(8.0 * std::ldexp(1.0, 2 * (k - 1)) * r * 1.1 * std::log(2.0 * items * items * k * k / delta));
  };
  for (const auto& record : test::run_records(text)) {
    const int k = static_cast<int>(resolved_number(record.resolved, "phases"));
    const double last = resolved_number(record.resolved, "last-phase-samples");
    INFO(record.resolved);
    CHECK(record.stop == StopReason::Rule);
    CHECK(record.correct);
    CHECK(resolved_number(record.resolved, "design-gap") <= 1e-3);
    REQUIRE(k >= 6);
    CHECK(last >= length(k, rho));
    CHECK(last <= length(k, rho * (1.0 + 1e-3)));
  }
}
