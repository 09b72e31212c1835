// The hand-tight references of benchmarks/reference/ (the denominators of the
// instructions-per-sample ratios in docs/performance.md) take the same samples as the
// plugins they mirror: same sample count, same pulls per arm, same decision, on several
// instances, sizes, presets and seeds. Also: lil'CLUCB's top-K fast path takes the same
// samples as its oracle path (two oracle calls a round), ties included.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/run.hpp"
#include "reference/lil_clucb.hpp"
#include "reference/lil_lucb_family.hpp"
#include "reference/lil_ucb.hpp"
#include "reference/lucb1.hpp"
#include "test_support.hpp"

namespace {

using namespace cpex;

constexpr std::uint64_t kCap = 3'000'000;

struct Outcome {
  std::uint64_t samples = 0;
  std::vector<std::uint64_t> pulls;
  std::vector<std::size_t> decision;
};

std::vector<double> spread_means(std::size_t n) {
  std::vector<double> means(n);
  for (std::size_t i = 0; i < n; ++i) means[(i * 7 + 3) % n] = 1.0 - 0.9 * static_cast<double>(i) / static_cast<double>(n);
  return means;
}

double resolved(const Algorithm& algorithm, const std::string& name) {
  for (const auto& [key, value] : algorithm.resolved())
    if (key == name) return std::get<double>(value);
  FAIL("no resolved parameter " << name);
  return 0.0;
}

// Runs the plugin to its stop (or kCap samples); `reference` receives the resolved
// parameters and the environment and returns its own outcome.
template <typename MakeReference>
void check(const std::string& algorithm, const std::string& settings, const std::vector<double>& means,
           std::size_t k, std::uint64_t seed, MakeReference&& make_reference) {
  const std::string text = "[environment]\nplugin = gaussian\nsigma = 0.5\nmeans = " + real_list_text(means) +
                           "\n[oracle]\nplugin = top-k\nk = " + std::to_string(k) +
                           "\n[algorithm]\nplugin = " + algorithm + "\n" + settings;
  const Pipeline pipeline = test::pipeline_from(text);
  const RunSeed run_seed{seed, 0, seed % 5};
  RunObjects run = instantiate(pipeline, run_seed);
  Outcome plugin;
  plugin.pulls.assign(means.size(), 0);
  Action action;
  Observation observation;
  while (plugin.samples < kCap && run.algorithm->next(action)) {
    run.environment->pull(action, observation);
    run.algorithm->observe(action, observation);
    ++plugin.samples;
    ++plugin.pulls[action.arm];
  }
  plugin.decision = run.algorithm->recommend().decision.arms;

  reference::GaussianArms env(means, 0.5, run_seed);
  auto ref = make_reference(env, *run.algorithm, run_seed);
  Outcome mirror;
  while (mirror.samples < kCap && ref.step()) ++mirror.samples;
  for (std::size_t i = 0; i < means.size(); ++i) mirror.pulls.push_back(ref.pulls(i));
  mirror.decision = ref.decision();

  INFO(algorithm << " " << settings << " N = " << means.size() << " K = " << k << " seed " << seed);
  CHECK(plugin.samples < kCap);
  CHECK(plugin.samples == mirror.samples);
  CHECK(plugin.pulls == mirror.pulls);
  CHECK(plugin.decision == mirror.decision);
}

struct Case {
  std::size_t n, k;
  std::uint64_t seed;
};
const Case kCases[] = {{5, 1, 1}, {12, 2, 2}, {12, 5, 3}, {40, 3, 4}, {40, 20, 5}};

template <reference::LilVariant V>
void check_family(const std::string& name) {
  for (const std::string settings : {"preset = heuristic\n", "preset = faithful\n"})
    for (const Case& c : kCases)
      check(name, settings, spread_means(c.n), c.k, c.seed,
            [&](reference::GaussianArms& env, const Algorithm& a, const RunSeed& seed) {
              return reference::LilLucbFamily<V>(env, c.k, resolved(a, "lil-delta"), resolved(a, "lil-epsilon"), seed);
            });
}

}  // namespace

