// The exact top-k draws of independent Gaussians (cpex/identification/gaussian_top_draw.hpp)
// and the truncated normal quantiles under them (cpex/numerics/normal_distribution.hpp):
// - the truncated quantile's mean, by the midpoint rule over u, against the closed form
//   (phi(a) - phi(b)) / (Phi(b) - Phi(a)) on intervals in either tail, across 0 and one-sided;
// - the law of the top-k set: its frequencies against plain draws of every arm by the
//   chi-square test of homogeneity (p = 1e-6), on arms whose spreads span several buckets, with
//   an inflation, and with the means moved between draws so that the threshold of the draw
//   before is far off (many thresholds tried, in both directions);
// - the completed draw: every arm's value asked for after the top-k, each arm's marginal
//   against N(m_a, s_a^2) (Kolmogorov–Smirnov at p = 1e-6), the top-k the k largest of it;
// - set() one arm at a time gives the same draws as assign() of the same laws, and PosteriorTop's
//   refresh of the arms that changed the same as a rebuild of every arm.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "cpex/identification/gaussian_top_draw.hpp"
#include "cpex/identification/posterior_top.hpp"
#include "cpex/numerics/normal_distribution.hpp"
#include "sampler_laws.hpp"

using namespace cpex;
using cpex::test::expect_same_law;
using cpex::test::ks_critical;
using cpex::test::ks_uniform;
using cpex::test::largest_k;
using cpex::identification::GaussianTopDraw;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// 24 arms: a tight cluster at the top with a tie, wide arms below, spreads over three octaves.
struct Laws {
  std::vector<double> means, spreads;
};
Laws instance(double shift) {
  Laws laws;
  for (std::size_t a = 0; a < 24; ++a) {
    laws.means.push_back(shift + (a < 4 ? 1.0 : 0.9 - 0.05 * static_cast<double>(a)));
    laws.spreads.push_back(a < 4 ? 0.05 * (1.0 + static_cast<double>(a % 2)) : 0.1 + 0.06 * static_cast<double>(a % 7));
  }
  laws.means[2] = laws.means[1];  // a tie of means (different spreads)
  return laws;
}

// The top-k set of a plain draw of every arm.
std::vector<std::size_t> plain_top(const Laws& laws, std::size_t k, double scale, RandomStream& rng) {
  std::vector<double> theta(laws.means.size());
  for (std::size_t a = 0; a < theta.size(); ++a) theta[a] = laws.means[a] + scale * laws.spreads[a] * rng.normal();
  return largest_k(theta, k);
}

}  // namespace

TEST_CASE("The truncated normal quantile has the closed-form mean on every kind of interval",
          "[identification][samplers]") {
  const std::vector<std::pair<double, double>> intervals = {
      {-kInf, kInf}, {0.5, kInf}, {6.0, kInf}, {9.0, 9.5}, {-kInf, -7.0}, {-3.0, -2.5}, {-0.3, 1.2}, {-kInf, 0.4}, {2.0, 2.001}};
  for (const auto& [a, b] : intervals) {
    constexpr int kPoints = 200000;
    double sum = 0.0;
    for (int i = 0; i < kPoints; ++i) {
      const double z = numerics::truncated_normal_quantile(a, b, (i + 0.5) / kPoints);
      REQUIRE(z >= a);
      REQUIRE(z <= b);
      sum += z;
    }
    const double pdf_a = std::isfinite(a) ? numerics::normal_pdf(a) : 0.0;
    const double pdf_b = std::isfinite(b) ? numerics::normal_pdf(b) : 0.0;
    const double expected = (pdf_a - pdf_b) / numerics::normal_interval_mass(a, b);
    INFO("interval (" << a << ", " << b << "]");
    CHECK(sum / kPoints == Approx(expected).margin(2e-3));
  }
  // u = 0 on an interval open to -infinity, and the far tails: finite values in the interval.
  for (const auto& [a, b] : std::vector<std::pair<double, double>>{{-kInf, 0.5}, {-kInf, -3.0}, {-kInf, kInf}, {40.0, kInf}}) {
    const double z = numerics::truncated_normal_quantile(a, b, 0.0);
    CHECK(std::isfinite(z));
    CHECK(z >= a);
    CHECK(z <= b);
  }
  // The mass on the far side keeps its relative accuracy: P(Z > 30) ~ 4.9e-198.
  CHECK(numerics::normal_interval_mass(30.0, kInf) == Approx(4.906713927148187e-198).epsilon(1e-10));
  CHECK(numerics::normal_interval_mass(-kInf, -30.0) == Approx(4.906713927148187e-198).epsilon(1e-10));
}

TEST_CASE("GaussianTopDraw's top-k has the law of the k largest of plain draws", "[identification][samplers]") {
  constexpr int kDraws = 30000;
  for (std::size_t k : {1, 3}) {
    for (double scale : {1.0, 3.0}) {
      RandomStream rng(RunSeed{45, k, static_cast<std::uint64_t>(scale)}, StreamRole::Algorithm);
      RandomStream plain_rng(RunSeed{46, k, static_cast<std::uint64_t>(scale)}, StreamRole::Algorithm);
      GaussianTopDraw draw;
      const Laws laws = instance(0.0), high = instance(6.0), low = instance(-6.0);
      std::map<std::vector<std::size_t>, double> sparse, plain;
      for (int i = 0; i < kDraws; ++i) {
        // Every third draw follows a draw of the same arms 6 higher or lower: its threshold
        // starts far above or below the top, and the thresholds tried must still be exact.
        if (i % 3 == 0) {
          draw.assign((i % 2 == 0 ? high : low).means, laws.spreads);
          draw.draw_top(k, scale, rng);
          draw.assign(laws.means, laws.spreads);
        }
        std::vector<std::size_t> top = draw.draw_top(k, scale, rng);
        REQUIRE(top.size() == k);
        std::sort(top.begin(), top.end());
        sparse[top] += 1.0;
        plain[plain_top(laws, k, scale, plain_rng)] += 1.0;
      }
      INFO("k = " << k << ", scale = " << scale);
      expect_same_law(sparse, plain);
    }
  }
}

