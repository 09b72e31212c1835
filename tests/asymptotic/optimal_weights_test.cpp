// w*(mu) and T*(mu) (Garivier & Kaufmann 2016, Thm 5) against closed forms (two Gaussian
// arms: w* = (1/2, 1/2), T* = 8 sigma^2 / Delta^2; two Bernoulli arms: the Chernoff point),
// against an independent solver (nested golden-section search of the max-min of GK's
// Lemma 3 over the simplex, with its own KL), with the best arm at random positions, near
// ties and exact ties; plus the KL divergences and the GLR statistic by hand.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

#include "cpex/numerics/exponential_family.hpp"
#include "cpex/numerics/optimal_weights.hpp"

using namespace cpex::numerics;

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The test's own divergences (plain formulas, no cancellation handling).
double naive_kl(bool bernoulli, double sigma, double x, double y) {
  if (!bernoulli) return (x - y) * (x - y) / (2.0 * sigma * sigma);
  auto term = [](double p, double q) { return p == 0.0 ? 0.0 : p * std::log(p / q); };
  return term(x, y) + term(1.0 - x, 1.0 - y);
}

// Lemma 3's objective: min over a != best of w_b d(mu_b, m) + w_a d(mu_a, m).
double lemma3(const std::vector<double>& mu, const std::vector<double>& w, bool bernoulli,
              double sigma) {
  const std::size_t best = static_cast<std::size_t>(std::max_element(mu.begin(), mu.end()) - mu.begin());
  double value = kInfinity;
  for (std::size_t a = 0; a < mu.size(); ++a) {
    if (a == best) continue;
    const double total = w[best] + w[a];
    if (total <= 0.0) return 0.0;
    const double m = (w[best] * mu[best] + w[a] * mu[a]) / total;
    value = std::min(value, w[best] * naive_kl(bernoulli, sigma, mu[best], m) +
                                w[a] * naive_kl(bernoulli, sigma, mu[a], m));
  }
  return value;
}

// Maximum of a concave function on [lo, hi] by golden-section search (valid for any concave
// function, smooth or not).
double golden_max(const std::function<double(double)>& f, double lo, double hi, double* arg) {
  const double r = (std::sqrt(5.0) - 1.0) / 2.0;
  double a = lo, b = hi, c = b - r * (b - a), d = a + r * (b - a);
  double fc = f(c), fd = f(d);
  while (b - a > 1e-11) {
    if (fc < fd) {
      a = c; c = d; fc = fd; d = a + r * (b - a); fd = f(d);
    } else {
      b = d; d = c; fd = fc; c = b - r * (b - a); fc = f(c);
    }
  }
  *arg = 0.5 * (a + b);
  return f(*arg);
}

// max over the simplex of lemma3 by nested golden sections: w_0 in [0, 1], w_1 in
// [0, 1 - w_0], ...; each partial maximum of a concave function is concave.
struct Independent {
  std::vector<double> weights;
  double characteristic_time;
};

Independent independent_solve(const std::vector<double>& mu, bool bernoulli, double sigma) {
  const std::size_t k = mu.size();
  std::vector<double> w(k, 0.0);
  std::function<double(std::size_t, double)> level = [&](std::size_t i, double left) -> double {
    if (i + 1 == k) {
      w[i] = left;
      return lemma3(mu, w, bernoulli, sigma);
    }
    double arg = 0.0;
    return golden_max([&](double v) { w[i] = v; return level(i + 1, left - v); }, 0.0, left, &arg);
  };
  // Recover the maximizer coordinate by coordinate.
  Independent out;
  out.weights.assign(k, 0.0);
  double left = 1.0, value = 0.0;
  for (std::size_t i = 0; i + 1 < k; ++i) {
    double arg = 0.0;
    value = golden_max([&](double v) {
      for (std::size_t j = 0; j < i; ++j) w[j] = out.weights[j];
      w[i] = v;
      return level(i + 1, left - v);
    }, 0.0, left, &arg);
    out.weights[i] = arg;
    left -= arg;
  }
  out.weights[k - 1] = left;
  out.characteristic_time = 1.0 / value;
  return out;
}

