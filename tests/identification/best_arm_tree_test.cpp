// numerics::BestArmTree (the best-arm check and challenger in O(log K)) against the full scan:
//  - random states (K from 2 to 300; means and counts on coarse grids, so many pairs tie;
//    Bernoulli arms at 0 and 1; means an ulp apart) under random update sequences: the tree's
//    leader is the problem's answer (and unique exactly when the answer is strict), and its closest
//    pair to the leader and to another arm, with and without the penalties log N_j, is the least of
//    every piece (for_each_piece's exact costs) and the problem's best response, bit for bit
//    (value, margin, piece, arms, point);
//  - the node bound never exceeds the exact cost of an arm below the node (random nodes), and
//    the bound at the wrong corner (least mean, largest count) does: the test would fail if
//    a monotonicity were taken the wrong way;
//  - the search opens few nodes on a large instance (the point of the tree).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "cpex/numerics/best_arm_tree.hpp"
#include "cpex/numerics/identification.hpp"
#include "least_piece.hpp"

using namespace cpex;
using namespace cpex::numerics;
using cpex::test::LeastPiece;

namespace {

ArmFamily family_of(int kind, double sigma) {
  switch (kind) {
    case 0: return ArmFamily::gaussian(sigma);
    case 1: return ArmFamily::bernoulli();
    case 2: return ArmFamily::poisson();
    default: return ArmFamily::exponential();
  }
}

void require_same(const BestResponse& expected, const BestResponse& tree) {
  REQUIRE(tree.value == expected.value);
  REQUIRE(tree.margin == expected.margin);
  REQUIRE(tree.piece == expected.piece);
  REQUIRE(tree.arms == expected.arms);
  REQUIRE(tree.point == expected.point);
}

}  // namespace

TEST_CASE("The best-arm tree's closest pair is the full scan's, bit for bit", "[identification][samplers]") {
  std::mt19937_64 rng(4444);
  int states = 0, ties = 0, strict_states = 0;
  for (int trial = 0; trial < 160; ++trial) {
    const int kind = trial % 4;
    std::uniform_int_distribution<std::size_t> arms(2, trial % 8 < 2 ? 300 : 40);
    const std::size_t k = arms(rng);
    const ArmFamily f = family_of(kind, 0.25 + 0.1 * (trial % 5));
    const std::vector<ArmFamily> families(k, f);
    const auto problem = top_m_problem(k, 1);
    // Coarse grids: ties in means (at 0 and 1 for Bernoulli arms) and in counts.
    const int grid = trial % 3 == 0 ? 3 : trial % 3 == 1 ? 12 : 1000000;
    const double top = kind == 1 ? 1.0 : kind == 0 ? 2.0 : 4.0;
    std::uniform_int_distribution<int> level(0, grid), small(1, 4), large(1, 500);
    auto mean_at = [&](int l) { return kind == 0 ? top * l / grid - 1.0 : top * l / grid; };
    std::vector<double> mu(k), n(k), log_n(k);
    for (std::size_t a = 0; a < k; ++a) {
      // Exponential and Poisson arms: a mean of 0 only for Poisson (an exponential reward is > 0).
      mu[a] = mean_at(level(rng));
      if (kind == 3 && mu[a] == 0.0) mu[a] = top / grid;
      n[a] = trial % 2 ? small(rng) : large(rng);
    }
    BestArmTree tree;
    REQUIRE(BestArmTree::serves(families));
    tree.build(f, n, mu);
    std::uniform_int_distribution<std::size_t> pick(0, k - 1);
    for (int step = 0; step < 40; ++step) {
      for (std::size_t a = 0; a < k; ++a) log_n[a] = std::log(n[a]);
      Decision answer;
      const bool strict = problem->answer(mu, answer);
      INFO(f.name() << ", K = " << k << ", trial " << trial << ", step " << step);
      REQUIRE(tree.leader() == answer.arms.front());
      REQUIRE(tree.leader_unique() == strict);
      strict_states += strict ? 1 : 0;
      // The leader, and another arm as the leader (a Thompson-sampling leader's best response).
      for (std::size_t b : {answer.arms.front(), pick(rng)}) {
        const Decision lead{{b}, {}};
        for (bool penalized : {false, true}) {
          const std::span<const double> pen = penalized ? std::span<const double>(log_n) : std::span<const double>();
          LeastPiece every(lead, pen);
          problem->for_each_piece(n, mu, families, lead, every);
          BestResponse scan, fast;
          problem->best_response(n, mu, families, lead, scan, {}, pen);
          tree.closest(b, penalized, fast);
          INFO("leader " << b << (penalized ? ", penalized" : ""));
          require_same(every.best, fast);
          require_same(scan, fast);
          ++states;
          if (every.tied > 0) ++ties;
        }
      }
      // One arm pulled a few times (the counts grow, so the leaves are reordered now and then).
      const std::size_t a = pick(rng);
      n[a] += small(rng);
      mu[a] = mean_at(level(rng));
      if (kind == 3 && mu[a] == 0.0) mu[a] = top / grid;
      // Now and then an ulp from another arm's mean (one rational reached by two running means).
      const std::size_t other = pick(rng);
      if (step % 3 == 0 && mu[other] > 0.0) mu[a] = std::nextafter(mu[other], step % 2 ? 0.0 : 0.5);
      tree.update(a, n[a], mu[a]);
    }
  }
  CHECK(states == 160 * 40 * 4);
  CHECK(ties > states / 10);
  // Both kinds of leader met: unique (most states) and tied with another arm (the coarse grids).
  CHECK(strict_states > 160 * 40 / 4);
  CHECK(strict_states < 160 * 40);
}

