// The identification problems of vector-valued arms (numerics/pareto_identification.cpp)
// against independent computations: the one-against-several level transport against a grid
// minimization; every best response (the Pareto set's and the constrained best arm's, both
// directions, Gaussian and Bernoulli objectives) attained by its point, the point at the edge
// of the alternative, and no cheaper alternative among 10^5 random ones; T*(mu) of the cutting
// planes against a grid search of max_w min_lambda on the simplex (K = 3).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <random>
#include <vector>

#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/numerics/identification.hpp"
#include "cpex/numerics/pareto.hpp"

using namespace cpex;
using namespace cpex::numerics;

namespace {

// sum_a w_a sum_d d(mu_{a,d}, lambda_{a,d}).
double cost(std::span<const double> w, std::span<const double> mu, std::span<const double> lambda,
            std::span<const ArmFamily> families, std::size_t d) {
  double total = 0.0;
  for (std::size_t v = 0; v < mu.size(); ++v) total += w[v / d] * families[v].kl(mu[v], lambda[v]);
  return total;
}

// The full alternative point of a best response (mu off the moved arms).
std::vector<double> full_point(std::span<const double> mu, const BestResponse& r, std::size_t d) {
  std::vector<double> out(mu.begin(), mu.end());
  for (std::size_t i = 0; i < r.arms.size(); ++i)
    for (std::size_t c = 0; c < d; ++c) out[r.arms[i] * d + c] = r.point[i * d + c];
  return out;
}

// Whether `lambda` is in the alternative of `answer` (its answer differs), with its
// directions-oriented means checked by the problem itself.
bool in_alternative(const IdentificationProblem& p, std::span<const double> lambda, const Decision& answer) {
  return !p.correct(lambda, answer);
}

// Checks the best response of `p` at (w, mu) against random alternatives, and that its point
// attains its value and lies at the alternative's edge (moved 1e-6 further from mu, it is in
// the alternative).
void check_response(const IdentificationProblem& p, std::span<const double> w, std::span<const double> mu,
                    std::span<const ArmFamily> families, std::mt19937_64& rng, bool bernoulli) {
  const std::size_t d = p.objectives();
  Decision answer;
  REQUIRE(p.answer(mu, answer));
  BestResponse r;
  p.best_response(w, mu, families, answer, r);
  const std::vector<double> lambda = full_point(mu, r, d);
  CHECK(cost(w, mu, lambda, families, d) == Approx(r.value).epsilon(1e-9).margin(1e-12));
  // Nudged past the boundary (away from mu), the point is in the alternative.
  std::vector<double> nudged = lambda;
  for (std::size_t v = 0; v < nudged.size(); ++v)
    if (lambda[v] != mu[v]) nudged[v] += lambda[v] > mu[v] ? 1e-6 : -1e-6;
  CHECK(in_alternative(p, nudged, answer));
  // No random alternative is cheaper.
  std::normal_distribution<double> z(0.0, 1.0);
  double cheapest = std::numeric_limits<double>::infinity();
  std::vector<double> x(mu.size());
  for (int s = 0; s < 100000; ++s) {
    const double scale = std::pow(10.0, -3.0 + 3.0 * (s % 97) / 96.0);
    const bool around_point = s % 2 == 0;
    for (std::size_t v = 0; v < x.size(); ++v) {
      x[v] = (around_point ? lambda[v] : mu[v]) + scale * z(rng);
      if (bernoulli) x[v] = std::clamp(x[v], 1e-6, 1.0 - 1e-6);
    }
    if (!in_alternative(p, x, answer)) continue;
    cheapest = std::min(cheapest, cost(w, mu, x, families, d));
  }
  INFO("best response " << r.value << ", cheapest random alternative " << cheapest);
  CHECK(cheapest >= r.value * (1.0 - 1e-9) - 1e-12);
}

// check_response at means drawn in [0.1, 0.9] (K x D of them) and weights in [0.2, 3] (K);
// false, nothing checked, when those means have no strict answer.
bool check_random_response(const IdentificationProblem& p, std::size_t k, const ArmFamily& family,
                           std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.1, 0.9), weight(0.2, 3.0);
  const std::size_t d = p.objectives();
  const std::vector<ArmFamily> families(k * d, family);
  std::vector<double> mu(k * d), w(k);
  for (double& x : mu) x = u(rng);
  for (double& x : w) x = weight(rng);
  Decision answer;
  if (!p.answer(mu, answer)) return false;
  INFO("answer " << to_string(answer));
  check_response(p, w, mu, families, rng, family.kind() == ArmFamily::Kind::Bernoulli);
  return true;
}

// One random instance of a best-response test: the question, its number of arms K, the
// family of every objective.
struct RandomInstance {
  std::unique_ptr<IdentificationProblem> problem;
  std::size_t k;
  ArmFamily family;
};

