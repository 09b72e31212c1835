// The KL confidence bounds (numerics/kl_confidence.hpp): closed forms where they exist
// (Gaussian: mean +- sigma sqrt(2 level / N); Bernoulli at 0 and 1), the defining
// equation N d(mean, bound) = level elsewhere, the safe side, and the family's limits.
#include <catch2/catch.hpp>

#include <cmath>

#include "cpex/numerics/kl_confidence.hpp"

using cpex::numerics::ArmFamily;
using cpex::numerics::kl_lower_bound;
using cpex::numerics::kl_upper_bound;

TEST_CASE("Gaussian KL bounds are mean +- sigma sqrt(2 level / N)", "[kl-confidence]") {
  for (double sigma : {0.1, 0.5, 3.0})
    for (double mean : {-2.0, 0.0, 0.37, 5.0})
      for (double count : {1.0, 7.0, 1000.0})
        for (double level : {0.01, 1.0, 25.0}) {
          const ArmFamily family = ArmFamily::gaussian(sigma);
          const double radius = sigma * std::sqrt(2.0 * level / count);
          const double upper = kl_upper_bound(family, mean, count, level);
          const double lower = kl_lower_bound(family, mean, count, level);
          INFO("sigma " << sigma << " mean " << mean << " N " << count << " level " << level);
          CHECK(upper >= mean + radius);  // the safe side
          CHECK(upper <= mean + radius + 1e-11 * std::max(1.0, std::abs(upper)));
          CHECK(lower <= mean - radius);
          CHECK(lower >= mean - radius - 1e-11 * std::max(1.0, std::abs(lower)));
        }
}

TEST_CASE("Bernoulli KL bounds solve N d(mean, q) = level inside [0, 1]", "[kl-confidence]") {
  const ArmFamily family = ArmFamily::bernoulli();
  for (double mean : {0.001, 0.05, 0.3, 0.5, 0.9, 0.999})
    for (double count : {1.0, 10.0, 500.0})
      for (double level : {0.05, 2.0, 12.0}) {
        INFO("mean " << mean << " N " << count << " level " << level);
        const double upper = kl_upper_bound(family, mean, count, level);
        const double lower = kl_lower_bound(family, mean, count, level);
        CHECK(upper >= mean);
        CHECK(upper <= 1.0);
        CHECK(lower <= mean);
        CHECK(lower >= 0.0);
        // Either the equation holds (to the bisection's precision) or the bound is the end.
        // Away from the ends (closer, the bound is the last mean before the end).
        if (upper < 1.0 - 1e-9) CHECK(count * family.kl(mean, upper) == Approx(level).epsilon(1e-6));
        else CHECK(upper >= 1.0 - 1e-9);
        if (lower > 1e-9) CHECK(count * family.kl(mean, lower) == Approx(level).epsilon(1e-6));
        else CHECK(lower >= 0.0);
        // Safe side: just inside the bound the divergence is within the level.
        CHECK(count * family.kl(mean, mean + (upper - mean) * (1 - 1e-9)) <= level);
      }
}

TEST_CASE("Bernoulli KL bounds at the ends of [0, 1] have closed forms", "[kl-confidence]") {
  const ArmFamily family = ArmFamily::bernoulli();
  // d(0, q) = -log(1 - q): U = 1 - exp(-level / N); d(1, q) = -log q: L = exp(-level / N).
  CHECK(kl_upper_bound(family, 0.0, 4.0, 2.0) == Approx(1.0 - std::exp(-0.5)).epsilon(1e-10));
  CHECK(kl_lower_bound(family, 0.0, 4.0, 2.0) == 0.0);
  CHECK(kl_lower_bound(family, 1.0, 4.0, 2.0) == Approx(std::exp(-0.5)).epsilon(1e-10));
  CHECK(kl_upper_bound(family, 1.0, 4.0, 2.0) == 1.0);
  // Level 0 or no sample: the mean itself.
  CHECK(kl_upper_bound(family, 0.3, 4.0, 0.0) == 0.3);
  CHECK(kl_lower_bound(family, 0.3, 0.0, 2.0) == 0.3);
}

