// Every bad-input case of the command line: a one-line message on stderr that names the
// culprit, a non-zero exit status, and no crash.
#include <catch2/catch.hpp>

#include <algorithm>

#include "cpex/abi.hpp"
#include "cli_expect.hpp"
#include "test_support.hpp"

using namespace cpex::test;  // run_cpex, temp_file, kGoodPipeline, expect_cli_error
using Catch::Matchers::Contains;

namespace {

std::string file_with(const std::string& text) {
  static int counter = 0;
  return temp_file("bad-" + std::to_string(++counter) + ".ini", text);
}

}  // namespace

TEST_CASE("Missing or unreadable pipeline files", "[cli][bad-input]") {
  expect_cli_error("run /no/such/file.ini", {"pipeline file '/no/such/file.ini' does not exist"});
  expect_cli_error("run /tmp", {"pipeline file '/tmp' is not a regular file"});
}

TEST_CASE("Malformed pipeline files", "[cli][bad-input]") {
  const auto f = file_with("[environment]\nthis line has no equals sign\n");
  expect_cli_error("run " + f, {f});
  const auto outside = file_with("plugin = gaussian\n" + kGoodPipeline);
  expect_cli_error("run " + outside, {outside, "key 'plugin' stands outside any [section]"});
}

TEST_CASE("Unknown sections and keys", "[cli][bad-input]") {
  const auto section = file_with(kGoodPipeline + "[extra]\nx = 1\n");
  expect_cli_error("run " + section, {section, "unknown section [extra]"});
  expect_cli_error("run " + file_with(kGoodPipeline) + " --set algorithm.deltaa=0.1",
               {"--set: [algorithm] deltaa: unknown key for lucb", "known keys: plugin, delta, epsilon"});
  expect_cli_error("run " + file_with(kGoodPipeline) + " --set run.sed=1", {"[run] sed: unknown key for run"});
}

TEST_CASE("Wrong types and values out of range", "[cli][bad-input]") {
  const auto good = file_with(kGoodPipeline);
  expect_cli_error("run " + good + " --set algorithm.delta=abc",
               {"[algorithm] delta = 'abc'", "lucb.delta must be a real number in (0, 1)"});
  expect_cli_error("run " + good + " --set algorithm.delta=1.5",
               {"[algorithm] delta = 1.5 is out of range", "(0, 1)"});
  expect_cli_error("run " + good + " --set oracle.k=0", {"[oracle] k = 0 is out of range"});
  expect_cli_error("run " + good + " --set oracle.k=3",
               {"[oracle] k: top-k: k = 3 must be smaller than the number of arms",
                "environment 'gaussian' has 3 arms"});
  expect_cli_error("run " + good + " --set oracle.k=two", {"[oracle] k = 'two'", "top-k.k must be an integer"});
  expect_cli_error("run " + good + " --set environment.means=0.5,x",
               {"[environment] means = '0.5,x'", "comma-separated list of real numbers"});
  expect_cli_error("run " + good + " --set run.max-samples=-5", {"[run] max-samples = -5 is out of range"});
  const auto r = run_cpex("run " + good + " --set nodot");
  CHECK(r.status == 1);
  CHECK_THAT(r.err, Contains("--set 'nodot': expected section.key=value"));
}

TEST_CASE("Unknown plugin names and incompatible pipelines", "[cli][bad-input]") {
  const auto good = file_with(kGoodPipeline);
  // No name is close: the line points at `cpex list` instead of listing every algorithm.
  expect_cli_error("run " + good + " --set algorithm.plugin=zzzz-nothing-alike",
               {"[algorithm] plugin = 'zzzz-nothing-alike' is not a known algorithm", "(cpex list shows the "});
  // A close name: the suggestion alone, a short line.
  const auto close = run_cpex("run " + good + " --set algorithm.plugin=lucbb");
  CHECK_THAT(close.err, Contains("did you mean 'lucb'?") && !Contains("(known: ") && !Contains("lil-ucb"));
  CHECK(close.err.size() < 300);
  const std::string fixtures = " --plugin-path " CPEX_FIXTURE_PLUGIN_DIR;
  expect_cli_error("run " + good + fixtures + " --set environment.plugin=fixture-full-bandit",
               {"algorithm 'lucb' needs single-arm feedback",
                "environment 'fixture-full-bandit' gives full-bandit-sum feedback"});
  expect_cli_error("run " + good + fixtures + " --set oracle.plugin=fixture-no-cardinality",
               {"algorithm 'lucb' needs cardinality", "oracle 'fixture-no-cardinality'"});
  // Feedback is declared once, by the registration: an environment whose Problem field says
  // otherwise runs as registered (single-arm pulls, samples counted), never under the wrong
  // loop.
  const auto misdeclared = cpex::test::run_cpex("run " + good + fixtures +
                                                " --set environment.plugin=fixture-misdeclared --json --quiet");
  INFO(misdeclared.err);
  CHECK(misdeclared.status == 0);
  CHECK(misdeclared.out.find("\"ended\": ") != std::string::npos);
  CHECK(misdeclared.out.find("\"min\": 0,") == std::string::npos);
}