std::vector<double> shuffled(std::vector<double> mu, std::mt19937& engine) {
  std::shuffle(mu.begin(), mu.end(), engine);
  return mu;
}

}  // namespace

TEST_CASE("Bernoulli and Gaussian KL divergences by hand", "[asymptotic][unit]") {
  const ArmFamily b = ArmFamily::bernoulli();
  CHECK(b.kl(0.5, 0.25) == Approx(0.5 * std::log(2.0) + 0.5 * std::log(0.5 / 0.75)).epsilon(1e-14));
  CHECK(b.kl(0.0, 0.4) == Approx(-std::log(0.6)).epsilon(1e-14));
  CHECK(b.kl(1.0, 0.4) == Approx(-std::log(0.4)).epsilon(1e-14));
  CHECK(b.kl(0.3, 0.0) == kInfinity);
  CHECK(b.kl(0.3, 1.0) == kInfinity);
  CHECK(b.kl(0.7, 0.7) == 0.0);
  // Near-equal arguments: the second-order expansion (x-y)^2 / (2 y (1-y)) to relative 1e-8.
  const double y = 0.3, x = y + 1e-9, gap = x - y;  // the gap as stored
  CHECK(b.kl(x, y) == Approx(gap * gap / (2.0 * y * (1.0 - y))).epsilon(1e-8));
  // Moderate distance through the cancellation-free branch (|u| < 1/2) vs the plain formula.
  CHECK(b.kl(0.42, 0.4) == Approx(naive_kl(true, 0.0, 0.42, 0.4)).epsilon(1e-11));
  const ArmFamily g = ArmFamily::gaussian(0.5);
  CHECK(g.kl(1.0, 0.2) == Approx(0.64 / 0.5).epsilon(1e-15));
  CHECK(g.kl_slope(1.0, 0.2) == Approx(-0.8 / 0.25).epsilon(1e-15));
  CHECK(b.kl_slope(0.7, 0.5) == Approx(-0.2 / 0.25).epsilon(1e-15));
}

TEST_CASE("The GLR statistic of two arms by hand", "[asymptotic][unit]") {
  // Gaussian, sigma = 2: N_a N_b/(N_a+N_b) (mu_a - mu_b)^2 / (2 sigma^2) = 12*4/16 * 0.25 / 8.
  const ArmFamily g = ArmFamily::gaussian(2.0);
  CHECK(g.glr(12, 1.5, 4, 1.0) == Approx(3.0 * 0.25 / 8.0).epsilon(1e-15));
  CHECK(g.glr(4, 1.0, 12, 1.5) == Approx(-3.0 * 0.25 / 8.0).epsilon(1e-15));
  // Bernoulli: 10 pulls at 0.7, 5 at 0.2, pooled mean 8/15.
  const ArmFamily b = ArmFamily::bernoulli();
  const double mid = 8.0 / 15.0;
  const double by_hand = 10.0 * (0.7 * std::log(0.7 / mid) + 0.3 * std::log(0.3 / (1.0 - mid))) +
                         5.0 * (0.2 * std::log(0.2 / mid) + 0.8 * std::log(0.8 / (1.0 - mid)));
  CHECK(b.glr(10, 0.7, 5, 0.2) == Approx(by_hand).epsilon(1e-13));
  CHECK(b.glr(0, 0.7, 5, 0.2) == 0.0);
}

TEST_CASE("Two Gaussian arms: w* = (1/2, 1/2) and T* = 8 sigma^2 / Delta^2", "[asymptotic][unit]") {
  for (double sigma : {0.25, 1.0, 3.0})
    for (double gap : {1.0, 0.1, 1e-4, 1e-8}) {
      const std::vector<double> mu = {0.2, 0.2 + gap};  // the best arm is arm 1
      const OptimalWeights r = optimal_weights(mu, ArmFamily::gaussian(sigma));
      INFO("sigma " << sigma << " gap " << gap);
      CHECK(r.unique_best);
      CHECK(r.best == 1);
      CHECK(r.weights[0] == Approx(0.5).epsilon(1e-10));
      CHECK(r.weights[1] == Approx(0.5).epsilon(1e-10));
      // The nominal gap is rounded by the addition: use the difference as stored.
      const double delta = mu[1] - mu[0];
      CHECK(r.characteristic_time == Approx(8.0 * sigma * sigma / (delta * delta)).epsilon(1e-10));
    }
}

