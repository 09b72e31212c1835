// The exact top-k draws of independent Beta posteriors (cpex/identification/beta_top_draw.hpp):
// - the law of the top-k set: its frequencies against plain posterior draws of every arm
//   (posterior_draw, Beta(1 + S, 1 + N - S)) by the chi-square test of homogeneity (p = 1e-6),
//   on arms whose counts span several buckets, with a tie, and with the arms moved between
//   draws so that the threshold of the draw before is far above or below (many thresholds);
// - the completed draw: every arm's value asked for after the top-k, each arm's marginal
//   against its Beta law (Kolmogorov–Smirnov at p = 1e-6), the top-k the k largest of it;
// - a refresh of the arms that changed gives the same draws as a refresh of fresh arms, and
//   arms without a posterior are refused.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>
#include <vector>

#include <boost/math/special_functions/beta.hpp>

#include "cpex/identification/beta_top_draw.hpp"
#include "cpex/identification/posterior.hpp"
#include "sampler_laws.hpp"

using namespace cpex;
using cpex::test::expect_same_law;
using cpex::test::ks_critical;
using cpex::test::ks_uniform;
using cpex::test::largest_k;
using cpex::identification::BetaTopDraw;

namespace {

// 24 Bernoulli arms' statistics: a cluster at the top (a tie of means at different counts),
// counts from 3 to 900 (many buckets), means spread below. `shift` moves every mean towards 1
// (> 0) or 0 (< 0) so that a draw of them leaves a threshold far off.
struct Arms {
  std::vector<double> means, counts;
};
Arms instance(double shift) {
  Arms arms;
  const double counts[] = {3, 7, 20, 60, 150, 400, 900, 11};
  for (std::size_t a = 0; a < 24; ++a) {
    const double n = counts[a % 8];
    double mean = a < 4 ? 0.7 : 0.62 - 0.02 * static_cast<double>(a);
    mean = shift > 0.0 ? mean + shift * (1.0 - mean) : mean * (1.0 + shift);
    arms.counts.push_back(n);
    arms.means.push_back(std::round(mean * n) / n);
  }
  arms.means[2] = std::round(arms.means[1] * arms.counts[2]) / arms.counts[2];
  return arms;
}

std::vector<std::size_t> plain_top(const Arms& arms, std::size_t k, RandomStream& rng) {
  std::vector<double> theta;
  identification::posterior_draw(std::vector<numerics::ArmFamily>(arms.means.size(), numerics::ArmFamily::bernoulli()),
                                 arms.means, arms.counts, rng, theta);
  return largest_k(theta, k);
}

}  // namespace

TEST_CASE("BetaTopDraw's top-k has the law of the k largest of plain Beta draws", "[identification][samplers]") {
  constexpr int kDraws = 30000;
  for (std::size_t k : {1, 3}) {
    RandomStream rng(RunSeed{51, k, 0}, StreamRole::Algorithm);
    RandomStream plain_rng(RunSeed{52, k, 0}, StreamRole::Algorithm);
    BetaTopDraw draw;
    const Arms arms = instance(0.0), high = instance(0.8), low = instance(-0.8);
    std::map<std::vector<std::size_t>, double> sparse, plain;
    for (int i = 0; i < kDraws; ++i) {
      // Every third draw follows a draw of the arms moved up or down: its threshold starts far
      // above or below the top, and the thresholds tried must still be exact.
      if (i % 3 == 0) {
        const Arms& moved = i % 2 == 0 ? high : low;
        draw.refresh(moved.means, moved.counts);
        draw.draw_top(k, rng);
        draw.refresh(arms.means, arms.counts);
      }
      std::vector<std::size_t> top = draw.draw_top(k, rng);
      REQUIRE(top.size() == k);
      std::sort(top.begin(), top.end());
      sparse[top] += 1.0;
      plain[plain_top(arms, k, plain_rng)] += 1.0;
    }
    INFO("k = " << k);
    expect_same_law(sparse, plain);
  }
}

TEST_CASE("BetaTopDraw completed by value() is a draw of every arm", "[identification][samplers]") {
  const Arms arms = instance(0.0);
  const std::size_t n = arms.means.size();
  constexpr int kDraws = 20000;
  RandomStream rng(RunSeed{53, 0, 0}, StreamRole::Algorithm);
  BetaTopDraw draw;
  draw.refresh(arms.means, arms.counts);
  std::vector<std::vector<double>> cdf(n);  // each arm's value through its own Beta CDF
  for (int i = 0; i < kDraws; ++i) {
    const std::vector<std::size_t> top = draw.draw_top(2, rng);
    std::vector<double> theta(n);
    for (std::size_t a = n; a-- > 0;) theta[a] = draw.value(a, rng);
    REQUIRE(std::vector<std::size_t>{std::min(top[0], top[1]), std::max(top[0], top[1])} == largest_k(theta, 2));
    REQUIRE(theta[top[0]] >= theta[top[1]]);
    for (std::size_t a = 0; a < n; ++a) {
      const double ones = std::round(arms.means[a] * arms.counts[a]);
      cdf[a].push_back(boost::math::ibeta(1.0 + ones, 1.0 + arms.counts[a] - ones, theta[a]));
    }
  }
  // Kolmogorov–Smirnov of each arm's values through its own CDF against the uniform law.
  for (std::size_t a = 0; a < n; ++a) {
    INFO("arm " << a);
    CHECK(ks_uniform(cdf[a]) < ks_critical(kDraws));
  }
}

TEST_CASE("BetaTopDraw's refresh of the arms that changed equals moving every arm", "[identification][samplers]") {
  // `kept` follows one arm's change at a time; `moved` sees every arm moved elsewhere and back
  // before each draw (every arm out of its bucket and in again). Equal streams, equal draws.
  Arms arms = instance(0.0);
  BetaTopDraw kept, moved;
  kept.refresh(arms.means, arms.counts);
  moved.refresh(arms.means, arms.counts);
  RandomStream moves(RunSeed{54, 0, 0}, StreamRole::Algorithm);
  for (int step = 0; step < 300; ++step) {
    const std::size_t a = moves.below(arms.means.size());
    const double ones = std::round(arms.means[a] * arms.counts[a]) + (moves.uniform01() < 0.6 ? 1.0 : 0.0);
    arms.counts[a] = step % 2 == 0 ? arms.counts[a] + 1.0 : std::round(arms.counts[a] * 1.5) + 1.0;  // across buckets
    arms.means[a] = std::min(ones, arms.counts[a]) / arms.counts[a];
    kept.refresh(arms.means, arms.counts);
    Arms elsewhere = arms;
    for (double& n : elsewhere.counts) n *= 3.0;
    moved.refresh(elsewhere.means, elsewhere.counts);
    moved.refresh(arms.means, arms.counts);
    RandomStream x(RunSeed{55, static_cast<std::uint64_t>(step), 0}, StreamRole::Algorithm), y = x;
    REQUIRE(kept.draw_top(2, x) == moved.draw_top(2, y));
  }
  RandomStream rng(RunSeed{56, 0, 0}, StreamRole::Algorithm);
  CHECK_THROWS_AS(kept.draw_top(0, rng), std::invalid_argument);
  CHECK_THROWS_AS(kept.draw_top(arms.means.size() + 1, rng), std::invalid_argument);
  CHECK_THROWS_AS(BetaTopDraw().draw_top(1, rng), std::invalid_argument);
  std::vector<double> bad_counts = arms.counts;
  bad_counts[3] = 0.0;
  CHECK_THROWS_AS(kept.refresh(arms.means, bad_counts), std::invalid_argument);
}
