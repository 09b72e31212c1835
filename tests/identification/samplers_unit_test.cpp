// The parts of the GLR samplers (the SDK's cpex/identification/) and the numerics they added,
// each against an independent computation:
//  - IdentificationProblem::for_each_piece: its least piece is best_response's (value, piece,
//    arms, point) on every problem kind, on random means and weights, with and without
//    penalties; a visitor that wants nothing computes nothing;
//  - the exact pruning of top-m's best response: pair_transport_lower_bound below the computed
//    transport (ends, equal and adjacent means, zero weights) and tight on most pairs; the
//    pruned best response equal to every piece's least (value, margin, piece, arms, point) on
//    grids of means and counts that make many pieces tie, with penalties and offsets;
//  - CertifiedPieces: one-arm, pair and set statements, the closure of an order (and none with
//    an epsilon); ActivePieces' best response skips exactly the certified pieces;
//  - posterior draws: the sample mean and variance of 20,000 draws against each conjugate
//    posterior's in closed form (Gaussian, Bernoulli's Beta, Poisson's Gamma, Exponential's
//    inverse Gamma, Student's t); PosteriorCompetitor's kept spreads: every draw equal to a
//    fresh object's as a mean, a count, the inflation or a family changes between draws;
//  - the matrix game of FW sampling against games solved by hand, its star games against
//    GLPK and against the insertion-sorted water filling bit for bit; AdaHedge's initial gap.
//  - forced exploration: the floors of GK and of the K-aware rule, and the arm forced;
//  - the game's optimistic gains against the formula with its level log t, one arm and every
//    arm round after round (OptimisticGains: the bounds' checked step, the reverse divergence);
//    ArmFamily::kl_with_reverse against a long-double computation.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <optional>
#include <random>
#include <vector>

#include "cpex/numerics/ada_hedge.hpp"
#include "cpex/numerics/identification.hpp"
#include "cpex/numerics/matrix_game.hpp"
#include "cpex/identification/elimination.hpp"
#include "cpex/identification/optimistic_gains.hpp"
#include "cpex/identification/posterior.hpp"
#include "cpex/identification/posterior_competitor.hpp"
#include "cpex/identification/tracking.hpp"
#include "least_piece.hpp"

using namespace cpex;
using namespace cpex::numerics;
using cpex::identification::ActivePieces;
using cpex::identification::CertifiedPieces;
using cpex::test::LeastPiece;

