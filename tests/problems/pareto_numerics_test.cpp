// The Pareto numerics (numerics/pareto.hpp) against brute force on random instances: the
// Pareto set, the epsilon-Pareto set, M and m, the gaps of Kone, Kaufmann & Richert (equal to
// Auer et al.'s three-part definition, checked separately here) and orientation.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "cpex/numerics/pareto.hpp"

using namespace cpex;
using namespace cpex::numerics;

namespace {

// `count` means drawn uniformly in [0, 1].
std::vector<double> uniform_means(std::mt19937_64& rng, std::size_t count) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<double> mu(count);
  for (double& x : mu) x = u(rng);
  return mu;
}

// Brute force: i dominated by j (every objective >= after raising i by eps, one >).
bool brute_dominated(const std::vector<double>& mu, std::size_t d, std::size_t i, std::size_t j, double eps) {
  bool all = true, one = false;
  for (std::size_t c = 0; c < d; ++c) {
    all = all && mu[j * d + c] >= mu[i * d + c] + eps;
    one = one || mu[j * d + c] > mu[i * d + c] + eps;
  }
  return all && one;
}

std::vector<std::size_t> brute_set(const std::vector<double>& mu, std::size_t d, double eps) {
  const std::size_t k = mu.size() / d;
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < k; ++i) {
    bool dominated = false;
    for (std::size_t j = 0; j < k; ++j) dominated = dominated || (i != j && brute_dominated(mu, d, i, j, eps));
    if (!dominated) out.push_back(i);
  }
  return out;
}

// Auer et al. 2016's gaps: dominated i: max_j m(i, j); optimal i: min(delta+, delta-),
// delta+ = min over other optimal j of min(M(i, j), M(j, i)), delta- = min over dominated j of
// M(j, i)^+ + Delta_j. (Ties aside, on continuous random means.)
std::vector<double> auer_gaps(const std::vector<double>& mu, std::size_t d) {
  const std::size_t k = mu.size() / d;
  const auto front = brute_set(mu, d, 0.0);
  std::vector<bool> optimal(k, false);
  for (std::size_t a : front) optimal[a] = true;
  auto big = [&](std::size_t i, std::size_t j) {
    double m = -1e300;
    for (std::size_t c = 0; c < d; ++c) m = std::max(m, mu[i * d + c] - mu[j * d + c]);
    return m;
  };
  std::vector<double> gap(k, 0.0);
  for (std::size_t i = 0; i < k; ++i)
    if (!optimal[i]) {
      double g = -1e300;
      for (std::size_t j = 0; j < k; ++j)
        if (j != i) g = std::max(g, -big(i, j));
      gap[i] = g;
    }
  for (std::size_t i = 0; i < k; ++i) {
    if (!optimal[i]) continue;
    double plus = 1e300, minus = 1e300;
    for (std::size_t j = 0; j < k; ++j) {
      if (j == i) continue;
      if (optimal[j]) plus = std::min(plus, std::min(big(i, j), big(j, i)));
      else minus = std::min(minus, std::max(big(j, i), 0.0) + gap[j]);
    }
    gap[i] = std::min(plus, minus);
  }
  return gap;
}

}  // namespace

TEST_CASE("Pareto and epsilon-Pareto sets agree with brute force", "[pareto][unit]") {
  std::mt19937_64 rng(43);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t k = 2 + trial % 7, d = 2 + trial % 3;
    const std::vector<double> mu = uniform_means(rng, k * d);
    CHECK(pareto_set(mu, d) == brute_set(mu, d, 0.0));
    CHECK(epsilon_pareto_set(mu, d, 0.1) == brute_set(mu, d, 0.1));
    for (std::size_t i = 0; i < k; ++i)
      for (std::size_t j = 0; j < k; ++j) {
        CHECK(pareto_small_m(mu, d, i, j) == -pareto_big_m(mu, d, i, j));
        if (i != j) CHECK(dominates(mu, d, j, i) == brute_dominated(mu, d, i, j, 0.0));
      }
  }
}

TEST_CASE("The one-formula gaps equal Auer et al.'s definition", "[pareto][unit]") {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t k = 3 + trial % 6, d = 2 + trial % 2;
    const std::vector<double> mu = uniform_means(rng, k * d);
    const auto ours = pareto_gaps(mu, d);
    const auto theirs = auer_gaps(mu, d);
    for (std::size_t i = 0; i < k; ++i) CHECK(ours[i] == Approx(theirs[i]).margin(1e-12));
    double h = 0.0;
    for (double g : theirs) h += 1.0 / (g * g);
    CHECK(pareto_complexity(mu, d) == Approx(h));
  }
}

TEST_CASE("Pareto gaps of a hand-computed instance", "[pareto][unit]") {
  // Arms (0.9, 0.1), (0.5, 0.5), (0.1, 0.9), (0.3, 0.3): arm 3 is dominated by arm 1 by 0.2 on
  // both objectives (delta*_3 = 0.2); arm 1's nearest threat is arm 3 (M(3,1)^+ = 0, plus
  // delta*_3 = 0.2); arms 0 and 2 are 0.4 from arm 1 on the objective they lose.
  const std::vector<double> mu = {0.9, 0.1, 0.5, 0.5, 0.1, 0.9, 0.3, 0.3};
  CHECK(pareto_set(mu, 2) == std::vector<std::size_t>{0, 1, 2});
  const auto gaps = pareto_gaps(mu, 2);
  CHECK(gaps[0] == Approx(0.4));
  CHECK(gaps[1] == Approx(0.2));
  CHECK(gaps[2] == Approx(0.4));
  CHECK(gaps[3] == Approx(0.2));
  // Active subset {0, 3}: arm 3 is then on the front (nothing beats it on objective 1).
  const std::vector<bool> active = {true, false, false, true};
  CHECK(pareto_set(mu, 2, active) == std::vector<std::size_t>{0, 3});
}

TEST_CASE("orient turns objectives to minimize", "[pareto][unit]") {
  Query q;
  q.kind = Query::Kind::Pareto;
  q.directions = {1.0, -1.0};
  std::vector<double> out;
  orient(std::vector<double>{1.0, 2.0, 3.0, 4.0}, 2, q, out);
  CHECK(out == std::vector<double>{1.0, -2.0, 3.0, -4.0});
}
