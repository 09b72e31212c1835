// Bad input to the CPE-L oracles through the command line: each case exits with status 1
// and one stderr line naming the file, section and key (and the line for a bad edge).
#include <catch2/catch.hpp>

#include <algorithm>

#include "cli_expect.hpp"
#include "test_support.hpp"

using cpex::test::temp_file;

namespace {

// The refusal of `pipeline` by `cpex run`, naming the file.
void expect_error(const std::string& pipeline, const std::vector<std::string>& fragments) {
  cpex::test::expect_pipeline_error(pipeline, fragments, "", true);
}

std::string graph_file(const std::string& text) {
  static int counter = 0;
  return temp_file("cpe-bad-graph-" + std::to_string(++counter) + ".txt", text);
}

std::string graph_pipeline(const std::string& oracle_keys) {
  return "[environment]\nplugin = planted-gap\n[oracle]\n" + oracle_keys +
         "[algorithm]\nplugin = clucb\n[run]\nrepetitions = 2\n";
}

}  // namespace

TEST_CASE("dag-path without a source-target path or with a cycle", "[cli][bad-input][cpe-l]") {
  const auto apart = graph_file("0 1\n2 3\n");
  expect_error(graph_pipeline("plugin = dag-path\ngraph = " + apart + "\nsource = 0\ntarget = 3\n"),
               {"[oracle] target", "no path from source 0 to target 3", apart});
  const auto cycle = graph_file("# a triangle\n0 1\n1 2\n2 0\n2 3\n");
  expect_error(graph_pipeline("plugin = dag-path\ngraph = " + cycle + "\n"),
               {"[oracle] graph", "directed cycle", cycle});
  expect_error(graph_pipeline("plugin = dag-path\ngraph = " + apart + "\ntarget = 9\n"),
               {"[oracle] target", "vertex 9 is not in"});
}

TEST_CASE("Edge lists with bad vertex ids name the line", "[cli][bad-input][cpe-l]") {
  const auto word = graph_file("0 1\n# fine\n1 two\n");
  expect_error(graph_pipeline("plugin = matroid-graphic\ngraph = " + word + "\n"),
               {"[oracle] graph", word + ":3:", "'two' is not a non-negative integer"});
  const auto negative = graph_file("0 1\n-1 2\n");
  expect_error(graph_pipeline("plugin = matching\ngraph = " + negative + "\n"),
               {negative + ":2:", "out of range"});
  const auto huge = graph_file("0 1\n1 2\n2 99999999999\n");
  expect_error(graph_pipeline("plugin = matching\ngraph = " + huge + "\n"),
               {huge + ":3:", "out of range"});
  const auto three = graph_file("0 1 2\n");
  expect_error(graph_pipeline("plugin = matching\ngraph = " + three + "\n"),
               {three + ":1:", "expected an edge"});
}

TEST_CASE("Empty and missing graphs", "[cli][bad-input][cpe-l]") {
  const auto empty = graph_file("# nothing here\n\n");
  expect_error(graph_pipeline("plugin = matroid-graphic\ngraph = " + empty + "\n"),
               {"[oracle] graph", "the graph has no edges"});
  expect_error(graph_pipeline("plugin = matroid-graphic\ngraph = /no/such/graph.txt\n"),
               {"[oracle] graph", "'/no/such/graph.txt' does not exist"});
  expect_error(graph_pipeline("plugin = matching\n"), {"[oracle] graph", "needs an edge-list file"});
  expect_error(graph_pipeline("plugin = matching\ngenerator = random\ngraph = g.txt\n"),
               {"[oracle] generator", "is 'random' but `graph` also names a file"});
  expect_error(graph_pipeline("plugin = matroid-graphic\ngenerator = random\nvertices = 4\nedges = 7\n"),
               {"[oracle] edges", "asks for 7 distinct edges", "only 6 vertex pairs"});
}

TEST_CASE("Partition matroids with bad parts or capacities", "[cli][bad-input][cpe-l]") {
  const std::string env = "[environment]\nplugin = gaussian\nmeans = 1,2,3,4,5\n";
  const std::string tail = "[algorithm]\nplugin = clucb\n[run]\nrepetitions = 2\n";
  expect_error(env + "[oracle]\nplugin = matroid-partition\nparts = 0,0,1,1,1\ncapacities = 3,1\n" + tail,
               {"[oracle] capacities", "part 0 has 2 arms but capacity 3"});
  expect_error(env + "[oracle]\nplugin = matroid-partition\nparts = 0,0,1,1\ncapacities = 1,1\n" + tail,
               {"matroid-partition", "defined on 4 arms", "has 5 arms"});
  expect_error(env + "[oracle]\nplugin = matroid-partition\nparts = 0,0,1,2,2\ncapacities = 1,1\n" + tail,
               {"[oracle] capacities", "has 2 entries, but `parts` names 3 parts"});
}

TEST_CASE("A graph oracle and an environment with another number of arms",
          "[cli][bad-input][cpe-l]") {
  const auto g = graph_file("0 1\n1 2\n2 3\n");
  expect_error("[environment]\nplugin = gaussian\nmeans = 1,2\n[oracle]\nplugin = matching\ngraph = " +
                   g + "\n[algorithm]\nplugin = clucb\n[run]\nrepetitions = 2\n",
               {"defined on 3 arms", "has 2 arms"});
}