TEST_CASE("Bad plugin paths and broken plugin libraries", "[cli][bad-input]") {
  const std::string broken = CPEX_BROKEN_PLUGIN_DIR;
  expect_cli_error("list --plugin-path /no/such/plugins",
               {"plugin path '/no/such/plugins' does not exist"});
  expect_cli_error("list --plugin-path " + broken + "/not-a-library",
               {"libcpex-not-a-library.so' is not a loadable shared library"});
  expect_cli_error("list --plugin-path " + broken + "/no-entry",
               {"libcpex-broken-no-entry.so' is not a CPEx plugin"});
  expect_cli_error("list --plugin-path " + broken + "/wrong-abi",
               {"libcpex-broken-wrong-abi.so' was built for CPEx ABI version " +
                std::to_string(cpex::kAbiVersion + 1000)});
  expect_cli_error("list --plugin-path " + broken + "/duplicate",
               {"plugin name 'gaussian' is registered twice", "libcpex-broken-duplicate.so"});
  const auto env = run_cpex("list");  // sanity: without the broken path all is well
  CHECK(env.status == 0);
}

TEST_CASE("$CPEX_PLUGIN_PATH is searched, and its entries must exist", "[cli][bad-input]") {
  const auto plain = run_cpex("list");
  REQUIRE(plain.status == 0);
  CHECK_THAT(plain.out, !Contains("fixture-full-bandit"));
  const auto with_env = run_cpex("list", CPEX_FIXTURE_PLUGIN_DIR);
  REQUIRE(with_env.status == 0);
  CHECK_THAT(with_env.out, Contains("fixture-full-bandit"));
  const auto missing = run_cpex("list", "/no/such/env/dir");
  CHECK(missing.status == 1);
  CHECK_THAT(missing.err, Contains("plugin path '/no/such/env/dir' does not exist"));
}

TEST_CASE("A failing run is recorded as an error row and the others all run", "[cli][bad-input]") {
  const auto file = file_with(
      "[environment]\nplugin = fixture-failing\nmeans = 1,0,0\nfail-repetition = 3\n"
      "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lucb\n[run]\nrepetitions = 10\n");
  const std::string csv = temp_file("partial.csv", "");
  const auto r =
      run_cpex("run " + file + " --threads 1 --plugin-path " CPEX_FIXTURE_PLUGIN_DIR " --out " + csv);
  CHECK(r.status == 3);  // finished, but a run failed
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK_THAT(r.err, Contains("run 3 (algorithm 'lucb', repetition 3): ") &&
                        Contains("deliberate failure"));
  const std::string rows = cpex::test::read_file(csv);
  CHECK(std::count(rows.begin(), rows.end(), '\n') == 1 + 10);
  CHECK_THAT(rows, Contains(",error,fixture-failing: deliberate failure\n"));
}

TEST_CASE("Usage errors exit with status 2", "[cli][bad-input]") {
  CHECK(run_cpex("").status == 2);
  CHECK(run_cpex("frobnicate").status == 2);
  CHECK(run_cpex("run").status == 2);
  CHECK(run_cpex("list --threads 0").status == 2);
  CHECK(run_cpex("list --no-such-option").status == 2);
}

