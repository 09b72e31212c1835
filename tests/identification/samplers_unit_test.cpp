// The parts of the GLR samplers (the SDK's cpex/identification/) and the numerics they added,
// each against an independent computation:
//  - IdentificationProblem::for_each_piece: its least piece is best_response's (value, piece,
//    arms, point) on every problem kind, on random means and weights, with and without
//    penalties; a visitor that wants nothing computes nothing;
//  - CertifiedPieces: one-arm, pair and set statements, the closure of an order (and none with
//    an epsilon); ActivePieces' best response skips exactly the certified pieces;
//  - posterior draws: the sample mean and variance of 20,000 draws against each conjugate
//    posterior's in closed form (Gaussian, Bernoulli's Beta, Poisson's Gamma, Exponential's
//    inverse Gamma, Student's t);
//  - the matrix game of FW sampling against games solved by hand; AdaHedge's initial gap.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "cpex/numerics/ada_hedge.hpp"
#include "cpex/numerics/identification.hpp"
#include "cpex/numerics/matrix_game.hpp"
#include "cpex/identification/elimination.hpp"
#include "cpex/identification/posterior.hpp"

using namespace cpex;
using namespace cpex::numerics;
using cpex::identification::ActivePieces;
using cpex::identification::CertifiedPieces;

namespace {

// The least margin over every piece, computed from for_each_piece.
class Least final : public PieceVisitor {
 public:
  Least(const Decision& answer, std::span<const double> penalties) : answer_(answer), penalties_(penalties) {}
  bool wanted(std::size_t, std::span<const std::size_t>) override { return true; }
  void visit(const PieceView& p) override {
    double margin = p.value;
    if (!penalties_.empty())
      for (std::size_t a : p.arms)
        if (!std::binary_search(answer_.arms.begin(), answer_.arms.end(), a)) margin += penalties_[a];
    ++count;
    if (count > 1 && !(margin < best.margin)) return;
    best.value = p.value;
    best.margin = margin;
    best.piece = p.index;
    best.arms.assign(p.arms.begin(), p.arms.end());
    best.point.assign(p.point.begin(), p.point.end());
  }
  BestResponse best;
  std::size_t count = 0;

 private:
  const Decision& answer_;
  std::span<const double> penalties_;
};

class Nothing final : public PieceVisitor {
 public:
  bool wanted(std::size_t, std::span<const std::size_t>) override {
    ++offered;
    return false;
  }
  void visit(const PieceView&) override { ++visited; }
  int offered = 0, visited = 0;
};

void same_least_piece(const IdentificationProblem& problem, const std::vector<ArmFamily>& families,
                      std::mt19937_64& rng, double lo, double hi) {
  std::uniform_real_distribution<double> mean(lo, hi), weight(0.5, 20.0);
  const std::size_t k = problem.arms();
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<double> mu(k), w(k), penalties(k);
    for (std::size_t a = 0; a < k; ++a) {
      mu[a] = mean(rng);
      w[a] = weight(rng);
      penalties[a] = std::log(w[a]);
    }
    Decision answer;
    problem.answer(mu, answer);
    for (bool penalized : {false, true}) {
      const std::span<const double> pen = penalized ? std::span<const double>(penalties) : std::span<const double>();
      BestResponse expected;
      problem.best_response(w, mu, families, answer, expected, {}, pen);
      Least least(answer, pen);
      problem.for_each_piece(w, mu, families, answer, least);
      INFO(problem.name() << ", trial " << trial << (penalized ? ", penalized" : ""));
      CHECK(least.count == problem.pieces(answer));
      CHECK(least.best.value == expected.value);
      CHECK(least.best.piece == expected.piece);
      CHECK(least.best.arms == expected.arms);
      CHECK(least.best.point == expected.point);
    }
    Nothing nothing;
    problem.for_each_piece(w, mu, families, answer, nothing);
    CHECK(nothing.offered == static_cast<int>(problem.pieces(answer)));
    CHECK(nothing.visited == 0);
  }
}

}  // namespace

TEST_CASE("for_each_piece lists the pieces whose least is the best response", "[identification][samplers]") {
  std::mt19937_64 rng(30);
  const std::vector<ArmFamily> gaussian(6, ArmFamily::gaussian(0.7)), bernoulli(6, ArmFamily::bernoulli()),
      poisson(6, ArmFamily::poisson());
  same_least_piece(*top_m_problem(6, 1), bernoulli, rng, 0.05, 0.95);
  same_least_piece(*top_m_problem(6, 3), gaussian, rng, -1.0, 1.0);
  same_least_piece(*epsilon_good_problem(6, 0.1, false), bernoulli, rng, 0.05, 0.95);
  same_least_piece(*epsilon_good_problem(6, 0.2, true), poisson, rng, 0.5, 3.0);
  same_least_piece(*threshold_problem(6, 0.5, false), bernoulli, rng, 0.05, 0.95);
  same_least_piece(*threshold_problem(6, 0.5, true), gaussian, rng, -1.0, 1.0);
}

