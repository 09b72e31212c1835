// The libcpex numerics of the full-bandit family: the DkS reduction (Lemma 4), greedy
// peeling against a direct O(n^3) reference, the exact QP optimum against a bitmask brute
// force, Theorem 1's bound, Sherman-Morrison drift over 1e5 updates, log-binomials, the rank
// check of supports, the efficient apportionment, and the G-allocation against the optimum
// over all super arms; ICB's two widths, the certified CEM bound of SAQM's
// alpha = certified, and the size of random supports (support-multiple).
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <set>

#include <Eigen/Dense>

#include "allocation.hpp"
#include "confidence_bounds.hpp"
#include "g_design_solver.hpp"
#include "stopping_rules.hpp"
#include "cpex/numerics/apportionment.hpp"
#include "cpex/numerics/confidence.hpp"
#include "cpex/numerics/quadratic_maximization.hpp"
#include "cpex/numerics/super_arm_least_squares.hpp"

using namespace cpex;

namespace {

Eigen::MatrixXd random_symmetric(std::size_t n, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Eigen::MatrixXd b(n, n);
  for (Eigen::Index i = 0; i < b.size(); ++i) b.data()[i] = normal(rng);
  return (b + b.transpose()) / 2.0;
}

// A super arm of 4 of the n arms drawn at random (a shuffle of 0..n-1, its first 4), in
// ascending order or not.
std::vector<std::size_t> random_super_arm(std::size_t n, std::mt19937_64& rng, bool ascending) {
  std::vector<std::size_t> arms(n);
  for (std::size_t i = 0; i < n; ++i) arms[i] = i;
  std::shuffle(arms.begin(), arms.end(), rng);
  std::vector<std::size_t> m(arms.begin(), arms.begin() + 4);
  if (ascending) std::sort(m.begin(), m.end());
  return m;
}

Eigen::MatrixXd random_positive_definite(std::size_t n, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Eigen::MatrixXd b(n, n);
  for (Eigen::Index i = 0; i < b.size(); ++i) b.data()[i] = normal(rng);
  return b * b.transpose() + 0.1 * Eigen::MatrixXd::Identity(n, n);
}

// Reference peeling: rebuild the reduced graph, recompute every degree at every step.
std::vector<std::size_t> reference_peeling(const Eigen::MatrixXd& w, std::size_t k) {
  const auto n = static_cast<std::size_t>(w.rows());
  std::vector<std::size_t> alive(n);
  for (std::size_t i = 0; i < n; ++i) alive[i] = i;
  while (alive.size() > k) {
    std::size_t victim = 0;
    double lowest = std::numeric_limits<double>::infinity();
    for (std::size_t a = 0; a < alive.size(); ++a) {
      double degree = 0.0;
      for (std::size_t b = 0; b < alive.size(); ++b) {
        if (a == b) continue;
        const auto i = static_cast<Eigen::Index>(alive[a]), j = static_cast<Eigen::Index>(alive[b]);
        degree += w(i, j) + w(i, i) + w(j, j);
      }
      if (degree < lowest) {
        lowest = degree;
        victim = a;
      }
    }
    alive.erase(alive.begin() + static_cast<std::ptrdiff_t>(victim));
  }
  return alive;
}

// The former greedy peeling (one scalar scan for the minimum, then the column update):
// the vectorized one must pick the same vertices, ties and non-finite degrees included.
std::vector<std::size_t> former_peeling(const Eigen::MatrixXd& w, std::size_t k) {
  const auto n = static_cast<std::size_t>(w.rows());
  const Eigen::VectorXd diagonal = w.diagonal();
  Eigen::VectorXd rowsum = w.rowwise().sum();
  double diagonal_sum = diagonal.sum();
  std::vector<char> alive(n, 1);
  std::size_t s = n;
  while (s > k) {
    std::size_t victim = n;
    double lowest = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < n; ++i) {
      if (!alive[i]) continue;
      const auto ii = static_cast<Eigen::Index>(i);
      const double degree = rowsum(ii) + static_cast<double>(s - 3) * diagonal(ii) + diagonal_sum;
      if (degree < lowest) {
        lowest = degree;
        victim = i;
      }
    }
    if (victim == n) victim = static_cast<std::size_t>(std::find(alive.begin(), alive.end(), 1) - alive.begin());
    alive[victim] = 0;
    --s;
    rowsum -= w.col(static_cast<Eigen::Index>(victim));
    diagonal_sum -= diagonal(static_cast<Eigen::Index>(victim));
  }
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < n; ++i)
    if (alive[i]) out.push_back(i);
  return out;
}

