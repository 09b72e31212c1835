// Counter-based random streams: determinism, independence of streams, distributions.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "cpex/random.hpp"

using namespace cpex;

TEST_CASE("A stream depends only on its seed, point, repetition, role and index", "[random]") {
  RandomStream a(RunSeed{1, 2, 3}, StreamRole::Algorithm, 4);
  RandomStream b(RunSeed{1, 2, 3}, StreamRole::Algorithm, 4);
  for (int i = 0; i < 100; ++i) REQUIRE(a() == b());
  const RunSeed base{1, 2, 3};
  const std::uint64_t first = RandomStream(base, StreamRole::Algorithm, 4)();
  CHECK(RandomStream(RunSeed{2, 2, 3}, StreamRole::Algorithm, 4)() != first);
  CHECK(RandomStream(RunSeed{1, 3, 3}, StreamRole::Algorithm, 4)() != first);
  CHECK(RandomStream(RunSeed{1, 2, 4}, StreamRole::Algorithm, 4)() != first);
  CHECK(RandomStream(base, StreamRole::EnvironmentNoise, 4)() != first);
  CHECK(RandomStream(base, StreamRole::Algorithm, 5)() != first);
}

TEST_CASE("Copies of a stream continue identically", "[random]") {
  RandomStream a(RunSeed{9, 0, 0}, StreamRole::EnvironmentNoise, 0);
  a();
  RandomStream b = a;
  for (int i = 0; i < 10; ++i) REQUIRE(a() == b());
}

TEST_CASE(
    "normals() gives the draws of as many normal() calls, and leaves the stream where they do",
    "[random]") {
  RandomStream batch(RunSeed{10, 0, 0}, StreamRole::Algorithm, 0);
  RandomStream single = batch;
  std::vector<double> out;
  for (std::size_t n :
       {0u, 1u, 3u, 4u, 5u, 100u, 1000u}) {  // (block edges of 4 draws, the tails' rejections)
    out.assign(n, 0.0);
    batch.normals(out);
    for (std::size_t i = 0; i < n; ++i) REQUIRE(out[i] == single.normal());
    REQUIRE(batch() == single());  // the same position in the stream after
  }
}

TEST_CASE("Uniform and normal draws have the right moments", "[random]") {
  RandomStream rng(RunSeed{5, 0, 0}, StreamRole::EnvironmentNoise, 0);
  const int n = 200000;
  double su = 0, sn = 0, sn2 = 0;
  for (int i = 0; i < n; ++i) {
    const double u = rng.uniform01();
    REQUIRE(u >= 0.0);
    REQUIRE(u < 1.0);
    su += u;
    const double z = rng.normal();
    sn += z;
    sn2 += z * z;
  }
  // Five standard errors.
  CHECK(std::abs(su / n - 0.5) < 5 * std::sqrt(1.0 / 12 / n));
  CHECK(std::abs(sn / n) < 5 / std::sqrt(double(n)));
  CHECK(std::abs(sn2 / n - 1.0) < 5 * std::sqrt(2.0 / n));
}

TEST_CASE("below(n) stays in range and covers it", "[random]") {
  RandomStream rng(RunSeed{5, 1, 0}, StreamRole::Algorithm, 0);
  std::vector<int> seen(7, 0);
  for (int i = 0; i < 7000; ++i) {
    const auto x = rng.below(7);
    REQUIRE(x < 7);
    ++seen[x];
  }
  for (int count : seen) CHECK(count > 800);
}
