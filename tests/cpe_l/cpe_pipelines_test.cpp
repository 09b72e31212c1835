// The ready CPE-L pipelines run from the command line: a random spanning-tree instance
// with no data file, and a DAG read from an edge-list file next to its pipeline.
#include <catch2/catch.hpp>

#include "test_support.hpp"

using cpex::test::run_cpex;
using Catch::Matchers::Contains;

namespace {

// The JSON summary of `cpex run pipelines/cpe-l/FILE` with that many repetitions (2 threads);
// the run must succeed.
std::string run_json(const std::string& file, int repetitions) {
  const auto r = run_cpex("run pipelines/cpe-l/" + file + " --json --threads 2 --set run.repetitions=" +
                          std::to_string(repetitions));
  INFO(r.err);
  REQUIRE(r.status == 0);
  return r.out;
}

}  // namespace

TEST_CASE("CLUCB runs on a generated spanning-tree instance from one pipeline file",
          "[cli][cpe-l]") {
  const std::string out = run_json("spanning-tree-clucb.ini", 20);
  CHECK_THAT(out, Contains("\"runs\": 20"));
  CHECK_THAT(out, Contains("\"capped\": 0"));
  CHECK_THAT(out, Contains("\"wrong\": 0"));
}

TEST_CASE("A graph file is found relative to its pipeline", "[cli][cpe-l]") {
  const std::string out = run_json("path-file-clucb.ini", 10);
  CHECK_THAT(out, Contains("\"oracle\": \"dag-path\""));
  CHECK_THAT(out, Contains("\"wrong\": 0"));
}
