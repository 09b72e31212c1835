// The numerics' vector passes against what they replace. Bit for bit (numerics/vector_passes.hpp):
// the game's optimistic gains of Gaussian arms (OptimisticGains' Gaussian branch:
// gaussian_kl_bound and ArmFamily::gaussian_kl), the best arm's transports
// (gaussian_pair_transport, or 0 where pair_transport gives 0), the best arm's transports' lower
// bounds on one Bernoulli or Poisson family (pair_transport_lower_bound), C-Tracking's pass (the
// scalar loop's sums and arm, ties included), Frank-Wolfe's step (iterate and arm, ties
// included), the scan's next value at or below a level and the one-family check, on random
// arms, every length from 1 to 19 (whole vectors and the padded rest), negative and zero means,
// zero weights and ties. To their stated accuracy (numerics/ada_hedge.hpp): vector_exp within 2 ulp
// of std::exp, and AdaHedge's weights against the scalar learner written here, over rounds.
// Registered twice (tag [vector-passes]): with AVX2 where the processor has it, and with
// CPEX_SIMD_SSE2=1.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "cpex/numerics/ada_hedge.hpp"
#include "cpex/numerics/exponential_family.hpp"
#include "cpex/numerics/kl_confidence.hpp"
#include "cpex/numerics/vector_passes.hpp"

using cpex::numerics::ArmFamily;

namespace {

std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }

}  // namespace

TEST_CASE("The Gaussian arms' vector passes give the scalar expressions' bits",
          "[identification][samplers][vector-passes]") {
  std::mt19937_64 rng(4403);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::size_t compared = 0;
  for (const double sigma : {0.5, 1.0, 3.7}) {
    for (std::size_t n = 1; n < 20; ++n) {
      std::vector<double> means(n), counts(n), lambda(n), w(n), gains(n), costs(n);
      for (std::size_t a = 0; a < n; ++a) {
        means[a] = a % 5 == 3 ? 0.0
                              : (a % 7 == 2 && a > 0 ? means[a - 1]
                                                     : 4.0 * unit(rng) - 2.0);  // zeros and ties
        counts[a] = 1.0 + std::floor(1000.0 * unit(rng));
        lambda[a] = unit(rng) < 0.7 ? means[a] : 4.0 * unit(rng) - 2.0;
        // Some weights 0, some subnormal (subnormal costs: a power-of-two 2 sigma^2 is a product).
        w[a] = a % 6 == 4 ? 0.0 : (a % 11 == 7 ? 1e-310 * unit(rng) : unit(rng));
      }
      const double level = std::log(1000.0 + 1e5 * unit(rng));
      cpex::numerics::gaussian_optimistic_gains(sigma, level, means.data(), counts.data(),
                                                lambda.data(), gains.data(), n);
      for (std::size_t a = 0; a < n; ++a) {
        const double budget = level / counts[a];
        const double upper = cpex::numerics::gaussian_kl_bound(sigma, means[a], budget, 1.0);
        const double lower = cpex::numerics::gaussian_kl_bound(sigma, means[a], budget, -1.0);
        const double expected =
            std::max({ArmFamily::gaussian_kl(sigma, upper, lambda[a]),
                      ArmFamily::gaussian_kl(sigma, lower, lambda[a]), level / counts[a]});
        CHECK(bits(gains[a]) == bits(expected));
        ++compared;
      }
      const ArmFamily family = ArmFamily::gaussian(sigma);
      for (std::size_t best = 0; best < n; best += 3) {
        const std::size_t least = cpex::numerics::gaussian_transport_costs(
            sigma, best, w.data(), means.data(), costs.data(), n);
        CHECK(costs[best] == std::numeric_limits<double>::infinity());
        std::size_t scanned =
            n;  // the best response's former scan: the first piece of the least cost
        for (std::size_t j = 0; j < n; ++j)
          if (j != best && (scanned == n || costs[j] < costs[scanned])) scanned = j;
        CHECK(least == (n < 2 ? n : scanned));
        for (std::size_t j = 0; j < n; ++j) {
          if (j == best) continue;
          const double expected =
              cpex::numerics::pair_transport(family, w[best], means[best], family, w[j], means[j])
                  .cost;
          CHECK(bits(costs[j]) == bits(expected));
          ++compared;
        }
      }
    }
  }
  CHECK(compared > 1000);
}