TEST_CASE("The best-arm tree's node bound is below every pair of the node", "[identification][samplers]") {
  std::mt19937_64 rng(4445);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<int> counts(1, 2000);
  int wrong_corner_above = 0, nodes = 0;
  for (int kind = 0; kind < 4; ++kind) {
    const ArmFamily f = family_of(kind, 0.5);
    const double scale = kind == 1 ? 1.0 : 5.0;
    for (int trial = 0; trial < 3000; ++trial) {
      // A node of 2 to 16 arms below the leader b (means near each other, or spread).
      const std::size_t size = 2 + static_cast<std::size_t>(trial % 15);
      const double mean_b = scale * (0.5 + 0.5 * unit(rng)), count_b = counts(rng);
      const double spread = trial % 2 ? 1e-6 : 0.5;
      std::vector<double> mu(size), n(size);
      for (std::size_t a = 0; a < size; ++a) {
        mu[a] = std::max(1e-9, mean_b * (1.0 - spread * unit(rng)));
        if (trial % 5 == 0) mu[a] = std::nextafter(mean_b, 0.0);
        n[a] = counts(rng);
      }
      BestArmTree tree;
      tree.build(f, std::vector<double>{count_b}, std::vector<double>{mean_b});
      const double top = *std::max_element(mu.begin(), mu.end()), least = *std::min_element(n.begin(), n.end());
      const double bottom = *std::min_element(mu.begin(), mu.end()), most = *std::max_element(n.begin(), n.end());
      const double bound = tree.node_bound(count_b, mean_b, least, top);
      const double wrong = tree.node_bound(count_b, mean_b, most, bottom);
      bool above = false;
      for (std::size_t a = 0; a < size; ++a) {
        const double cost = pair_transport(f, count_b, mean_b, f, n[a], mu[a]).cost;
        INFO(f.name() << ", trial " << trial << ", arm " << a);
        REQUIRE(bound >= 0.0);
        REQUIRE(bound <= cost);
        above = above || wrong > cost;
      }
      ++nodes;
      if (above) ++wrong_corner_above;
    }
  }
  // The other corner is no bound: it exceeds some pair of most nodes.
  CHECK(wrong_corner_above > nodes / 2);
}

TEST_CASE("The best-arm tree opens few nodes on a large instance", "[identification][samplers]") {
  std::mt19937_64 rng(4446);
  const std::size_t k = 10000;
  std::normal_distribution<double> noise(0.0, 0.1);
  for (int kind : {0, 1}) {
    const ArmFamily f = family_of(kind, 0.5);
    std::vector<double> mu(k), n(k);
    for (std::size_t a = 0; a < k; ++a) {
      mu[a] = std::clamp(0.1 + 0.45 * static_cast<double>(a) / k + noise(rng), 0.01, 0.99);
      n[a] = 20.0;
    }
    BestArmTree tree;
    tree.build(f, n, mu);
    BestResponse out;
    tree.closest(tree.leader(), true, out);
    INFO(f.name() << ": " << tree.opened() << " nodes opened");
    CHECK(tree.opened() < k / 20);
  }
}