TEST_CASE("Two Bernoulli arms: the Chernoff point in closed form", "[asymptotic][unit]") {
  // T*^{-1} = max_alpha alpha d(mu1, m) + (1-alpha) d(mu2, m), m = alpha mu1 + (1-alpha) mu2,
  // is attained where d(mu1, m*) = d(mu2, m*), i.e. logit(m*) = (phi(mu1) - phi(mu2))/(mu1 - mu2)
  // with phi(p) = p log p + (1-p) log(1-p); then T* = 1/d(mu1, m*), w_1 = (m* - mu2)/(mu1 - mu2).
  auto phi = [](double p) { return p * std::log(p) + (1.0 - p) * std::log(1.0 - p); };
  for (auto [mu1, mu2] : {std::pair{0.9, 0.1}, std::pair{0.5, 0.45}, std::pair{0.31, 0.3},
                          std::pair{0.99, 0.5}, std::pair{0.2, 0.01}, std::pair{0.5001, 0.5}}) {
    const double logit = (phi(mu1) - phi(mu2)) / (mu1 - mu2);
    const double m = 1.0 / (1.0 + std::exp(-logit));
    const double t_star = 1.0 / naive_kl(true, 0, mu1, m);
    const double w1 = (m - mu2) / (mu1 - mu2);
    const std::vector<double> mu = {mu2, mu1};
    const OptimalWeights r = optimal_weights(mu, ArmFamily::bernoulli());
    INFO("mu = (" << mu2 << ", " << mu1 << ")");
    const double tolerance = mu1 - mu2 < 1e-3 ? 1e-6 : 1e-10;  // phi difference loses digits
    CHECK(r.best == 1);
    CHECK(r.weights[1] == Approx(w1).epsilon(tolerance));
    CHECK(r.characteristic_time == Approx(t_star).epsilon(tolerance));
  }
}

TEST_CASE("w* and T* agree with an independent nested golden-section search",
          "[asymptotic][unit]") {
  std::mt19937 engine(20160215);
  std::uniform_real_distribution<double> uniform(0.05, 0.95);
  for (int instance = 0; instance < 12; ++instance) {
    const bool bernoulli = instance % 2 == 1;
    const std::size_t k = instance < 6 ? 3 : 4;
    std::vector<double> mu(k);
    for (double& m : mu) m = uniform(engine);
    mu = shuffled(mu, engine);  // the best arm lands anywhere
    const double sigma = bernoulli ? 0.5 : 0.7;
    const ArmFamily family = bernoulli ? ArmFamily::bernoulli() : ArmFamily::gaussian(sigma);
    const OptimalWeights r = optimal_weights(mu, family);
    const Independent ref = independent_solve(mu, bernoulli, sigma);
    INFO("instance " << instance << (bernoulli ? " bernoulli" : " gaussian") << " best " << r.best);
    CHECK(r.characteristic_time == Approx(ref.characteristic_time).epsilon(1e-7));
    for (std::size_t a = 0; a < k; ++a) CHECK(r.weights[a] == Approx(ref.weights[a]).margin(1e-5));
    // Lemma 4: at w* every pair's transportation cost equals 1/T*.
    CHECK(lemma3(mu, r.weights, bernoulli, sigma) == Approx(1.0 / r.characteristic_time).epsilon(1e-9));
  }
}

