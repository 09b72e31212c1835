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
//  - top-m: the tree's first m + 1 arms give the problem's answer and its strictness; its pieces
//    (an answer of 2 to 6 arms, the empirical one or any): closest_outside is the
//    problem's best response and the least of every piece, bit for bit, with and without penalties;
//  - the search opens few nodes on a large instance (the point of the tree), best arm and top-5.
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

// Trial `trial`'s random state of k arms of one family (the kind cycles with the trial):
// means and counts on coarse grids, so many pairs tie (means at 0 and 1 for Bernoulli arms).
struct RandomArms {
  RandomArms(std::mt19937_64& rng, int trial, std::size_t arms)
      : k(arms),
        kind(trial % 4),
        family(family_of(kind, 0.25 + 0.1 * (trial % 5))),
        families(arms, family),
        grid(trial % 3 == 0   ? 3
             : trial % 3 == 1 ? 12
                              : 1000000),
        top(kind == 1   ? 1.0
            : kind == 0 ? 2.0
                        : 4.0),
        level(0, grid),
        small(1, 4),
        pick(0, arms - 1),
        mu(arms),
        n(arms),
        log_n(arms) {
    std::uniform_int_distribution<int> large(1, 500);
    for (std::size_t a = 0; a < k; ++a) {
      mu[a] = mean_at(level(rng));
      n[a] = trial % 2 ? small(rng) : large(rng);
    }
  }
  // Exponential and Poisson arms: a mean of 0 only for Poisson (an exponential reward is > 0).
  double mean_at(int l) const {
    const double mean = kind == 0 ? top * l / grid - 1.0 : top * l / grid;
    return kind == 3 && mean == 0.0 ? top / grid : mean;
  }
  void refresh_logs() {
    for (std::size_t a = 0; a < k; ++a) log_n[a] = std::log(n[a]);
  }
  // One arm pulled a few times (the counts grow, so the leaves are reordered now and then), at a
  // new mean, now and then an ulp from another arm's (one rational reached by two running
  // means); returns the arm.
  std::size_t pull(std::mt19937_64& rng, int step) {
    const std::size_t a = pick(rng);
    n[a] += small(rng);
    mu[a] = mean_at(level(rng));
    const std::size_t other = pick(rng);
    if (step % 3 == 0 && mu[other] > 0.0) mu[a] = std::nextafter(mu[other], step % 2 ? 0.0 : 0.5);
    return a;
  }

  std::size_t k;
  int kind;
  ArmFamily family;
  std::vector<ArmFamily> families;
  int grid;
  double top;
  std::uniform_int_distribution<int> level, small;
  std::uniform_int_distribution<std::size_t> pick;
  std::vector<double> mu, n, log_n;
};

}  // namespace

TEST_CASE("The best-arm tree's closest pair is the full scan's, bit for bit", "[identification][samplers]") {
  std::mt19937_64 rng(4444);
  int states = 0, ties = 0, strict_states = 0;
  for (int trial = 0; trial < 160; ++trial) {
    std::uniform_int_distribution<std::size_t> arms(2, trial % 8 < 2 ? 300 : 40);
    RandomArms r(rng, trial, arms(rng));
    const auto problem = top_m_problem(r.k, 1);
    BestArmTree tree;
    REQUIRE(BestArmTree::serves(r.families));
    tree.build(r.family, r.n, r.mu);
    for (int step = 0; step < 40; ++step) {
      r.refresh_logs();
      Decision answer;
      const bool strict = problem->answer(r.mu, answer);
      INFO(r.family.name() << ", K = " << r.k << ", trial " << trial << ", step " << step);
      REQUIRE(tree.leader() == answer.arms.front());
      REQUIRE(tree.leader_unique() == strict);
      strict_states += strict ? 1 : 0;
      // The leader, and another arm as the leader (a Thompson-sampling leader's best response).
      for (std::size_t b : {answer.arms.front(), r.pick(rng)}) {
        const Decision lead{{b}, {}};
        for (bool penalized : {false, true}) {
          const std::span<const double> pen =
              penalized ? std::span<const double>(r.log_n) : std::span<const double>();
          LeastPiece every(lead, pen);
          problem->for_each_piece(r.n, r.mu, r.families, lead, every);
          BestResponse scan, fast;
          problem->best_response(r.n, r.mu, r.families, lead, scan, {}, pen);
          tree.closest(b, penalized, fast);
          INFO("leader " << b << (penalized ? ", penalized" : ""));
          require_same(every.best, fast);
          require_same(scan, fast);
          ++states;
          if (every.tied > 0) ++ties;
        }
      }
      const std::size_t a = r.pull(rng, step);
      tree.update(a, r.n[a], r.mu[a]);
    }
  }
  CHECK(states == 160 * 40 * 4);
  CHECK(ties > states / 10);
  // Both kinds of leader met: unique (most states) and tied with another arm (the coarse grids).
  CHECK(strict_states > 160 * 40 / 4);
  CHECK(strict_states < 160 * 40);
}

