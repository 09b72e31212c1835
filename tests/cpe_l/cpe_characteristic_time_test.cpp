// CPE-L characteristic time against brute force: on random small matroids, paths and
// matchings (cpe_brute_force.hpp), the oracles' enumerate() lists exactly the class and
// honours its limit, and T*(mu) of the identification problem (matroid: single exchanges;
// listed class: every decision) is checked against every alternative decision enumerated
// independently: the solver's weights reach its certified lower bound on the brute-force
// inner minimum, and an independent maximizer of that minimum (exponentiated subgradient)
// never passes its certified upper bound. Ties: integer means make tied optima (T* = inf,
// exactly when brute force sees a tie) and tied alternatives.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "cpe_brute_force.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/numerics/combinatorial_characteristic_time.hpp"
#include "cpex/numerics/optimal_weights.hpp"
#include "cpex/registry.hpp"
#include "cpex/numerics/identification.hpp"
#include "test_support.hpp"

using namespace cpex;

namespace {

const char* const kOracles[] = {"matroid-uniform", "matroid-partition", "matroid-graphic", "dag-path", "matching"};
constexpr double kInf = std::numeric_limits<double>::infinity();

bool is_matroid(const std::string& name) { return name.rfind("matroid-", 0) == 0; }
bool enumerable(const std::string& name) { return name != "matroid-graphic"; }

// min over decisions S != best of the Gaussian transport cost
// (mu(best) - mu(S))^2 / (2 sum_{e in S ^ best} sigma_e^2 / w_e).
double brute_inner(const std::vector<std::vector<std::size_t>>& members, const std::vector<std::size_t>& best,
                   const std::vector<double>& mu, const std::vector<double>& sigma, const std::vector<double>& w,
                   std::vector<double>* gradient = nullptr) {
  double least = kInf;
  for (const auto& s : members) {
    if (s == best) continue;
    std::vector<std::size_t> diff;
    std::set_symmetric_difference(s.begin(), s.end(), best.begin(), best.end(), std::back_inserter(diff));
    double variance = 0.0;
    for (std::size_t e : diff) variance += w[e] > 0.0 ? sigma[e] * sigma[e] / w[e] : kInf;
    const double gap = test::total(mu, best) - test::total(mu, s);
    const double value = std::isinf(variance) ? 0.0 : gap * gap / (2.0 * variance);
    if (value < least) {
      least = value;
      if (gradient) {
        gradient->assign(w.size(), 0.0);
        if (!std::isinf(variance))
          for (std::size_t e : diff)
            (*gradient)[e] = gap * gap / (2.0 * variance * variance) * sigma[e] * sigma[e] / (w[e] * w[e]);
      }
    }
  }
  return least;
}

// An independent maximizer of brute_inner over the simplex: exponentiated subgradient
// ascent with a decreasing step, the best iterate kept.
double brute_maximum(const std::vector<std::vector<std::size_t>>& members, const std::vector<std::size_t>& best,
                     const std::vector<double>& mu, const std::vector<double>& sigma, int iterations) {
  const std::size_t n = mu.size();
  std::vector<double> w(n, 1.0 / static_cast<double>(n)), g;
  double top = 0.0;
  for (int t = 1; t <= iterations; ++t) {
    const double value = brute_inner(members, best, mu, sigma, w, &g);
    top = std::max(top, value);
    double scale = 0.0;
    for (double x : g) scale = std::max(scale, std::abs(x));
    if (!(scale > 0.0)) break;
    const double step = 2.0 / (scale * std::sqrt(static_cast<double>(t)));
    double sum = 0.0;
    for (std::size_t a = 0; a < n; ++a) sum += (w[a] = std::max(w[a] * std::exp(step * g[a]), 1e-12));
    for (double& x : w) x /= sum;
  }
  return top;
}

}  // namespace

TEST_CASE("CPE-L oracles enumerate exactly their class and stop at the limit", "[oracle][cpe-l][enumerate]") {
  for (const char* name : kOracles) {
    if (!enumerable(name)) continue;
    RandomStream rng(RunSeed{91, 0, 0}, StreamRole::Oracle);
    for (int trial = 0; trial < 200; ++trial) {
      const test::SmallInstance inst = test::draw_instance(name, rng);
      const auto members = test::enumerate_class(inst);
      INFO(inst.description << " trial " << trial);
      std::vector<std::vector<std::size_t>> listed;
      REQUIRE(inst.oracle->enumerate(members.size(), [&](const Decision& d) { listed.push_back(d.arms); }));
      REQUIRE(listed.size() == members.size());
      REQUIRE(std::set<std::vector<std::size_t>>(listed.begin(), listed.end()) ==
              std::set<std::vector<std::size_t>>(members.begin(), members.end()));
      for (const auto& d : listed) REQUIRE(std::is_sorted(d.begin(), d.end()));
      // One fewer than the class: refused, and nothing visited.
      std::size_t visited = 0;
      REQUIRE_FALSE(inst.oracle->enumerate(members.size() - 1, [&](const Decision&) { ++visited; }));
      REQUIRE(visited == 0);
    }
  }
}