namespace {

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
      LeastPiece least(answer, pen);
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

TEST_CASE("pair_transport_lower_bound is below the computed transport", "[identification][samplers]") {
  std::mt19937_64 rng(44);
  std::uniform_real_distribution<double> unit(0.0, 1.0), weight(0.01, 1e4);
  const ArmFamily bernoulli = ArmFamily::bernoulli(), poisson = ArmFamily::poisson(),
                  exponential = ArmFamily::exponential();
  int useful = 0, costly = 0;
  for (const ArmFamily& f : {bernoulli, poisson, exponential})
    for (int trial = 0; trial < 20000; ++trial) {
      double x = unit(rng), y = unit(rng);
      if (f.kind() != ArmFamily::Kind::Bernoulli) {
        x *= 5.0;
        y *= 5.0;
      }
      switch (trial % 5) {  // the ends, equal and adjacent means
        case 1: y = trial % 2 ? 0.0 : y; x = f.kind() == ArmFamily::Kind::Bernoulli && trial % 3 ? 1.0 : x; break;
        case 2: y = std::nextafter(x, 0.0); break;
        case 3: y = x * (1.0 - 1e-7); break;
        default: break;
      }
      const double wa = weight(rng), wb = trial % 7 ? weight(rng) : 0.0;
      const Transport t = pair_transport(f, wa, x, f, wb, y);
      const double bound = pair_transport_lower_bound(f, wa, x, f, wb, y);
      INFO(f.name() << " w = " << wa << ", " << wb << " means " << x << ", " << y);
      REQUIRE(bound >= 0.0);
      REQUIRE(bound <= t.cost);
      if (!(t.cost > 0.0) || !std::isfinite(t.cost)) continue;
      ++costly;
      if (bound >= 0.5 * t.cost) ++useful;
    }
  // Not vacuous: tight (within a factor 2) on most pairs that cost something.
  CHECK(useful > costly / 2);
  // No information for Gaussian arms (whose exact cost has no logarithm) or mixed families.
  CHECK(pair_transport_lower_bound(ArmFamily::gaussian(1.0), 1.0, 1.0, ArmFamily::gaussian(1.0), 1.0, 0.0) == 0.0);
  CHECK(pair_transport_lower_bound(bernoulli, 1.0, 0.6, poisson, 1.0, 0.5) == 0.0);
}

// The pruned best response of top-m (Bernoulli, Poisson, Exponential arms) against every
// piece's exact cost (for_each_piece): the same value, margin, piece, arms and point, ties
// included — means and counts on coarse grids make many pieces cost exactly the same, and
// weights 0 make pieces of cost 0 (one family: the bounds' vector pass).
TEST_CASE("The pruned top-m best response is the full scan's, ties included", "[identification][samplers]") {
  std::mt19937_64 rng(4404);
  const std::size_t k = 40;
  // Kind 3: Bernoulli arms with a Poisson and a Gaussian one among them (bound 0: computed).
  // Kind 4: Gaussian arms of one sigma (no pruning: each answer arm's transports in one vector
  // pass, the margins chosen as the scan chooses).
  for (int kind = 0; kind < 5; ++kind) {
    const ArmFamily f = kind == 1   ? ArmFamily::poisson()
                        : kind == 2 ? ArmFamily::exponential()
                        : kind == 4 ? ArmFamily::gaussian(0.5)
                                    : ArmFamily::bernoulli();
    std::vector<ArmFamily> families(k, f);
    if (kind == 3) {
      families[5] = ArmFamily::poisson();
      families[k - 1] = ArmFamily::gaussian(0.4);
    }
    const double top = f.kind() == ArmFamily::Kind::Bernoulli ? 1.0 : 4.0;
    for (std::size_t m : {1u, 3u}) {
      const auto problem = top_m_problem(k, m);
      for (int trial = 0; trial < 300; ++trial) {
        const int grid = trial % 3 == 0 ? 4 : trial % 3 == 1 ? 20 : 1000000;  // coarse: ties
        std::uniform_int_distribution<int> level(0, grid), count(1, trial % 2 ? 3 : 1000);
        std::vector<double> mu(k), w(k), penalties(k);
        for (std::size_t a = 0; a < k; ++a) {
          mu[a] = top * level(rng) / grid;
          w[a] = trial % 5 == 0 && a % 7 == 3 ? 0.0 : count(rng);  // some weights 0 (cost 0)
          penalties[a] = std::log(std::max(w[a], 1.0));
        }
        Decision answer;
        problem->answer(mu, answer);
        const double offsets[] = {0.0, 0.0, 2.5};
        const bool shifted = trial % 4 == 0;
        for (bool penalized : {false, true}) {
          const std::span<const double> pen = penalized ? std::span<const double>(penalties) : std::span<const double>();
          BestResponse pruned;
          problem->best_response(w, mu, families, answer, pruned,
                                 shifted ? std::span<const double>(offsets) : std::span<const double>(), pen);
          LeastPiece full(answer, pen, shifted ? offsets[2] : 0.0);
          problem->for_each_piece(w, mu, families, answer, full);
          INFO(f.name() << (kind == 3 ? " (mixed)" : "") << " top-" << m << ", trial " << trial
                        << (penalized ? ", penalized" : ""));
          REQUIRE(full.best.value == pruned.value);
          REQUIRE(full.best.margin == pruned.margin);
          REQUIRE(full.best.piece == pruned.piece);
          REQUIRE(full.best.arms == pruned.arms);
          REQUIRE(full.best.point == pruned.point);
        }
      }
    }
  }
}

namespace {

// The pieces of value below the least + r (Frank-Wolfe's r-active set), the least seeded with
// `ceiling`; skip_above() tells the problem so when `skipping`.
class NearLeast final : public PieceVisitor {
 public:
  NearLeast(double r, double ceiling, bool skipping) : least(ceiling), r_(r), skipping_(skipping) {}
  bool wanted(std::size_t, std::span<const std::size_t>) override { return true; }
  void visit(const PieceView& p) override {
    least = std::min(least, p.value);
    visited.push_back({p.index, p.value});
  }
  double skip_above() const override {
    return skipping_ ? least + r_ : std::numeric_limits<double>::infinity();
  }
  std::vector<std::pair<std::size_t, double>> active() const {
    std::vector<std::pair<std::size_t, double>> out;
    for (const auto& v : visited)
      if (v.second < least + r_) out.push_back(v);
    return out;
  }
  double least;
  std::vector<std::pair<std::size_t, double>> visited;

