// The kinetic tournament against a brute-force minimum under random updates and a
// moving query point.
#include <catch2/catch.hpp>

#include <limits>
#include <vector>

#include "cpex/numerics/kinetic_tournament.hpp"
#include "cpex/random.hpp"
#include "minimum_structure_check.hpp"

using cpex::numerics::KineticTournament;

namespace {

struct Line {
  bool active = false;
  double value = 0, slope = 0;
};

// Smallest key at x, ties to the smaller index; npos if none is active.
std::size_t brute_argmin(const std::vector<Line>& lines, double x) {
  return cpex::test::brute_argmin(
      lines.size(), [&](std::size_t i) { return lines[i].active; },
      [&](std::size_t i) { return lines[i].value + lines[i].slope * x; });
}

}  // namespace

TEST_CASE("Kinetic tournament tracks the minimum of moving lines", "[structures]") {
  for (std::size_t n : {1u, 2u, 3u, 17u, 64u, 100u}) {
    cpex::RandomStream rng(cpex::RunSeed{7, n, 0}, cpex::StreamRole::Algorithm);
    KineticTournament tree(n);
    std::vector<Line> lines(n);
    double x = 0.0;
    tree.advance(x);
    const auto remove = [&](std::size_t i) {
      tree.remove(i);
      lines[i].active = false;
    };
    const auto set = [&](std::size_t i) {
      lines[i] = {true, rng.uniform01() * 2 - 1, -rng.uniform01()};
      tree.set(i, lines[i].value, lines[i].slope);
    };
    cpex::test::random_updates(rng, n, 3000, 0.15, remove, set, [&] {
      if (rng.uniform01() < 0.5) {
        x += rng.uniform01() * 0.2;
        tree.advance(x);
      }
      const std::size_t expected = brute_argmin(lines, x);
      const std::size_t got = tree.argmin();
      REQUIRE((expected == KineticTournament::npos) == (got == KineticTournament::npos));
      if (got != KineticTournament::npos) {
        const double want = lines[expected].value + lines[expected].slope * x;
        REQUIRE(tree.key(got) == Approx(want).margin(1e-12));
      }
    });
  }
}

TEST_CASE("Kinetic tournament with zero slopes is a tournament tree with index ties",
          "[structures]") {
  KineticTournament tree(5);
  for (std::size_t i = 0; i < 5; ++i) tree.set(i, 1.0, 0.0);
  CHECK(tree.argmin() == 0);
  tree.set(3, 0.5, 0.0);
  CHECK(tree.argmin() == 3);
  tree.remove(3);
  CHECK(tree.argmin() == 0);
  tree.remove(0);
  CHECK(tree.argmin() == 1);
}

TEST_CASE("Kinetic tournament hands over when a steeper line crosses", "[structures]") {
  KineticTournament tree(2);
  tree.set(0, 0.0, 0.0);   // key 0
  tree.set(1, 1.0, -1.0);  // key 1 - x: crosses at x = 1
  tree.advance(0.5);
  CHECK(tree.argmin() == 0);
  tree.advance(1.0);
  CHECK(tree.argmin() == 0);  // tie at the crossing: smaller index
  tree.advance(1.5);
  CHECK(tree.argmin() == 1);
}
