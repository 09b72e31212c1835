// Pipeline assembly with the real plugins: plugin choice, compatibility checks and the
// probe that rejects bad parameters before any run.
#include <catch2/catch.hpp>

#include "cpex/errors.hpp"
#include "test_support.hpp"

using namespace cpex;
using Catch::Matchers::Contains;

namespace {

// The pipeline of these sections (and `extra` ones), assembled.
Pipeline assemble(const std::string& environment, const std::string& oracle,
                  const std::string& algorithm, const std::string& extra = "") {
  return test::pipeline_from("[environment]\n" + environment + "\n[oracle]\n" + oracle +
                             "\n[algorithm]\n" + algorithm + "\n" + extra);
}

const std::string kEnv = "plugin = gaussian\nmeans = 0.5,0.4,0.1\nsigma = 0.5";
const std::string kOracle = "plugin = top-k\nk = 1";
const std::string kAlg = "plugin = lucb\ndelta = 0.1";

}  // namespace

TEST_CASE("A good pipeline assembles with defaults filled in", "[assembly]") {
  const Pipeline p = assemble(kEnv, kOracle, kAlg);
  CHECK(p.environment->name == "gaussian");
  CHECK(p.oracles.front().entry->name == "top-k");
  CHECK(p.algorithm->name == "lucb");
  CHECK(p.algorithm_params.real("epsilon") == 0.0);
  CHECK(p.run.repetitions == 100);
  CHECK(p.run.seed == 1);
}

TEST_CASE("Unknown plugins list the known ones", "[assembly]") {
  CHECK_THROWS_WITH(assemble(kEnv, kOracle, "plugin = lucc"),
                    Contains("inline.ini: [algorithm] plugin = 'lucc' is not a known algorithm") &&
                        Contains("lucb"));
  CHECK_THROWS_WITH(assemble(kEnv, "plugin = gaussian", kAlg),
                    Contains("[oracle] plugin = 'gaussian': it is an environment, not an oracle"));
  CHECK_THROWS_WITH(assemble("means = 1,2", kOracle, kAlg),
                    Contains("[environment] has no 'plugin' key"));
}

TEST_CASE("Unknown sections are refused", "[assembly]") {
  CHECK_THROWS_WITH(assemble(kEnv, kOracle, kAlg, "[extra]\nplugin = top-k\n"),
                    Contains("unknown section [extra]") && Contains("allowed:"));
  // An oracle role of other algorithms: said so, naming the algorithms that take it.
  CHECK_THROWS_WITH(assemble(kEnv, kOracle, kAlg, "[dks]\nplugin = top-k\n"),
                    Contains("lucb takes no [dks] oracle (") && Contains("saqm") &&
                        Contains("sa-foa") && Contains("clucb-qm") && Contains(" do)"));
}

TEST_CASE("Incompatible pipelines fail naming both sides", "[assembly]") {
  CHECK_THROWS_WITH(
      assemble("plugin = fixture-full-bandit\nmeans = 1,2,3", kOracle, kAlg),
      Contains("algorithm 'lucb' needs single-arm feedback") &&
          Contains("environment 'fixture-full-bandit' gives full-bandit-sum feedback"));
  CHECK_THROWS_WITH(assemble(kEnv, "plugin = fixture-no-cardinality", kAlg),
                    Contains("algorithm 'lucb' needs cardinality from the oracle in [oracle]") &&
                        Contains("oracle 'fixture-no-cardinality' offers linear-maximization"));
}

TEST_CASE("Parameters that do not fit the problem fail before any run", "[assembly]") {
  CHECK_THROWS_WITH(assemble(kEnv, "plugin = top-k\nk = 3", kAlg),
                    Contains("[oracle] k: top-k: k = 3 must be smaller than the number of arms") &&
                        Contains("environment 'gaussian' has 3 arms"));
  CHECK_THROWS_WITH(assemble(kEnv, "plugin = top-k\nk = 0", kAlg),
                    Contains("[oracle] k = 0 is out of range"));
  CHECK_THROWS_WITH(assemble("plugin = gaussian\nmeans = 1", kOracle, kAlg),
                    Contains("[environment] means: gaussian: needs at least 2 arms"));
  CHECK_THROWS_WITH(assemble(kEnv, kOracle, "plugin = lucb\ndelta = 1.5"),
                    Contains("[algorithm] delta = 1.5 is out of range"));
  CHECK_THROWS_WITH(assemble(kEnv, kOracle, kAlg, "[run]\nrepetitions = 0\n"),
                    Contains("[run] repetitions = 0 is out of range"));
  CHECK_THROWS_WITH(assemble("plugin = gaussian\nmeans = 1,2\nsigma = -1", kOracle, kAlg),
                    Contains("[environment] sigma = -1 is out of range"));
}