double brute_force_qp(const Eigen::MatrixXd& w, std::size_t k) {
  const auto n = static_cast<unsigned>(w.rows());
  double best = -std::numeric_limits<double>::infinity();
  for (unsigned mask = 0; mask < (1u << n); ++mask) {
    if (static_cast<std::size_t>(std::popcount(mask)) != k) continue;
    double value = 0.0;
    for (unsigned i = 0; i < n; ++i)
      for (unsigned j = 0; j < n; ++j)
        if ((mask >> i & 1u) && (mask >> j & 1u)) value += w(i, j);
    best = std::max(best, value);
  }
  return best;
}

std::vector<std::vector<std::size_t>> all_subsets(std::size_t n, std::size_t k) {
  std::vector<std::vector<std::size_t>> out;
  for (unsigned mask = 0; mask < (1u << n); ++mask) {
    if (static_cast<std::size_t>(std::popcount(mask)) != k) continue;
    std::vector<std::size_t> m;
    for (std::size_t i = 0; i < n; ++i)
      if (mask >> i & 1u) m.push_back(i);
    out.push_back(m);
  }
  return out;
}

double max_variance(const Eigen::MatrixXd& inverse, const std::vector<std::vector<std::size_t>>& arms) {
  double out = 0.0;
  for (const auto& m : arms) out = std::max(out, numerics::quadratic_value(inverse, m));
  return out;
}

// A random QP instance of size n: k in [2, n - 1] (k = 1 ends in ties), then W symmetric
// (indefinite) or positive definite, drawn in that order from `rng`.
struct QpInstance {
  std::size_t k;
  Eigen::MatrixXd w;
};
QpInstance random_qp(std::size_t n, bool symmetric, std::mt19937_64& rng) {
  const std::size_t k = 2 + static_cast<std::size_t>(rng() % (n - 2));
  Eigen::MatrixXd w = symmetric ? random_symmetric(n, rng) : random_positive_definite(n, rng);
  return {k, std::move(w)};
}

}  // namespace

TEST_CASE("The DkS reduction has nonnegative weights for positive-definite W (Lemma 4)", "[unit][full-bandit]") {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 200; ++trial) {
    const Eigen::MatrixXd w = random_positive_definite(2 + trial % 15, rng);
    const Eigen::MatrixXd reduced = numerics::dks_reduction(w);
    CHECK(reduced.minCoeff() >= -1e-12);
    CHECK(reduced.diagonal().cwiseAbs().maxCoeff() == 0.0);
    CHECK(reduced(0, 1) == Approx(w(0, 1) + w(0, 0) + w(1, 1)));
  }
}

TEST_CASE("Greedy peeling matches a direct O(n^3) reference", "[unit][full-bandit]") {
  std::mt19937_64 rng(2);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t n = 3 + static_cast<std::size_t>(trial % 30);
    const auto [k, w] = random_qp(n, trial % 2, rng);
    INFO("n = " << n << ", k = " << k);
    CHECK(numerics::greedy_peeling(w, k) == reference_peeling(w, k));
  }
}

TEST_CASE("row_sums adds in Eigen's rowwise().sum() order, bit for bit", "[unit][full-bandit]") {
  std::mt19937_64 rng(23);
  for (std::size_t n = 0; n <= 41; ++n) {
    const Eigen::MatrixXd w = n == 0 ? Eigen::MatrixXd(0, 0) : random_symmetric(n, rng);
    const Eigen::VectorXd eigen = w.rowwise().sum(), ours = numerics::row_sums(w);
    REQUIRE(ours.size() == eigen.size());
    for (Eigen::Index i = 0; i < ours.size(); ++i) {
      INFO("n = " << n << ", row " << i);
      CHECK(std::bit_cast<std::uint64_t>(ours(i)) == std::bit_cast<std::uint64_t>(eigen(i)));
    }
  }
}

