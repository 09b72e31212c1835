// `cpex check`: the harness names the failing check of each planted defect
// (tests/check_fixtures: a radius 0.5x too narrow, per-arm and linear, a thread-dependent random stream, a
// parameter without a range, an oracle wrong on ties), passes a correct out-of-tree
// algorithm, checks every plugin of a library given by path, runs lucb's checks on an
// algorithm of every feedback kind (each on its suite), keeps a row for every check of an
// algorithm no suite serves, and passes a few built-ins with --quick; and every built-in
// with --quick (Release builds).
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

using cpex::test::run_cpex;
using Catch::Matchers::Contains;

namespace {

const std::string kFixtures = " --quick --plugin-path " CPEX_CHECK_FIXTURE_DIR;

// The status word of `check` in the table printed for `plugin`: "pass", "FAIL", "skip" or "".
std::string status_of(const std::string& out, const std::string& check) {
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string name, status;
    words >> name >> status;
    if (name == check) return status;
  }
  return "";
}

}  // namespace

TEST_CASE("cpex check names the failing check of each planted defect", "[cli][check]") {
  const std::vector<std::pair<std::string, std::string>> defects = {
      {"fixture-narrow-radius", "delta-correct"},
      {"fixture-thread-stream", "threads"},
      {"fixture-unranged", "parameter-schema"},
      {"fixture-ties-oracle", "maximize"}};
  for (const auto& [plugin, check] : defects) {
    const auto r = run_cpex("check " + plugin + kFixtures);
    INFO(plugin << "\n" << r.out << r.err);
    CHECK(r.status == 1);
    CHECK(status_of(r.out, check) == "FAIL");
    CHECK_THAT(r.err, Contains(plugin + ": " + check));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

TEST_CASE("cpex check's linear suite fails a radius half as wide as the GLR's and passes the GLR's", "[cli][check]") {
  const auto good = run_cpex("check fixture-linear-uniform" + kFixtures);
  INFO(good.out << good.err);
  CHECK(good.status == 0);
  CHECK_THAT(good.out, Contains("linear suite, delta 0.01"));
  CHECK(status_of(good.out, "delta-correct") == "pass");
  const auto narrow = run_cpex("check fixture-linear-narrow" + kFixtures);
  INFO(narrow.out << narrow.err);
  CHECK(narrow.status == 1);
  CHECK(status_of(narrow.out, "delta-correct") == "FAIL");
  CHECK_THAT(narrow.err, Contains("fixture-linear-narrow: delta-correct"));
}

TEST_CASE("cpex check passes a correct out-of-tree algorithm and checks a library by path", "[cli][check]") {
  const auto good = run_cpex("check fixture-uniform" + kFixtures);
  INFO(good.out << good.err);
  CHECK(good.status == 0);
  for (const char* check : {"parameter-schema", "refuses-bad-values", "suite", "no-exceptions", "stops",
                            "delta-correct", "anytime", "threads"})
    CHECK(status_of(good.out, check) == "pass");
  CHECK_THAT(good.out, Contains("fixture-uniform (algorithm, version 1.0, libcpex-check-defects.so)"));

  // A library file: every plugin it registered, so the defects fail.
  const auto library = run_cpex("check " CPEX_CHECK_FIXTURE_DIR "/libcpex-check-defects.so --quick");
  INFO(library.out << library.err);
  CHECK(library.status == 1);
  for (const char* plugin : {"fixture-uniform (", "fixture-narrow-radius (", "fixture-ties-oracle ("})
    CHECK_THAT(library.out, Contains(plugin));
  CHECK_THAT(library.err, Contains("fixture-narrow-radius: delta-correct"));

  const auto unknown = run_cpex("check no-such-plugin --quick");
  CHECK(unknown.status == 1);
  CHECK_THAT(unknown.err, Contains("no plugin or library file 'no-such-plugin'"));
}

// The names of the rows of the first table printed, in order.
std::vector<std::string> check_names(const std::string& out) {
  std::istringstream in(out);
  std::string line;
  std::vector<std::string> names;
  std::getline(in, line);  // the plugin's title line
  while (std::getline(in, line) && line.rfind("  ", 0) == 0) {
    std::istringstream words(line);
    std::string name;
    words >> name;
    names.push_back(name);
  }
  return names;
}

TEST_CASE("every feedback kind has a suite: saqm, lingape, clucb and coci run lucb's checks", "[cli][check]") {
  const auto lucb = run_cpex("check lucb --quick");
  REQUIRE(lucb.status == 0);
  const auto names = check_names(lucb.out);
  CHECK(names.size() == 8);
  const std::vector<std::pair<std::string, std::string>> algorithms = {
      {"lucb", "best-k suite"}, {"saqm", "full-bandit suite"}, {"lingape", "linear suite"},
      {"clucb", "cpe-l suite"}, {"coci", "cpe-cs suite"}};
  for (const auto& [algorithm, suite] : algorithms) {
    const auto r = run_cpex("check " + algorithm + " --quick");
    INFO(algorithm << "\n" << r.out << r.err);
    CHECK(r.status == 0);
    CHECK(check_names(r.out) == names);
    CHECK_THAT(r.out, Contains(suite));
    for (const auto& check : names) CHECK(status_of(r.out, check) == "pass");
  }
}

TEST_CASE("an algorithm no suite serves fails cpex check: the suite row names the missing suite", "[cli][check]") {
  const auto r = run_cpex("check fixture-unserved" + kFixtures);
  INFO(r.out << r.err);
  CHECK(r.status == 1);
  CHECK(check_names(r.out) == check_names(run_cpex("check fixture-uniform" + kFixtures).out));
  CHECK(status_of(r.out, "parameter-schema") == "pass");
  CHECK(status_of(r.out, "suite") == "FAIL");
  CHECK_THAT(r.out, Contains("missing conformance suite: none serves single-arm feedback"));
  for (const char* check : {"refuses-bad-values", "no-exceptions", "stops", "delta-correct", "anytime", "threads"})
    CHECK(status_of(r.out, check) == "skip");
}

TEST_CASE("built-in plugins pass cpex check --quick", "[cli][check]") {
  for (const char* plugin : {"lucb", "top-k", "gaussian", "bernoulli"}) {
    const auto r = run_cpex(std::string("check ") + plugin + " --quick");
    INFO(plugin << "\n" << r.out << r.err);
    CHECK(r.status == 0);
    CHECK(r.out.find("FAIL") == std::string::npos);
  }
}

// Every built-in with --quick: about 20 s in Release; left out of the sanitizer build,
// where it would take minutes of the CI budget (the plugins' code runs there in their own
// tests, and the checks' code in the cases above).
#if !defined(__SANITIZE_ADDRESS__)
#include "cli_check_builtins.hpp"

TEST_CASE("every built-in plugin passes cpex check --quick", "[cli][check]") {
  check_every_builtin(true);
}
#endif