TEST_CASE("Certified statements: one arm, pairs with their closure, sets", "[identification][samplers]") {
  CertifiedPieces order;
  order.reset(5, true);
  const Decision answer{{0, 1}, {}};  // a top-2 answer
  const std::size_t a0b2[] = {0, 2}, a1b2[] = {1, 2}, a2b3[] = {2, 3}, a0b3[] = {0, 3}, a1b3[] = {1, 3};
  CHECK_FALSE(order.certified(answer, a0b2));
  order.certify(answer, a0b2);
  CHECK(order.certified(answer, a0b2));
  const std::size_t b2a0[] = {2, 0};  // the same statement, the arms in the other order
  CHECK(order.certified(answer, b2a0));
  CHECK(order.version() == 1);
  // 2 beats 3 (certified for an answer where 2 is in and 3 out) closes 0 beats 3, not 1 beats 3.
  const Decision other{{2}, {}};
  order.certify(other, a2b3);
  CHECK(order.certified(answer, a0b3));
  CHECK_FALSE(order.certified(answer, a1b3));
  CHECK_FALSE(order.certified(answer, a1b2));
  order.certify(answer, a1b2);
  CHECK(order.certified(answer, a1b3));  // 1 > 2 > 3
  CHECK(order.version() == 3);

  CertifiedPieces shifted;  // epsilon-good statements: no closure
  shifted.reset(5, false);
  shifted.certify(answer, a0b2);
  shifted.certify(other, a2b3);
  CHECK_FALSE(shifted.certified(answer, a0b3));

  // One-arm statements are per side; set statements are kept as they are.
  const std::size_t arm3[] = {3};
  const Decision above{{3}, {}}, below{{1}, {}};
  CHECK_FALSE(shifted.certified(above, arm3));
  shifted.certify(above, arm3);
  CHECK(shifted.certified(above, arm3));
  CHECK_FALSE(shifted.certified(below, arm3));
  const std::size_t set[] = {0, 1, 3, 4};
  CHECK_FALSE(shifted.certified(answer, set));
  shifted.certify(answer, set);
  CHECK(shifted.certified(answer, set));
  const Decision swapped{{3, 4}, {}};
  CHECK_FALSE(shifted.certified(swapped, set));
}

TEST_CASE("ActivePieces' best response is the least uncertified piece", "[identification][samplers]") {
  const auto problem = top_m_problem(5, 1);
  const std::vector<ArmFamily> families(5, ArmFamily::gaussian(1.0));
  const std::vector<double> mu = {0.1, 0.9, 0.5, 0.8, 0.3}, w = {5, 20, 8, 12, 4};
  Decision answer;
  problem->answer(mu, answer);
  CertifiedPieces certified;
  certified.reset(5, true);
  ActivePieces active(*problem, certified);
  BestResponse full, restricted;
  problem->best_response(w, mu, families, answer, full);
  REQUIRE(full.arms == std::vector<std::size_t>{1, 3});
  certified.certify(answer, full.arms);
  active.best_response(w, mu, families, answer, restricted);
  // The next closest: by hand, (mu_1 - mu_j)^2 / (2 (1/w_1 + 1/w_j)) for j = 0, 2, 4.
  double least = std::numeric_limits<double>::infinity();
  std::size_t arm = 0;
  for (std::size_t j : {0u, 2u, 4u}) {
    const double d = mu[1] - mu[j], value = d * d / (2.0 * (1.0 / w[1] + 1.0 / w[j]));
    if (value < least) {
      least = value;
      arm = j;
    }
  }
  CHECK(restricted.arms == std::vector<std::size_t>{1, arm});
  CHECK(restricted.value == Approx(least).epsilon(1e-12));
  // Every piece certified: the problem's own best response.
  for (std::size_t j : {0u, 2u, 4u}) certified.certify(answer, std::vector<std::size_t>{1, j});
  active.best_response(w, mu, families, answer, restricted);
  CHECK(restricted.arms == full.arms);
}