TEST_CASE("Greedy peeling picks the vertices of the former scalar loop, ties and NaN included", "[unit][full-bandit]") {
  std::mt19937_64 rng(22);
  std::uniform_int_distribution<int> small(-2, 2);
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t n = 2 + static_cast<std::size_t>(trial % 41);
    const std::size_t k = 1 + static_cast<std::size_t>(rng() % (n - 1));
    Eigen::MatrixXd w = random_positive_definite(n, rng);
    if (trial % 4 == 1) {  // small integers: many exact ties
      for (Eigen::Index i = 0; i < w.size(); ++i) w.data()[i] = small(rng);
    } else if (trial % 4 == 2) {  // a constant matrix: every degree tied
      w.setConstant(0.5);
    } else if (trial % 4 == 3) {  // non-finite entries
      w(static_cast<Eigen::Index>(rng() % n), static_cast<Eigen::Index>(rng() % n)) =
          trial % 8 == 3 ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    }
    INFO("trial " << trial << ", n = " << n << ", k = " << k);
    const auto peeled = numerics::greedy_peeling(w, k);
    CHECK(peeled == former_peeling(w, k));
    CHECK(peeled.size() == k);
  }
}

TEST_CASE("Peeling to one vertex keeps the larger diagonal entry of the last two", "[unit][full-bandit]") {
  // The last removal (s = 2) compares (s - 3) w_ii with s - 3 unsigned (see greedy_peeling):
  // of the two survivors it keeps the one with the larger w_ii (the better single vertex),
  // not the smaller index that the tied true degrees would keep.
  std::mt19937_64 rng(23);
  int smaller_index_dropped = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t n = 2 + rng() % 30;
    const Eigen::MatrixXd w = random_positive_definite(n, rng);
    const auto two = numerics::greedy_peeling(w, 2);
    REQUIRE(two.size() == 2);
    const auto a = static_cast<Eigen::Index>(two[0]), b = static_cast<Eigen::Index>(two[1]);
    const std::size_t kept = w(b, b) > w(a, a) ? two[1] : two[0];
    if (kept == two[1]) ++smaller_index_dropped;
    INFO("trial " << trial << ", n = " << n);
    CHECK(numerics::greedy_peeling(w, 1) == std::vector<std::size_t>{kept});
  }
  CHECK(smaller_index_dropped > 0);  // the case that tells this rule from "smaller index"
}

TEST_CASE("The exact QP maximum equals a bitmask brute force; Theorem 1 bounds peeling", "[unit][full-bandit]") {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t n = 4 + static_cast<std::size_t>(trial % 9);
    const auto [k, w] = random_qp(n, trial % 3 == 0, rng);
    const double optimum = brute_force_qp(w, k);
    const auto exact = numerics::exact_quadratic_maximum(w, k);
    REQUIRE(exact.size() == k);
    CHECK(numerics::quadratic_value(w, exact) == Approx(optimum).epsilon(1e-12));
    if (trial % 3) {
      const double ratio = numerics::theorem1_ratio(w, k, numerics::peeling_guarantee(n, k));
      CHECK(ratio > 0.0);
      CHECK(numerics::quadratic_value(w, numerics::greedy_peeling(w, k)) >= ratio * optimum - 1e-9);
    }
  }
  // Theorem 1's ratio from the eigenvalues: identity -> alpha / (k - 1).
  CHECK(numerics::theorem1_ratio(Eigen::MatrixXd::Identity(5, 5), 3, 0.5) == Approx(0.25));
  CHECK(numerics::theorem1_ratio(-Eigen::MatrixXd::Identity(5, 5), 3, 1.0) == 0.0);
}