TEST_CASE("The transports' lower bounds on Bernoulli and Poisson arms give the scalar bits",
          "[identification][samplers][vector-passes]") {
  std::mt19937_64 rng(4406);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::size_t compared = 0, positive = 0;
  for (const ArmFamily& family : {ArmFamily::bernoulli(), ArmFamily::poisson()}) {
    const bool bernoulli = family.kind() == ArmFamily::Kind::Bernoulli;
    const double top = bernoulli ? 1.0 : 8.0;
    for (std::size_t n = 1; n < 20; ++n) {
      std::vector<double> means(n), w(n), floors(n);
      for (std::size_t a = 0; a < n; ++a) {
        means[a] = a % 5 == 3            ? (bernoulli && a % 2 ? 1.0 : 0.0)  // ends of the means
                   : a % 7 == 2 && a > 0 ? means[a - 1]                      // ties
                                         : top * unit(rng);
        w[a] =
            a % 6 == 4 ? 0.0 : (a % 4 == 1 ? 1e-9 : 1.0) * (1.0 + 1e4 * unit(rng));  // zeros, small
      }
      for (std::size_t best = 0; best < n; ++best) {
        const std::size_t least = cpex::numerics::transport_floors(bernoulli, best, w.data(),
                                                                   means.data(), floors.data(), n);
        CHECK(floors[best] == std::numeric_limits<double>::infinity());
        std::size_t scanned = n;  // the best response's scan: the first piece of the least bound
        for (std::size_t j = 0; j < n; ++j) {
          if (j == best) continue;
          const double expected = cpex::numerics::pair_transport_lower_bound(
              family, w[best], means[best], family, w[j], means[j]);
          CHECK(bits(floors[j]) == bits(expected));
          if (scanned == n || expected < floors[scanned]) scanned = j;
          positive += expected > 0.0;
          ++compared;
        }
        CHECK(least == (n < 2 ? n : scanned));
      }
    }
  }
  CHECK(compared > 2000);
  CHECK(positive > 500);  // (the bounds are not all the 0 of the degenerate pairs)
}

TEST_CASE("C-Tracking's vector pass gives the scalar loop's sums and arm",
          "[identification][samplers][vector-passes]") {
  std::mt19937_64 rng(4404);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (std::size_t n = 1; n < 20; ++n) {
    for (const double scale : {1.0, 1.37}) {
      std::vector<double> sum(n), add(n), counts(n);
      for (std::size_t a = 0; a < n; ++a) {
        sum[a] = std::floor(8.0 * unit(rng)) / 4.0;  // coarse: ties between arms
        add[a] = a % 3 == 0 ? 0.25 : unit(rng);
        counts[a] = std::floor(3.0 * unit(rng));
      }
      std::vector<double> scalar = sum;
      std::size_t expected = 0;
      double best = -std::numeric_limits<double>::infinity();
      for (std::size_t a = 0; a < n; ++a) {  // CumulativeTracking's former loop
        scalar[a] += scale == 1.0 ? add[a] : add[a] / scale;
        if (scalar[a] - counts[a] > best) {
          best = scalar[a] - counts[a];
          expected = a;
        }
      }
      CHECK(cpex::numerics::deficit_argmax(sum.data(), add.data(), scale, counts.data(), n) ==
            expected);
      for (std::size_t a = 0; a < n; ++a) CHECK(bits(sum[a]) == bits(scalar[a]));
    }
  }
}