TEST_CASE("Posterior draws have the conjugate posteriors' moments", "[identification][samplers]") {
  constexpr int kDraws = 20000;
  RandomStream rng(RunSeed{30, 0, 0}, StreamRole::Algorithm);
  const double n = 12.0;
  struct Case {
    ArmFamily family;
    double mean, expected_mean, expected_variance;
  };
  const double mle = 0.25 * 11.0 / 12.0;  // the unknown-variance arm's MLE variance: s^2 = 0.25
  const Case cases[] = {
      {ArmFamily::gaussian(2.0), 0.3, 0.3, 4.0 / n},
      // Beta(1 + 3, 1 + 9): mean 4/14, variance ab / ((a + b)^2 (a + b + 1)).
      {ArmFamily::bernoulli(), 3.0 / n, 4.0 / 14.0, 4.0 * 10.0 / (14.0 * 14.0 * 15.0)},
      // Beta(1, 13): no one yet (Marsaglia & Tsang's gamma variates at shape 1).
      {ArmFamily::bernoulli(), 0.0, 1.0 / 14.0, 13.0 / (14.0 * 14.0 * 15.0)},
      // Gamma(1 + 30, rate 12).
      {ArmFamily::poisson(), 30.0 / n, 31.0 / n, 31.0 / (n * n)},
      // mean = S / G, G ~ Gamma(13): E = S / 12, Var = S^2 / (12^2 * 11).
      {ArmFamily::exponential(), 2.0, 24.0 / 12.0, 24.0 * 24.0 / (144.0 * 11.0)},
      // Student's t with 11 degrees of freedom, scale s / sqrt(n) = 0.5 / sqrt(12): Var = scale^2 * 11/9.
      {ArmFamily::gaussian_unknown_variance(mle), -0.4, -0.4, 0.25 / n * 11.0 / 9.0},
  };
  for (const Case& c : cases) {
    const std::vector<ArmFamily> families = {c.family};
    const std::vector<double> means = {c.mean}, counts = {n};
    std::vector<double> out;
    double sum = 0.0, squares = 0.0;
    for (int i = 0; i < kDraws; ++i) {
      cpex::identification::posterior_draw(families, means, counts, rng, out);
      sum += out[0];
      squares += out[0] * out[0];
    }
    const double m = sum / kDraws, v = squares / kDraws - m * m;
    INFO(c.family.name() << ": mean " << m << " (expected " << c.expected_mean << "), variance " << v
                         << " (expected " << c.expected_variance << ")");
    CHECK(std::abs(m - c.expected_mean) < 4.0 * std::sqrt(c.expected_variance / kDraws));
    CHECK(v == Approx(c.expected_variance).epsilon(0.06));
  }
}

TEST_CASE("The matrix game of FW sampling solves games known by hand", "[identification][samplers]") {
  std::vector<double> z;
  // Matching pennies: value 0 at (1/2, 1/2).
  CHECK(solve_matrix_game(std::vector<double>{1, -1, -1, 1}, 2, 2, std::vector<double>{0, 0}, z) ==
        Approx(0.0).margin(1e-12));
  CHECK(z[0] == Approx(0.5));
  // Rows (2, 0) and (0, 1), offsets (0, 1): max_z min(2 z0, z1 + 1) = 2 z0 = 2 - z0 -> z0 = 2/3.
  CHECK(solve_matrix_game(std::vector<double>{2, 0, 0, 1}, 2, 2, std::vector<double>{0, 1}, z) ==
        Approx(4.0 / 3.0));
  CHECK(z[0] == Approx(2.0 / 3.0));
  // One row: the largest entry's vertex.
  CHECK(solve_matrix_game(std::vector<double>{0.1, 0.7, 0.3}, 1, 3, std::vector<double>{-0.2}, z) == Approx(0.5));
  CHECK(z[1] == Approx(1.0));
  CHECK_THROWS_AS(solve_matrix_game(std::vector<double>{1, 2}, 2, 2, std::vector<double>{0, 0}, z),
                  std::invalid_argument);
  // The second game at the scale of a long run's payoffs (N d ~ 1e9) and with a tiny row: the
  // same strategy, the value scaled (the unscaled program left GLPK without an optimum in
  // a 30-run fw-sampling sweep of the leaderboard).
  CHECK(solve_matrix_game(std::vector<double>{2e9, 0, 0, 1e9}, 2, 2, std::vector<double>{0, 1e9}, z) ==
        Approx(4e9 / 3.0));
  CHECK(z[0] == Approx(2.0 / 3.0));
  CHECK(solve_matrix_game(std::vector<double>{2e9, 1e-9, 3e-12, 1e9, 5e8, 1e-300}, 3, 2,
                          std::vector<double>{0, 1e9, 2e9}, z) > 0.0);
  CHECK(z[0] + z[1] == Approx(1.0));
}

TEST_CASE("AdaHedge with an initial gap: a finite learning rate from the start", "[identification][samplers]") {
  AdaHedge leader(3), hedged(3, 0.01);
  CHECK(std::isinf(leader.learning_rate()));
  CHECK(hedged.learning_rate() == Approx(std::log(3.0) / 0.01));
  const std::vector<double> gains = {1.0, 0.0, 0.0};
  leader.gain(gains);
  hedged.gain(gains);
  // The gap grows by the mix gain minus the expected gain 1/3; the mix gain is the largest
  // gain at eta = inf, 1 + ln(1/3 + 2/3 e^-eta) / eta otherwise.
  CHECK(leader.learning_rate() == Approx(std::log(3.0) / (2.0 / 3.0)));
  const double eta = std::log(3.0) / 0.01, mix = 1.0 + std::log(1.0 / 3.0 + 2.0 / 3.0 * std::exp(-eta)) / eta;
  CHECK(hedged.learning_rate() == Approx(std::log(3.0) / (0.01 + mix - 1.0 / 3.0)));
  CHECK(hedged.weights()[1] == hedged.weights()[2]);
}
