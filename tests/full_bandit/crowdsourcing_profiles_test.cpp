// The simulated crowdsourcing profiles match seed 001 Table 1 exactly: n workers, average and
// best accuracy, and the gap between the 10th and 11th accuracies (Delta_min), for several
// instance seeds; every accuracy lies in [0, 1]; names fold case and the accent of Pokémon.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <numeric>

#include "crowdsourcing_profiles.hpp"
#include "cpex/errors.hpp"

using namespace cpex;
using namespace cpex::environments;

TEST_CASE("Crowdsourcing profiles match Table 1 of seed 001", "[full-bandit][unit]") {
  REQUIRE(crowdsourcing_profiles().size() == 6);
  for (const auto& profile : crowdsourcing_profiles())
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      RandomStream rng(RunSeed{seed, 0}, StreamRole::EnvironmentInstance);
      std::vector<double> theta = crowdsourcing_accuracies(profile, 10, rng);
      INFO(profile.name << " seed " << seed);
      REQUIRE(theta.size() == profile.workers);
      const double mean = std::accumulate(theta.begin(), theta.end(), 0.0) / static_cast<double>(theta.size());
      CHECK(mean == Approx(profile.average).margin(1e-12));
      std::sort(theta.begin(), theta.end(), std::greater<>());
      CHECK(theta.front() == Approx(profile.best).margin(1e-12));
      CHECK(theta[9] - theta[10] == Approx(profile.delta_min).margin(1e-12));
      CHECK(theta.back() >= 0.0);
      CHECK(theta.front() <= 1.0);
    }
}

TEST_CASE("Profile names", "[full-bandit][unit]") {
  CHECK(find_crowdsourcing_profile("pokemon").workers == 55);
  CHECK(find_crowdsourcing_profile("Pokémon").workers == 55);
  CHECK(find_crowdsourcing_profile("SCIENCE").workers == 111);
  CHECK_THROWS_WITH(find_crowdsourcing_profile("Physics"),
                    Catch::Contains("IT, Medicine, Chinese, Pokemon, English, Science"));
}
