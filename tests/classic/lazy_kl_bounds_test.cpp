// kl-lucb's lazy extreme (plugins/bestk/kl/lazy_kl_bounds.hpp) equals the full scan: on
// random arms (with repeated means and counts, so ties happen), rising levels inside an
// epoch, samples that change an arm, and both directions, in lazy (K > 16) and scan mode.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "cpex/numerics/kl_confidence.hpp"
#include "lazy_kl_bounds.hpp"

using cpex::bestk::kl::LazyKlBounds;
using cpex::numerics::ArmFamily;

TEST_CASE("The lazy KL extreme is the full scan's, ties to the smaller index", "[kl-confidence]") {
  std::mt19937_64 rng(30);
  for (std::size_t arms : {5, 40, 300})
    for (bool upper : {true, false})
      for (const ArmFamily family : {ArmFamily::bernoulli(), ArmFamily::gaussian(0.5)}) {
        std::vector<double> mean(arms), count(arms);
        for (std::size_t a = 0; a < arms; ++a) {
          mean[a] = static_cast<double>(rng() % 20) / 20.0;  // repeats: ties
          count[a] = static_cast<double>(1 + rng() % 5);
        }
        auto bound = [&](std::size_t a, double level) {
          return upper ? cpex::numerics::kl_upper_bound(family, mean[a], count[a], level)
                       : cpex::numerics::kl_lower_bound(family, mean[a], count[a], level);
        };
        LazyKlBounds lazy;
        lazy.reset(arms, upper, bound);
        std::vector<bool> member(arms);
        for (std::size_t a = 0; a < arms; ++a)
          if (rng() % 3 != 0) member[a] = true, lazy.refresh(a);
        double level = 1.0;
        for (int epoch = 0; epoch < 6; ++epoch) {
          const double outer = level + 3.0;
          lazy.set_outer_level(outer);
          for (int round = 0; round < 30; ++round) {
            level += 0.1;  // below the outer level
            // A sample changes one member.
            std::size_t a = rng() % arms;
            if (member[a]) {
              count[a] += 1.0;
              mean[a] = static_cast<double>(rng() % 20) / 20.0;
              lazy.refresh(a);
            }
            std::size_t best = arms;
            double value = 0.0;
            for (std::size_t i = 0; i < arms; ++i) {
              if (!member[i]) continue;
              const double b = bound(i, level);
              if (best == arms || (upper ? b > value : b < value)) best = i, value = b;
            }
            const auto extreme = lazy.extreme(level);
            REQUIRE(extreme.arm == best);
            REQUIRE(extreme.bound == value);
          }
          level = outer;
        }
      }
}
