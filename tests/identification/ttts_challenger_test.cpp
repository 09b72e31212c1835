// The law of TTTS's challenger (cpex/identification/ttts_challenger.hpp): on a concentrated
// Gaussian posterior (P(E) ~ 2e-2, E = {argmax theta != leader}) the union-of-events sampler's
// challenger frequencies against plain re-drawing's, by the chi-square test of homogeneity
// (2 x 4 table, 3 degrees of freedom, rejected above 30.66: p = 1e-6). The instance makes the
// events overlap unevenly: arms 1-3 are tight and exceed the leader together when its draw is
// low, arm 4 is wide and exceeds alone, so a sampler without the 1/N acceptance (or with the
// wrong P(E_j), or the wrong conditional pair) over-weights arms 1-3 and fails. Plus
// normal_above's mean against the closed form E[Z | Z > a] = phi(a) / (1 - Phi(a)).
#include <catch2/catch.hpp>

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

// Challenger counts per arm over kDraws draws.
std::array<double, kArms> frequencies(bool union_of_events, std::uint64_t seed) {
  // Posterior standard deviations sigma / sqrt(N): 0.3 (leader), 0.05 (arms 1-3), 0.3 (arm 4).
  const std::vector<ArmFamily> families = {ArmFamily::gaussian(0.3), ArmFamily::gaussian(0.5), ArmFamily::gaussian(0.5),
                                           ArmFamily::gaussian(0.5), ArmFamily::gaussian(0.3)};
  const std::vector<double> means = {0.0, -0.8, -0.8, -0.8, -0.9}, counts = {1.0, 100.0, 100.0, 100.0, 1.0};
  RandomStream rng(RunSeed{44, seed, 0}, StreamRole::Algorithm);
  TttsChallenger challenger;
  std::array<double, kArms> count{};
  for (int i = 0; i < kDraws; ++i) {
    const std::size_t c = challenger.draw(families, means, counts, 0, rng, union_of_events);
    REQUIRE(c < kArms);
    REQUIRE(c != 0);
    ++count[c];
  }
  return count;
}

}  // namespace

TEST_CASE("TTTS's union-of-events challenger has plain re-drawing's law", "[identification][samplers]") {
  const std::array<double, kArms> fast = frequencies(true, 1), plain = frequencies(false, 2);
  double chi2 = 0.0;
  for (std::size_t a = 1; a < kArms; ++a) {
    const double column = fast[a] + plain[a];
    for (const double observed : {fast[a], plain[a]}) {
      const double expected = column / 2.0;  // equal row totals
      chi2 += (observed - expected) * (observed - expected) / expected;
    }
  }
  INFO("challenger counts, union of events: " << fast[1] << " " << fast[2] << " " << fast[3] << " " << fast[4]
                                              << "; plain: " << plain[1] << " " << plain[2] << " " << plain[3] << " "
                                              << plain[4] << "; chi2 = " << chi2);
  CHECK(chi2 < 30.66);
  // The instance is the one meant: arm 4 and arms 1-3 both matter.
  CHECK(plain[4] > 0.2 * kDraws);
  CHECK(plain[4] < 0.9 * kDraws);
}

// Bernoulli arms: the union stage draws from each Beta posterior's Gaussian approximation, so
// the law is not plain re-drawing's; the total variation distance between the two challenger
// laws on an instance like the Gaussian one (the leader Beta(8, 4), three tight arms at 0.35,
// one wide at 0.4) is the approximation's measured effect, bounded here (0.05).
TEST_CASE("TTTS's challenger on Beta posteriors stays near plain re-drawing's law", "[identification][samplers]") {
  const std::vector<ArmFamily> families(kArms, ArmFamily::bernoulli());
  const std::vector<double> means = {0.7, 0.35, 0.35, 0.35, 0.4}, counts = {10.0, 200.0, 200.0, 200.0, 10.0};
  std::array<std::array<double, kArms>, 2> count{};
  for (const bool union_of_events : {true, false}) {
    RandomStream rng(RunSeed{44, union_of_events ? 4u : 5u, 0}, StreamRole::Algorithm);
    TttsChallenger challenger;
    for (int i = 0; i < kDraws; ++i) {
      const std::size_t c = challenger.draw(families, means, counts, 0, rng, union_of_events);
      REQUIRE(c < kArms);
      ++count[union_of_events][c];
    }
  }
  double distance = 0.0;
  for (std::size_t a = 0; a < kArms; ++a) distance += 0.5 * std::abs(count[0][a] - count[1][a]) / kDraws;
  INFO("challenger counts, union of events: " << count[1][1] << " " << count[1][2] << " " << count[1][3] << " "
                                              << count[1][4] << "; plain: " << count[0][1] << " " << count[0][2] << " "
                                              << count[0][3] << " " << count[0][4] << "; total variation " << distance);
  CHECK(count[0][0] == 0.0);
  CHECK(count[1][0] == 0.0);
  CHECK(distance < 0.05);
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
