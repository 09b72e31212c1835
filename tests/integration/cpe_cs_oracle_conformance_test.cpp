// Conformance of the CPE-CS oracles (seed 003): osa-greedy and water-planning against
// brute force over their decision classes on random small instances with frequent ties,
// comparing the *leading* (lexicographically smallest) optimum; and random perturbations
// confirming bi-monotonicity wherever an oracle declares it (osa-greedy, water-planning
// with convex costs, top-k). Brute force uses exact integer/dyadic arithmetic.
#include <catch2/catch.hpp>

#include <functional>
#include <limits>
#include <numeric>

#include "cpex/capabilities.hpp"
#include "cpex/random.hpp"
#include "test_support.hpp"

using namespace cpex;

namespace {

// Every integer vector with lo_i <= y_i <= hi_i, lexicographically ascending.
void for_each_vector(const std::vector<int>& lo, const std::vector<int>& hi,
                     const std::function<void(const std::vector<int>&)>& visit) {
  std::vector<int> y = lo;
  for (;;) {
    visit(y);
    std::size_t i = y.size();
    while (i > 0 && y[i - 1] == hi[i - 1]) {
      y[i - 1] = lo[i - 1];
      --i;
    }
    if (i == 0) return;
    ++y[i - 1];
  }
}

// The leading optimum of an enumeration: the first vector of the largest value, in
// enumeration order, and how many vectors reach that value.
template <class Value>
struct LeadingOptimum {
  Value best = std::numeric_limits<Value>::lowest();
  std::vector<int> leading;
  int optima = 0;
  void consider(Value value, const std::vector<int>& y) {
    if (value > best) {
      best = value;
      leading = y;
      optima = 1;
    } else if (value == best) {
      ++optima;
    }
  }
};

std::unique_ptr<Oracle> make_osa(std::size_t budget, const std::vector<double>& sizes) {
  ParamValues params;
  params.set("budget", static_cast<std::int64_t>(budget));
  auto oracle = test::plugins().oracle("osa-greedy")->create(params, OracleContext{});
  Problem problem;
  problem.num_arms = sizes.size();
  problem.group_sizes = sizes;
  problem.parameter = KeyParameter::Variance;
  oracle->bind(problem);
  return oracle;
}

struct WaterInstance {
  std::vector<double> capacities, a, second;
  double b = 0, step = 1;
  bool power = false;
};

std::unique_ptr<Oracle> make_water(const WaterInstance& w) {
  ParamValues params;
  params.set("b", w.b);
  params.set("step", w.step);
  params.set("capacities", w.capacities);
  params.set("cost", std::string(w.power ? "power" : "quadratic"));
  params.set("a", w.a);
  params.set(w.power ? "exponent" : "linear", w.second);
  auto oracle = test::plugins().oracle("water-planning")->create(params, OracleContext{});
  Problem problem;
  problem.num_arms = w.capacities.size();
  oracle->bind(problem);
  return oracle;
}

double water_cost(const WaterInstance& w, std::size_t i, double y) {
  if (!w.power) return w.a[i] * y * y + w.second[i] * y;
  double p = 1;
  for (int e = 0; e < static_cast<int>(w.second[i]); ++e) p *= y;
  return w.a[i] * p;
}

WaterInstance random_water(RandomStream& rng, bool convex) {
  WaterInstance w;
  const std::size_t m = 2 + rng.below(3);
  w.step = rng.below(3) == 0 ? 0.5 : 1.0;
  w.power = rng.below(2) == 0;
  double total = 0;
  for (std::size_t i = 0; i < m; ++i) {
    const double units = static_cast<double>(1 + rng.below(4));
    w.capacities.push_back(units * w.step);
    total += units * w.step;
    if (w.power) {
      w.second.push_back(static_cast<double>(1 + rng.below(3)));  // exponent 1, 2, 3
      const double sign = convex ? 1.0 : (rng.below(2) ? 1.0 : -1.0);
      w.a.push_back(sign * 0.25 * static_cast<double>(rng.below(5)));
    } else {
      w.a.push_back((convex ? 0.0 : -0.5) + 0.25 * static_cast<double>(rng.below(5)));
      w.second.push_back(0.25 * static_cast<double>(rng.below(7)) - 0.5);
    }
  }
  w.b = std::floor(total * static_cast<double>(rng.below(5)) / 4.0 / w.step) * w.step;
  return w;
}

}  // namespace