TEST_CASE("Best-K parameters that are out of range or do not fit", "[cli][bad-input]") {
  const auto file = file_with(
      "[environment]\nplugin = topk-instance\nn = 10\nk = 2\n[oracle]\nplugin = top-k\nk = 2\n"
      "[algorithm]\nplugin = lil-rand-lucb\n[run]\nrepetitions = 2\n");
  expect_cli_error("run " + file + " --set environment.k=10 --set oracle.k=10",
               {"[environment] k: topk-instance: k = 10 must be smaller than n = 10"});
  expect_cli_error("run " + file + " --set environment.k=0", {"[environment] k = 0 is out of range"});
  expect_cli_error("run " + file + " --set algorithm.delta=1.5",
               {"[algorithm] delta = 1.5 is out of range", "lil-rand-lucb.delta must be a real number in (0, 1)"});
  // One delta: the run's target error everywhere. The LIL algorithms' former keys are
  // refused with what they became (`nu` read as another key would change a run silently).
  expect_cli_error("run " + file + " --set algorithm.nu=0.05",
               {"[algorithm] nu: lil-rand-lucb: renamed to 'delta', the run's target error",
                "'lil-delta'"});
  expect_cli_error("run " + file + " --set algorithm.epsilon=0.1",
               {"[algorithm] epsilon: lil-rand-lucb: renamed to 'lil-epsilon'"});
  expect_cli_error("run " + file + " --set algorithm.delta=0", {"[algorithm] delta = 0 is out of range"});
  expect_cli_error("run " + file + " --set environment.variance=-0.25",
               {"[environment] variance = -0.25 is out of range"});
  expect_cli_error("run " + file + " --set oracle.k=3",
               {"environment 'topk-instance' is made for decisions of 2 arms",
                "oracle 'top-k' in [oracle] has decision size 3"});
  expect_cli_error("run " + file + " --set algorithm.plugin=lil-ucb",
               {"[algorithm] k: lil-ucb: lil-ucb identifies the single best arm and needs k = 1"});
  expect_cli_error("run " + file + " --set algorithm.preset=faithful --set algorithm.lil-delta=0.5",
               {"[algorithm] lil-delta: lil-rand-lucb: with the faithful preset, Lemma 2.1",
                "log(1+epsilon)/e"});
  expect_cli_error("run " + file + " --set algorithm.preset=faithful --set algorithm.lil-epsilon=0",
               {"[algorithm] lil-epsilon: lil-rand-lucb: the faithful preset needs lil-epsilon in (0, 1)"});
  expect_cli_error("run " + file + " --set algorithm.preset=exact",
               {"[algorithm] preset = 'exact'", "one of {faithful, heuristic, heuristic-jamieson}"});
}

TEST_CASE("Linear-bandit pipelines that do not fit", "[cli][bad-input]") {
  const auto file = file_with(
      "[environment]\nplugin = linear\ngenerator = soare\nd = 2\n[oracle]\nplugin = top-k\nk = 1\n"
      "[algorithm]\nplugin = lingape\n[run]\nrepetitions = 1\n");
  expect_cli_error("run " + file + " --set algorithm.plugin=lucb",
               {"algorithm 'lucb' needs single-arm feedback",
                "environment 'linear' gives linear-arm feedback"});
  expect_cli_error("run " + file + " --set environment.plugin=gaussian --set environment.means=1,0",
               {"algorithm 'lingape' needs linear-arm feedback",
                "environment 'gaussian' gives single-arm feedback"});
  expect_cli_error("run " + file + " --set algorithm.selection=random",
               {"[algorithm] selection = 'random'", "one of {greedy, ratio}"});
  expect_cli_error("run " + file + " --set oracle.k=2",
               {"environment 'linear' is made for decisions of 1 arms"});
  expect_cli_error("run " + file + " --set environment.generator=explicit --set environment.features=1,0,0",
               {"[environment] features: linear: has 3 numbers, not a multiple of d = 2"});
  expect_cli_error("run " + file + " --set algorithm.plugin=xy-static --set environment.generator=explicit"
               " --set environment.d=3 --set environment.features=1,0,0,0,1,0 --set environment.theta=1,0,0",
               {"[algorithm] lambda: xy-static: ordinary least squares (lambda = 0) needs arms whose "
                "features span R^3, but these 2 arms span a space of dimension 2: set lambda > 0"});
}
