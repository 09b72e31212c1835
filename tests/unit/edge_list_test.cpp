// The edge-list parser: comments, blank lines, CRLF, vertex counts, and line-numbered errors.
#include <catch2/catch.hpp>

#include "cpex/data/edge_list.hpp"
#include "cpex/errors.hpp"

using namespace cpex;
using Catch::Matchers::Contains;

TEST_CASE("Edge lists skip comments and blank lines", "[unit][edge-list]") {
  const auto g = data::parse_edge_list("# header\n0 1\n\n  # indented comment\n3\t1\r\n2 0", "g.txt", "graph");
  REQUIRE(g.edges.size() == 3);
  CHECK(g.edges[0] == std::pair<std::size_t, std::size_t>{0, 1});
  CHECK(g.edges[1] == std::pair<std::size_t, std::size_t>{3, 1});
  CHECK(g.edges[2] == std::pair<std::size_t, std::size_t>{2, 0});
  CHECK(g.vertices == 4);
}

TEST_CASE("Edge-list errors name the source, the line and the key", "[unit][edge-list]") {
  auto message = [](const std::string& text) {
    try {
      data::parse_edge_list(text, "g.txt", "graph");
    } catch (const ParameterError& e) {
      CHECK(e.key() == "graph");
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK_THAT(message("0 1\n1 x\n"), Contains("g.txt:2: vertex id 'x' is not a non-negative integer"));
  CHECK_THAT(message("0 1\n1 2.5\n"), Contains("g.txt:2: vertex id '2.5'"));
  CHECK_THAT(message("0 1\n\n-3 1\n"), Contains("g.txt:3: vertex id -3 is out of range"));
  CHECK_THAT(message("0 99999999999999999999999\n"), Contains("g.txt:1: vertex id 99999999999999999999999 is out of range"));
  CHECK_THAT(message("0 1000000\n"), Contains("out of range"));
  CHECK_THAT(message("0\n"), Contains("g.txt:1: expected an edge 'u v'"));
  CHECK_THAT(message("0 1 # trailing\n"), Contains("g.txt:1: expected an edge"));
  CHECK_THAT(message("4 4\n"), Contains("g.txt:1: self-loop 4 4"));
  CHECK_THAT(message("# only comments\n\n"), Contains("g.txt: the graph has no edges"));
  CHECK_THAT(message(""), Contains("the graph has no edges"));
}

TEST_CASE("Reading a missing edge-list file names it", "[unit][edge-list]") {
  CHECK_THROWS_WITH(data::read_edge_list("/no/such/edges.txt", "graph"),
                    Contains("'/no/such/edges.txt' does not exist"));
}
