// The vector passes over Gaussian arms (numerics/gaussian_passes.hpp) against the scalar
// expressions they replace, bit for bit: the game's optimistic gains (OptimisticGains' Gaussian
// branch: gaussian_kl_bound and ArmFamily::gaussian_kl) and the best arm's transports
// (gaussian_pair_transport, or 0 where pair_transport gives 0), on random arms, every length
// from 1 to 19 (whole vectors and the padded rest), negative and zero means, zero weights and
// ties. Registered twice: with AVX2 where the processor has it, and with CPEX_GAUSSIAN_PASSES_SSE2=1.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include "cpex/numerics/exponential_family.hpp"
#include "cpex/numerics/gaussian_passes.hpp"
#include "cpex/numerics/kl_confidence.hpp"

using cpex::numerics::ArmFamily;

namespace {

std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }

}  // namespace

TEST_CASE("The Gaussian arms' vector passes give the scalar expressions' bits", "[identification][samplers]") {
  std::mt19937_64 rng(4403);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::size_t compared = 0;
  for (const double sigma : {0.5, 1.0, 3.7}) {
    for (std::size_t n = 1; n < 20; ++n) {
      std::vector<double> means(n), counts(n), lambda(n), w(n), gains(n), costs(n);
      for (std::size_t a = 0; a < n; ++a) {
        means[a] = a % 5 == 3 ? 0.0 : (a % 7 == 2 && a > 0 ? means[a - 1] : 4.0 * unit(rng) - 2.0);  // zeros and ties
        counts[a] = 1.0 + std::floor(1000.0 * unit(rng));
        lambda[a] = unit(rng) < 0.7 ? means[a] : 4.0 * unit(rng) - 2.0;
        w[a] = a % 6 == 4 ? 0.0 : unit(rng);  // some weights 0
      }
      const double level = std::log(1000.0 + 1e5 * unit(rng));
      cpex::numerics::gaussian_optimistic_gains(sigma, level, means.data(), counts.data(), lambda.data(), gains.data(), n);
      for (std::size_t a = 0; a < n; ++a) {
        const double budget = level / counts[a];
        const double upper = cpex::numerics::gaussian_kl_bound(sigma, means[a], budget, 1.0);
        const double lower = cpex::numerics::gaussian_kl_bound(sigma, means[a], budget, -1.0);
        const double expected = std::max({ArmFamily::gaussian_kl(sigma, upper, lambda[a]),
                                          ArmFamily::gaussian_kl(sigma, lower, lambda[a]), level / counts[a]});
        CHECK(bits(gains[a]) == bits(expected));
        ++compared;
      }
      const ArmFamily family = ArmFamily::gaussian(sigma);
      for (std::size_t best = 0; best < n; best += 3) {
        cpex::numerics::gaussian_transport_costs(sigma, best, w.data(), means.data(), costs.data(), n);
        CHECK(costs[best] == std::numeric_limits<double>::infinity());
        for (std::size_t j = 0; j < n; ++j) {
          if (j == best) continue;
          const double expected = cpex::numerics::pair_transport(family, w[best], means[best], family, w[j], means[j]).cost;
          CHECK(bits(costs[j]) == bits(expected));
          ++compared;
        }
      }
    }
  }
  CHECK(compared > 1000);
}