TEST_CASE("CPE-L T* of the identification problems equals the brute-force characteristic time",
          "[cpe-l][characteristic-time]") {
  for (const char* name : kOracles) {
    RandomStream rng(RunSeed{92, 0, 0}, StreamRole::Oracle);
    int finite = 0, tied = 0;
    for (int trial = 0; trial < 60; ++trial) {
      const test::SmallInstance inst = test::draw_instance(name, rng);
      const auto members = test::enumerate_class(inst);
      if (members.size() < 2) continue;
      // Integer means half of the time (ties), uniform otherwise; per-arm sigmas 1/3 of the time.
      std::vector<double> mu(inst.arms), sigma(inst.arms, 1.0);
      for (double& m : mu) m = trial % 2 == 0 ? static_cast<double>(rng.below(4)) : rng.uniform01();
      if (trial % 3 == 0)
        for (double& s : sigma) s = 0.5 + rng.uniform01();
      std::vector<numerics::ArmFamily> families;
      for (double s : sigma) families.push_back(numerics::ArmFamily::gaussian(s));
      std::vector<std::unique_ptr<numerics::IdentificationProblem>> problems;
      if (is_matroid(name)) problems.push_back(numerics::matroid_problem(inst.arms, *inst.oracle));
      if (enumerable(name)) problems.push_back(numerics::listed_class_problem(inst.arms, *inst.oracle));
      // Brute force: the best decision and whether it is tied.
      std::vector<std::size_t> best = members.front();
      for (const auto& s : members)
        if (test::total(mu, s) > test::total(mu, best)) best = s;
      bool tie = false;
      for (const auto& s : members) tie |= s != best && !(test::total(mu, s) < test::total(mu, best));
      INFO(inst.description << " trial " << trial << " tie " << tie);
      double reference = -1.0;
      for (const auto& problem : problems) {
        const numerics::CharacteristicTime ct = numerics::characteristic_time(*problem, mu, families);
        if (tie) {
          REQUIRE(std::isinf(ct.value));
          continue;
        }
        REQUIRE(std::isfinite(ct.value));
        REQUIRE(ct.answer.arms == best);
        INFO("mu " << ::Catch::Detail::stringify(mu) << " sigma " << ::Catch::Detail::stringify(sigma) << " lower " << ct.lower << " upper " << ct.upper << " iterations " << ct.iterations);
        // The solver's certified gap (1e-7 asked; it stalls near 1e-3 on near-tie instances
        // whose T*^-1 is ~1e-5, the linear program's accuracy): the checks below use its bounds.
        REQUIRE(ct.relative_gap() <= 1e-2);
        // The weights reach the certified lower bound on the brute-force inner minimum ...
        const double at_weights = brute_inner(members, best, mu, sigma, ct.weights);
        REQUIRE(at_weights >= ct.lower * (1.0 - 1e-9));
        REQUIRE(at_weights <= ct.upper * (1.0 + 1e-9));
        // ... and the matroid's and the listed class's T* agree.
        if (reference < 0.0) reference = ct.value;
        REQUIRE(ct.value == Approx(reference).epsilon(2e-2));
      }
      if (tie) {
        ++tied;
        continue;
      }
      ++finite;
      // An independent maximizer never beats the certified upper bound and comes close to it.
      if (finite % 4 == 1) {
        const double found = brute_maximum(members, best, mu, sigma, 2000);
        REQUIRE(found <= (1.0 / reference) * (1.0 + 1e-6));
        REQUIRE(found >= 0.9 / reference);
      }
    }
    INFO(name);
    REQUIRE(finite >= 10);
    REQUIRE(tied >= 3);
  }
}

