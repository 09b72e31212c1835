// Conformance of the CPE-L oracles (matroid-uniform, matroid-partition, matroid-graphic,
// dag-path, matching) against brute-force enumeration of their classes: 300 random small
// instances each (ties, zero and negative weights, disconnected graphs, parallel edges).
#include <catch2/catch.hpp>

#include <algorithm>

#include "cpe_brute_force.hpp"
#include "cpex/numerics/cpe_gaps.hpp"
#include "cpex/registry.hpp"
#include "test_support.hpp"

using namespace cpex;

namespace {

const char* const kOracles[] = {"matroid-uniform", "matroid-partition", "matroid-graphic",
                                "dag-path", "matching"};
constexpr int kInstances = 300;

// Runs `check(name, inst, trial, rng, members, w)` on `instances` random small instances of
// every oracle, drawn from the oracle stream of seed `seed` (one stream per oracle, restarted
// for each), with the instance's class enumerated and weights w drawn (ties included).
using Members = std::vector<std::vector<std::size_t>>;

template <class Check>
void for_each_instance(std::uint64_t seed, int instances, Check check) {
  for (const char* name : kOracles) {
    RandomStream rng(RunSeed{seed, 0, 0}, StreamRole::Oracle);
    for (int trial = 0; trial < instances; ++trial) {
      const test::SmallInstance inst = test::draw_instance(name, rng);
      const Members members = test::enumerate_class(inst);
      const std::vector<double> w = test::draw_weights(inst.arms, trial, rng);
      check(name, inst, trial, rng, members, w);
    }
  }
}

}  // namespace

TEST_CASE("CPE-L oracles maximize exactly, deterministically, inside their class",
          "[oracle][conformance][cpe-l]") {
  for_each_instance(71, kInstances,
                    [&](const char* name, const test::SmallInstance& inst, int trial, RandomStream&,
                        const Members& members, const std::vector<double>& w) {
                      REQUIRE(!members.empty());
                      double best = -1e300;
                      for (const auto& m : members) best = std::max(best, test::total(w, m));
                      Decision got, again;
                      inst.oracle->maximize(w, got);
                      inst.oracle->maximize(w, again);
                      INFO(inst.description << " trial " << trial << " got " << to_string(got));
                      REQUIRE(inst.member(got.arms));
                      REQUIRE(std::is_sorted(got.arms.begin(), got.arms.end()));
                      REQUIRE(test::total(w, got.arms) == Approx(best).margin(1e-12));
                      REQUIRE(again == got);
                      if (inst.oracle->decision_size() != 0)
                        REQUIRE(got.arms.size() == inst.oracle->decision_size());
                      // Matchings never hold an edge of weight <= 0 (documented tie rule).
                      if (std::string(name) == "matching")
                        for (std::size_t e : got.arms) REQUIRE(w[e] > 0);
                    });
}

TEST_CASE("CPE-L oracles' second best is the best other decision of the class",
          "[oracle][conformance][cpe-l]") {
  for_each_instance(
      72, kInstances,
      [&](const char*, const test::SmallInstance& inst, int trial, RandomStream& rng,
          const Members& members, const std::vector<double>& w) {
        // Exclude the optimum half of the time, a random member of the class otherwise.
        Decision excluded;
        inst.oracle->maximize(w, excluded);
        if (trial % 4 >= 2) excluded.arms = members[rng.below(members.size())];
        bool other = false;
        double best_other = -1e300;
        for (const auto& m : members)
          if (m != excluded.arms) {
            other = true;
            best_other = std::max(best_other, test::total(w, m));
          }
        Decision got, again;
        INFO(inst.description << " trial " << trial << " excluded " << to_string(excluded));
        const bool found = inst.oracle->second_best(w, excluded, got);
        REQUIRE(found == other);
        if (!found) return;
        INFO("got " << to_string(got));
        REQUIRE(inst.member(got.arms));
        REQUIRE(got.arms != excluded.arms);
        REQUIRE(test::total(w, got.arms) == Approx(best_other).margin(1e-12));
        inst.oracle->second_best(w, excluded, again);
        REQUIRE(again == got);
      });
}

