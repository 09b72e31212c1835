// Full-bandit baselines, bad input: one line on stderr naming the culprit and exit status 1 for lambda <= 0
// (CLUCB-QM, CLUCB-Ex), CLUCB-Ex beyond 1e7 super arms,
// a fixed arm outside [0, n), an unknown crowdsourcing profile (the message lists the six),
// ME / LUCB on n < 2k or with epsilon = 0, k too large for a profile, a missing [dks].
#include <catch2/catch.hpp>

#include <algorithm>

#include "cli_expect.hpp"
#include "test_support.hpp"

using cpex::test::expect_pipeline_error;

namespace {

const std::string kInstance =
    "[environment]\nplugin = full-bandit\ngenerator = synthetic\nn = 10\nk = 3\n[oracle]\nplugin = top-k\nk = 3\n";
const std::string kDks = "[dks]\nplugin = dks-peeling\n";
const std::string kRun = "[run]\nrepetitions = 1\n";

}  // namespace

TEST_CASE("CLUCB-QM and CLUCB refuse bad parameters", "[full-bandit][bad-input]") {
  expect_pipeline_error(kInstance + kDks + "[algorithm]\nplugin = clucb-qm\nlambda = 0\n" + kRun, {"lambda"});
  expect_pipeline_error(kInstance + kDks + "[algorithm]\nplugin = clucb-qm\nlambda = -1\n" + kRun, {"lambda"});
  expect_pipeline_error(kInstance + kDks + "[algorithm]\nplugin = clucb-qm\nfixed-arm = 10\n" + kRun,
               {"fixed-arm", "[0, 10)"});
  expect_pipeline_error(kInstance + "[algorithm]\nplugin = clucb-full\nfixed-arm = 12\n" + kRun, {"fixed-arm", "[0, 10)"});
  expect_pipeline_error(kInstance + "[algorithm]\nplugin = clucb-full\nfixed-arm = -1\n" + kRun, {"fixed-arm"});
  expect_pipeline_error(kInstance + "[algorithm]\nplugin = clucb-qm\n" + kRun, {"dks"});
  expect_pipeline_error(kInstance + "[algorithm]\nplugin = clucb-ex\nlambda = 0\n" + kRun, {"lambda"});
  const std::string big =
      "[environment]\nplugin = full-bandit\ngenerator = synthetic\nn = 30\nk = 15\n[oracle]\nplugin = top-k\nk = 15\n";
  expect_pipeline_error(big + "[algorithm]\nplugin = clucb-ex\n" + kRun, {"clucb-ex", "C(30, 15)", "1e7"});
}

TEST_CASE("ME and LUCB refuse instances the reduction cannot handle", "[full-bandit][bad-input]") {
  const std::string small =
      "[environment]\nplugin = full-bandit\ngenerator = synthetic\nn = 9\nk = 5\n[oracle]\nplugin = top-k\nk = 5\n";
  expect_pipeline_error(small + "[algorithm]\nplugin = me-full\nepsilon = 0.5\n" + kRun, {"n >= 2k", "n = 9, k = 5"});
  expect_pipeline_error(small + "[algorithm]\nplugin = lucb-full\nepsilon = 0.5\n" + kRun, {"n >= 2k"});
  expect_pipeline_error(kInstance + "[algorithm]\nplugin = lucb-full\n" + kRun, {"epsilon"});
  expect_pipeline_error(kInstance + "[algorithm]\nplugin = me-full\nepsilon = 0.5\narm-epsilon = loose\n" + kRun,
               {"arm-epsilon"});
}

TEST_CASE("The crowdsourcing environment refuses unknown profiles and oversized teams", "[full-bandit][bad-input]") {
  const std::string tail = "[oracle]\nplugin = top-k\nk = 10\n[algorithm]\nplugin = icb\nepsilon = 0.5\n" + kRun;
  expect_pipeline_error("[environment]\nplugin = crowdsourcing\nprofile = Physics\n" + tail,
               {"profile", "'Physics'", "IT, Medicine, Chinese, Pokemon, English, Science"});
  expect_pipeline_error("[environment]\nplugin = crowdsourcing\nprofile = IT\nk = 35\n" + tail, {"k = 35", "n = 36"});
  expect_pipeline_error("[environment]\nplugin = crowdsourcing\n" + tail, {"profile"});
}