TEST_CASE("Frank-Wolfe's vector step gives the scalar loop's iterate and arm",
          "[identification][samplers][vector-passes]") {
  // fw-sampling's former loop: the step, then the first arm of the largest ratio x / N. Coarse
  // iterates and counts make ratios tie between arms in one vector, in different vectors and in
  // the rest; a sparse z (the game's) and a uniform one (forced exploration).
  std::mt19937_64 rng(4405);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (std::size_t n = 1; n < 20; ++n) {
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<double> x(n), z(n, 0.0), counts(n);
      for (std::size_t a = 0; a < n; ++a) {
        x[a] = trial % 2 ? std::floor(4.0 * unit(rng)) / 8.0 : unit(rng);
        counts[a] = 1.0 + std::floor((trial % 2 ? 3.0 : 100.0) * unit(rng));
        if (trial % 4 == 3)
          z[a] = 1.0 / static_cast<double>(n);
        else if (unit(rng) < 0.3)
          z[a] = unit(rng);
      }
      const double t = 2.0 + std::floor(1000.0 * unit(rng));
      std::vector<double> scalar = x;
      std::vector<double> ratio(n);
      for (std::size_t a = 0; a < n; ++a) {
        scalar[a] = ((t - 1.0) * scalar[a] + z[a]) / t;
        ratio[a] = scalar[a] / counts[a];
      }
      std::size_t expected = 0;
      double most = ratio[0];
      for (std::size_t a = 1; a < n; ++a)
        if (ratio[a] > most) {
          most = ratio[a];
          expected = a;
        }
      INFO("n = " << n << ", trial " << trial);
      CHECK(cpex::numerics::frank_wolfe_step(x.data(), z.data(), counts.data(), t, n) == expected);
      for (std::size_t a = 0; a < n; ++a) CHECK(bits(x[a]) == bits(scalar[a]));
    }
  }
}

TEST_CASE("The scan's next value at or below a level is the scalar scan's",
          "[identification][samplers][vector-passes]") {
  // first_not_above against the loop it replaces, from every start, on values above, equal to
  // and below the level, +infinity and NaN (never above: taken), in whole vectors and the rest.
  std::mt19937_64 rng(4406);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double nan = std::numeric_limits<double>::quiet_NaN(),
               inf = std::numeric_limits<double>::infinity();
  for (std::size_t n = 0; n < 20; ++n)
    for (int trial = 0; trial < 30; ++trial) {
      std::vector<double> v(n);
      for (double& x : v) {
        const double u = unit(rng);
        x = u < 0.7    ? 1.0 + unit(rng)
            : u < 0.8  ? 1.0
            : u < 0.9  ? inf
            : u < 0.95 ? nan
                       : 0.5 * unit(rng);
      }
      for (const double level : {1.0, 1.5, 0.25}) {
        for (std::size_t from = 0; from <= n + 1; ++from) {
          std::size_t expected = n;
          for (std::size_t j = from; j < n; ++j)
            if (!(v[j] > level)) {
              expected = j;
              break;
            }
          INFO("n = " << n << ", from " << from << ", level " << level);
          CHECK(cpex::numerics::first_not_above(v.data(), from, n, level) == expected);
        }
      }
    }
}

TEST_CASE("One family of arms is recognized by its kind and sigma alone",
          "[identification][samplers][vector-passes]") {
  // ArmFamily::all_alike (one_gaussian_family, one_family_of_kind) against the scalar test
  // f.kind() == kind && f.sigma() == sigma on every family, with one family changed at each
  // position: another sigma (an ulp away, or half), another
  // kind of the same sigma (Bernoulli's 0.5 against Gaussian of 0.5).
  using Kind = ArmFamily::Kind;
  for (std::size_t n = 1; n < 12; ++n)
    for (std::size_t at = 0; at < n; ++at)
      for (int change = 0; change < 4; ++change) {
        std::vector<ArmFamily> families(n, ArmFamily::gaussian(0.5));
        if (change == 1) families[at] = ArmFamily::gaussian(std::nextafter(0.5, 1.0));
        if (change == 2) families[at] = ArmFamily::bernoulli();
        if (change == 3) families[at] = ArmFamily::gaussian(0.25);
        for (const Kind kind : {Kind::Gaussian, Kind::Bernoulli})
          for (const double sigma : {0.5, 0.25}) {
            bool expected = true;
            for (const ArmFamily& f : families)
              expected = expected && f.kind() == kind && f.sigma() == sigma;
            INFO("n = " << n << ", changed " << at << " (" << change << ")");
            CHECK(ArmFamily::all_alike(families, kind, sigma) == expected);
          }
        CHECK(cpex::numerics::one_gaussian_family(families) ==
              (change == 0 || (n == 1 && change != 2)));
        CHECK(cpex::numerics::one_family_of_kind(families, Kind::Bernoulli) ==
              (n == 1 && change == 2));
      }
  CHECK_FALSE(cpex::numerics::one_gaussian_family({}));
  CHECK(ArmFamily::all_alike({}, Kind::Gaussian, 1.0));
}

