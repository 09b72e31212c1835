// COCI's lazy candidate test and corner cache change nothing: a literal Alg. 1 (every
// round computes the whole candidate set C_t with Theorem 3's two calls per arm, no
// cache) fed by the same environment streams stops after the same number of samples with
// the same recommendation, for coci and coci-uniform, with each CPE-CS oracle.
#include <catch2/catch.hpp>

#include <cmath>

#include "cpex/runtime/run.hpp"
#include "test_support.hpp"

using namespace cpex;

namespace {

double component(const Decision& d, std::size_t i) {
  if (!d.values.empty()) return d.values[i];
  return std::binary_search(d.arms.begin(), d.arms.end(), i) ? 1.0 : 0.0;
}

// Alg. 1 written out (App. A.5 when uniform); returns (samples, decision).
std::pair<std::uint64_t, std::string> literal_coci(RunObjects& run, int tau, double delta,
                                                   bool uniform) {
  Environment& env = *run.environment;
  const Oracle& phi = *run.oracles.front();
  const std::size_t m = env.problem().num_arms;
  std::vector<std::vector<double>> x(m);
  Action action;
  Observation obs;
  auto pull = [&](std::size_t arm) {
    action.arm = arm;
    env.pull(action, obs);
    x[arm].push_back(obs.reward);
  };
  auto estimate = [&](std::size_t i) {
    const double s = static_cast<double>(x[i].size());
    double sum = 0, squares = 0;
    for (double v : x[i]) sum += v, squares += v * v;
    return tau == 1 ? sum / s : (squares - sum * sum / s) / (s - 1);
  };
  for (std::size_t i = 0; i < m; ++i)
    for (int r = 0; r < tau; ++r) pull(i);
  std::uint64_t t = static_cast<std::uint64_t>(tau) * m;
  std::vector<double> lo(m), hi(m), rad(m), corner(m);
  Decision d;
  for (;; ++t) {
    for (std::size_t i = 0; i < m; ++i) {
      rad[i] = std::sqrt(std::log(4.0 * std::pow(static_cast<double>(t), 3) / (tau * delta)) /
                         (2.0 * static_cast<double>(x[i].size())));
      lo[i] = std::clamp(estimate(i) - rad[i], 0.0, 1.0);
      hi[i] = std::clamp(estimate(i) + rad[i], 0.0, 1.0);
    }
    std::vector<std::size_t> candidates;
    for (std::size_t i = 0; i < m; ++i) {
      corner = lo;
      corner[i] = hi[i];
      phi.optimal(corner, d);
      const double a = component(d, i);
      corner = hi;
      corner[i] = lo[i];
      phi.optimal(corner, d);
      if (component(d, i) != a) candidates.push_back(i);
    }
    if (candidates.empty()) break;
    std::size_t j = uniform ? 0 : candidates.front();
    const std::size_t count = uniform ? m : candidates.size();
    for (std::size_t c = 0; c < count; ++c) {
      const std::size_t i = uniform ? c : candidates[c];
      if (rad[i] > rad[j]) j = i;  // largest radius, smaller index on ties
    }
    pull(j);
  }
  std::vector<double> point(m);
  for (std::size_t i = 0; i < m; ++i) point[i] = std::clamp(estimate(i), 0.0, 1.0);
  phi.optimal(point, d);
  return {t, to_string(d)};
}

void compare(const std::string& problem, const std::string& algorithm, int tau) {
  const std::string text = problem + "[algorithm]\nplugin = " + algorithm +
                           "\ndelta = 0.1\nestimator = " + (tau == 2 ? "variance" : "mean") +
                           "\n[run]\nseed = 9\nmax-samples = 10000000\n";
  const Pipeline pipeline = test::pipeline_from(text);
  for (std::uint64_t rep = 0; rep < 3; ++rep) {
    const RunSeed seed{9, 0, rep};
    const RunRecord record = run_once(pipeline, seed);
    RunObjects fresh = instantiate(pipeline, seed);
    const auto [samples, decision] = literal_coci(fresh, tau, 0.1, algorithm == "coci-uniform");
    INFO(algorithm << " repetition " << rep << "\n" << problem);
    CHECK((record.stop == cpex::StopReason::Rule));
    CHECK(record.samples == samples);
    CHECK(record.recommendation == decision);
  }
}

}  // namespace

TEST_CASE("coci and coci-uniform match a literal Alg. 1 sample for sample", "[integration][coci]") {
  const std::string opinion =
      "[environment]\nplugin = opinion\nsizes = 10, 20, 30, 40\np = 0.5, 0.3, 0.1, 0.2\n"
      "[oracle]\nplugin = osa-greedy\nbudget = 5\n";
  const std::string water =
      "[environment]\nplugin = water\nmeans = 0.8, 0.5, 0.2\n[oracle]\nplugin = water-planning\n"
      "b = 3\ncapacities = 2, 2, 2\na = 0.1, 0.1, 0.1\nlinear = 0.5, 0.5, 0.5\n";
  const std::string topk =
      "[environment]\nplugin = bernoulli\nmeans = 0.9, 0.7, 0.45, 0.3, 0.1\n"
      "[oracle]\nplugin = top-k\nk = 2\n";
  for (const char* algorithm : {"coci", "coci-uniform"}) {
    compare(opinion, algorithm, 2);
    compare(water, algorithm, 1);
    compare(topk, algorithm, 1);
  }
}
