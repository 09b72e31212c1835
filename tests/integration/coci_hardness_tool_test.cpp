// cpex-coci-hardness against radii known in closed form: the best arm of
// 0.9, 0.6, 0.5, 0.1 (top-1) flips when two means meet halfway, so
// Lambda = (0.15, 0.15, 0.2, 0.4), H_Lambda = 120.14 and H_Lambda^U = 4 / 0.15^2 = 177.78.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>

#include "test_support.hpp"

TEST_CASE("cpex-coci-hardness computes Lambda_i and the hardness measures", "[cli][coci]") {
  const std::string file = cpex::test::temp_file(
      "hardness.ini",
      "[environment]\nplugin = bernoulli\nmeans = 0.9, 0.6, 0.5, 0.1\n[oracle]\nplugin = top-k\n"
      "k = 1\n[algorithm]\nplugin = coci\n");
  const std::string tool =
      (std::filesystem::path(CPEX_BINARY).parent_path() / "cpex-coci-hardness").string();
  FILE* pipe = popen(("CPEX_PLUGIN_PATH= " + tool + " " + file + " 2>&1").c_str(), "r");
  REQUIRE(pipe);
  char buffer[512] = {};
  const std::string out = fgets(buffer, sizeof buffer, pipe) ? buffer : "";
  CHECK(pclose(pipe) == 0);
  CHECK(out == "lambda=0.15,0.15,0.2,0.4;H=120.139;HU=177.778\n");
}