TEST_CASE("Near ties: the best arm barely ahead, and tied suboptimal arms", "[asymptotic][unit]") {
  for (bool bernoulli : {false, true}) {
    const double sigma = 1.0;
    const ArmFamily family = bernoulli ? ArmFamily::bernoulli() : ArmFamily::gaussian(sigma);
    // A near tie between the two best arms (best at index 2), and tied suboptimal arms.
    const std::vector<double> mu = {0.3, 0.5 - 1e-3, 0.5, 0.3};
    const OptimalWeights r = optimal_weights(mu, family);
    const Independent ref = independent_solve(mu, bernoulli, sigma);
    INFO((bernoulli ? "bernoulli" : "gaussian"));
    CHECK(r.best == 2);
    CHECK(r.characteristic_time == Approx(ref.characteristic_time).epsilon(1e-6));
    CHECK(r.weights[0] == Approx(r.weights[3]).epsilon(1e-12));
    for (std::size_t a = 0; a < mu.size(); ++a) CHECK(r.weights[a] == Approx(ref.weights[a]).margin(1e-5));
    // A much closer tie: w* tends to (1/2, 1/2) on the two leaders, T* to the two-arm value.
    const std::vector<double> close = {0.5, 0.3, 0.5 - 1e-7};
    const OptimalWeights c = optimal_weights(close, family);
    const double two_arm = optimal_weights(std::vector<double>{0.5, 0.5 - 1e-7}, family).characteristic_time;
    CHECK(c.weights[0] == Approx(0.5).margin(1e-4));
    CHECK(c.characteristic_time == Approx(two_arm).epsilon(1e-4));
    CHECK(c.characteristic_time > two_arm);
  }
}

TEST_CASE("Exact ties for the best arm: T* is infinite, weights uniform on the tied arms",
          "[asymptotic][unit]") {
  const std::vector<double> mu = {0.2, 0.6, 0.4, 0.6};
  for (const ArmFamily& family : {ArmFamily::gaussian(1.0), ArmFamily::bernoulli()}) {
    const OptimalWeights r = optimal_weights(mu, family);
    CHECK_FALSE(r.unique_best);
    CHECK(r.characteristic_time == kInfinity);
    CHECK(r.weights == std::vector<double>{0.0, 0.5, 0.0, 0.5});
    CHECK(characteristic_time(mu, family) == kInfinity);
  }
}

TEST_CASE("Gaussian T* scales with sigma^2, w* does not", "[asymptotic][unit]") {
  const std::vector<double> mu = {0.1, 0.9, 0.5, 0.7, 0.3};
  const OptimalWeights one = optimal_weights(mu, ArmFamily::gaussian(1.0));
  const OptimalWeights three = optimal_weights(mu, ArmFamily::gaussian(3.0));
  CHECK(three.characteristic_time == Approx(9.0 * one.characteristic_time).epsilon(1e-10));
  for (std::size_t a = 0; a < mu.size(); ++a) CHECK(three.weights[a] == Approx(one.weights[a]).epsilon(1e-10));
  CHECK(std::accumulate(one.weights.begin(), one.weights.end(), 0.0) == Approx(1.0).epsilon(1e-14));
}

TEST_CASE("Garivier & Kaufmann's published optimal weights of their two Bernoulli instances",
          "[asymptotic][unit]") {
  // GK 2016 §6 (Table 1): w*(mu1) = [0.417 0.390 0.136 0.057], w*(mu2) = [0.336 0.251 0.177
  // 0.132 0.104], printed to three decimals.
  const OptimalWeights a = optimal_weights(std::vector<double>{0.5, 0.45, 0.43, 0.4}, ArmFamily::bernoulli());
  const std::vector<double> wa = {0.417, 0.390, 0.136, 0.057};
  for (std::size_t i = 0; i < wa.size(); ++i) CHECK(a.weights[i] == Approx(wa[i]).margin(5e-4));
  const OptimalWeights b =
      optimal_weights(std::vector<double>{0.3, 0.21, 0.2, 0.19, 0.18}, ArmFamily::bernoulli());
  const std::vector<double> wb = {0.336, 0.251, 0.177, 0.132, 0.104};
  for (std::size_t i = 0; i < wb.size(); ++i) CHECK(b.weights[i] == Approx(wb[i]).margin(5e-4));
}

