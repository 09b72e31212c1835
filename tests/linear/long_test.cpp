// Long (label `long`): at delta = 1e-10, LinGame and Lazy Track-and-Stop stop within 1.5 x
// T*(theta) log(1/delta) on average, on Soare's instance (d = 2, angle 0.1) and one random
// instance in d = 5 (10 arms, seeded), T* from numerics::linear_lower_bound; every run correct.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <sstream>

#include "cpex/runtime/engine.hpp"
#include "cpex/numerics/linear_identification.hpp"
#include "cpex/report/stats.hpp"
#include "test_support.hpp"

using namespace cpex;

namespace {

constexpr double kDelta = 1e-10;

std::vector<RunRecord> run_text(const std::string& text) {
  const std::vector<Pipeline> pipelines = {test::pipeline_from(text)};
  return execute(make_jobs(pipelines, expand({})), {2}, nullptr);
}

// A random instance in R^5: 10 arms with N(0, 1) entries and theta with N(0, 1) entries (seed 5).
std::string random_instance() {
  std::mt19937_64 rng(5);
  std::normal_distribution<double> normal;
  std::ostringstream text;
  text.precision(17);
  text << "[environment]\nplugin = linear\nd = 5\nfeatures = ";
  for (int i = 0; i < 50; ++i) text << (i ? ", " : "") << normal(rng);
  text << "\ntheta = ";
  for (int i = 0; i < 5; ++i) text << (i ? ", " : "") << normal(rng);
  text << "\nsigma = 1\n";
  return text.str();
}

double t_star_of(const std::string& environment) {
  const Pipeline p = test::pipeline_from(environment + "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lingame\n");
  const RunObjects run = instantiate(p, RunSeed{1, 0, 0});
  const auto t = numerics::linear_lower_bound(run.environment->problem(), run.environment->truth());
  REQUIRE(t);
  REQUIRE(t->relative_gap() < 1e-6);
  return t->value;
}

void check_ratio(const std::string& environment, const std::string& algorithm, int runs) {
  const double bound = t_star_of(environment) * std::log(1.0 / kDelta);
  std::ostringstream text;
  text << environment << "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\n" << algorithm << "delta = " << kDelta
       << "\n[run]\nseed = 10\nrepetitions = " << runs << "\nmax-samples = 100000000\n";
  const auto records = run_text(text.str());
  const Summary s = summarize(records);
  INFO(algorithm << "mean samples " << s.mean_samples << ", T* log(1/delta) = " << bound << ", ratio "
                 << s.mean_samples / bound);
  CHECK(s.wrong == 0);
  CHECK(s.capped == 0);
  CHECK(s.mean_samples <= 1.5 * bound);
}

const char* kSoare = "[environment]\nplugin = linear\ngenerator = soare\nd = 2\nangle = 0.1\nsigma = 1\n";

}  // namespace

TEST_CASE("LinGame and Lazy TaS reach 1.5 T* log(1/delta) at delta = 1e-10 on Soare's instance", "[linear][long]") {
  check_ratio(kSoare, "plugin = lingame\n", 20);
  check_ratio(kSoare, "plugin = lazy-track-and-stop\n", 20);
}

TEST_CASE("LinGame and Lazy TaS reach 1.5 T* log(1/delta) at delta = 1e-10 on a random d = 5 instance",
          "[linear][long]") {
  check_ratio(random_instance(), "plugin = lingame\n", 20);
  check_ratio(random_instance(), "plugin = lazy-track-and-stop\n", 20);
}