TEST_CASE("Sherman-Morrison stays within 1e-9 of a fresh inverse over 1e5 updates", "[unit][full-bandit]") {
  const std::size_t n = 20, k = 5;
  for (std::uint64_t refactor_every : {std::uint64_t{1000}, std::uint64_t{1} << 40}) {
    std::mt19937_64 rng(4);
    numerics::SuperArmLeastSquares ls(n, refactor_every);
    std::vector<std::size_t> arms(n);
    std::normal_distribution<double> noise;
    for (int t = 0; t < 100000; ++t) {
      for (std::size_t i = 0; i < n; ++i) arms[i] = i;
      std::shuffle(arms.begin(), arms.end(), rng);
      std::vector<std::size_t> m(arms.begin(), arms.begin() + k);
      std::sort(m.begin(), m.end());
      ls.add(m, static_cast<double>(m[0]) + noise(rng));
    }
    REQUIRE(ls.invertible());
    const Eigen::MatrixXd fresh = ls.matrix().inverse();
    INFO("refactor-every " << refactor_every);
    CHECK((ls.inverse() - fresh).norm() <= 1e-9 * fresh.norm());
    const Eigen::VectorXd theta = fresh * ls.response();
    CHECK((ls.estimate() - theta).norm() <= 1e-9 * theta.norm());
    std::vector<std::size_t> some = {1, 4, 7, 9, 13};
    CHECK(ls.norm_sq(some) == Approx(numerics::quadratic_value(fresh, some)).epsilon(1e-9));
  }
}

TEST_CASE("Least squares keep A = lambda I + sum chi chi^T exactly; refactor() inverts all of it", "[unit][full-bandit]") {
  // add() writes only A's lower triangle (what the Cholesky factorization reads): matrix()
  // must still be all of A, and A^{-1} after refactor() that of the full symmetric A, bit for
  // bit; pulls in ascending order and not.
  const std::size_t n = 9;
  for (const double lambda : {0.0, 0.3}) {
    numerics::SuperArmLeastSquares ls(n, 5, lambda);
    Eigen::MatrixXd a = Eigen::MatrixXd::Identity(n, n) * lambda;
    std::mt19937_64 rng(24);
    for (int t = 0; t < 60; ++t) {
      const std::vector<std::size_t> m = random_super_arm(n, rng, t % 2 == 0);
      for (std::size_t i : m)
        for (std::size_t j : m) a(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) += 1.0;
      ls.add(m, 1.0);
      INFO("lambda " << lambda << ", pull " << t);
      CHECK(ls.matrix() == a);
    }
    REQUIRE(ls.refactor());
    const Eigen::MatrixXd inverse = Eigen::LLT<Eigen::MatrixXd>(a).solve(Eigen::MatrixXd::Identity(n, n));
    CHECK(ls.inverse() == inverse);
  }
}

TEST_CASE("Least squares count pairs past 65535 pulls without a factorization", "[unit][full-bandit]") {
  // The 16-bit pair counts are folded into A every 65535 pulls: with refactor-every above the
  // number of pulls, A must still be exact after 70,000 pulls of the same pair.
  numerics::SuperArmLeastSquares ls(3, std::uint64_t{1} << 40);
  const std::vector<std::size_t> pair = {0, 2};
  for (int t = 0; t < 70000; ++t) ls.add(pair, 1.0);
  CHECK(ls.matrix()(2, 0) == 70000.0);
  CHECK(ls.matrix()(0, 2) == 70000.0);
  CHECK(ls.matrix()(0, 0) == 70000.0);
  CHECK(ls.matrix()(1, 0) == 0.0);
}

