// The ready CPE-L pipelines run from the command line: a random spanning-tree instance
// with no data file, and a DAG read from an edge-list file next to its pipeline.
#include <catch2/catch.hpp>

#include "test_support.hpp"

using cpex::test::run_cpex;
using Catch::Matchers::Contains;

TEST_CASE("CLUCB runs on a generated spanning-tree instance from one pipeline file",
          "[cli][cpe-l]") {
  const auto r = run_cpex("run pipelines/cpe-l/spanning-tree-clucb.ini --json --threads 2 "
                          "--set run.repetitions=20");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Contains("\"runs\": 20"));
  CHECK_THAT(r.out, Contains("\"capped\": 0"));
  CHECK_THAT(r.out, Contains("\"errors\": 0"));
}

TEST_CASE("A graph file is found relative to its pipeline", "[cli][cpe-l]") {
  const auto r = run_cpex("run pipelines/cpe-l/path-file-clucb.ini --json --threads 2 "
                          "--set run.repetitions=10");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.out, Contains("\"oracle\": \"dag-path\""));
  CHECK_THAT(r.out, Contains("\"errors\": 0"));
}
