// Every built-in plugin through `cpex check`: `--quick` in the default suite
// (cli_check_test.cpp, Release only), the full suite under the long label
// (cli_check_all_test.cpp). Plugins whose parameters have no usable defaults (a data file,
// a graph, a profile) get values with --set, as a user would give them.
#pragma once

#include <catch2/catch.hpp>

#include <map>
#include <sstream>
#include <string>

#include "test_support.hpp"

inline void check_every_builtin(bool quick) {
  const std::map<std::string, std::string> values = {
      {"crowdsourcing", "--set environment.profile=IT"},
      // ucb-e needs its exploration parameter; exponential-gap's paper constants take
      // millions of samples on the suite's instances (docs/algorithms/elimination.md).
      {"ucb-e", "--set algorithm.a=2"},
      {"exponential-gap", "--set algorithm.sample-scale=0.05"},
      // Tri-BBAI's Stage IV recommends without a test (not delta-correct at delta = 0.01,
      // docs/reproductions/batched.md); its delta-correct configuration:
      {"tri-bbai", "--set algorithm.stage-four=until-certified --set algorithm.threshold=gk-theorem"},
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
  const auto list = cpex::test::run_cpex("list");
  REQUIRE(list.status == 0);
  std::istringstream in(list.out);
  std::string kind, name, rest;
  int checked = 0;
  while (in >> kind >> name && std::getline(in, rest)) {
    const auto it = values.find(name);
    const auto r = cpex::test::run_cpex("check " + name + (quick ? " --quick" : "") +
                                        (it == values.end() ? "" : " " + it->second));
    INFO(name << "\n" << r.out << r.err);
    CHECK(r.status == 0);
    ++checked;
  }
  CHECK(checked > 40);
}
