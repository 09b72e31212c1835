// The fixed-budget phase lengths against the papers' formulas, computed by hand, and the
// constrained oracle (CSAR's COracle) against brute force on every CPE-L oracle class.
#include <catch2/catch.hpp>

#include <algorithm>

#include "cpe_brute_force.hpp"
#include "cpex/numerics/budget_schedules.hpp"
#include "cpex/numerics/constrained_maximization.hpp"
#include "cpex/registry.hpp"
#include "test_support.hpp"

using namespace cpex;
using numerics::ArmConstraint;
using V = std::vector<std::uint64_t>;

TEST_CASE("Successive Rejects phases: n_k = ceil((T-K) / (logbar(K)(K+1-k)))", "[fixed-budget][unit]") {
  // K = 5: logbar = 1/2 + 1/2 + 1/3 + 1/4 + 1/5 = 107/60; T - K = 95, so
  // n_k = ceil(5700 / (107 (6 - k))): 5700/535 = 10.65, 5700/428 = 13.32, 5700/321 = 17.76,
  // 5700/214 = 26.64.
  CHECK(static_cast<double>(numerics::successive_rejects_log(5)) == Approx(107.0 / 60.0).epsilon(1e-15));
  CHECK(numerics::successive_rejects_phases(5, 100) == V{0, 11, 14, 18, 27});
  CHECK(numerics::successive_rejects_total(5, 100) == 11 + 14 + 18 + 27 + 27);  // 97 <= 100
  // K = 3: logbar = 4/3 and T - K = 8: n_1 = 8 / 4 = 2 and n_2 = 8 / (8/3) = 3 exactly —
  // the ceilings must not round 2.0000000001 up to 3.
  CHECK(numerics::successive_rejects_phases(3, 11) == V{0, 2, 3});
  CHECK(numerics::successive_rejects_total(3, 11) == 8);
  // K = 2: logbar = 1, n_1 = ceil((T - 2) / 2).
  CHECK(numerics::successive_rejects_phases(2, 7) == V{0, 3});
  // The total never exceeds the budget.
  for (std::size_t K = 2; K <= 40; ++K)
    for (std::uint64_t T = K + 1; T < 40 * K; T += 7) {
      INFO("K = " << K << ", T = " << T);
      CHECK(numerics::successive_rejects_total(K, T) <= T);
    }
}

TEST_CASE("CSAR phases: T~_t = ceil((T-n) / (logtilde(n)(n-t+1)))", "[fixed-budget][unit]") {
  // n = 4: logtilde = 25/12; T - n = 96: T~_t = ceil(1152 / (25 (5 - t))) = 11.52, 15.36,
  // 23.04, 46.08 rounded up.
  CHECK(numerics::csar_phases(4, 100) == V{0, 12, 16, 24, 47});
  // n = 3: logtilde = 11/6, T - n = 11: T~_t = 6 / (4 - t) = 2, 3, 6, exactly.
  CHECK(numerics::csar_phases(3, 14) == V{0, 2, 3, 6});
  for (std::size_t n = 1; n <= 40; ++n)
    for (std::uint64_t T = n + 1; T < 40 * n; T += 5) {
      const V t = numerics::csar_phases(n, T);
      std::uint64_t total = 0;
      for (std::uint64_t x : t) total += x;
      INFO("n = " << n << ", T = " << T);
      CHECK(total <= T);
    }
}

TEST_CASE("Sequential Halving rounds: floor(T / (|S_r| ceil(log2 n)))", "[fixed-budget][unit]") {
  CHECK(numerics::halving_rounds(1) == 0);
  CHECK(numerics::halving_rounds(2) == 1);
  CHECK(numerics::halving_rounds(5) == 3);
  CHECK(numerics::halving_rounds(8) == 3);
  CHECK(numerics::halving_rounds(9) == 4);
  // n = 8, T = 100: 3 rounds of 8, 4, 2 arms: floor(100/24) = 4, floor(100/12) = 8,
  // floor(100/6) = 16.
  CHECK(numerics::halving_pulls(100, 8, 3) == 4);
  CHECK(numerics::halving_pulls(100, 4, 3) == 8);
  CHECK(numerics::halving_pulls(100, 2, 3) == 16);
  // n = 5, T = 60: 5, 3, 2 arms: 4, 6, 10 pulls each (58 samples).
  CHECK(numerics::halving_pulls(60, 5, 3) == 4);
  CHECK(numerics::halving_pulls(60, 3, 3) == 6);
  CHECK(numerics::halving_pulls(60, 2, 3) == 10);
}

namespace {

// The best member meeting the constraints by enumeration; false if none does.
bool brute_force(const std::vector<std::vector<std::size_t>>& members, const std::vector<double>& w,
                 const std::vector<ArmConstraint>& c, double& best) {
  bool any = false;
  for (const auto& m : members) {
    Decision d;
    d.arms = m;
    if (!numerics::satisfies(d, c)) continue;
    const double v = test::total(w, m);
    best = any ? std::max(best, v) : v;
    any = true;
  }
  return any;
}

void check_constrained(const test::SmallInstance& inst, const std::vector<double>& w,
                       RandomStream& rng) {
  const auto members = test::enumerate_class(inst);
  std::vector<ArmConstraint> c(inst.arms, ArmConstraint::Free);
  for (auto& x : c) {
    const auto draw = rng.below(5);
    x = draw == 0 ? ArmConstraint::In : draw == 1 ? ArmConstraint::Out : ArmConstraint::Free;
  }
  double best = 0.0;
  const bool exists = brute_force(members, w, c, best);
  std::vector<double> scratch;
  Decision got;
  const bool found =
      numerics::constrained_maximize(*inst.oracle, w, c, numerics::forcing_weight(w), scratch, got);
  INFO(inst.description << " got " << to_string(got));
  REQUIRE(found == exists);
  if (!found) return;
  REQUIRE(inst.member(got.arms));
  REQUIRE(numerics::satisfies(got, c));
  REQUIRE(test::total(w, got.arms) == Approx(best).margin(1e-9));
}

}  // namespace

TEST_CASE("The constrained oracle equals brute force on every CPE-L class and top-k",
          "[fixed-budget][unit][conformance]") {
  for (const char* name : {"matroid-uniform", "matroid-partition", "matroid-graphic", "dag-path", "matching"}) {
    RandomStream rng(RunSeed{19, 0, 0}, StreamRole::Oracle);
    for (int trial = 0; trial < 200; ++trial) {
      const test::SmallInstance inst = test::draw_instance(name, rng);
      check_constrained(inst, test::draw_weights(inst.arms, trial, rng), rng);
    }
  }
  // top-k through the registry: k-subsets of n <= 9 arms.
  RandomStream rng(RunSeed{19, 1, 0}, StreamRole::Oracle);
  const OracleEntry* entry = test::plugins().oracle("top-k");
  REQUIRE(entry);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t n = 2 + rng.below(8), k = 1 + rng.below(n - 1);
    ParamValues params;
    params.set("k", static_cast<std::int64_t>(k));
    params.set("epsilon-rule", std::string("per-arm"));
    test::SmallInstance inst;
    inst.oracle = entry->create(params, OracleContext{});
    Problem problem;
    problem.num_arms = n;
    inst.oracle->bind(problem);
    inst.arms = n;
    inst.member = [k](const std::vector<std::size_t>& arms) { return arms.size() == k; };
    inst.description = "top-k n=" + std::to_string(n) + " k=" + std::to_string(k);
    check_constrained(inst, test::draw_weights(n, trial, rng), rng);
  }
}