 private:
  double r_;
  bool skipping_;
};

}  // namespace

TEST_CASE("for_each_piece skips only pieces above the visitor's level", "[identification][samplers]") {
  std::mt19937_64 rng(4405);
  const std::size_t k = 60;
  std::size_t skipped = 0, offered = 0;
  // (Gaussian arms of one sigma: each answer arm's transports by a vector pass, then the pieces
  // at or below the level, for the best arm and top-m.)
  for (const ArmFamily& f :
       {ArmFamily::bernoulli(), ArmFamily::poisson(), ArmFamily::gaussian(0.5)})
    for (std::size_t m : {1u, 2u, 3u}) {
      const auto problem = top_m_problem(k, m);
      const std::vector<ArmFamily> families(k, f);
      for (int trial = 0; trial < 200; ++trial) {
        const int grid = trial % 2 ? 10 : 100000;
        std::uniform_int_distribution<int> level(1, grid - 1);
        std::uniform_real_distribution<double> weight(0.001, 0.1);
        std::vector<double> mu(k), w(k);
        for (std::size_t a = 0; a < k; ++a) {
          mu[a] = static_cast<double>(level(rng)) / grid;
          w[a] = trial % 3 ? weight(rng) : 0.01;
        }
        Decision answer;
        problem->answer(mu, answer);
        const double r = trial % 4 == 0 ? 0.0 : 1e-4 * (trial % 4);
        NearLeast full(r, std::numeric_limits<double>::infinity(), false);
        problem->for_each_piece(w, mu, families, answer, full);
        // Seeded with the least itself (as the stopping check's point can give) or nothing.
        const double ceiling = trial % 2 ? full.least : std::numeric_limits<double>::infinity();
        NearLeast pruned(r, ceiling, true);
        problem->for_each_piece(w, mu, families, answer, pruned);
        INFO(f.name() << " top-" << m << ", trial " << trial);
        REQUIRE(pruned.least == full.least);
        REQUIRE(pruned.active() == full.active());
        offered += full.visited.size();
        skipped += full.visited.size() - pruned.visited.size();
      }
    }
  CHECK(skipped > offered / 2);  // not vacuous
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

// PosteriorDraws keeps each Bernoulli arm's Gamma constants while its mean and count stay: its
// draws must be posterior_draw's, bit for bit from the same stream, whatever changed in between
// (a mean, a count, the number of arms, another family at an arm). Fails on a constant kept
// past a change of its arm.
TEST_CASE("PosteriorDraws draws what posterior_draw draws, round after round",
          "[identification][samplers]") {
  std::vector<ArmFamily> families(6, ArmFamily::bernoulli());
  families[4] = ArmFamily::gaussian(0.5);
  std::vector<double> means = {0.2, 0.5, 0.0, 1.0, 0.3, 0.75},
                      counts = {5.0, 8.0, 3.0, 4.0, 6.0, 12.0};
  cpex::identification::PosteriorDraws kept;
  RandomStream kept_rng(RunSeed{32, 0, 0}, StreamRole::Algorithm);
  RandomStream plain_rng = kept_rng;
  std::mt19937_64 change(4407);
  std::vector<double> a, b;
  std::size_t compared = 0;
  for (int round = 0; round < 400; ++round) {
    const std::size_t arm = change() % means.size();
    if (round % 3 == 0) {  // a pull: the count, and the mean as the number of ones moves
      const double ones = std::round(means[arm] * counts[arm]) + static_cast<double>(change() % 2);
      counts[arm] += 1.0;
      means[arm] = ones / counts[arm];
    }
    if (round % 7 == 1) {  // the mean alone (another number of ones at the same count)
      const double ones = std::round(means[arm] * counts[arm]);
      means[arm] = (ones > 0.0 ? ones - 1.0 : ones + 1.0) / counts[arm];
    }
    if (round == 200) {  // another number of arms, and a Gaussian arm made Bernoulli
      means.push_back(0.4);
      counts.push_back(10.0);
      families.push_back(ArmFamily::bernoulli());
      families[4] = ArmFamily::bernoulli();
      means[4] = 0.5;
    }
    kept.draw(families, means, counts, kept_rng, a);
    cpex::identification::posterior_draw(families, means, counts, plain_rng, b);
    REQUIRE(a.size() == b.size());
    for (std::size_t k = 0; k < a.size(); ++k) {
      CHECK(a[k] == b[k]);
      ++compared;
    }
    const double one = kept.draw_one(arm, families[arm], means[arm], counts[arm], kept_rng);
    CHECK(one ==
          cpex::identification::posterior_draw(families[arm], means[arm], counts[arm], plain_rng));
  }
  CHECK(compared > 2000);
}

namespace {
// The best arm of the weights, ties to the smaller index.
class ArgmaxOracle final : public Oracle {
 public:
  void bind(const Problem&) override {}
  void maximize(std::span<const double> weights, Decision& out) const override {
    out.arms.assign(1, static_cast<std::size_t>(std::max_element(weights.begin(), weights.end()) - weights.begin()));
    out.values.clear();
  }
};
}  // namespace

TEST_CASE("PosteriorCompetitor's kept spreads follow every change of their inputs", "[identification][samplers]") {
  // A draw keeps sqrt(c V_a / N_a) per arm for the next; the kept object must draw exactly what
  // a fresh one draws from the same stream whatever changed in between.
  const ArgmaxOracle oracle;
  std::vector<ArmFamily> families = {ArmFamily::gaussian(1.0), ArmFamily::bernoulli(), ArmFamily::gaussian(0.5),
                                     ArmFamily::poisson()};
  std::vector<double> means = {0.5, 0.4, 0.45, 0.3}, counts = {3.0, 4.0, 5.0, 6.0};
  const Decision answer{{0}, {}};
  double inflation = 1.0;
  cpex::identification::PosteriorCompetitor kept;
  RandomStream kept_rng(RunSeed{31, 0, 0}, StreamRole::Algorithm);
  RandomStream fresh_rng = kept_rng;
  auto same_draw = [&] {
    cpex::identification::PosteriorCompetitor fresh;
    const bool a = kept.draw(oracle, means, counts, families, answer, inflation, kept_rng);
    const bool b = fresh.draw(oracle, means, counts, families, answer, inflation, fresh_rng);
    return a == b && kept.sample() == fresh.sample() && kept.decision().arms == fresh.decision().arms;
  };
  CHECK(same_draw());
  CHECK(same_draw());  // nothing changed: the kept spreads
  counts[2] += 1.0;
  CHECK(same_draw());  // one count
  means[1] = 0.55;
  CHECK(same_draw());  // one mean
  inflation = 4.0;
  CHECK(same_draw());  // the inflation
  families[0] = ArmFamily::gaussian(2.0);
  CHECK(same_draw());  // a family only (same mean and count)
  means = {0.5, 0.4, 0.45, 0.3, 0.2};
  counts = {3.0, 4.0, 5.0, 6.0, 7.0};
  families.push_back(ArmFamily::gaussian(1.0));
  CHECK(same_draw());  // another number of arms
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

TEST_CASE("Star games by water filling: the linear program's value", "[identification][samplers]") {
  // Random star games (a hub column, one own column per row, some rows without one, some hub
  // entries 0, offsets of both signs; the columns shuffled): the value within 1e-9 of GLPK's,
  // and the strategy a distribution that reaches it.
  std::mt19937_64 rng(45);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t rows = 2 + static_cast<std::size_t>(trial % 40);
    const std::size_t cols = rows + 1 + static_cast<std::size_t>(trial % 3);  // some columns unused
    std::vector<std::size_t> column(cols);
    std::iota(column.begin(), column.end(), std::size_t{0});
    std::shuffle(column.begin(), column.end(), rng);
    std::vector<double> payoff(rows * cols, 0.0), offsets(rows);
    for (std::size_t j = 0; j < rows; ++j) {
      payoff[j * cols + column[0]] = unit(rng) < 0.1 ? 0.0 : 3.0 * unit(rng);
      if (unit(rng) > 0.1) payoff[j * cols + column[j + 1]] = 0.01 + 3.0 * unit(rng);
      offsets[j] = 2.0 * unit(rng) - 1.0;
    }
    std::vector<double> star, lp;
    const std::optional<double> value = solve_star_game(payoff, rows, cols, offsets, star);
    REQUIRE(value.has_value());
    const double reference = solve_matrix_game(payoff, rows, cols, offsets, lp);
    INFO("trial " << trial << ", " << rows << " rows");
    CHECK(*value == Approx(reference).epsilon(1e-9).margin(1e-9));
    double total = 0.0, reached = std::numeric_limits<double>::infinity();
    for (double z : star) {
      CHECK(z >= 0.0);
      total += z;
    }
    for (std::size_t j = 0; j < rows; ++j) {
      double row = offsets[j];
      for (std::size_t c = 0; c < cols; ++c) row += payoff[j * cols + c] * star[c];
      reached = std::min(reached, row);
    }
    CHECK(total == Approx(1.0).epsilon(1e-12));
    CHECK(reached == Approx(reference).epsilon(1e-9).margin(1e-9));
  }
  // Not stars: two rows sharing a second column; a negative entry off the hub.
  std::vector<double> z;
  CHECK_FALSE(
      solve_star_game(std::vector<double>{1, 1, 0, 1, 1, 0}, 2, 3, std::vector<double>{0, 0}, z));
  CHECK_FALSE(
      solve_star_game(std::vector<double>{1, -1, 0, 1, 0, 1}, 2, 3, std::vector<double>{0, 0}, z));
  // No own payoffs: max_s min(-s, 1 - 2 s) = 0 at s = 0, the weight on the other column; the
  // hub alone: its one strategy.
  CHECK(*solve_star_game(std::vector<double>{-1, 0, -2, 0}, 2, 2, std::vector<double>{0, 1}, z) ==
        Approx(0.0).margin(1e-12));
  CHECK(z[0] == Approx(0.0).margin(1e-12));
  CHECK(z[1] == Approx(1.0));
  CHECK(*solve_star_game(std::vector<double>{-1, -2}, 2, 1, std::vector<double>{0, 1}, z) ==
        Approx(-1.0));
  CHECK(z[0] == 1.0);
  // The hand-solved game of the test above is a star: max_z min(2 z0, z1 + 1) = 4/3.
  CHECK(*solve_star_game(std::vector<double>{2, 0, 0, 1}, 2, 2, std::vector<double>{0, 1}, z) ==
        Approx(4.0 / 3.0));
  CHECK(z[0] == Approx(2.0 / 3.0));
}

namespace {

// The star game as it was solved before its sort was merged (commit 0d1e25a): the rows of an
// own weight re-sorted by insertion from the last order at every evaluation. The reference of
// the test below, bit for bit.
struct InsertionStarGame {
  struct Row {
    double a, c, b;
  };
  std::vector<Row> rows;
  std::vector<std::size_t> filled, capped;

  // {value, slope, level} at hub weight s.
  std::array<double, 3> at(double s) {
    const double inf = std::numeric_limits<double>::infinity();
    double cap = inf, cap_slope = inf;
    for (std::size_t j : capped) {
      const double v = rows[j].a * s + rows[j].b;
      if (v < cap || (v == cap && rows[j].a < cap_slope)) {
        cap = v;
        cap_slope = rows[j].a;
      }
    }
    double level = inf, level_slope = 0.0;
    if (!filled.empty()) {
      const auto height = [&](std::size_t j) { return rows[j].a * s + rows[j].b; };
      for (std::size_t i = 1; i < filled.size(); ++i) {
        const std::size_t j = filled[i];
        const double h = height(j);
        std::size_t k = i;
        for (; k > 0 && height(filled[k - 1]) > h; --k) filled[k] = filled[k - 1];
        filled[k] = j;
      }
      const double mass = std::max(0.0, 1.0 - s);
      double inverse = 0.0, weighted = 0.0, pulled = 0.0;
      for (std::size_t i = 0; i < filled.size(); ++i) {
        const Row& r = rows[filled[i]];
        inverse += 1.0 / r.c;
        weighted += height(filled[i]) / r.c;
        pulled += r.a / r.c;
        level = (mass + weighted) / inverse;
        if (i + 1 == filled.size() || level <= height(filled[i + 1])) break;
      }
      level_slope = (pulled - 1.0) / inverse;
    }
    if (cap < level) return {cap, cap_slope, level};
    if (level < cap) return {level, level_slope, level};
    return {cap, std::min(cap_slope, level_slope), level};
  }

  double solve(const std::vector<double>& hub, const std::vector<double>& own,
               const std::vector<double>& offsets, double& hub_weight,
               std::vector<double>& weights) {
    rows.clear();
    filled.clear();
    capped.clear();
    for (std::size_t j = 0; j < hub.size(); ++j) {
      rows.push_back({hub[j], own[j], offsets[j]});
      (own[j] > 0.0 ? filled : capped).push_back(j);
    }
    double lo = 0.0, hi = 1.0;
    for (int step = 0; step < 200 && hi - lo > 1e-15; ++step) {
      const double mid = 0.5 * (lo + hi);
      (at(mid)[1] > 0.0 ? lo : hi) = mid;
    }
    const auto at_lo = at(lo), at_hi = at(hi);
    const double s = at_hi[0] > at_lo[0] ? hi : lo;
    const auto best = at(s);
    weights.assign(rows.size(), 0.0);
    double total = hub_weight = s;
    if (std::isfinite(best[2])) {
      for (std::size_t j = 0; j < rows.size(); ++j)
        if (rows[j].c > 0.0)
          total += weights[j] = std::max(0.0, (best[2] - (rows[j].a * s + rows[j].b)) / rows[j].c);
    } else {
      weights[0] = 1.0 - s;
      total = 1.0;
    }
    if (!(total > 0.0)) hub_weight = total = 1.0;
    hub_weight /= total;
    for (double& z : weights) z /= total;
    return best[0];
  }
};

}  // namespace

TEST_CASE("Star games: the merged sort gives the insertion sort's bits",
          "[identification][samplers]") {
  // Random star games of 1 to 600 rows (fw-sampling's at thousands of arms have hundreds),
  // with rows of an earlier row's heights and another own entry (ties keep the order before, as
  // insertion keeps it, and the sums of 1/c add in that order),
  // rows without an own weight, and hub entries of 0: the value, the hub's weight and every own
  // weight equal to the reference's, bit for bit.
  std::mt19937_64 rng(46);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  InsertionStarGame reference;
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t rows = 1 + static_cast<std::size_t>(unit(rng) * (trial % 4 == 0 ? 600 : 80));
    std::vector<double> hub(rows), own(rows), offsets(rows);
    for (std::size_t j = 0; j < rows; ++j) {
      if (j > 0 && unit(rng) < 0.3) {  // an earlier row's height at every s, another own entry
        const std::size_t k = static_cast<std::size_t>(unit(rng) * static_cast<double>(j));
        hub[j] = hub[k];
        own[j] = unit(rng) < 0.5 ? own[k] : 0.01 + 3.0 * unit(rng);
        offsets[j] = offsets[k];
        continue;
      }
      hub[j] = unit(rng) < 0.1 ? 0.0 : 3.0 * unit(rng);
      own[j] = unit(rng) < 0.05 ? 0.0 : 0.01 + 3.0 * unit(rng);
      offsets[j] = unit(rng) < 0.1 ? 0.5 : 2.0 * unit(rng) - 1.0;  // some equal offsets
    }
    double hub_weight = 0.0, expected_hub = 0.0;
    std::vector<double> weights, expected;
    const double value = solve_star_game(hub, own, offsets, hub_weight, weights);
    const double expected_value = reference.solve(hub, own, offsets, expected_hub, expected);
    INFO("trial " << trial << ", " << rows << " rows");
    CHECK(std::bit_cast<std::uint64_t>(value) == std::bit_cast<std::uint64_t>(expected_value));
    CHECK(std::bit_cast<std::uint64_t>(hub_weight) == std::bit_cast<std::uint64_t>(expected_hub));
    REQUIRE(weights.size() == expected.size());
    std::size_t differ = 0;
    for (std::size_t j = 0; j < rows; ++j)
      differ +=
          std::bit_cast<std::uint64_t>(weights[j]) != std::bit_cast<std::uint64_t>(expected[j]);
    CHECK(differ == 0);
  }
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

// Forced exploration (tracking.hpp): GK's floor sqrt(t) - K/2 and the K-aware floor
// 3 sqrt(t/K) (sqrt(t) below 9 arms), each against its formula, and the arm it forces: the
// least-pulled arm strictly below the floor, the smallest index among ties, none at the floor.
TEST_CASE("forced exploration: GK's floor and the K-aware floor", "[tracking]") {
  using cpex::identification::ForcedExploration;
  using cpex::identification::forced_exploration_arm;
  using cpex::identification::forced_exploration_floor;
  for (const std::size_t k : {2u, 4u, 9u, 10u, 50u, 1000u})
    for (const std::uint64_t t : {1u, 100u, 2500u, 250000u, 1000000u}) {
      const double root = std::sqrt(static_cast<double>(t));
      CHECK(forced_exploration_floor(ForcedExploration::SqrtT, k, t) == root - 0.5 * static_cast<double>(k));
      const double expected = k <= 9 ? root : 3.0 * std::sqrt(static_cast<double>(t) / static_cast<double>(k));
      CHECK(forced_exploration_floor(ForcedExploration::KAware, k, t) == Approx(expected).epsilon(1e-14));
    }
  // 1,000 arms at round 10,000: GK forces nothing (sqrt(t) - K/2 < 0), K-aware forces the
  // arms below 3 sqrt(10) = 9.49: the least pulled, the first of two tied.
  std::vector<double> counts(1000, 10.0);
  counts[700] = 3.0;
  counts[300] = 3.0;
  counts[5] = 9.0;
  CHECK(forced_exploration_arm(counts, 10000, ForcedExploration::SqrtT) == counts.size());
  CHECK(forced_exploration_arm(counts, 10000, ForcedExploration::KAware) == 300);
  counts[300] = counts[700] = 10.0;
  CHECK(forced_exploration_arm(counts, 10000, ForcedExploration::KAware) == 5);
  counts[5] = 10.0;  // every arm above the floor
  CHECK(forced_exploration_arm(counts, 10000, ForcedExploration::KAware) == counts.size());
  // Random counts on coarse grids (many ties, some arms at the floor itself) against the scan
  // of the arms below the floor: the same arm (the vector pass's first least, when below it).
  std::mt19937_64 rng(4406);
  int forced = 0, none = 0;
  for (int trial = 0; trial < 400; ++trial) {
    std::uniform_int_distribution<std::size_t> arms(1, trial % 4 ? 40 : 3000);
    const std::size_t k = arms(rng);
    const std::uint64_t t = 100 * k + static_cast<std::uint64_t>(trial) * 997;
    const auto rule = trial % 2 ? ForcedExploration::KAware : ForcedExploration::SqrtT;
    const double floor = forced_exploration_floor(rule, k, t);
    std::uniform_int_distribution<int> grid(0, 6);
    std::vector<double> n(k);
    for (double& c : n) c = std::max(1.0, std::floor(floor) + grid(rng) - 2);
    std::size_t expected = k;
    for (std::size_t a = 0; a < k; ++a)
      if (n[a] < floor && (expected == k || n[a] < n[expected])) expected = a;
    INFO("trial " << trial << ", K = " << k);
    REQUIRE(forced_exploration_arm(n, t, rule) == expected);
    (expected < k ? forced : none) += 1;
  }
  CHECK(forced > 100);
  CHECK(none > 20);
  // Four arms at round 100: GK's floor is 8; an arm with 7 pulls is forced, one with 8 is not.
  std::vector<double> four = {8.0, 20.0, 7.0, 30.0};
  CHECK(forced_exploration_arm(four, 100, ForcedExploration::SqrtT) == 2);
  four[2] = 8.0;
  CHECK(forced_exploration_arm(four, 100, ForcedExploration::SqrtT) == four.size());
}

// Frank-Wolfe's forced-exploration schedule: perfect squares, exactly (rounds up to 2^53).
TEST_CASE("is_perfect_square: exact on squares and their neighbours", "[tracking]") {
  using cpex::identification::is_perfect_square;
  CHECK(is_perfect_square(0));
  CHECK(is_perfect_square(1));
  CHECK_FALSE(is_perfect_square(2));
  for (std::uint64_t r : {2ull, 3ull, 1000ull, 67108863ull, 94906265ull}) {
    CHECK(is_perfect_square(r * r));
    CHECK_FALSE(is_perfect_square(r * r - 1));
    CHECK_FALSE(is_perfect_square(r * r + 1));
  }
}

namespace {

// The end of the KL box {q : count d(mean, q) <= level} on the side of `end`, by bisection.
double box_end(const ArmFamily& f, double mean, double count, double level, double end) {
  double in = mean, out = end;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (in + out);
    (count * f.kl(mean, mid) <= level ? in : out) = mid;
  }
  return in;
}

}  // namespace

// The game's optimistic gains (optimistic_gains.hpp) against the stated formula, computed here
// independently: level f = log t (not log t^2, nor log t + log log t), the KL box {q : N d(mu_hat,
// q) <= f} (its ends by bisection here), U = max(d(hi, lambda), d(lo, lambda), f / N). Fails when
// the optimism is wider (or narrower) than that by more than 1e-9 relative; over two rounds, so
// that the second round's bounds come from the first's.
TEST_CASE("game: the optimistic gain is the paper's, at level log t", "[identification][samplers]") {
  using cpex::identification::optimism_level;
  using cpex::identification::optimistic_gain;
  CHECK(optimism_level(1) == 0.0);
  CHECK(optimism_level(1000) == Approx(std::log(1000.0)).epsilon(1e-15));
  struct Case {
    ArmFamily family;
    double mean, count, lambda, low_end, high_end;
  };
  const Case cases[] = {
      {ArmFamily::gaussian(0.5), 0.3, 7.0, 0.3, -100.0, 100.0},   // an arm lambda does not move: U = f / N
      {ArmFamily::gaussian(0.5), 0.3, 7.0, 0.1, -100.0, 100.0},   // (|mu - lambda| + sigma sqrt(2 f / N))^2 / (2 sigma^2)
      {ArmFamily::gaussian(2.0), -1.0, 40.0, 0.5, -100.0, 100.0},
      {ArmFamily::bernoulli(), 0.3, 20.0, 0.3, 0.0, 1.0},
      {ArmFamily::bernoulli(), 0.3, 20.0, 0.45, 0.0, 1.0},
      {ArmFamily::bernoulli(), 0.8, 300.0, 0.7, 0.0, 1.0},
      {ArmFamily::poisson(), 2.5, 12.0, 3.0, 0.0, 100.0},
  };
  for (const Case& c : cases) {
    double upper = std::nan(""), lower = std::nan("");
    for (const std::uint64_t t : {500u, 501u}) {
      const double level = optimism_level(t);
      const double gain = optimistic_gain(c.family, c.mean, c.count, level, c.lambda, upper, lower);
      const double hi = box_end(c.family, c.mean, c.count, level, c.high_end);
      const double lo = box_end(c.family, c.mean, c.count, level, c.low_end);
      CHECK(upper == Approx(hi).epsilon(1e-9));
      CHECK(lower == Approx(lo).margin(1e-12).epsilon(1e-9));
      const double expected = std::max({c.family.kl(hi, c.lambda), c.family.kl(lo, c.lambda), level / c.count});
      CHECK(gain == Approx(expected).epsilon(1e-9));
      CHECK(gain >= c.family.kl(c.mean, c.lambda));  // optimistic
      if (c.family.kind() == ArmFamily::Kind::Gaussian) {
        const double sigma = c.family.sigma(), reach = std::abs(c.mean - c.lambda) + sigma * std::sqrt(2.0 * level / c.count);
        CHECK(gain == Approx(reach * reach / (2.0 * sigma * sigma)).epsilon(1e-9));
      }
      if (c.lambda == c.mean && c.family.kind() == ArmFamily::Kind::Gaussian) CHECK(gain == Approx(level / c.count).epsilon(1e-9));
    }
  }
}

// The gains of every arm at once (OptimisticGains, the game's), round after round, against the
// formula with the box's ends by bisection: arms pulled now and then (their mean and count
// move), most arms' lambda their own mean (the reverse divergence from the bound's logarithms),
// some moved; Gaussian, Bernoulli and Poisson arms; the kept bounds on the safe side of the box's
// ends and within 1e-12 of them, also after the level jumps (t x 1000: the step from the round
// before's bound is then far off and must be refused). Fails when the reverse divergence is off
// by 1e-7 relative, or when the step's check is left out.
TEST_CASE("game: the gains of every arm, round after round, are the paper's",
          "[identification][samplers]") {
  using cpex::identification::optimism_level_on_grid;
  std::mt19937_64 rng(4401);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  // grid 0: log t, a new level every round; grid 64: the level of most rounds is the round
  // before's (the bounds of the arms not pulled since are kept, the pulled arm's recomputed).
  for (const std::uint64_t grid : {0u, 64u})
    for (const ArmFamily& family :
         {ArmFamily::bernoulli(), ArmFamily::poisson(), ArmFamily::gaussian(0.5)}) {
      const std::size_t k = 12;
      const double top = family.kind() == ArmFamily::Kind::Poisson ? 6.0 : 1.0;
      std::vector<ArmFamily> families(k, family);
      std::vector<double> means(k), counts(k), lambda(k), gains(k);
      for (std::size_t a = 0; a < k; ++a) {
        means[a] = top * (0.05 + 0.9 * unit(rng));
        counts[a] = 1.0 + std::floor(200.0 * unit(rng));
      }
      cpex::identification::OptimisticGains of;
      of.reset(k);
      std::size_t checked = 0;
      std::vector<std::uint64_t> rounds;
      for (std::uint64_t t = 3000; t < 3030; ++t) rounds.push_back(t);
      for (std::uint64_t t = 3000000; t < 3000030; ++t) rounds.push_back(t);  // the level jumps
      for (const std::uint64_t t : rounds) {
        const std::size_t pulled = static_cast<std::size_t>(unit(rng) * k);
        counts[pulled] += 1.0;
        means[pulled] =
            std::clamp(means[pulled] + 0.01 * top * (unit(rng) - 0.5), 0.02 * top, 0.98 * top);
        for (std::size_t a = 0; a < k; ++a)
          lambda[a] = unit(rng) < 0.8 ? means[a] : top * (0.05 + 0.9 * unit(rng));
        const double level = optimism_level_on_grid(t, grid);
        of.compute(families, means, counts, level, lambda, gains);
        for (std::size_t a = 0; a < k; ++a) {
          const double hi = box_end(family, means[a], counts[a], level,
                                    family.kind() == ArmFamily::Kind::Gaussian ? 100.0
                                    : top == 1.0                               ? 1.0
                                                                               : 100.0);
          const double lo = box_end(family, means[a], counts[a], level,
                                    family.kind() == ArmFamily::Kind::Gaussian ? -100.0 : 0.0);
          const double expected =
              std::max({family.kl(hi, lambda[a]), family.kl(lo, lambda[a]), level / counts[a]});
          CHECK(gains[a] == Approx(expected).epsilon(1e-9));
          if (family.kind() != ArmFamily::Kind::Gaussian) {
            const auto [lower, upper] = of.bounds(a);
            CHECK(upper >= hi - 1e-15 * std::max(1.0, hi));
            CHECK(upper - hi <= 1e-12 * std::max(1.0, hi));
            CHECK(lower <= lo + 1e-15 * std::max(1.0, lo));
            CHECK(lo - lower <= 1e-12 * std::max(1.0, lo));
          }
          ++checked;
        }
      }
      CHECK(checked == 60 * k);  // (for each grid)
    }
}

// The game's level on a grid (optimism_level_on_grid): log t rounded up to a multiple of
// 1/steps — at least log t, less than 1/steps above, the same between grid points and moving at
// each; steps = 0 is log t itself. Fails on rounding down, or on a grid of another spacing.
TEST_CASE("game: the level on a grid is log t rounded up to a multiple of 1/steps",
          "[identification][samplers]") {
  using cpex::identification::optimism_level;
  using cpex::identification::optimism_level_on_grid;
  for (const std::uint64_t steps : {1u, 64u, 1000u}) {
    std::size_t moves = 0;
    double before = optimism_level_on_grid(2, steps);
    for (std::uint64_t t = 2; t < 200000; t += 1 + t / 97) {
      const double level = optimism_level_on_grid(t, steps),
                   exact = std::log(static_cast<double>(t));
      CHECK(level >= exact);
      CHECK(level < exact + 1.0 / static_cast<double>(steps) + 1e-12);
      const double units = level * static_cast<double>(steps);
      CHECK(std::abs(units - std::round(units)) <= 1e-9);  // a multiple of 1/steps (exactly for 64)
      if (steps == 64) CHECK(units == std::round(units));
      CHECK(level >= before);
      moves += level > before;
      before = level;
    }
    CHECK(moves > 5);
    CHECK(optimism_level_on_grid(1000, 0) == optimism_level(1000));
  }
  // Between two grid points the level stays: about t / 64 rounds at round t.
  std::size_t same = 0;
  for (std::uint64_t t = 100000; t < 100100; ++t)
    same += optimism_level_on_grid(t + 1, 64) == optimism_level_on_grid(t, 64);
  CHECK(same >= 98);
}

// ArmFamily::kl_with_reverse: d(x, y) with kl()'s bits, d(y, x) against a long-double
// computation to a relative 1e-13, up to the rounding that kl() itself carries (absolute, and
// relative to |x - y| for Poisson's psi(y / x - 1)), at random pairs from 1e-8 apart to far.
TEST_CASE("The divergence with its reverse from the same logarithms",
          "[identification][samplers]") {
  using Long = long double;
  auto psi = [](Long z) {  // z - log(1 + z) without cancellation
    if (std::abs(z) >= Long(1e-3)) return z - std::log1p(z);
    Long term = z * z, sum = 0;
    for (int k = 2; k <= 12; ++k, term *= z) sum += (k % 2 == 0 ? term : -term) / k;
    return sum;
  };
  auto exact = [&](const ArmFamily& f, Long a, Long b) -> Long {  // d(a, b)
    switch (f.kind()) {
      case ArmFamily::Kind::Bernoulli:
        return (a - b) * (a - b) / (b * (1 - b)) - a * psi((a - b) / b) -
               (1 - a) * psi((b - a) / (1 - b));
      case ArmFamily::Kind::Poisson: return a * psi((b - a) / a);
      default: return static_cast<Long>(f.kl(static_cast<double>(a), static_cast<double>(b)));
    }
  };
  std::mt19937_64 rng(4402);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const ArmFamily& family : {ArmFamily::bernoulli(), ArmFamily::poisson(),
                                  ArmFamily::gaussian(0.7), ArmFamily::exponential()}) {
    const double top = family.kind() == ArmFamily::Kind::Bernoulli ? 1.0 : 5.0;
    for (int i = 0; i < 5000; ++i) {
      const double x = top * (0.001 + 0.998 * unit(rng));
      const double scale = std::pow(10.0, -8.0 * unit(rng));
      double y = x + (unit(rng) - 0.5) * scale * top;
      if (!(y > 0.0) || (family.kind() == ArmFamily::Kind::Bernoulli && !(y < 1.0))) y = 0.5 * x;
      double reverse = -1.0;
      const double forward = family.kl_with_reverse(x, y, reverse);
      CHECK(forward == family.kl(x, y));
      const double expected = static_cast<double>(exact(family, y, x));
      CHECK(std::abs(reverse - expected) <= 1e-13 * expected + 1e-15 * std::abs(x - y) + 4e-16);
    }
  }
}

