// The classic algorithms' runs and refusals: bad input is refused in one line naming the
// key (k for the best-arm ones, a/hardness for ucb-e, the rewards for the KL ones, a
// budget for the fixed-budget ones); the phase counts of median-elimination and
// exponential-gap are the papers' (hand-computed); 1 and 2 threads give the same rows;
// at-lucb's anytime answer only changes at stage ends after stage 1.
#include <catch2/catch.hpp>

#include <string>

#include "cpex/runtime/engine.hpp"
#include "cpex/errors.hpp"
#include "test_support.hpp"

using namespace cpex;
using Catch::Matchers::Contains;

namespace {

const char* const kFour = "[environment]\nplugin = bernoulli\nmeans = 0.5, 0.3, 0.7, 0.2\n";

std::string pipeline(const std::string& algorithm, int k, const std::string& run = "") {
  return std::string(kFour) + "[oracle]\nplugin = top-k\nk = " + std::to_string(k) +
         "\n[algorithm]\nplugin = " + algorithm + "\n[run]\nseed = 5\nrepetitions = 20\n" + run;
}

std::vector<RunRecord> run_all(const std::string& text, std::size_t threads = 2) {
  const std::vector<Pipeline> pipelines = {test::pipeline_from(text)};
  return execute(make_jobs(pipelines, expand({})), {static_cast<int>(threads)}, nullptr);
}

void one_line(const std::string& m) { CHECK(m.find('\n') == std::string::npos); }

}  // namespace

TEST_CASE("The classic algorithms refuse bad input in one line", "[classic]") {
  for (const char* algorithm : {"median-elimination", "exponential-gap"}) {
    const std::string m = test::assembly_refusal(pipeline(algorithm, 2));
    INFO(m);
    CHECK_THAT(m, Contains("k") && Contains("single best arm") && Contains("k = 2"));
    one_line(m);
  }
  const std::string ucb_e = test::assembly_refusal(pipeline("ucb-e", 1, "budget = 100\n"));
  CHECK_THAT(ucb_e, Contains("ucb-e needs exactly one of a") && Contains("hardness"));
  one_line(ucb_e);
  const std::string both = test::assembly_refusal(pipeline("ucb-e\na = 1\nhardness = 10", 1, "budget = 100\n"));
  CHECK_THAT(both, Contains("exactly one of a"));
  for (const char* algorithm : {"ucb-e\na = 1", "at-lucb"}) {
    const std::string m = test::assembly_refusal(pipeline(algorithm, 1));
    INFO(m);
    CHECK_THAT(m, Contains("budget"));
    one_line(m);
  }
  for (const char* algorithm : {"kl-lucb", "kl-racing"}) {
    const std::string m = test::assembly_refusal(
        "[environment]\nplugin = water\nmeans = 0.2, 0.6\ndistribution = beta\n[oracle]\nplugin = top-k\n"
        "k = 1\n[algorithm]\nplugin = " + std::string(algorithm) + "\n");
    INFO(m);
    CHECK_THAT(m, Contains(std::string("'") + algorithm + "' needs gaussian, bernoulli, poisson or exponential rewards"));
    one_line(m);
  }
  const std::string alpha = test::assembly_refusal(pipeline("kl-lucb\nalpha = 1", 1));
  CHECK_THAT(alpha, Contains("alpha"));
  one_line(alpha);
  const std::string epsilon = test::assembly_refusal(pipeline("median-elimination\nepsilon = 0", 1));
  CHECK_THAT(epsilon, Contains("epsilon"));
  one_line(epsilon);
}

TEST_CASE("median-elimination and exponential-gap take the papers' sample counts", "[classic]") {
  // Median Elimination, 4 Bernoulli arms, eps = 0.1, delta = 0.1 (b = 1): phase 1
  // n_1 = ceil(4/0.025^2 ln(3/0.05)) = ceil(6400 ln 60) = 26,204 per arm for 4 arms; phase 2
  // n_2 = ceil(4/0.01875^2 ln(3/0.025)) = 54,472 per arm for 2 arms: 213,760.
  for (const auto& r : run_all(pipeline("median-elimination\nepsilon = 0.1\ndelta = 0.1", 1)))
    CHECK(r.samples == 213760);
  // With sample-scale 1/2 every count is ceil(half of the unrounded count).
  for (const auto& r : run_all(pipeline("median-elimination\nepsilon = 0.1\ndelta = 0.1\nsample-scale = 0.5", 1)))
    CHECK(r.samples == 4 * 13102 + 2 * 27236);
  // Exponential-Gap, same arms, delta = 0.1: round 1 t_1 = ceil(2/0.125^2 ln(3/0.002)) =
  // ceil(128 ln 1500) = 937 per arm; Median Elimination(eps = 1/16, delta = 0.002), i.e.
  // eps_1 = 1/64, delta_1 = 0.001: ceil(16384 ln 3000) = 131,177 per arm for 4 arms, then
  // ceil(4/(3/256)^2 ln 6000) = 253,392 per arm for 2 arms. Every arm but 0.7 is more than
  // 1/8 below it: one round.
  for (const auto& r : run_all(pipeline("exponential-gap\ndelta = 0.1", 1))) {
    CHECK(r.samples == 4 * 937 + 4 * 131177 + 2 * 253392);
    CHECK(r.optimal);
  }
}

TEST_CASE("The classic algorithms give the same rows on 1 and 2 threads", "[classic]") {
  for (const std::string& text :
       {pipeline("kl-lucb", 2), pipeline("kl-racing\nrate = lucb1", 1), pipeline("ucb-e\na = 1", 1, "budget = 300\n"),
        pipeline("at-lucb", 2, "budget = 500\n"), pipeline("median-elimination\nepsilon = 0.3", 1)}) {
    const auto one = run_all(text, 1), two = run_all(text, 2);
    REQUIRE(one.size() == two.size());
    for (std::size_t i = 0; i < one.size(); ++i) {
      CHECK(one[i].samples == two[i].samples);
      CHECK(one[i].recommendation == two[i].recommendation);
    }
  }
}
