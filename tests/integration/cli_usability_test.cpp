// Usability of the command line: a required top-k `k`, --version, "did you mean" for
// misspelt plugins, keys and sections, keys in the wrong section, --set blamed for its own
// sections, `cpex describe run`, and `cpex list` columns that stay aligned for long names.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "cli_expect.hpp"
#include "test_support.hpp"

using namespace cpex::test;  // run_cpex, temp_file, kGoodPipeline, expect_cli_error
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// Expects cpex's one-line refusal starting with `start` (the culprit) and holding every fragment.
void expect_error(const std::string& arguments, const std::string& start,
                  const std::vector<std::string>& fragments) {
  expect_cli_error(arguments, fragments, {}, start);
}

std::string good_file() { return temp_file("usability.ini", kGoodPipeline); }

}  // namespace

TEST_CASE("top-k has no default k", "[cli][usability]") {
  std::string text = kGoodPipeline;
  text.erase(text.find("k = 1\n"), 6);
  const std::string file = temp_file("no-k.ini", text);
  expect_error("run " + file, file, {"[oracle] k is required by top-k"});
}

TEST_CASE("cpex --version", "[cli][usability]") {
  const auto r = run_cpex("--version");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, StartsWith("cpex ") && Contains("plugin ABI"));
}

TEST_CASE("Misspelt plugin names get a suggestion and the plugin search path",
          "[cli][usability]") {
  expect_error("run " + good_file() + " --set algorithm.plugin=LUCB", "--set",
               {"plugin = 'LUCB' is not a known algorithm (did you mean 'lucb'?)", "--plugin-path",
                "$CPEX_PLUGIN_PATH"});
  expect_error("run " + good_file() + " --set environment.plugin=gausian", "--set",
               {"did you mean 'gaussian'?", "--plugin-path"});
  expect_error("describe lcub", "no plugin named 'lcub' (did you mean 'lucb'?)",
               {"--plugin-path", "$CPEX_PLUGIN_PATH"});
  // Nothing close: no suggestion.
  const auto r = run_cpex("describe zzzzzzzz");
  CHECK(r.status == 1);
  CHECK_THAT(r.err, !Contains("did you mean"));
}

TEST_CASE("Misspelt keys and sections get a suggestion", "[cli][usability]") {
  expect_error("run " + good_file() + " --set algorithm.detla=0.1", "--set",
               {"[algorithm] detla: unknown key for lucb (did you mean 'delta'?)"});
  expect_error("run " + good_file() + " --set run.Seed=3", "--set",
               {"(did you mean 'seed'?)"});
  const std::string file = temp_file("section.ini", kGoodPipeline + "[rnu]\nseed = 1\n");
  expect_error("run " + file, file, {"unknown section [rnu] (did you mean [run]?)"});
}

TEST_CASE("An unknown section given with --set is blamed on --set", "[cli][usability]") {
  const std::string file = good_file();
  const auto r = run_cpex("run " + file + " --set Algorithm.delta=0.1");
  INFO(r.err);
  CHECK(r.status == 1);
  CHECK_THAT(r.err, StartsWith("cpex: error: --set: unknown section [Algorithm] "
                               "(did you mean [algorithm]?)"));
  CHECK_THAT(r.err, !Contains(file));
}

TEST_CASE("A key in the wrong section names the section it belongs to", "[cli][usability]") {
  expect_error("run " + good_file() + " --set algorithm.k=2", "--set",
               {"[algorithm] k: unknown key for lucb; it belongs in [oracle] (top-k)"});
  expect_error("run " + good_file() + " --set environment.seed=2", "--set",
               {"[environment] seed: unknown key for gaussian; it belongs in [run] (run)"});
}

TEST_CASE("cpex describe run documents every [run] key with its default", "[cli][usability]") {
  const auto r = run_cpex("describe run");
  REQUIRE(r.status == 0);
  for (const char* key : {"seed", "repetitions", "max-samples", "record-pulls", "trace-file",
                          "trace-every"})
    CHECK_THAT(r.out, Contains(std::string("  ") + key));
  CHECK_THAT(r.out, Contains("default 100000000"));
  CHECK_THAT(r.out, Contains("default 100,"));  // repetitions
}

TEST_CASE("cpex list aligns its columns for long names", "[cli][usability]") {
  const auto r = run_cpex("list --plugin-path " CPEX_FIXTURE_PLUGIN_DIR);
  REQUIRE(r.status == 0);
  REQUIRE_THAT(r.out, Contains("fixture-no-cardinality"));  // a name of 22 characters
  // The summary column starts at the same offset on every line: the first non-space after
  // the second run of spaces.
  std::istringstream in(r.out);
  std::string line;
  std::vector<std::size_t> offsets;
  while (std::getline(in, line)) {
    const std::size_t name = line.find_first_not_of(' ', line.find(' '));
    const std::size_t summary = line.find_first_not_of(' ', line.find(' ', name));
    offsets.push_back(summary);
  }
  REQUIRE(offsets.size() > 5);
  CHECK(std::adjacent_find(offsets.begin(), offsets.end(), std::not_equal_to<>()) == offsets.end());
}

// Messages of misnamed sections: misspelt plugin sections, a missing [oracle], a key that several
// sections have, and a section the single algorithm does not use.
namespace {

const std::string kFullBandit =
    "[environment]\nplugin = full-bandit\ngenerator = synthetic\nn = 6\nk = 3\n"
    "[oracle]\nplugin = top-k\nk = 3\n[algorithm]\nplugin = icb\n[run]\nrepetitions = 1\n"
    "max-samples = 100\n";

std::string renamed(std::string text, const std::string& from, const std::string& to) {
  text.replace(text.find(from), from.size(), to);
  return text;
}

}  // namespace

TEST_CASE("Misspelt [algorithm] and [environment] sections get a suggestion",
          "[cli][usability]") {
  const std::string algorithm = temp_file("algoritm.ini", renamed(kGoodPipeline, "[algorithm]", "[algoritm]"));
  expect_error("run " + algorithm, algorithm,
               {"unknown section [algoritm] (did you mean [algorithm]?)"});
  const std::string environment =
      temp_file("enviroment.ini", renamed(kGoodPipeline, "[environment]", "[enviroment]"));
  expect_error("run " + environment, environment,
               {"unknown section [enviroment] (did you mean [environment]?)"});
}

TEST_CASE("A missing [oracle] section says how to ask for the best arm", "[cli][usability]") {
  const std::string file =
      temp_file("no-oracle.ini", renamed(kGoodPipeline, "[oracle]\nplugin = top-k\nk = 1\n", ""));
  expect_error("run " + file, file,
               {"no [oracle] section; for best-arm identification use plugin = top-k, k = 1"});
}

TEST_CASE("A key in the wrong section names every section that has it", "[cli][usability]") {
  const std::string file = temp_file("full-bandit.ini", kFullBandit);
  expect_error("run " + file + " --set algorithm.k=3", "--set",
               {"[algorithm] k: unknown key for icb; it belongs in [environment] (full-bandit) "
                "or [oracle] (top-k)"});
}

TEST_CASE("A single algorithm given an oracle section it does not use is told so",
          "[cli][usability]") {
  const std::string file =
      temp_file("icb-dks.ini", kFullBandit + "[dks]\nplugin = dks-peeling\n");
  expect_error("run " + file, file,
               {"icb takes no [dks] oracle (", "clucb-qm", "sa-foa", "saqm", " do)"});
  // Without the section it runs.
  CHECK(run_cpex("run " + temp_file("icb.ini", kFullBandit)).status == 0);
}