TEST_CASE("Oracle-only bounds on CPE-L T* bracket the exact T* of paths and matchings",
          "[cpe-l][characteristic-time][oracle-bounds]") {
  // The bounds use only maximize and second_best: the capabilities passed leave out
  // kEnumerable, so the exact listed-class T* is an independent reference.
  for (const char* name : {"dag-path", "matching"}) {
    RandomStream rng(RunSeed{93, 0, 0}, StreamRole::Oracle);
    int checked = 0;
    double widest = 0.0;
    for (int trial = 0; trial < 40; ++trial) {
      const test::SmallInstance inst = test::draw_instance(name, rng);
      if (test::enumerate_class(inst).size() < 2) continue;
      std::vector<double> mu(inst.arms);
      for (double& m : mu) m = rng.uniform01();
      const std::vector<numerics::ArmFamily> families(inst.arms, numerics::ArmFamily::gaussian(0.5));
      const numerics::CombinatorialTime exact =
          numerics::cpe_characteristic_time(*inst.oracle, kLinearMaximization | kEnumerable, mu, families);
      const numerics::CombinatorialTime bounds =
          numerics::cpe_characteristic_time(*inst.oracle, kLinearMaximization | kSecondBest, mu, families);
      INFO(inst.description << " trial " << trial << " exact [" << exact.lower << ", " << exact.upper << "] bounds ["
                            << bounds.lower << ", " << bounds.upper << "]");
      REQUIRE(exact.method == "listed class");
      REQUIRE(bounds.method == "oracle bounds");
      REQUIRE(bounds.lower <= exact.upper * (1.0 + 1e-9));
      {
        const auto members = test::enumerate_class(inst);
        Decision top;
        inst.oracle->maximize(mu, top);
        const double at = brute_inner(members, top.arms, mu, std::vector<double>(inst.arms, 0.5), bounds.weights);
        INFO("brute F at the bound's weights " << at << " claimed " << 1.0 / bounds.upper);
        REQUIRE(at >= (1.0 / bounds.upper) * (1.0 - 1e-9));
      }
      REQUIRE(bounds.upper >= exact.lower * (1.0 - 1e-9));
      REQUIRE(std::isfinite(bounds.upper));
      widest = std::max(widest, bounds.upper / bounds.lower - 1.0);
      if (std::getenv("CPEX_SHOW_BOUNDS")) std::printf("%s %d exact %g bounds %g %g decisions %zu calls %zu\n", name, trial, exact.value, bounds.lower, bounds.upper, bounds.decisions, bounds.oracle_calls);
      ++checked;
    }
    INFO(name << " widest relative range " << widest);
    REQUIRE(checked >= 20);
    // Informative, not tight: upper / lower measured at most 1.25 (paths) and 1.31
    // (matchings), median 1.08 and 1.06 (docs/algorithms/identification-oracle.md).
    REQUIRE(widest < 0.5);
  }
}

TEST_CASE("Full-bandit T*: super arms of one arm give the best-arm T*; exchanges equal every direction",
          "[full-bandit][characteristic-time]") {
  RandomStream rng(RunSeed{94, 0, 0}, StreamRole::Oracle);
  const OracleEntry* entry = test::plugins().oracle("top-k");
  for (int trial = 0; trial < 6; ++trial) {
    const std::size_t n = 4 + rng.below(4);
    std::vector<double> theta(n);
    for (double& x : theta) x = rng.uniform01();
    const double sigma = 0.5 + rng.uniform01();
    for (std::size_t k : {std::size_t{1}, std::size_t{2}}) {
      ParamValues params;
      for (const ParamSpec& spec : entry->schema.specs())
        if (spec.default_value) params.set(spec.name, *spec.default_value);
      params.set("k", static_cast<std::int64_t>(k));
      auto oracle = entry->create(params, OracleContext{});
      Problem problem;
      problem.num_arms = n;
      oracle->bind(problem);
      const unsigned caps = kLinearMaximization | kEnumerable;
      const numerics::CombinatorialTime exchanges =
          numerics::full_bandit_characteristic_time(*oracle, caps | kMatroid, theta, sigma);
      const numerics::CombinatorialTime every = numerics::full_bandit_characteristic_time(*oracle, caps, theta, sigma);
      INFO("n " << n << " k " << k << " trial " << trial);
      REQUIRE(exchanges.value == Approx(every.value).epsilon(1e-3));
      REQUIRE(exchanges.lower <= every.upper * (1.0 + 1e-9));
      if (k == 1)
        REQUIRE(exchanges.value ==
                Approx(numerics::characteristic_time(theta, numerics::ArmFamily::gaussian(sigma))).epsilon(1e-3));
    }
  }
}