TEST_CASE("GaussianTopDraw completed by value() is a draw of every arm", "[identification][samplers]") {
  const Laws laws = instance(0.0);
  const std::size_t n = laws.means.size();
  constexpr int kDraws = 20000;
  RandomStream rng(RunSeed{47, 0, 0}, StreamRole::Algorithm);
  GaussianTopDraw draw;
  draw.assign(laws.means, laws.spreads);
  std::vector<std::vector<double>> cdf(n);  // each arm's value through its own normal CDF
  for (int i = 0; i < kDraws; ++i) {
    const std::vector<std::size_t> top = draw.draw_top(2, 1.0, rng);
    std::vector<double> theta(n);
    for (std::size_t a = n; a-- > 0;) theta[a] = draw.value(a, rng);  // the low arms first
    // The top-2 is the two largest of the completed draw, in order.
    REQUIRE(std::vector<std::size_t>{std::min(top[0], top[1]), std::max(top[0], top[1])} == largest_k(theta, 2));
    REQUIRE(theta[top[0]] >= theta[top[1]]);
    for (std::size_t a = 0; a < n; ++a) cdf[a].push_back(numerics::normal_cdf((theta[a] - laws.means[a]) / laws.spreads[a]));
  }
  // Kolmogorov–Smirnov of each arm's values through its own CDF against the uniform law.
  for (std::size_t a = 0; a < n; ++a) {
    INFO("arm " << a);
    CHECK(ks_uniform(cdf[a]) < ks_critical(kDraws));
  }
}

TEST_CASE("GaussianTopDraw's set() one arm at a time equals assign()", "[identification][samplers]") {
  Laws laws = instance(0.0);
  GaussianTopDraw kept, fresh;
  kept.assign(laws.means, laws.spreads);
  RandomStream moves(RunSeed{48, 0, 0}, StreamRole::Algorithm);
  for (int step = 0; step < 300; ++step) {
    const std::size_t a = moves.below(laws.means.size());
    laws.means[a] += 0.1 * moves.normal();
    laws.spreads[a] *= step % 2 == 0 ? 0.8 : 1.2;  // across buckets
    kept.set(a, laws.means[a], laws.spreads[a]);
    fresh.assign(laws.means, laws.spreads);
    RandomStream x(RunSeed{49, static_cast<std::uint64_t>(step), 0}, StreamRole::Algorithm), y = x;
    REQUIRE(kept.draw_top(2, 1.0, x) == fresh.draw_top(2, 1.0, y));
  }
  RandomStream rng(RunSeed{49, 0, 0}, StreamRole::Algorithm);
  CHECK_THROWS_AS(kept.draw_top(0, 1.0, rng), std::invalid_argument);
  CHECK_THROWS_AS(kept.draw_top(laws.means.size() + 1, 1.0, rng), std::invalid_argument);
  CHECK_THROWS_AS(GaussianTopDraw().draw_top(1, 1.0, rng), std::invalid_argument);
}

TEST_CASE("PosteriorTop's kept spreads follow every change of the arms' statistics", "[identification][samplers]") {
  // `kept` is refreshed as a sampler refreshes it (the arms that changed move); `rebuilt` is
  // rebuilt from every arm each step (a change of families forces it). The same stream must give
  // the same draws; an arm without a finite posterior (no sample) is refused.
  using cpex::identification::PosteriorTop;
  using numerics::ArmFamily;
  const std::size_t n = 40;
  std::vector<ArmFamily> families(n, ArmFamily::bernoulli()), other(n, ArmFamily::gaussian(1.0));
  families[3] = ArmFamily::gaussian(0.5);
  std::vector<double> means(n), counts(n);
  RandomStream moves(RunSeed{50, 0, 0}, StreamRole::Algorithm);
  for (std::size_t a = 0; a < n; ++a) {
    means[a] = 0.2 + 0.6 * moves.uniform01();
    counts[a] = 1.0 + static_cast<double>(moves.below(20));
  }
  means[5] = 1.0;  // all-ones Bernoulli arm: the floored variance
  PosteriorTop kept, rebuilt;
  for (int step = 0; step < 200; ++step) {
    const std::size_t a = moves.below(n);
    counts[a] += 1.0;
    means[a] = a == 3 ? means[a] + 0.1 * moves.normal() : std::clamp(means[a] + 0.05 * moves.normal(), 0.0, 1.0);
    kept.refresh(means, counts, families);
    rebuilt.refresh(means, counts, other);
    rebuilt.refresh(means, counts, families);
    RandomStream x(RunSeed{51, static_cast<std::uint64_t>(step), 0}, StreamRole::Algorithm), y = x;
    const double inflation = step % 3 == 0 ? 4.0 : 1.0;
    REQUIRE(kept.draw_top(3, inflation, x) == rebuilt.draw_top(3, inflation, y));
    REQUIRE(kept.value(7, x) == rebuilt.value(7, y));
  }
  counts[0] = 0.0;
  CHECK_THROWS_AS(kept.refresh(means, counts, families), std::invalid_argument);
}
