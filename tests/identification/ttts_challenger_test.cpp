// The law of TTTS's challenger (cpex/identification/ttts_challenger.hpp): on concentrated
// posteriors (P(E) ~ 2e-2, E = {argmax theta != leader}) the union-of-events sampler's
// challenger frequencies against plain re-drawing's, by the chi-square test of homogeneity
// (2 x 4 table, 3 degrees of freedom, rejected above 30.66: p = 1e-6), on Gaussian arms and on
// Bernoulli arms (Beta posteriors, the Gaussian stand-in corrected by f / g). The instances
// make the events overlap unevenly: arms 1-3 are tight and exceed the leader together when its
// draw is low, arm 4 is wide and exceeds alone, so a sampler without the 1/N acceptance (or
// without the f / g correction, or with the wrong P(E_j) or conditional pair) over-weights or
// under-weights arms 1-3 and fails. Plus normal_above's moments against the closed form.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <vector>

#include "cpex/identification/ttts_challenger.hpp"

using namespace cpex;
using cpex::identification::TttsChallenger;
using numerics::ArmFamily;

namespace {

constexpr std::size_t kArms = 5;
constexpr int kDraws = 20000;

struct Instance {
  std::vector<ArmFamily> families;
  std::vector<double> means, counts;
};

// Challenger counts per arm over kDraws draws; `proposals` the union proposals made.
std::array<double, kArms> frequencies(const Instance& instance, bool union_of_events, std::uint64_t seed,
                                      std::uint64_t& proposals) {
  RandomStream rng(RunSeed{44, seed, 0}, StreamRole::Algorithm);
  TttsChallenger challenger;
  std::array<double, kArms> count{};
  for (int i = 0; i < kDraws; ++i) {
    const std::size_t c = challenger.draw(instance.families, instance.means, instance.counts, 0, rng, union_of_events);
    REQUIRE(c < kArms);
    REQUIRE(c != 0);
    ++count[c];
  }
  proposals = challenger.union_proposals();
  return count;
}

void expect_plain_law(const Instance& instance, std::uint64_t seed) {
  std::uint64_t proposals = 0, none = 0;
  const std::array<double, kArms> fast = frequencies(instance, true, seed, proposals),
                                  plain = frequencies(instance, false, seed + 1, none);
  double chi2 = 0.0;
  for (std::size_t a = 1; a < kArms; ++a) {
    const double expected = (fast[a] + plain[a]) / 2.0;  // equal row totals
    for (const double observed : {fast[a], plain[a]}) chi2 += (observed - expected) * (observed - expected) / expected;
  }
  INFO("challenger counts, union of events: " << fast[1] << " " << fast[2] << " " << fast[3] << " " << fast[4]
                                              << "; plain: " << plain[1] << " " << plain[2] << " " << plain[3] << " "
                                              << plain[4] << "; chi2 = " << chi2 << "; union proposals " << proposals);
  CHECK(chi2 < 30.66);
  // The scheme under test was the one used, and the instance is the one meant: arm 4 and
  // arms 1-3 both matter.
  CHECK(proposals > static_cast<std::uint64_t>(kDraws));
  CHECK(none == 0);
  CHECK(plain[4] > 0.2 * kDraws);
  CHECK(plain[4] < 0.95 * kDraws);
}

}  // namespace

TEST_CASE("TTTS's union-of-events challenger has plain re-drawing's law", "[identification][samplers]") {
  SECTION("Gaussian arms") {
    // Posterior standard deviations sigma / sqrt(N): 0.3 (leader), 0.05 (arms 1-3), 0.3 (arm 4).
    expect_plain_law({{ArmFamily::gaussian(0.3), ArmFamily::gaussian(0.5), ArmFamily::gaussian(0.5),
                       ArmFamily::gaussian(0.5), ArmFamily::gaussian(0.3)},
                      {0.0, -0.8, -0.8, -0.8, -0.9},
                      {1.0, 100.0, 100.0, 100.0, 1.0}},
                     1);
  }
  SECTION("Bernoulli arms") {
    // The leader Beta(8, 4) (skewed: its Gaussian stand-in alone is off), arms 1-3 Beta(71, 131),
    // arm 4 Beta(5, 7).
    expect_plain_law({std::vector<ArmFamily>(kArms, ArmFamily::bernoulli()),
                      {0.7, 0.35, 0.35, 0.35, 0.4},
                      {10.0, 200.0, 200.0, 200.0, 10.0}},
                     3);
  }
  SECTION("Bernoulli arms, one without a one yet") {
    // Arm 4 Beta(1, 4): its stand-in is chosen otherwise (alpha = 1).
    expect_plain_law({std::vector<ArmFamily>(kArms, ArmFamily::bernoulli()),
                      {0.7, 0.35, 0.35, 0.35, 0.0},
                      {10.0, 200.0, 200.0, 200.0, 3.0}},
                     5);
  }
}