TEST_CASE("The least squares wait for n pulls and a full-rank design", "[unit][full-bandit]") {
  numerics::SuperArmLeastSquares ls(4);
  const std::vector<std::vector<std::size_t>> pulls = {{0, 1}, {1, 2}, {2, 3}, {0, 3}, {0, 2}};
  const std::vector<double> theta = {1.0, 2.0, 3.0, 4.0};
  for (std::size_t i = 0; i < pulls.size(); ++i) {
    ls.add(pulls[i], theta[pulls[i][0]] + theta[pulls[i][1]]);
    CHECK(ls.invertible() == (i == 4));  // the 4-cycle alone is singular
  }
  for (std::size_t i = 0; i < 4; ++i) CHECK(ls.estimate()(static_cast<Eigen::Index>(i)) == Approx(theta[i]));
  const std::vector<std::size_t> a = {0, 1}, b = {1, 2};
  const Eigen::MatrixXd inv = ls.matrix().inverse();
  const Eigen::Vector4d diff(1.0, 0.0, -1.0, 0.0);
  CHECK(ls.difference_norm_sq(a, b) == Approx(diff.dot(inv * diff)));
}

TEST_CASE("Regularized least squares on super arms keep log det A", "[unit][full-bandit]") {
  const std::size_t n = 12;
  numerics::SuperArmLeastSquares ls(n, 7, 1.0);
  REQUIRE(ls.invertible());
  std::mt19937_64 rng(8);
  for (int t = 0; t < 500; ++t) {
    ls.add(random_super_arm(n, rng, true), 1.0);
    if (t % 37 == 0) {
      CHECK(ls.log_det() == Approx(std::log(ls.matrix().determinant())).epsilon(1e-9));
      CHECK((ls.inverse() - ls.matrix().inverse()).norm() <= 1e-9 * ls.inverse().norm());
    }
  }
  CHECK(ls.matrix()(0, 0) >= 1.0);
}

TEST_CASE("log C(n, k) by lgamma", "[unit][full-bandit]") {
  CHECK(numerics::log_binomial(10, 5) == Approx(std::log(252.0)));
  CHECK(numerics::log_binomial(24, 12) == Approx(std::log(2704156.0)));
  const double big = numerics::log_binomial(1000, 500);
  CHECK(std::isfinite(big));
  CHECK(big == Approx(689.467).epsilon(1e-5));
}

TEST_CASE("Supports: cyclic windows n = 10, k = 5 are singular, auto always has full rank", "[unit][full-bandit]") {
  CHECK(numerics::support_rank(10, full_bandit::uniform_support(10, 5, "cyclic")).rank < 10);
  CHECK(numerics::support_rank(7, full_bandit::uniform_support(7, 3, "cyclic")).rank == 7);
  for (std::size_t n = 3; n <= 30; ++n)
    for (std::size_t k = 2; k < n; ++k) {
      INFO("n = " << n << ", k = " << k);
      const auto support = full_bandit::uniform_support(n, k, "auto");
      const auto allocation = full_bandit::uniform_allocation(n, support);
      REQUIRE(allocation.basis.size() == n);
      std::vector<std::vector<std::size_t>> basis;
      for (std::size_t b : allocation.basis) basis.push_back(allocation.support[b]);
      CHECK(numerics::support_rank(n, basis).rank == n);
    }
  CHECK_THROWS_WITH(full_bandit::uniform_allocation(10, full_bandit::uniform_support(10, 5, "cyclic")),
                    Catch::Contains("rank 6 < n = 10"));
  CHECK_THROWS_WITH(full_bandit::uniform_support(5, 2, "0 1; 1 7"), Catch::Contains("'7' is not an arm"));
  CHECK_THROWS_WITH(full_bandit::uniform_support(5, 2, "0 1; 1 1"), Catch::Contains("k = 2 distinct arms"));
}