TEST_CASE("KL bounds are tighter than the sub-Gaussian radius for Bernoulli means near 0",
          "[kl-confidence]") {
  // Pinsker: d(p, q) >= 2 (p - q)^2, so the KL radius is at most sqrt(level / (2N)); near 0
  // it is much smaller (the reason kl-lucb beats lucb on small means).
  const ArmFamily family = ArmFamily::bernoulli();
  const double count = 200.0, level = 5.0;
  const double hoeffding = std::sqrt(level / (2.0 * count));
  for (double mean : {0.01, 0.05, 0.5}) {
    const double upper = kl_upper_bound(family, mean, count, level);
    CHECK(upper - mean <= hoeffding);
    if (mean <= 0.05) CHECK(upper - mean < 0.6 * hoeffding);
  }
}

// kl_upper_bound_from / kl_lower_bound_from (Newton's method from a previous bound; Gaussian
// in closed form): the same guarantee as kl_upper_bound / kl_lower_bound — within 1e-12
// max(1, |bound|) of the exact bound and on its safe side, so within 2e-12 of theirs and on
// the outside of the defining equation — from starts a level ago, a sample ago, far away, on
// the wrong side and NaN (the fallback).
TEST_CASE("KL bounds from a previous bound keep the bounds' guarantee", "[kl-confidence]") {
  using cpex::numerics::kl_lower_bound_from;
  using cpex::numerics::kl_upper_bound_from;
  const ArmFamily families[] = {ArmFamily::bernoulli(), ArmFamily::poisson(), ArmFamily::gaussian(0.5),
                                ArmFamily::exponential()};
  int checked = 0;
  for (const ArmFamily& family : families)
    for (double mean : {0.0, 0.001, 0.1, 0.37, 0.5, 0.93, 1.0, 2.5})
      for (double count : {1.0, 3.0, 50.0, 1e5})
        for (double level : {0.05, 1.0, 9.2, 30.0}) {
          if (!family.valid_mean(mean) || (family.kind() == ArmFamily::Kind::Exponential && mean == 0.0)) continue;
          const double upper = kl_upper_bound(family, mean, count, level);
          const double lower = kl_lower_bound(family, mean, count, level);
          const double before_up = kl_upper_bound(family, mean, count, level * 0.999);
          const double before_low = kl_lower_bound(family, mean, count, level * 0.999);
          const double nan = std::nan("");
          for (double start : {before_up, upper, mean + 0.5 * (upper - mean), mean + 2.0 * (upper - mean), lower, nan}) {
            const double q = kl_upper_bound_from(family, mean, count, level, start);
            INFO(family.name() << " mean " << mean << " N " << count << " level " << level << " start " << start);
            CHECK(std::abs(q - upper) <= 2e-12 * std::max(1.0, std::abs(upper)));
            CHECK(family.valid_mean(q));
            if (q > mean && family.valid_mean(q) && q != upper) CHECK(count * family.kl(mean, q) >= level * (1 - 1e-12));
            ++checked;
          }
          for (double start : {before_low, lower, mean - 0.5 * (mean - lower), mean - 2.0 * (mean - lower), upper, nan}) {
            const double q = kl_lower_bound_from(family, mean, count, level, start);
            INFO(family.name() << " mean " << mean << " N " << count << " level " << level << " start " << start);
            CHECK(std::abs(q - lower) <= 2e-12 * std::max(1.0, std::abs(lower)));
            CHECK(family.valid_mean(q));
            if (q < mean && family.valid_mean(q) && q != lower) CHECK(count * family.kl(mean, q) >= level * (1 - 1e-12));
            ++checked;
          }
        }
  CHECK(checked > 500);
}