TEST_CASE("normal_above draws the truncated normal", "[identification][samplers]") {
  RandomStream rng(RunSeed{44, 3, 0}, StreamRole::Algorithm);
  for (const double a : {-2.0, -0.3, 0.0, 0.7, 3.0, 12.0}) {
    double sum = 0.0, squares = 0.0;
    constexpr int kSamples = 20000;
    for (int i = 0; i < kSamples; ++i) {
      const double z = cpex::identification::normal_above(a, rng);
      REQUIRE(z > a);
      sum += z;
      squares += z * z;
    }
    const double tail = 0.5 * std::erfc(a / std::sqrt(2.0));
    const double density = std::exp(-0.5 * a * a) / std::sqrt(2.0 * std::numbers::pi);
    const double mean = density / tail, variance = 1.0 + a * mean - mean * mean;
    INFO("a = " << a << ": mean " << sum / kSamples << " against " << mean);
    CHECK(std::abs(sum / kSamples - mean) < 5.0 * std::sqrt(variance / kSamples));
    CHECK(squares / kSamples - (sum / kSamples) * (sum / kSamples) == Approx(variance).epsilon(0.06));
  }
}

TEST_CASE("TTTS's challenger keeps its terms across calls: the draws are those without them",
          "[identification][samplers]") {
  // prepare() keeps each arm's term R_j P_g(E_j) while the arm and the leader are unchanged.
  // A challenger keeping them and one made to forget them before every call, each over 400
  // calls of its own stream (the same seed), the statistics moved between calls as a run moves
  // them (the leader pulled, one or two other arms pulled, the lead passing between two arms),
  // must draw the same challengers from the same draws: the same partial sums to the bit.
  constexpr std::size_t kMany = 40;
  for (const bool bernoulli : {false, true}) {
    INFO((bernoulli ? "Bernoulli" : "Gaussian") << " arms");
    const std::vector<ArmFamily> families(
        kMany, bernoulli ? ArmFamily::bernoulli() : ArmFamily::gaussian(0.5));
    RandomStream moves(RunSeed{45, bernoulli ? 1u : 0u, 0}, StreamRole::EnvironmentNoise);
    std::vector<double> counts(kMany), sums(kMany), means(kMany);
    for (std::size_t a = 0; a < kMany; ++a) {
      counts[a] = 200.0 + std::floor(300.0 * moves.uniform01());
      const double mean = a == 7 ? 0.75 : (a == 3 ? 0.74 : 0.2 + 0.4 * moves.uniform01());
      sums[a] = std::round(counts[a] * mean);
    }
    RandomStream a(RunSeed{46, 0, 0}, StreamRole::Algorithm),
        b(RunSeed{46, 0, 0}, StreamRole::Algorithm);
    TttsChallenger kept, forgetting;
    std::size_t leader_changes = 0, previous = kMany;
    for (int call = 0; call < 400; ++call) {
      for (std::size_t arm = 0; arm < kMany; ++arm) means[arm] = sums[arm] / counts[arm];
      const auto leader =
          static_cast<std::size_t>(std::max_element(means.begin(), means.end()) - means.begin());
      leader_changes += leader != previous;
      previous = leader;
      forgetting.forget_terms();
      const std::size_t from_kept = kept.draw(families, means, counts, leader, a);
      const std::size_t from_forgetting = forgetting.draw(families, means, counts, leader, b);
      INFO("call " << call << ", leader " << leader);
      REQUIRE(from_kept == from_forgetting);
      const auto kept_sums = kept.union_weights(), forgetting_sums = forgetting.union_weights();
      REQUIRE(std::equal(kept_sums.begin(), kept_sums.end(), forgetting_sums.begin(),
                         forgetting_sums.end()));
      // The run moves on: the leader pulled, or one or two other arms, or the lead passes.
      const double u = moves.uniform01();
      const std::size_t other = static_cast<std::size_t>(moves.uniform01() * kMany) % kMany;
      if (u < 0.5) {
        counts[leader] += 1.0;
        sums[leader] += moves.uniform01() < 0.7 ? 1.0 : 0.0;
      } else if (u < 0.95) {
        counts[other] += 1.0;
        sums[other] += moves.uniform01() < 0.4 ? 1.0 : 0.0;
        if (u < 0.7)
          counts[(other + 13) % kMany] += 1.0;  // a second arm, its mean moved by the count
      } else {
        const std::size_t runner_up = leader == 7 ? 3 : 7;
        sums[runner_up] += 0.05 * counts[runner_up];  // the lead passes to the other top arm
        sums[leader] -= 0.05 * counts[leader];
      }
    }
    CHECK(a.uniform01() == b.uniform01());  // the same draws consumed
    CHECK(kept.union_proposals() == forgetting.union_proposals());
    CHECK(kept.union_proposals() > 100);  // the union's terms were used, and kept, often
    CHECK(leader_changes > 5);
  }
}