TEST_CASE("Supports: random families are 2n distinct k-subsets of full rank, fixed by the stream", "[unit][full-bandit]") {
  // (200, 2): 400 random pairs leave ~4 arms uncovered, so the anchored family completes it.
  for (const auto& [n, k] :
       std::vector<std::pair<std::size_t, std::size_t>>{{10, 5}, {36, 10}, {111, 10}, {5, 2}, {4, 3}, {200, 2}}) {
    INFO("n = " << n << ", k = " << k);
    RandomStream a(RunSeed{7, 0, 0}, StreamRole::Algorithm), b(RunSeed{7, 0, 0}, StreamRole::Algorithm),
        c(RunSeed{8, 0, 0}, StreamRole::Algorithm);
    const auto support = full_bandit::uniform_support(n, k, "random", &a);
    const std::size_t classes = static_cast<std::size_t>(std::llround(std::exp(numerics::log_binomial(n, k))));
    CHECK(support.size() >= std::min(2 * n, classes));
    std::set<std::vector<std::size_t>> distinct(support.begin(), support.end());
    CHECK(distinct.size() == support.size());
    for (const auto& m : support) {
      CHECK(m.size() == k);
      CHECK(std::is_sorted(m.begin(), m.end()));
      CHECK(m.back() < n);
    }
    CHECK(numerics::support_rank(n, support).rank == n);
    CHECK(full_bandit::uniform_support(n, k, "random", &b) == support);
    if (classes > 2 * n) CHECK(full_bandit::uniform_support(n, k, "random", &c) != support);
  }
  CHECK_THROWS_WITH(full_bandit::uniform_support(10, 5, "random"), Catch::Contains("random stream"));
}

TEST_CASE("Full-bandit widths: Prop. 1 equals the shared Soare width, Lemma 1 its own formula", "[unit][full-bandit]") {
  for (const auto& [n, k] : std::vector<std::pair<std::size_t, std::size_t>>{{10, 5}, {36, 10}, {111, 10}, {24, 12}}) {
    const double log_k = numerics::log_binomial(n, k);
    for (std::uint64_t t : {12u, 1000u, 1000000u}) {
      for (double sigma : {0.5, 1.58}) {
        INFO("n = " << n << ", k = " << k << ", t = " << t << ", sigma = " << sigma);
        CHECK(full_bandit::ellipsoid_width(sigma, t, log_k, 0.05) ==
              Approx(numerics::soare_static_width(sigma, t, std::exp(log_k), 0.05)).epsilon(1e-12));
        // Lemma 1 by hand: sigma sqrt(2 log(6 t^2 n / (pi^2 delta))).
        const double td = static_cast<double>(t);
        const double by_hand = sigma * std::sqrt(2.0 * std::log(6.0 * td * td * static_cast<double>(n) /
                                                                (M_PI * M_PI * 0.05)));
        CHECK(full_bandit::independent_width(sigma, t, n, 0.05) == Approx(by_hand).epsilon(1e-12));
      }
    }
  }
  // A log below zero gives no bound (infinite width), never a zero width that would stop a run.
  CHECK(std::isinf(full_bandit::ellipsoid_width(1.0, 1, 0.0, 0.9)));
  CHECK(std::isinf(full_bandit::independent_width(1.0, 1, 1, 0.9)));
}

TEST_CASE("The efficient apportionment sums to t and stays close to t p", "[unit][full-bandit]") {
  CHECK(numerics::efficient_apportionment({0.5, 0.25, 0.25}, 8) == std::vector<std::uint64_t>{4, 2, 2});
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> uniform(0.01, 1.0);
  for (int trial = 0; trial < 100; ++trial) {
    std::vector<double> p(1 + trial % 12);
    double total = 0.0;
    for (double& x : p) total += (x = uniform(rng));
    for (double& x : p) x /= total;
    const std::uint64_t t = 1 + rng() % 500;
    const auto counts = numerics::efficient_apportionment(p, t);
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
      sum += counts[i];
      CHECK(std::abs(static_cast<double>(counts[i]) - static_cast<double>(t) * p[i]) <= static_cast<double>(p.size()));
    }
    CHECK(sum == t);
  }
}