TEST_CASE("The lil'LUCB family's references take the plugins' samples", "[reference]") {
  check_family<reference::LilVariant::LilLucb>("lil-lucb");
  check_family<reference::LilVariant::LucbPlusPlus>("lucb-pp");
  check_family<reference::LilVariant::LilRandLucb>("lil-rand-lucb");
}

// The references of LUCB1 and lil'CLUCB take (k, delta, epsilon): each settings line on
// every case. LUCB1's are its target error and accuracy; lil'CLUCB's the LIL bound's
// (`lil-delta`, `lil-epsilon`).
template <class Reference>
void check_top_k(const std::string& algorithm, std::initializer_list<const char*> settings_list,
                 const std::string& delta_key = "delta", const std::string& epsilon_key = "epsilon") {
  for (const std::string settings : settings_list)
    for (const Case& c : kCases)
      check(algorithm, settings, spread_means(c.n), c.k, c.seed,
            [&](reference::GaussianArms& env, const Algorithm& a, const RunSeed&) {
              return Reference(env, c.k, resolved(a, delta_key), resolved(a, epsilon_key));
            });
}

TEST_CASE("The LUCB1 reference takes the plugin's samples", "[reference]") {
  check_top_k<reference::Lucb1>("lucb", {"delta = 0.05\n", "delta = 0.1\nepsilon = 0.05\n"});
}

TEST_CASE("The lil'CLUCB reference takes the plugin's samples", "[reference]") {
  check_top_k<reference::LilClucb>("lil-clucb", {"preset = heuristic\n", "preset = faithful\n"}, "lil-delta",
                                   "lil-epsilon");
}

TEST_CASE("The lil'UCB reference takes the plugin's samples", "[reference]") {
  for (const std::string settings : {"preset = heuristic\n", "preset = faithful\n", "preset = heuristic-jamieson\n"})
    for (const Case& c : kCases)
      check("lil-ucb", settings, spread_means(c.n), 1, c.seed,
            [&](reference::GaussianArms& env, const Algorithm& a, const RunSeed&) {
              return reference::LilUcb(env, resolved(a, "lil-delta"), resolved(a, "lil-epsilon"), resolved(a, "beta"),
                                       resolved(a, "lambda"));
            });
}

TEST_CASE("lil'CLUCB's top-K fast path takes the samples of its oracle path", "[reference]") {
  // matroid-partition with one part of capacity k is top-k without the cardinality
  // capability, so lil-clucb runs Alg. 3 with two oracle calls a round. Bernoulli rewards
  // with equal means make ties in the means and in the bounds frequent.
  for (std::size_t k : {1, 3, 5}) {
    const std::string environment =
        "[environment]\nplugin = bernoulli\nmeans = 0.7, 0.55, 0.5, 0.4, 0.4, 0.3, 0.2, 0.2, 0.1, 0.1\n"
        "[algorithm]\nplugin = lil-clucb\n[run]\nrepetitions = 30\nseed = " + std::to_string(40 + k) +
        "\nrecord-pulls = yes\n";
    const Pipeline fast = test::pipeline_from(environment + "[oracle]\nplugin = top-k\nk = " + std::to_string(k) + "\n");
    const Pipeline generic = test::pipeline_from(
        environment + "[oracle]\nplugin = matroid-partition\nparts = 0,0,0,0,0,0,0,0,0,0\ncapacities = " +
        std::to_string(k) + "\n");
    for (std::uint64_t r = 0; r < 30; ++r) {
      const RunRecord a = run_once(fast, RunSeed{fast.run.seed, 0, r});
      const RunRecord b = run_once(generic, RunSeed{generic.run.seed, 0, r});
      INFO("k = " << k << " repetition " << r);
      REQUIRE(a.stop == StopReason::Rule);
      CHECK(a.samples == b.samples);
      CHECK(a.pulls == b.pulls);
      CHECK(a.recommendation == b.recommendation);
    }
  }
}