TEST_CASE("The learner's vector exponential is within 2 ulp of exp",
          "[identification][samplers][vector-passes]") {
  std::mt19937_64 rng(4405);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<double> x(4099), out(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = i < 5 ? -static_cast<double>(i) : -708.0 * std::pow(unit(rng), 3.0);
  x[5] = -708.0;
  x[6] = -1e-300;
  cpex::numerics::vector_exp(x, out);
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double exact = std::exp(x[i]);
    CHECK(std::abs(out[i] - exact) <= 2.0 * std::numeric_limits<double>::epsilon() * exact);
  }
  const std::vector<double> below = {-708.5, -745.0, -800.0, -1e300};
  std::vector<double> zeros(below.size(), 1.0);
  cpex::numerics::vector_exp(below, zeros);
  for (const double z : zeros) CHECK(z == 0.0);
}

TEST_CASE("AdaHedge's vector passes follow the scalar learner",
          "[identification][samplers][vector-passes]") {
  // The scalar AdaHedge (de Rooij et al. 2014), written here: w ~ exp(eta G), eta = ln K / Delta,
  // Delta += (mix loss - expected loss) each round.
  struct Scalar {
    std::vector<double> cumulative, weights;
    double gap;
    double eta() const { return std::log(static_cast<double>(cumulative.size())) / gap; }
    void gain(const std::vector<double>& g) {
      double expected = 0.0, top = -std::numeric_limits<double>::infinity();
      for (std::size_t i = 0; i < g.size(); ++i) {
        expected += weights[i] * g[i];
        if (weights[i] > 0.0) top = std::max(top, g[i]);
      }
      double sum = 0.0;
      for (std::size_t i = 0; i < g.size(); ++i) sum += weights[i] * std::exp(eta() * (g[i] - top));
      gap += std::max(0.0, top + std::log(sum) / eta() - expected);
      for (std::size_t i = 0; i < g.size(); ++i) cumulative[i] += g[i];
      const double high = *std::max_element(cumulative.begin(), cumulative.end());
      double total = 0.0;
      for (std::size_t i = 0; i < g.size(); ++i)
        total += weights[i] = std::exp(eta() * (cumulative[i] - high));
      for (double& w : weights) w /= total;
    }
  };
  std::mt19937_64 rng(4406);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const std::size_t k : {3u, 10u, 37u}) {
    cpex::numerics::AdaHedge learner(k, 0.01);
    Scalar reference{std::vector<double>(k, 0.0),
                     std::vector<double>(k, 1.0 / static_cast<double>(k)), 0.01};
    std::vector<double> g(k);
    for (int round = 0; round < 300; ++round) {
      for (std::size_t i = 0; i < k; ++i)
        g[i] = (i % 4 == 1 ? 0.3 : 0.1) * unit(rng) + (round % 50 == 0 ? 2.0 * unit(rng) : 0.0);
      learner.gain(g);
      reference.gain(g);
      CHECK(learner.learning_rate() == Approx(reference.eta()).epsilon(1e-11));
      for (std::size_t i = 0; i < k; ++i)
        CHECK(learner.weights()[i] == Approx(reference.weights[i]).epsilon(1e-9).margin(1e-300));
    }
  }
}