TEST_CASE("A reused solver (warm start) gives what a fresh one gives", "[asymptotic][unit]") {
  OptimalWeightsSolver solver(ArmFamily::bernoulli());
  std::mt19937 engine(7);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  for (int round = 0; round < 50; ++round) {
    std::vector<double> mu(5);
    for (double& m : mu) m = uniform(engine);
    if (round % 10 == 0) mu[round % 5] = 1.0;  // the boundary of the family
    if (round % 10 == 5) mu[(round + 1) % 5] = 0.0;
    const OptimalWeights& warm = solver.solve(mu);
    const OptimalWeights fresh = optimal_weights(mu, ArmFamily::bernoulli());
    CHECK(warm.characteristic_time == Approx(fresh.characteristic_time).epsilon(1e-10));
    for (std::size_t a = 0; a < mu.size(); ++a) CHECK(warm.weights[a] == Approx(fresh.weights[a]).margin(1e-10));
  }
  // Best mean 1 and every other 0: d(mu_1, mu_a) is infinite, the bracket is found by doubling.
  const OptimalWeights extreme = optimal_weights(std::vector<double>{0.0, 1.0, 0.0}, ArmFamily::bernoulli());
  CHECK(std::isfinite(extreme.characteristic_time));
  CHECK(extreme.weights[0] == Approx(extreme.weights[2]).epsilon(1e-12));
  CHECK(lemma3({0.0, 1.0, 0.0}, extreme.weights, true, 0.5) ==
        Approx(1.0 / extreme.characteristic_time).epsilon(1e-9));
}

TEST_CASE("Arms of equal means share one inner solve, to the bit", "[asymptotic][unit]") {
  // Empirical Bernoulli means S/N of a few pulls: hundreds of arms, a few dozen values (zeros
  // among them, whose d(mu_1, mu_a) is infinite), and a unique best; then 3,000 arms of up to
  // 300 pulls (more values than the memo's slots); also Poisson.
  std::mt19937 engine(2026);
  for (int round = 0; round < 6; ++round) {
    const bool poisson = round % 3 == 2;
    const std::size_t k = round < 3 ? 200 : 3000;
    std::vector<double> mu(k);
    std::uniform_int_distribution<int> pulls(
        1, round < 3 ? 8 : 300);  // then thousands of values: slots collide
    for (double& m : mu) {
      const int n = pulls(engine);
      m = static_cast<double>(
              std::uniform_int_distribution<int>(0, poisson ? 3 * n : n - 1)(engine)) /
          n;
    }
    mu[k / 3] = poisson ? 4.0 : 0.99;  // the best, alone
    const ArmFamily family = poisson ? ArmFamily::poisson() : ArmFamily::bernoulli();
    OptimalWeightsOptions apart;
    apart.share_equal_means = false;
    OptimalWeightsSolver shared(family), separate(family, apart);
    for (int again = 0; again < 2; ++again) {  // a cold solve, then one warm-started
      if (again) mu[k / 2] = mu[k / 2] * 0.5;
      const OptimalWeights& a = shared.solve(mu);
      const OptimalWeights& b = separate.solve(mu);
      INFO("round " << round << ", again " << again);
      REQUIRE(std::isfinite(a.characteristic_time));
      CHECK(std::memcmp(&a.characteristic_time, &b.characteristic_time, sizeof(double)) == 0);
      CHECK(std::memcmp(a.weights.data(), b.weights.data(), k * sizeof(double)) == 0);
      CHECK(a.iterations == b.iterations);
    }
  }
}

TEST_CASE("Bad input to the optimal weights is refused", "[asymptotic][unit]") {
  CHECK_THROWS_AS(optimal_weights(std::vector<double>{0.5}, ArmFamily::bernoulli()), std::invalid_argument);
  CHECK_THROWS_AS(optimal_weights(std::vector<double>{0.5, 1.2}, ArmFamily::bernoulli()), std::invalid_argument);
  CHECK_THROWS_AS(optimal_weights(std::vector<double>{0.5, std::nan("")}, ArmFamily::gaussian(1.0)),
                  std::invalid_argument);
  CHECK_THROWS_AS(optimal_weights(std::vector<double>{0.5, 0.1}, ArmFamily::gaussian(0.0)), std::invalid_argument);
}
