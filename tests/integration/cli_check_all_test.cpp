// Every built-in plugin passes the full `cpex check` (label long: the full suite is about
// four times the --quick one). Plugins whose parameters have no usable defaults (a data
// file, a graph, a profile) get values with --set, as a user would give them.
#include <catch2/catch.hpp>

#include <map>
#include <sstream>

#include "test_support.hpp"

using cpex::test::run_cpex;

TEST_CASE("every built-in plugin passes the full cpex check", "[cli][check][long]") {
  const std::map<std::string, std::string> values = {
      {"crowdsourcing", "--set environment.profile=IT"},
      {"full-bandit", "--set environment.means=0.8,0.5,0.35,0.2,0.1 --set environment.k=2"},
      {"linear", "--set environment.generator=soare"},
      {"linear-dataset", "--set environment.file=" CPEX_SOURCE_DIR "/data/breast_cancer_wisconsin.csv"},
      {"opinion", "--set environment.sizes=2,3,4,5 --set environment.p=0.2,0.4,0.6,0.8"},
      {"planted-gap", "--set environment.arms=6"},
      {"dag-path", "--set oracle.generator=grid-dag"},
      {"matching", "--set oracle.generator=bipartite"},
      {"matroid-graphic", "--set oracle.generator=random"},
      {"matroid-partition", "--set oracle.parts=0,0,0,1,1,1 --set oracle.capacities=1,2"},
      {"osa-greedy", "--set oracle.budget=20"},
      {"water-planning", "--set oracle.capacities=2,2,2,2 --set oracle.step=1 --set oracle.b=3 --set oracle.a=1,1,1,1"}};
  const auto list = run_cpex("list");
  REQUIRE(list.status == 0);
  std::istringstream in(list.out);
  std::string kind, name, rest;
  int checked = 0;
  while (in >> kind >> name && std::getline(in, rest)) {
    const auto it = values.find(name);
    const auto r = run_cpex("check " + name + (it == values.end() ? "" : " " + it->second));
    INFO(name << "\n" << r.out << r.err);
    CHECK(r.status == 0);
    ++checked;
  }
  CHECK(checked > 40);
}