TEST_CASE("The Bregman generator of each family gives back its divergence",
          "[identification][samplers]") {
  // d(x, y) = phi(x) - phi(y) - phi'(y) (x - y) (sticky Track-and-Stop's prefix-sum costs), at
  // random pairs, the ends of Bernoulli's means included.
  std::mt19937_64 rng(44);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const ArmFamily families[] = {ArmFamily::gaussian(0.7), ArmFamily::bernoulli(),
                                ArmFamily::poisson(), ArmFamily::exponential()};
  for (const ArmFamily& family : families) {
    for (int trial = 0; trial < 200; ++trial) {
      double x = unit(rng), y = 0.02 + 0.96 * unit(rng);
      if (family.kind() == ArmFamily::Kind::Gaussian) x = 4.0 * x - 2.0, y = 4.0 * y - 2.0;
      if (family.kind() == ArmFamily::Kind::Poisson ||
          family.kind() == ArmFamily::Kind::Exponential)
        x = 0.05 + 5.0 * x, y = 0.05 + 5.0 * y;
      if (family.kind() == ArmFamily::Kind::Bernoulli && trial % 10 == 0)
        x = trial % 20 == 0 ? 0.0 : 1.0;
      const double bregman = family.bregman_generator(x) - family.bregman_generator(y) -
                             family.bregman_generator_slope(y) * (x - y);
      INFO(family.name() << " x = " << x << ", y = " << y);
      CHECK(bregman == Approx(family.kl(x, y)).epsilon(1e-9).margin(1e-12));
    }
  }
  CHECK(std::isnan(ArmFamily::gaussian_unknown_variance(1.0).bregman_generator(0.5)));
}