TEST_CASE("osa-greedy returns the leading (lexicographically smallest) optimal allocation",
          "[oracle][conformance][cpe-cs]") {
  RandomStream rng(RunSeed{3, 0, 0}, StreamRole::Oracle);
  int with_ties = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t m = 2 + rng.below(4);
    const std::size_t k = m + rng.below(8);
    std::vector<double> sizes(m), theta(m);
    std::vector<std::int64_t> weight(m);
    for (std::size_t i = 0; i < m; ++i) {
      sizes[i] = static_cast<double>(1 + rng.below(trial % 2 ? 2 : 4));
      const auto p = trial % 2 ? 4 * rng.below(5) : rng.below(17);  // theta = p / 16
      theta[i] = static_cast<double>(p) / 16.0;
      weight[i] = static_cast<std::int64_t>(sizes[i] * sizes[i]) * static_cast<std::int64_t>(p);
    }
    std::int64_t scale = 1;  // lcm(1..k): the objective times scale is an integer
    for (std::int64_t d = 2; d <= static_cast<std::int64_t>(k); ++d) scale = std::lcm(scale, d);
    LeadingOptimum<std::int64_t> lowest;  // the objective is minimized: the largest -h
    for_each_vector(std::vector<int>(m, 1), std::vector<int>(m, static_cast<int>(k - m + 1)),
                    [&](const std::vector<int>& y) {
                      if (std::accumulate(y.begin(), y.end(), 0) > static_cast<int>(k)) return;
                      std::int64_t h = 0;
                      for (std::size_t i = 0; i < m; ++i) h += weight[i] * (scale / y[i]);
                      lowest.consider(-h, y);
                    });
    const std::vector<int>& leading = lowest.leading;
    with_ties += lowest.optima > 1;
    Decision got;
    make_osa(k, sizes)->optimal(theta, got);
    std::vector<int> got_int(got.values.begin(), got.values.end());
    INFO("trial " << trial << " m=" << m << " k=" << k);
    REQUIRE(got_int == leading);
  }
  CHECK(with_ties >= 50);  // the instances really exercise the tie rule
}

TEST_CASE("water-planning returns the leading optimum (greedy for convex costs, DP otherwise)",
          "[oracle][conformance][cpe-cs]") {
  RandomStream rng(RunSeed{5, 0, 0}, StreamRole::Oracle);
  int with_ties = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const bool convex = trial % 2 == 0;
    const WaterInstance w = random_water(rng, convex);
    const std::size_t m = w.capacities.size();
    std::vector<double> theta(m);
    for (auto& t : theta) t = static_cast<double>(rng.below(trial % 3 ? 9 : 3)) / 8.0;
    std::vector<int> hi(m);
    for (std::size_t i = 0; i < m; ++i) hi[i] = static_cast<int>(w.capacities[i] / w.step);
    LeadingOptimum<double> top;
    for_each_vector(std::vector<int>(m, 0), hi, [&](const std::vector<int>& units) {
      double sum = 0, reward = 0;
      for (std::size_t i = 0; i < m; ++i) {
        const double y = units[i] * w.step;
        sum += y;
        reward += theta[i] * y - water_cost(w, i, y);
      }
      if (sum < w.b) return;
      top.consider(reward, units);
    });
    const std::vector<int>& leading = top.leading;
    with_ties += top.optima > 1;
    auto oracle = make_water(w);
    Decision got;
    oracle->optimal(theta, got);
    std::vector<int> got_units;
    for (double y : got.values) got_units.push_back(static_cast<int>(std::lround(y / w.step)));
    INFO("trial " << trial << (convex ? " convex" : " general") << (w.power ? " power" : " quadratic")
                  << " m=" << m << " b=" << w.b << " step=" << w.step);
    REQUIRE(got_units == leading);
    CHECK(oracle->value(theta, got) == top.best);
    if (convex) CHECK((oracle->withdrawn_capabilities() & kBiMonotone) == 0u);
  }
  CHECK(with_ties >= 50);
}

