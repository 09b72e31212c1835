// KlIndexArgmax (cpex/identification/kl_index_argmax.hpp) against the full scan: the argmax
// (smallest index among ties) of numerics::kl_upper_bound over every arm, on Bernoulli, Gaussian
// and Poisson arms with many equal means and counts (ties), means at 0 and 1, levels from 0.1 to
// 10^4 (where most Bernoulli indices round to 1 and tie), after random changes of single arms;
// and that the groups spare most indices once the counts have spread.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "cpex/identification/kl_index_argmax.hpp"
#include "cpex/numerics/kl_confidence.hpp"
#include "cpex/random.hpp"

using namespace cpex;
using cpex::identification::KlIndexArgmax;
using numerics::ArmFamily;

namespace {

std::size_t full_scan(const ArmFamily& family, const std::vector<double>& means, const std::vector<double>& counts,
                      double level) {
  std::size_t best = 0;
  double top = -1e300;
  for (std::size_t a = 0; a < means.size(); ++a) {
    const double index = numerics::kl_upper_bound(family, means[a], counts[a], level);
    if (index > top) {
      top = index;
      best = a;
    }
  }
  return best;
}

// An arm's statistics: a count in [1, max_count], a mean of that many rewards (Bernoulli: ones
// out of the count — over [0, 1], or over [0.2, 0.6] when `middle`, where no index rounds to 1
// and the caps decide; Gaussian: a coarse grid, so that means repeat; Poisson: counts of events).
void draw_arm(const ArmFamily& family, double max_count, bool middle, RandomStream& rng, double& mean, double& count) {
  count = 1.0 + static_cast<double>(rng.below(static_cast<std::uint64_t>(max_count)));
  const double u = middle ? 0.2 + 0.4 * rng.uniform01() : rng.uniform01();
  switch (family.kind()) {
    case ArmFamily::Kind::Bernoulli: mean = std::round(u * count) / count; break;
    case ArmFamily::Kind::Poisson: mean = std::round(3.0 * u * count) / count; break;
    default: mean = std::round(8.0 * u) / 8.0; break;
  }
}

}  // namespace

TEST_CASE("KlIndexArgmax is the full scan's argmax of the KL upper indices", "[identification][samplers]") {
  for (const ArmFamily family : {ArmFamily::bernoulli(), ArmFamily::gaussian(0.5), ArmFamily::poisson()}) {
    for (const double max_count : {3.0, 40.0, 2000.0})
    for (const bool middle : {false, true}) {
      RandomStream rng(RunSeed{57, static_cast<std::uint64_t>(max_count), static_cast<std::uint64_t>(family.kind()) * 2 + middle},
                       StreamRole::Algorithm);
      const std::size_t k = 300;
      std::vector<double> means(k), counts(k);
      KlIndexArgmax argmax;
      argmax.reset(k);
      for (std::size_t a = 0; a < k; ++a) {
        draw_arm(family, max_count, middle, rng, means[a], counts[a]);
        argmax.set(a, means[a], counts[a]);
      }
      for (int step = 0; step < 200; ++step) {
        const std::size_t a = rng.below(k);
        draw_arm(family, max_count, middle, rng, means[a], counts[a]);
        argmax.set(a, means[a], counts[a]);
        const double level = std::pow(10.0, middle ? -1.0 + 3.0 * rng.uniform01() : -1.0 + 5.0 * rng.uniform01());
        INFO(family.name() << ", counts up to " << max_count << (middle ? ", middle means" : "") << ", level " << level
                           << ", step " << step);
        REQUIRE(argmax.argmax(family, level) == full_scan(family, means, counts, level));
      }
    }
  }
}

TEST_CASE("KlIndexArgmax computes few indices once the counts have spread", "[identification][samplers]") {
  // 10^4 Bernoulli arms, counts 50 ... 5,000, means up to 0.5 and one arm at 0.7: a late round.
  const std::size_t k = 10000;
  RandomStream rng(RunSeed{58, 0, 0}, StreamRole::Algorithm);
  KlIndexArgmax argmax;
  argmax.reset(k);
  std::vector<double> means(k), counts(k);
  for (std::size_t a = 0; a < k; ++a) {
    counts[a] = 50.0 + static_cast<double>(rng.below(4951));
    means[a] = std::round((a == 4321 ? 0.7 : 0.5 * rng.uniform01()) * counts[a]) / counts[a];
    argmax.set(a, means[a], counts[a]);
  }
  const ArmFamily family = ArmFamily::bernoulli();
  const double level = 2.64 * std::log(1e6);
  CHECK(argmax.argmax(family, level) == full_scan(family, means, counts, level));
  INFO(argmax.computed() << " indices computed of " << k);
  CHECK(argmax.computed() < k / 20);
}
