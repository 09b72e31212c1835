// Sweep axes, their Cartesian product, and stream keys.
#include <catch2/catch.hpp>

#include "cpex/errors.hpp"
#include "cpex/runtime/sweep.hpp"
#include "cpex/runtime/sweep_scope.hpp"

using namespace cpex;
using Catch::Matchers::Contains;

TEST_CASE("Axes expand to their product with the last axis fastest", "[sweep]") {
  const auto file = PipelineFile::from_text(
      "[sweep]\naxis = environment.n = 10,20\naxis = algorithm.plugin = lucb, lil-lucb, x\n", "s.ini");
  const auto axes = read_axes(file);
  REQUIRE(axes.size() == 2);
  const auto points = expand(axes);
  REQUIRE(points.size() == 6);
  CHECK(points[0].values[0].second == "10");
  CHECK(points[0].values[1].second == "lucb");
  CHECK(points[1].values[1].second == "lil-lucb");
  CHECK(points[3].values[0].second == "20");
  // Algorithms at one point share streams; other axes change them.
  CHECK(points[0].stream_key == points[1].stream_key);
  CHECK(points[0].stream_key == points[2].stream_key);
  CHECK(points[0].stream_key != points[3].stream_key);
  const auto applied = apply(file, points[4]);
  CHECK(applied.get("environment", "n") == "20");
  CHECK(applied.get("algorithm", "plugin") == "lil-lucb");
}

TEST_CASE("A point's stream key does not depend on the other values of its axis", "[sweep]") {
  const auto small = expand(read_axes(PipelineFile::from_text("[sweep]\naxis = e.n = 10,20\n", "a")));
  const auto large =
      expand(read_axes(PipelineFile::from_text("[sweep]\naxis = e.n = 5,10,20,40\n", "b")));
  CHECK(small[0].stream_key == large[1].stream_key);
  CHECK(small[1].stream_key == large[2].stream_key);
}

TEST_CASE("List-valued keys are swept with '|'", "[sweep]") {
  const auto axes = read_axes(
      PipelineFile::from_text("[sweep]\naxis = environment.means = 0.5,0 | 0.6,0,0\n", "s.ini"));
  REQUIRE(axes[0].values == std::vector<std::vector<std::string>>{{"0.5,0"}, {"0.6,0,0"}});
}

TEST_CASE("Zipped axes tie several keys together", "[sweep]") {
  const auto file = PipelineFile::from_text(
      "[sweep]\naxis = environment.n & oracle.k = 10;5, 20;10\naxis = algorithm.plugin = a,b\n", "z.ini");
  const auto points = expand(read_axes(file));
  REQUIRE(points.size() == 4);
  CHECK(points[2].values == std::vector<std::pair<std::string, std::string>>{
                                {"environment.n", "20"}, {"oracle.k", "10"}, {"algorithm.plugin", "a"}});
  auto axes_of = [](const std::string& text) {
    return read_axes(PipelineFile::from_text("[sweep]\n" + text + "\n", "z.ini"));
  };
  CHECK_THROWS_WITH(axes_of("axis = a.n & a.k = 10;5, 20"),
                    Contains("value '20' has 1 parts for 2 keys"));
  CHECK_THROWS_WITH(axes_of("axis = a.n & a.n = 1;1"), Contains("a.n is swept twice"));
}

TEST_CASE("Malformed axes are refused", "[sweep]") {
  auto axes_of = [](const std::string& text) {
    return read_axes(PipelineFile::from_text("[sweep]\n" + text + "\n", "s.ini"));
  };
  CHECK_THROWS_WITH(axes_of("axis = n = 1,2"), Contains("s.ini") && Contains("section.key"));
  CHECK_THROWS_WITH(axes_of("axis = a.n = 1,,2"), Contains("an empty value"));
  CHECK_THROWS_WITH(axes_of("axis = a.n = 1\naxis = a.n = 2"), Contains("swept twice"));
  CHECK_THROWS_WITH(axes_of("axes = a.n = 1"), Contains("unknown key"));
  CHECK_THROWS_WITH(axes_of("axis = run.repetitions = 1,2"), Contains("cannot be swept"));
  CHECK(expand({}).size() == 1);
}

TEST_CASE("A sweep's scope lists every plugin a section takes across its points", "[sweep]") {
  const auto file = PipelineFile::from_text(
      "[environment]\nplugin = gaussian\n[oracle]\nplugin = top-k\n[algorithm]\nplugin = base\n"
      "[sweep]\naxis = algorithm.plugin = saqm, icb, saqm\n"
      "axis = environment.plugin & environment.n = gaussian;4, bernoulli;5\n",
      "s.ini");
  const SweepScope scope = sweep_scope(file, read_axes(file));
  // Swept: the axis values in order, without repeats, and not the file's unswept default.
  CHECK(scope.of("algorithm", "icb") == std::vector<std::string>{"saqm", "icb"});
  CHECK(scope.of("environment", "bernoulli") == std::vector<std::string>{"gaussian", "bernoulli"});
  // Not swept: the file's plugin; a section the file lacks: the point's own plugin.
  CHECK(scope.of("oracle", "top-k") == std::vector<std::string>{"top-k"});
  CHECK(scope.of("dks", "dks-peeling") == std::vector<std::string>{"dks-peeling"});
}
