// The tie warning: an instance with two optimal decisions never stops when
// the algorithm identifies exactly, so `cpex run` / `sweep` warn before the first run —
// per tied sweep point, naming the point — and not when epsilon > 0, with a fixed budget,
// or on an instance without ties.
#include <catch2/catch.hpp>

#include "test_support.hpp"

using namespace cpex::test;  // run_cpex, temp_file

namespace {

const std::string kTied =
    "[environment]\nplugin = gaussian\nmeans = 0.3, 0.5, 0.5\n[oracle]\nplugin = top-k\nk = 1\n"
    "[algorithm]\nplugin = lucb\n[run]\nrepetitions = 2\nmax-samples = 2000\n";

std::size_t warnings(const std::string& err) {
  std::size_t n = 0;
  for (std::size_t at = err.find("cpex: warning: "); at != std::string::npos;
       at = err.find("cpex: warning: ", at + 1))
    ++n;
  return n;
}

// The stderr of `cpex COMMAND` on a file with `text`, which must run (status 0).
std::string stderr_of(const std::string& command, const std::string& name, const std::string& text) {
  const auto r = run_cpex(command + " " + temp_file(name, text) + " --quiet");
  INFO(r.err);
  REQUIRE(r.status == 0);
  return r.err;
}

}  // namespace

TEST_CASE("A tied best arm is announced before the runs that will end at the cap", "[cli][ties]") {
  const auto r = run_cpex("run " + temp_file("tie-best-arm.ini", kTied) + " --quiet");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(warnings(r.err) == 1);
  CHECK_THAT(r.err, Catch::Matchers::Contains("is tied: two optimal decisions ({1} and {2}, gap 0)"));
  CHECK_THAT(r.err, Catch::Matchers::Contains("run.max-samples = 2000"));

  // epsilon > 0 makes the instance identifiable: no warning.
  const auto eps = run_cpex("run " + temp_file("tie-best-arm.ini", kTied) +
                            " --quiet --set algorithm.epsilon=0.1");
  CHECK(eps.status == 0);
  CHECK(warnings(eps.err) == 0);
  // No tie: no warning.
  const auto apart = run_cpex("run " + temp_file("tie-best-arm.ini", kTied) +
                              " --quiet --set environment.means=0.3,0.5,0.45");
  CHECK(apart.status == 0);
  CHECK(warnings(apart.err) == 0);
}

TEST_CASE("A sweep warns once per tied point, naming it", "[cli][ties]") {
  const std::string err = stderr_of("sweep", "tie-sweep.ini",
                                    kTied + "[sweep]\naxis = environment.means = "
                                            "0.3,0.5,0.5 | 0.3,0.5,0.4 | 0.5,0.5,0.5\n");
  CHECK(warnings(err) == 2);
  CHECK_THAT(err, Catch::Matchers::Contains("environment.means=0.3,0.5,0.5"));
  CHECK_THAT(err, Catch::Matchers::Contains("environment.means=0.5,0.5,0.5"));
  CHECK_THAT(err, !Catch::Matchers::Contains("environment.means=0.3,0.5,0.4"));
}

TEST_CASE("A full-bandit instance with two optimal super arms is announced", "[cli][ties]") {
  const std::string err = stderr_of("run", "tie-full.ini",
                                    "[environment]\nplugin = full-bandit\nmeans = 1, 0.8, 0.8, 0.2\nk = 2\n"
                                    "[oracle]\nplugin = top-k\nk = 2\n[algorithm]\nplugin = icb\n"
                                    "epsilon = 0\n[run]\nrepetitions = 1\nmax-samples = 500\n");
  CHECK(warnings(err) == 1);
  CHECK_THAT(err, Catch::Matchers::Contains("algorithm 'icb' identifies exactly"));
}