TEST_CASE("The G-allocation is within 1% of the optimum over all super arms", "[unit][full-bandit]") {
  for (auto [n, k] : {std::pair<std::size_t, std::size_t>{8, 3}, {9, 4}, {10, 5}}) {
    const auto arms = all_subsets(n, k);
    // Reference: the multiplicative algorithm (Silvey-Titterington) on every super arm.
    std::vector<double> p(arms.size(), 1.0 / static_cast<double>(arms.size()));
    Eigen::MatrixXd reference_inverse;
    for (int iteration = 0; iteration < 3000; ++iteration) {
      Eigen::MatrixXd a = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
      for (std::size_t j = 0; j < arms.size(); ++j)
        for (std::size_t r : arms[j])
          for (std::size_t c : arms[j]) a(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) += p[j];
      reference_inverse = a.inverse();
      for (std::size_t j = 0; j < arms.size(); ++j)
        p[j] *= numerics::quadratic_value(reference_inverse, arms[j]) / static_cast<double>(n);
    }
    const double optimum = max_variance(reference_inverse, arms);
    CHECK(optimum >= static_cast<double>(n) - 1e-6);  // Kiefer-Wolfowitz: the optimum is n

    const auto start = full_bandit::uniform_allocation(n, full_bandit::uniform_support(n, k, "auto"));
    full_bandit::WorstDirection exact = [k](const Eigen::MatrixXd& inverse) {
      return numerics::exact_quadratic_maximum(inverse, k);
    };
    const auto design = full_bandit::solve_g_design(n, start.support, exact, {20000, 0.005});
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
    for (std::size_t j = 0; j < design.support.size(); ++j)
      for (std::size_t r : design.support[j])
        for (std::size_t c : design.support[j]) a(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) += design.weights[j];
    const double ours = max_variance(a.inverse(), arms);
    INFO("n = " << n << ", k = " << k << ": ours " << ours << ", optimum " << optimum << ", iterations "
                << design.iterations);
    CHECK(ours <= 1.01 * optimum);
    CHECK(ours >= optimum * (1.0 - 1e-6));

    // The algorithms' worst-direction step: peeling polished by single exchanges.
    full_bandit::WorstDirection polished = [k](const Eigen::MatrixXd& inverse) {
      auto peeled = numerics::greedy_peeling(inverse, k);
      numerics::improve_by_swaps(inverse, peeled, 10);
      return peeled;
    };
    const auto heuristic = full_bandit::solve_g_design(n, start.support, polished, {2000, 0.01});
    a.setZero();
    for (std::size_t j = 0; j < heuristic.support.size(); ++j)
      for (std::size_t r : heuristic.support[j])
        for (std::size_t c : heuristic.support[j]) a(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) += heuristic.weights[j];
    CHECK(max_variance(a.inverse(), arms) <= 1.05 * optimum);
  }
}

TEST_CASE("Swap local search ends in a single-exchange local optimum", "[unit][full-bandit]") {
  std::mt19937_64 rng(6);
  for (int trial = 0; trial < 50; ++trial) {
    const std::size_t n = 5 + static_cast<std::size_t>(trial % 20);
    auto [k, w] = random_qp(n, trial % 2, rng);
    auto subset = numerics::greedy_peeling(w, k);
    const double before = numerics::quadratic_value(w, subset);
    numerics::improve_by_swaps(w, subset, n * n);
    const double after = numerics::quadratic_value(w, subset);
    CHECK(after >= before - 1e-12);
    REQUIRE(std::is_sorted(subset.begin(), subset.end()));
    for (std::size_t out = 0; out < k; ++out)
      for (std::size_t in = 0; in < n; ++in) {
        if (std::find(subset.begin(), subset.end(), in) != subset.end()) continue;
        auto other = subset;
        other[out] = in;
        CHECK(numerics::quadratic_value(w, other) <= after + 1e-9 * std::max(1.0, std::abs(after)));
      }
  }
}