TEST_CASE("CPE-L oracles accept only optimal members of their class",
          "[oracle][conformance][cpe-l]") {
  for_each_instance(
      73, kInstances,
      [&](const char*, const test::SmallInstance& inst, int trial, RandomStream& rng,
          const Members&, const std::vector<double>& w) {
        Decision best;
        inst.oracle->optimal(w, best);
        const double top = test::total(w, best.arms);
        // A random subset: acceptable exactly when it is in the class and optimal.
        Decision candidate;
        for (std::size_t e = 0; e < inst.arms; ++e)
          if (rng.below(2)) candidate.arms.push_back(e);
        const bool expected =
            inst.member(candidate.arms) && test::total(w, candidate.arms) >= top - 1e-12;
        INFO(inst.description << " trial " << trial << " candidate " << to_string(candidate));
        REQUIRE(inst.oracle->acceptable(w, best, best, 0.0));
        REQUIRE(inst.oracle->acceptable(w, best, candidate, 0.0) == expected);
        // With a generous epsilon every member is acceptable, and no non-member.
        REQUIRE(inst.oracle->acceptable(w, best, candidate, 100.0) == inst.member(candidate.arms));
      });
}

TEST_CASE("CPE-L gaps through the oracle equal the brute-force gaps of Chen et al. 2014",
          "[oracle][conformance][cpe-l]") {
  for_each_instance(74, kInstances,
                    [&](const char*, const test::SmallInstance& inst, int trial, RandomStream&,
                        const Members& members, const std::vector<double>& mu) {
                      Decision best;
                      inst.oracle->optimal(mu, best);
                      const double top = test::total(mu, best.arms);
                      const std::vector<double> gaps = numerics::cpe_gaps(*inst.oracle, mu);
                      INFO(inst.description << " trial " << trial);
                      for (std::size_t e = 0; e < inst.arms; ++e) {
                        const bool in_best =
                            std::binary_search(best.arms.begin(), best.arms.end(), e);
                        double rival = -1e300;
                        bool any = false;
                        for (const auto& m : members)
                          if (std::binary_search(m.begin(), m.end(), e) != in_best) {
                            any = true;
                            rival = std::max(rival, test::total(mu, m));
                          }
                        INFO("arm " << e);
                        if (!any)
                          REQUIRE(std::isinf(gaps[e]));
                        else
                          REQUIRE(gaps[e] == Approx(top - rival).margin(1e-9));
                      }
                    });
}

TEST_CASE("planted-gap plants exactly the chosen gap between best and second best",
          "[environment][conformance][cpe-l]") {
  const EnvironmentEntry* planted = test::plugins().environment("planted-gap");
  REQUIRE(planted);
  for_each_instance(
      75, 100,
      [&](const char*, const test::SmallInstance& inst, int trial, RandomStream& rng,
          const Members& members, const std::vector<double>&) {
        if (members.size() < 2 || inst.arms < 2) return;
        ParamValues params;
        for (const ParamSpec& spec : planted->schema.specs())
          if (spec.default_value) params.set(spec.name, *spec.default_value);
        const double gap = 0.05 + 0.5 * rng.uniform01();
        params.set("gap", gap);
        params.set("arms", static_cast<std::int64_t>(inst.arms));
        params.set("low", -1.0);
        auto environment = planted->create(
            params, EnvironmentContext{RunSeed{9, 0, static_cast<std::uint64_t>(trial)},
                                       inst.oracle.get()});
        const auto truth = environment->truth();
        const std::vector<double> mu(truth.begin(), truth.end());
        std::vector<double> values;
        for (const auto& m : members) values.push_back(test::total(mu, m));
        std::sort(values.rbegin(), values.rend());
        INFO(inst.description << " trial " << trial << " gap " << gap);
        REQUIRE(values[0] - values[1] == Approx(gap).margin(1e-9));
      });
}