namespace {

double component(const Decision& d, std::size_t i) {
  if (!d.values.empty()) return d.values[i];
  return std::binary_search(d.arms.begin(), d.arms.end(), i) ? 1.0 : 0.0;
}

// phi_i must not decrease when theta_i grows, nor increase when another theta_j grows.
void check_bi_monotone(const Oracle& oracle, RandomStream& rng, std::vector<double> theta,
                       bool grid) {
  const std::size_t m = theta.size();
  Decision before, after;
  for (int move = 0; move < 8; ++move) {
    const std::size_t j = rng.below(m);
    const double up = grid ? static_cast<double>(rng.below(4)) / 8.0 : rng.uniform01() * 0.3;
    std::vector<double> moved = theta;
    moved[j] = std::min(1.0, theta[j] + up);
    oracle.optimal(theta, before);
    oracle.optimal(moved, after);
    for (std::size_t i = 0; i < m; ++i) {
      INFO("arm " << i << " after raising theta_" << j);
      if (i == j)
        REQUIRE(component(after, i) >= component(before, i));
      else
        REQUIRE(component(after, i) <= component(before, i));
    }
    theta = moved;
    if (rng.below(3) == 0)
      for (auto& t : theta) t = grid ? static_cast<double>(rng.below(9)) / 8.0 : rng.uniform01();
  }
}

}  // namespace

TEST_CASE("Declared bi-monotonicity holds under random perturbations",
          "[oracle][bi-monotone][cpe-cs]") {
  RandomStream rng(RunSeed{7, 0, 0}, StreamRole::Oracle);
  for (int trial = 0; trial < 300; ++trial) {
    const bool grid = trial % 2 == 0;  // coarse values: many ties
    {  // osa-greedy
      const std::size_t m = 2 + rng.below(6);
      std::vector<double> sizes(m), theta(m);
      for (auto& n : sizes) n = static_cast<double>(1 + rng.below(50));
      for (auto& t : theta) t = grid ? static_cast<double>(rng.below(9)) / 8.0 : rng.uniform01();
      check_bi_monotone(*make_osa(m + rng.below(200), sizes), rng, theta, grid);
    }
    {  // water-planning, convex costs
      const WaterInstance w = random_water(rng, true);
      auto oracle = make_water(w);
      REQUIRE((oracle->withdrawn_capabilities() & kBiMonotone) == 0u);
      std::vector<double> theta(w.capacities.size());
      for (auto& t : theta) t = grid ? static_cast<double>(rng.below(9)) / 8.0 : rng.uniform01();
      check_bi_monotone(*oracle, rng, theta, grid);
    }
    {  // top-k
      const std::size_t n = 2 + rng.below(7);
      ParamValues params;
      params.set("k", static_cast<std::int64_t>(1 + rng.below(n - 1)));
      params.set("epsilon-rule", std::string("per-arm"));
      auto oracle = test::plugins().oracle("top-k")->create(params, OracleContext{});
      Problem problem;
      problem.num_arms = n;
      oracle->bind(problem);
      std::vector<double> theta(n);
      for (auto& t : theta) t = grid ? static_cast<double>(rng.below(9)) / 8.0 : rng.uniform01();
      check_bi_monotone(*oracle, rng, theta, grid);
    }
  }
}

TEST_CASE("water-planning withdraws bi-monotonicity for non-convex costs", "[oracle][cpe-cs]") {
  WaterInstance w;
  w.capacities = {2, 2};
  w.b = 2;
  w.power = true;
  w.a = {1, 1};
  w.second = {0.5, 2};  // sqrt cost: concave
  CHECK((make_water(w)->withdrawn_capabilities() & kBiMonotone) != 0u);
  w.second = {1, 2};
  CHECK((make_water(w)->withdrawn_capabilities() & kBiMonotone) == 0u);
}

TEST_CASE("Lemma 3's decreasing-marginal branch fails on a grid: why concave costs are refused",
          "[oracle][cpe-cs]") {
  // Concave costs 1.5 sqrt(y), sqrt(y), 1.5 sqrt(y), capacities 1, 1, 2, demand b = 2
  // (tight at both optima). Raising theta_0 from 0.5 to 1 moves the leading optimum from
  // (0, 0, 2) (reward 1.4 - 1.5 sqrt 2 = -0.72) to (1, 1, 0) (-0.6): y_1 grows with theta_0.
  WaterInstance w;
  w.capacities = {1, 1, 2};
  w.b = 2;
  w.power = true;
  w.a = {1.5, 1.0, 1.5};
  w.second = {0.5, 0.5, 0.5};
  auto oracle = make_water(w);
  CHECK((oracle->withdrawn_capabilities() & kBiMonotone) != 0u);
  Decision before, after;
  oracle->optimal(std::vector<double>{0.5, 0.9, 0.7}, before);
  oracle->optimal(std::vector<double>{1.0, 0.9, 0.7}, after);
  CHECK(before.values == std::vector<double>{0, 0, 2});
  CHECK(after.values == std::vector<double>{1, 1, 0});
}