TEST_CASE("ICB widths: lemma1 is Lemma 1's, prop1 is Prop. 1's, and prop1 is never narrower", "[unit][full-bandit]") {
  using full_bandit::IcbWidth;
  for (const auto& [n, k] : std::vector<std::pair<std::size_t, std::size_t>>{{10, 5}, {36, 10}, {111, 10}, {6, 5}}) {
    const double log_k = numerics::log_binomial(n, k);
    for (std::uint64_t t : {std::uint64_t{12}, std::uint64_t{1000}, std::uint64_t{100000000}}) {
      for (double sigma : {1.0, 10.0}) {
        INFO("n = " << n << ", k = " << k << ", t = " << t << ", sigma = " << sigma);
        const double td = static_cast<double>(t), c = 6.0 / (M_PI * M_PI);
        // By hand: Lemma 1 sigma sqrt(2 log(c' t^2 n / delta)); Prop. 1 2 sqrt 2 sigma sqrt(log(c' t^2 K / delta)).
        const double lemma1 = sigma * std::sqrt(2.0 * std::log(c * td * td * static_cast<double>(n) / 0.05));
        const double prop1 = 2.0 * std::sqrt(2.0) * sigma * std::sqrt(std::log(c * td * td / 0.05) + log_k);
        CHECK(full_bandit::icb_width(IcbWidth::lemma1, sigma, t, n, log_k, 0.05) == Approx(lemma1).epsilon(1e-12));
        CHECK(full_bandit::icb_width(IcbWidth::prop1, sigma, t, n, log_k, 0.05) == Approx(prop1).epsilon(1e-12));
        CHECK(prop1 >= 2.0 * lemma1 * (1.0 - 1e-12));  // factor 2 from the constants, log K >= log n
      }
    }
  }
}

TEST_CASE("The certified CEM bound is never below the exact maximum, and exact for a I + b 11^T",
          "[unit][full-bandit]") {
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t n = 5 + static_cast<std::size_t>(trial % 6), k = 2 + static_cast<std::size_t>(trial % 3);
    const Eigen::MatrixXd w = trial % 2 ? random_positive_definite(n, rng) : random_symmetric(n, rng);
    const double exact = numerics::quadratic_value(w, numerics::exact_quadratic_maximum(w, k));
    const double bound = full_bandit::certified_quadratic_bound(w, k);
    INFO("trial " << trial << ": exact " << exact << ", bound " << bound);
    CHECK(bound >= exact - 1e-9 * std::max(1.0, std::abs(exact)));
  }
  for (double b : {-0.02, 0.0, 0.3}) {
    const std::size_t n = 12, k = 4;
    const Eigen::MatrixXd w = Eigen::MatrixXd::Identity(n, n) + b * Eigen::MatrixXd::Ones(n, n);
    CHECK(full_bandit::certified_quadratic_bound(w, k) == Approx(k + b * k * k).epsilon(1e-12));
  }
  // An off-diagonal block the greedy row sums cannot avoid: the bound is above the maximum.
  Eigen::MatrixXd w = Eigen::MatrixXd::Identity(4, 4);
  w(0, 1) = w(1, 0) = 0.9;
  w(2, 3) = w(3, 2) = 0.9;
  CHECK(full_bandit::certified_quadratic_bound(w, 2) == Approx(3.8));
  CHECK(numerics::quadratic_value(w, numerics::exact_quadratic_maximum(w, 2)) == Approx(3.8));
  CHECK(full_bandit::certified_quadratic_bound(w, 3) == Approx(3.0 * 1.9));  // each row: 1 + 0.9 + 0
  CHECK(numerics::quadratic_value(w, numerics::exact_quadratic_maximum(w, 3)) == Approx(3.0 + 2 * 0.9));
}

TEST_CASE("Random supports have ceil(m n) members for support-multiple m", "[unit][full-bandit]") {
  for (double m : {1.0, 2.0, 5.0, 20.0}) {
    RandomStream a(RunSeed{7, 0, 0}, StreamRole::Algorithm);
    const auto support = full_bandit::uniform_support(36, 10, "random", &a, m);
    INFO("m = " << m);
    CHECK(support.size() >= static_cast<std::size_t>(m * 36));
    CHECK(support.size() <= static_cast<std::size_t>(m * 36) + 36);  // + the anchored completion at most
    CHECK(numerics::support_rank(36, support).rank == 36);
  }
  RandomStream a(RunSeed{7, 0, 0}, StreamRole::Algorithm);
  CHECK(full_bandit::uniform_support(6, 3, "random", &a, 5.0).size() == 20);  // all C(6, 3) = 20
}
