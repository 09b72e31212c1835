// Conformance of the Best-K algorithms on shared instances: every algorithm and preset
// finds the top set of easy instances, reports its resolved parameters, and lil'CLUCB's
// O(log^2 N) top-K path makes exactly the choices of the literal oracle-calling Alg. 3.
#include <catch2/catch.hpp>

#include "cpex/runtime/engine.hpp"
#include "test_support.hpp"

using namespace cpex;

namespace {

const char* kAlgorithms[] = {"lil-lucb", "lucb-pp", "lil-rand-lucb", "lil-clucb"};

std::vector<RunRecord> run(const std::string& text, int threads = 2) {
  const std::vector<Pipeline> pipelines = {test::pipeline_from(text)};
  return execute(make_jobs(pipelines, expand({})), {threads}, nullptr);
}

std::string instance(const std::string& generator, int n, int k) {
  return "[environment]\nplugin = topk-instance\ngenerator = " + generator +
         "\nn = " + std::to_string(n) + "\nk = " + std::to_string(k) +
         "\n[oracle]\nplugin = top-k\nk = " + std::to_string(k) + "\n";
}

}  // namespace

TEST_CASE("Every Best-K algorithm and preset solves the shared instances", "[conformance]") {
  for (const char* algorithm : kAlgorithms) {
    for (const char* preset : {"heuristic", "faithful"}) {
      for (const auto& [generator, n, k] :
           {std::tuple{"one-sparse", 12, 3}, {"alpha-exponential", 12, 2}}) {
        INFO(algorithm << " " << preset << " " << generator);
        const auto records = run(instance(generator, n, k) + "[algorithm]\nplugin = " +
                                 algorithm + "\npreset = " + preset + "\n[run]\nrepetitions = 30\n");
        for (const auto& r : records) {
          REQUIRE((r.stop == cpex::StopReason::Rule));
          REQUIRE(r.correct);
          REQUIRE(r.samples >= static_cast<std::uint64_t>(n));
        }
        CHECK(records.front().resolved.find(std::string("{\"preset\":\"") + preset + "\"") == 0);
      }
    }
  }
  for (const char* preset : {"heuristic", "faithful"}) {
    const auto records = run(instance("lil-exponential", 12, 1) +
                             "[algorithm]\nplugin = lil-ucb\npreset = " + preset +
                             "\n[run]\nrepetitions = 30\n");
    for (const auto& r : records) REQUIRE(r.correct);
    CHECK(records.front().resolved.find(",\"beta\":") != std::string::npos);
  }
}

TEST_CASE("Resolved preset values appear in the results", "[conformance]") {
  auto resolved = [](const std::string& algorithm, const std::string& preset, int k) {
    return run(instance("one-sparse", 10, k) + "[algorithm]\nplugin = " + algorithm +
               "\npreset = " + preset + "\n[run]\nrepetitions = 1\n")
        .front()
        .resolved;
  };
  // A JSON object; reals in their shortest round-trip form.
  CHECK(resolved("lil-ucb", "heuristic", 1) ==
        R"({"preset":"heuristic","delta":0.01,"lil-epsilon":0,"lil-delta":0.01,"beta":0.5,"lambda":2})");
  CHECK(resolved("lil-ucb", "heuristic-jamieson", 1) ==
        R"({"preset":"heuristic-jamieson","delta":0.01,"lil-epsilon":0,"lil-delta":0.002,"beta":0.5,"lambda":2})");
  CHECK_THAT(resolved("lil-ucb", "faithful", 1),
             Catch::Matchers::StartsWith(R"({"preset":"faithful","delta":0.01,"lil-epsilon":0.01,"lil-delta":2.939926563448)") &&
                 Catch::Matchers::EndsWith(R"(e-10,"beta":1,"lambda":9})"));
  CHECK_THAT(resolved("lil-rand-lucb", "faithful", 2),
             Catch::Matchers::StartsWith(R"({"preset":"faithful","delta":0.01,"lil-epsilon":0.01,"lil-delta":4.727372660843)") &&
                 Catch::Matchers::EndsWith("e-07}"));
  CHECK(resolved("lil-rand-lucb", "heuristic", 2) ==
        R"({"preset":"heuristic","delta":0.01,"lil-epsilon":0,"lil-delta":0.01})");
}

TEST_CASE("lil'CLUCB's top-K path matches its generic oracle path sample for sample",
          "[conformance]") {
  for (int k : {1, 3, 6}) {
    const std::string body = "\n[algorithm]\nplugin = lil-clucb\n[run]\nseed = 5\nrepetitions = 20\n";
    const std::string env =
        "[environment]\nplugin = topk-instance\ngenerator = alpha-exponential\nn = 12\nk = " +
        std::to_string(k) + "\n";
    const auto fast = run(env + "[oracle]\nplugin = top-k\nk = " + std::to_string(k) + body);
    const auto generic =
        run(env + "[oracle]\nplugin = fixture-no-cardinality\nk = " + std::to_string(k) + body);
    REQUIRE(fast.size() == generic.size());
    for (std::size_t i = 0; i < fast.size(); ++i) {
      INFO("k = " << k << ", run " << i);
      CHECK(fast[i].samples == generic[i].samples);
      CHECK(fast[i].recommendation == generic[i].recommendation);
    }
  }
}

TEST_CASE("Faithful presets need more samples than heuristic ones", "[conformance]") {
  for (const char* algorithm : kAlgorithms) {
    double mean[2] = {0, 0};
    int which = 0;
    for (const char* preset : {"heuristic", "faithful"}) {
      for (const auto& r : run(instance("one-sparse", 20, 2) + "[algorithm]\nplugin = " +
                               algorithm + "\npreset = " + preset + "\n[run]\nrepetitions = 20\n"))
        mean[which] += static_cast<double>(r.samples) / 20.0;
      ++which;
    }
    INFO(algorithm);
    CHECK(mean[0] < mean[1]);
  }
}