// check_random_response on the instances make(0) to make(23), in order, all drawing from one
// stream seeded with `seed`; at least 20 of the 24 must have a strict answer.
template <class Make>
void check_random_responses(std::uint64_t seed, const Make& make) {
  std::mt19937_64 rng(seed);
  int checked = 0;
  for (int trial = 0; trial < 24; ++trial) {
    const RandomInstance instance = make(trial);
    INFO("trial " << trial << " K = " << instance.k << " D = " << instance.problem->objectives()
                  << (instance.family.kind() == ArmFamily::Kind::Bernoulli ? " bernoulli" : " gaussian"));
    checked += check_random_response(*instance.problem, instance.k, instance.family, rng);
  }
  CHECK(checked >= 20);
}

}  // namespace

TEST_CASE("level_transport equals a grid minimization", "[pareto][unit]") {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(0.05, 0.95);
  for (int trial = 0; trial < 60; ++trial) {
    const bool bernoulli = trial % 2 == 1;
    const double direction = trial % 4 < 2 ? 1.0 : -1.0;
    const ArmFamily f = bernoulli ? ArmFamily::bernoulli() : ArmFamily::gaussian(0.5 + 0.1 * (trial % 3));
    const double mu0 = u(rng), w0 = 0.5 + u(rng);
    std::vector<LevelArm> others;
    for (int j = 0; j < 1 + trial % 4; ++j) others.push_back({f, 0.2 + u(rng), u(rng)});
    const Transport t = level_transport(f, w0, mu0, others, direction);
    // Grid over x in [0, 1] (every mean lies there): the objective w0 d(mu0, x) plus the arms
    // on the wrong side of x brought to it.
    double best = std::numeric_limits<double>::infinity();
    for (int g = 0; g <= 200000; ++g) {
      const double x = 1e-6 + (1.0 - 2e-6) * g / 200000.0;
      if (direction > 0 ? x < mu0 : x > mu0) continue;
      double v = w0 * f.kl(mu0, x);
      for (const auto& o : others)
        if (direction * (o.mu - x) > 0.0) v += o.w * f.kl(o.mu, x);
      best = std::min(best, v);
    }
    INFO("trial " << trial);
    CHECK(t.cost == Approx(best).epsilon(1e-6).margin(1e-9));
    CHECK(t.cost <= best + 1e-12);
  }
}

TEST_CASE("Pareto-set best responses are exact", "[pareto][unit]") {
  check_random_responses(11, [](int trial) {
    const std::size_t k = 3 + trial % 3, d = 2 + (trial % 4 == 3);
    std::vector<double> directions(d, 1.0);
    if (trial % 2) directions[1] = -1.0;
    return RandomInstance{pareto_problem(k, d, directions), k,
                          trial % 3 == 2 ? ArmFamily::bernoulli() : ArmFamily::gaussian(0.7)};
  });
}

TEST_CASE("Constrained best-arm best responses are exact", "[pareto][unit]") {
  check_random_responses(13, [](int trial) {
    const std::size_t k = 3 + trial % 3, d = 2 + (trial % 5 == 4);
    std::vector<double> directions(d, 1.0);
    if (trial % 2) directions[1] = -1.0;
    std::vector<double> bounds(d, 0.5);
    return RandomInstance{constrained_problem(k, d, directions, 0, bounds), k,
                          trial % 3 == 1 ? ArmFamily::bernoulli() : ArmFamily::gaussian(0.6)};
  });
}

TEST_CASE("T* of a Pareto set: cutting planes against a grid search of the simplex", "[pareto][unit]") {
  // K = 3 Gaussian arms of two objectives (sigma = 1): the Pareto set {0, 1}, arm 2 dominated.
  const std::vector<double> mu = {1.0, 0.2, 0.4, 0.9, 0.3, 0.1};
  const auto p = pareto_problem(3, 2, {});
  const std::vector<ArmFamily> families(6, ArmFamily::gaussian(1.0));
  const CharacteristicTime t = characteristic_time(*p, mu, families);
  Decision answer;
  REQUIRE(p->answer(mu, answer));
  CHECK(answer.arms == std::vector<std::size_t>{0, 1});
  // max over w in the simplex (grid of step 1/600) of the best response's value.
  double best = 0.0;
  BestResponse r;
  constexpr int kSteps = 600;
  for (int a = 0; a <= kSteps; ++a)
    for (int b = 0; a + b <= kSteps; ++b) {
      const std::vector<double> w = {a / double(kSteps), b / double(kSteps), (kSteps - a - b) / double(kSteps)};
      p->best_response(w, mu, families, answer, r);
      best = std::max(best, r.value);
    }
  INFO("T* = " << t.value << ", certified gap " << t.relative_gap() << ", grid 1/T* = " << best);
  CHECK(t.relative_gap() <= 1e-6);
  // The grid is a lower bound of 1/T*, within the grid's resolution of it.
  CHECK(best <= 1.0 / t.value * (1.0 + 1e-9));
  CHECK(best >= 1.0 / t.value * (1.0 - 2e-3));
}
