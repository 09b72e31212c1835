// C-Tracking's projection onto the floored simplex (cpex/identification/floor_projection.hpp)
// against the literal bisection it replaces, bit for bit: random weights of several shapes
// (spread like w*, ties on a grid, a single arm of weight one, zeros, uniform), K = 1 ... 999,
// floors from tiny to 1/(2K), the same weights projected again with another floor (the kept
// sorted copy) and weights that change between calls (a little, sorted again from the kept
// order, or all reordered); the result is a floored probability
// vector; and the passes it saves. From 1,000 arms: the exact water level, against an
// independent long-double water level and within the bisection's rounding of it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <span>
#include <vector>

#include "cpex/identification/floor_projection.hpp"

namespace {

using cpex::identification::FloorProjection;

// The definition: bisection of [0, 1] on sum_a max(w_a - eta, eps) > 1 (index order), 100
// halvings at most, stopped at a width of 1e-17; then max(w - hi, eps) over its sum.
std::vector<double> literal_bisection(std::span<const double> w, double eps, int* passes = nullptr) {
  int count = 0;
  auto total = [&](double eta) {
    ++count;
    double sum = 0.0;
    for (double v : w) sum += std::max(v - eta, eps);
    return sum;
  };
  std::vector<double> out(w.size());
  if (total(0.0) <= 1.0) {
    for (std::size_t a = 0; a < w.size(); ++a) out[a] = std::max(w[a], eps);
  } else {
    double lo = 0.0, hi = 1.0;
    for (int step = 0; step < 100 && hi - lo > 1e-17; ++step) {
      const double mid = 0.5 * (lo + hi);
      (total(mid) > 1.0 ? lo : hi) = mid;
    }
    double sum = 0.0;
    for (std::size_t a = 0; a < w.size(); ++a) sum += out[a] = std::max(w[a] - hi, eps);
    for (double& v : out) v /= sum;
  }
  if (passes) *passes = count;
  return out;
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

// Weights of shape `shape` on k arms, summing to 1 up to rounding (as w* does).
std::vector<double> weights(int shape, std::size_t k, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<double> w(k);
  for (std::size_t a = 0; a < k; ++a) {
    switch (shape) {
      case 0: {  // 1 / gap^2, gaps in [0.05, 0.5]: like best-arm w*
        const double gap = 0.05 + 0.45 * unit(rng);
        w[a] = 1.0 / (gap * gap);
        break;
      }
      case 1: w[a] = std::floor(4.0 * unit(rng)); break;                  // ties on a grid, zeros
      case 2: w[a] = a == k / 2 ? 1.0 : 0.0; break;                       // one arm
      case 3: w[a] = 1.0; break;                                          // uniform
      case 4: w[a] = -std::log(unit(rng) + 1e-300); break;               // exponential
      default: w[a] = unit(rng) < 0.9 ? 1e-9 * unit(rng) : unit(rng); break;  // a few large
    }
  }
  double sum = 0.0;
  for (double v : w) sum += v;
  if (!(sum > 0.0)) w.assign(k, 1.0), sum = static_cast<double>(k);
  for (double& v : w) v /= sum;
  return w;
}

}  // namespace

TEST_CASE("floor projection: bit-identical to the literal bisection on random weights, ties included",
          "[tracking][floor-projection]") {
  std::mt19937_64 rng(20261129);
  FloorProjection projection;
  std::vector<double> out;
  std::size_t bisected = 0, fewer_passes = 0;
  for (std::size_t k : {1, 2, 3, 5, 10, 37, 100, 256, 999})  // below kWaterLevelFromArms
    for (int shape = 0; shape < 6; ++shape) {
      const std::vector<double> w = weights(shape, k, rng);
      const double kd = static_cast<double>(k);
      // Floors from tiny to 1/(2K), C-Tracking's (K^2 + t)^(-1/2) / 2 among them.
      for (double eps : {0.5 / kd, 0.5 / std::sqrt(kd * kd + 10.0), 0.5 / std::sqrt(kd * kd + 1e6), 1e-3 / kd, 1e-12}) {
        int literal_passes = 0;
        const std::vector<double> expected = literal_bisection(w, eps, &literal_passes);
        projection.project(w, eps, out);  // the sorted weights kept from the previous floor
        INFO("K = " << k << ", shape " << shape << ", eps = " << eps);
        REQUIRE(same_bits(out, expected));
        if (literal_passes > 1) {  // the bisection ran
          ++bisected;
          if (projection.passes() * 4 < static_cast<std::size_t>(literal_passes)) ++fewer_passes;
        }
        // A floored probability vector.
        double sum = 0.0;
        for (double v : out) {
          CHECK(v >= eps * (1.0 - 1e-12));
          sum += v;
        }
        CHECK(std::abs(sum - 1.0) < 1e-12 * std::max(1.0, static_cast<double>(k) * eps));
      }
    }
  // The bisection makes ~57 passes; the projection certifies all but the last few halvings
  // and checks those in a pass or two.
  CHECK(bisected > 100);
  CHECK(fewer_passes * 10 >= bisected * 9);
}

namespace {

// The water level by a plain scan: sort, then the first j whose level leaves the (j+1)-th
// weight on the floor, in long double (an independent computation of the same eta).
long double scanned_level(std::span<const double> w, double eps) {
  std::vector<long double> s(w.begin(), w.end());
  std::sort(s.begin(), s.end(), std::greater<>());
  const auto k = static_cast<long double>(s.size());
  long double floored = 0.0L;
  for (long double v : s) floored += std::max<long double>(v, eps);
  if (floored <= 1.0L) return 0.0L;
  long double prefix = 0.0L;
  for (std::size_t j = 1; j <= s.size(); ++j) {
    prefix += s[j - 1];
    const long double n = static_cast<long double>(j), eta = (prefix + (k - n) * eps - 1.0L) / n;
    if (j == s.size() || s[j] - eta <= eps) return eta;
  }
  return 0.0L;
}

}  // namespace

TEST_CASE("floor projection: from 1,000 arms, the exact water level",
          "[tracking][floor-projection]") {
  STATIC_REQUIRE(FloorProjection::kWaterLevelFromArms == 1000);
  std::mt19937_64 rng(20261130);
  FloorProjection projection;
  std::vector<double> out;
  for (std::size_t k : {1000, 3000, 10000})
    for (int shape = 0; shape < 6; ++shape) {
      const std::vector<double> w = weights(shape, k, rng);
      const double kd = static_cast<double>(k);
      for (double eps : {0.5 / kd, 0.5 / std::sqrt(kd * kd + 10.0), 0.5 / std::sqrt(kd * kd + 1e6),
                         1e-3 / kd, 1e-12}) {
        projection.project(w, eps, out);
        INFO("K = " << k << ", shape " << shape << ", eps = " << eps);
        REQUIRE(out.size() == k);
        // max(w - eta, eps) over its sum, eta the scanned level.
        const long double eta = scanned_level(w, eps);
        long double sum = 0.0L;
        for (double v : w) sum += std::max<long double>(v - eta, eps);
        const std::vector<double> bisected = literal_bisection(w, eps);
        double total = 0.0;
        for (std::size_t a = 0; a < k; ++a) {
          const long double expected = std::max<long double>(w[a] - eta, eps) / sum;
          // eta and w_a - eta rounded to doubles (u (w_a + eta) at most), the sum in doubles
          // (relative u K at most, recursive summation)
          const long double slack = 2.2e-16L * kd * expected + 4e-16L * (w[a] + eta) / sum;
          REQUIRE(std::fabs(static_cast<long double>(out[a]) - expected) <= slack);
          // The bisection's index-order sums round by ~u K: its level is that close.
          REQUIRE(std::abs(out[a] - bisected[a]) <= 1e-15 * kd);
          CHECK(out[a] >= eps * (1.0 - 1e-12));
          total += out[a];
        }
        CHECK(std::abs(total - 1.0) < 1e-12);
      }
    }
}

TEST_CASE("floor projection: weights changed between calls, and the same weights again", "[tracking][floor-projection]") {
  std::mt19937_64 rng(44);
  FloorProjection projection;
  std::vector<double> out;
  std::vector<double> w = weights(0, 500, rng);
  for (int round = 0; round < 200; ++round) {
    if (round % 7 == 0) w = weights(round % 6, 200 + static_cast<std::size_t>(round), rng);  // new size too
    if (round % 5 == 0) w[static_cast<std::size_t>(round) % w.size()] *= 1.5;  // one weight moved
    if (round % 3 == 0)  // every weight moved a little, as by a new w* solve (the kept order nearly right)
      for (double& v : w) v *= 1.0 + 1e-3 * std::uniform_real_distribution<double>(-1.0, 1.0)(rng);
    if (round % 11 == 0) std::reverse(w.begin(), w.end());  // the kept order all wrong: a full sort
    double sum = 0.0;
    for (double v : w) sum += v;
    for (double& v : w) v /= sum;
    const double kd = static_cast<double>(w.size());
    const double eps = 0.5 / std::sqrt(kd * kd + 50.0 * round);
    projection.project(w, eps, out);
    INFO("round " << round);
    REQUIRE(same_bits(out, literal_bisection(w, eps)));
  }
}

TEST_CASE("floor projection: weights that are not a probability vector follow the bisection too",
          "[tracking][floor-projection]") {
  FloorProjection projection;
  std::vector<double> out;
  // Negative and non-finite weights, eps = 0: nothing is certified, every halving is checked.
  const std::vector<std::vector<double>> cases = {
      {0.7, 0.5, -0.2}, {0.6, 0.6}, {0.3, 0.3, 0.3}, {0.5, std::nan(""), 0.5}, {2.0, -1.0, 0.0}};
  for (const auto& w : cases)
    for (double eps : {0.0, 0.1, 1e-9}) {
      projection.project(w, eps, out);
      const std::vector<double> expected = literal_bisection(w, eps);
      INFO("w[0] = " << w[0] << ", eps = " << eps);
      REQUIRE(out.size() == expected.size());
      for (std::size_t a = 0; a < w.size(); ++a)
        CHECK((std::memcmp(&out[a], &expected[a], sizeof(double)) == 0 || (std::isnan(out[a]) && std::isnan(expected[a]))));
    }
}