TEST_CASE("The tree's top-m pieces are TopM's best response, bit for bit",
          "[identification][samplers]") {
  std::mt19937_64 rng(4447);
  int states = 0, ties = 0, not_first_row = 0, strict_answers = 0;
  for (int trial = 0; trial < 120; ++trial) {
    std::uniform_int_distribution<std::size_t> arms(3, trial % 8 < 2 ? 300 : 40);
    RandomArms r(rng, trial, arms(rng));
    const std::size_t m = std::min<std::size_t>(r.k - 1, 2 + trial % 5);
    const auto problem = top_m_problem(r.k, m);
    REQUIRE(top_m_of(*problem) == m);
    BestArmTree tree;
    tree.build(r.family, r.n, r.mu);
    for (int step = 0; step < 30; ++step) {
      r.refresh_logs();
      Decision empirical;
      const bool strict = problem->answer(r.mu, empirical);
      // The tree's first m + 1 arms: the answer's m (in the stable order) and the next one.
      std::vector<std::size_t> order(m + 1);
      tree.top(order);
      std::vector<std::size_t> first_m(order.begin(),
                                       order.begin() + static_cast<std::ptrdiff_t>(m));
      std::sort(first_m.begin(), first_m.end());
      REQUIRE(first_m == empirical.arms);
      REQUIRE((r.mu[order[m - 1]] > r.mu[order[m]]) == strict);
      strict_answers += strict ? 1 : 0;
      // Another answer: m distinct arms at random (a sampled leader's), in increasing order.
      Decision other;
      while (other.arms.size() < m) {
        const std::size_t a = r.pick(rng);
        if (std::find(other.arms.begin(), other.arms.end(), a) == other.arms.end())
          other.arms.push_back(a);
      }
      std::sort(other.arms.begin(), other.arms.end());
      INFO(r.family.name() << ", K = " << r.k << ", m = " << m << ", trial " << trial << ", step "
                           << step);
      for (const Decision* answer : {&empirical, &other})
        for (bool penalized : {false, true}) {
          const std::span<const double> pen =
              penalized ? std::span<const double>(r.log_n) : std::span<const double>();
          LeastPiece every(*answer, pen);
          problem->for_each_piece(r.n, r.mu, r.families, *answer, every);
          BestResponse scan, fast;
          problem->best_response(r.n, r.mu, r.families, *answer, scan, {}, pen);
          tree.closest_outside(answer->arms, penalized, fast);
          INFO((answer == &empirical ? "empirical answer" : "random answer")
               << (penalized ? ", penalized" : ""));
          require_same(every.best, fast);
          require_same(scan, fast);
          ++states;
          if (every.tied > 0) ++ties;
          if (fast.arms.front() != answer->arms.front()) ++not_first_row;
        }
      const std::size_t a = r.pull(rng, step);
      tree.update(a, r.n[a], r.mu[a]);
    }
  }
  CHECK(states == 120 * 30 * 4);
  CHECK(ties > states / 10);
  // The least piece is often in a later row (the rows' order and ties across rows matter).
  CHECK(not_first_row > states / 4);
  // Strict answers and answers tied at the m-th mean (the coarse grids) both met.
  CHECK(strict_answers > 120 * 30 / 4);
  CHECK(strict_answers < 120 * 30);
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
    // The top-5: the five largest means as the answer, one search per answer arm.
    std::vector<std::size_t> order(k);
    for (std::size_t a = 0; a < k; ++a) order[a] = a;
    std::partial_sort(order.begin(), order.begin() + 5, order.end(),
                      [&](std::size_t a, std::size_t b) { return mu[a] > mu[b]; });
    std::vector<std::size_t> inside(order.begin(), order.begin() + 5);
    std::sort(inside.begin(), inside.end());
    tree.closest_outside(inside, true, out);
    INFO(f.name() << ", top-5: " << tree.opened() << " nodes opened");
    CHECK(tree.opened() < k / 20);
  }
}
