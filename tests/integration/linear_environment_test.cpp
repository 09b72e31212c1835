// The `linear` and `linear-dataset` environments: generators, files, the data set fit and
// arm sampling, and their bad-input errors.
#include <catch2/catch.hpp>

#include <cmath>

#include "cpex/errors.hpp"
#include "test_support.hpp"

using namespace cpex;
using Catch::Matchers::Contains;

namespace {

Pipeline linear(const std::string& environment, const std::string& algorithm = "lingape") {
  return test::pipeline_from("[environment]\nplugin = linear\n" + environment +
                             "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = " + algorithm +
                             "\n[run]\nrepetitions = 1\n");
}

std::unique_ptr<Environment> make(const Pipeline& p, std::uint64_t repetition = 0) {
  return p.environment->create(p.environment_params, EnvironmentContext{RunSeed{1, 0, repetition}});
}

const std::string kData = CPEX_SOURCE_DIR "/data/breast_cancer_wisconsin.csv";

}  // namespace

TEST_CASE("Soare's instance: d + 1 arms, theta = (2, 0, ...)", "[linear-environment]") {
  const Pipeline pipeline = linear("generator = soare\nd = 3\nangle = 0.01");
  const auto env = make(pipeline);
  const Problem& problem = env->problem();
  CHECK(pipeline.environment->feedback == FeedbackKind::LinearArm);  // its one declaration
  REQUIRE(problem.num_arms == 4);
  CHECK(problem.features.rows() == 3);
  CHECK(problem.features(0, 3) == Approx(std::cos(0.01)));
  CHECK(problem.features(1, 3) == Approx(std::sin(0.01)));
  const auto truth = env->truth();
  CHECK(truth[0] == 2.0);
  CHECK(truth[1] == 0.0);
  CHECK(truth[3] == Approx(2 * std::cos(0.01)));
  CHECK(problem.parameter_bound == 2.0);  // S defaults to ||theta||
  CHECK(problem.noise_sigma == 1.0);
}

TEST_CASE("Canonical, explicit and file features", "[linear-environment]") {
  const auto canonical = make(linear("generator = canonical\nd = 5\ngap = 0.3"));
  CHECK(canonical->problem().num_arms == 5);
  CHECK(canonical->truth()[0] == Approx(0.3));
  const auto inline_env = make(linear("generator = explicit\nd = 2\nfeatures = 1,0, 0,1, 1,1\n"
                                      "theta = 0.5, 0.25\nnoise-bound = 2\nS = 3"));
  CHECK(inline_env->truth()[2] == Approx(0.75));
  CHECK(inline_env->problem().noise_sigma == 2.0);
  CHECK(inline_env->problem().parameter_bound == 3.0);
  const std::string file = test::temp_file("features.csv", "x1,x2\n1,0\n0,1\n1,1\n");
  const auto from_file =
      make(linear("generator = explicit\nfeatures-file = " + file + "\ntheta = 0.5, 0.25"));
  CHECK(from_file->truth()[2] == Approx(0.75));
  const auto sphere = make(linear("generator = sphere\narms = 7\ntheta = 1, 0, 0"));
  CHECK(sphere->problem().num_arms == 7);
  CHECK(sphere->problem().features.col(3).norm() == Approx(1.0));
}

TEST_CASE("Linear bad input names the key", "[linear-environment]") {
  CHECK_THROWS_WITH(linear("generator = explicit\nd = 2\nfeatures = 1,0,0\ntheta = 1,0"),
                    Contains("[environment] features: linear: has 3 numbers, not a multiple of d = 2"));
  CHECK_THROWS_WITH(linear("generator = explicit\nd = 2\nfeatures = 1,0,0,1\ntheta = 1,0,0"),
                    Contains("[environment] theta: linear: theta has 3 entries, but the features "
                             "have dimension d = 2"));
  CHECK_THROWS_WITH(linear("generator = explicit\nd = 2\nfeatures = 1,0\ntheta = 1,0"),
                    Contains("[environment] features: linear: needs at least 2 arms, got 1"));
  CHECK_THROWS_WITH(linear("generator = explicit\nd = 2\ntheta = 1,0"),
                    Contains("needs features or features-file"));
  CHECK_THROWS_WITH(linear("generator = canonical\nd = 2\ngap = 3\nnoise = plus-minus-one"),
                    Contains("+-1 rewards need every mean x_i^T theta in [-1, 1], but arm 0 has 3"));
  const std::string bad = test::temp_file("bad-features.csv", "x1,x2\n1,0\n0,y\n");
  CHECK_THROWS_WITH(linear("generator = explicit\nfeatures-file = " + bad + "\ntheta = 1,0"),
                    Contains("[environment] features-file: linear: ") &&
                        Contains("bad-features.csv:3: column 2 ('x2'): 'y' is not a number"));
}

TEST_CASE("The data set environment fits theta* and samples separated arms",
          "[linear-environment]") {
  const Pipeline p = test::pipeline_from(
      "[environment]\nplugin = linear-dataset\nfile = " + kData +
      "\narms = 8\nnoise = plus-minus-one\nnoise-bound = 2\n"
      "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lingape\n");
  for (std::uint64_t rep = 0; rep < 5; ++rep) {
    const auto env = make(p, rep);
    REQUIRE(env->problem().num_arms == 8);
    CHECK(env->problem().features.rows() == 31);  // 30 standardized features + intercept
    const auto t = env->truth();
    const double best = *std::max_element(t.begin(), t.end());
    int at_best = 0;
    for (double m : t) {
      CHECK(std::abs(m) <= 1.0);
      if (m == best) ++at_best;
      else CHECK(best - m >= 0.05);
    }
    CHECK(at_best == 1);
  }
  CHECK(make(p, 0)->truth()[0] != make(p, 1)->truth()[0]);
}

TEST_CASE("Data set errors: labels, cells, and impossible gaps", "[linear-environment]") {
  auto dataset = [](const std::string& extra) {
    return test::pipeline_from("[environment]\nplugin = linear-dataset\n" + extra +
                               "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lingape\n");
  };
  CHECK_THROWS_WITH(dataset("file = " + kData + "\nlabel = diagnosis"),
                    Contains("[environment] label: linear-dataset: ") &&
                        Contains("has no column named 'diagnosis'"));
  const std::string unlabeled = test::temp_file("unlabeled.csv", "a,b\n1,0.5\n2,0.25\n3,2\n");
  CHECK_THROWS_WITH(dataset("file = " + unlabeled),
                    Contains("label column 'b' must hold 0/1 or -1/+1, but data row 1 has 0.5"));
  const std::string text = test::temp_file("text.csv", "a,b,label\n1,2,1\n3,four,0\n");
  CHECK_THROWS_WITH(dataset("file = " + text),
                    Contains("[environment] file: linear-dataset: ") &&
                        Contains("text.csv:3: column 2 ('b'): 'four' is not a number"));
  CHECK_THROWS_WITH(dataset("file = " + kData + "\narms = 10\nmin-gap = 1.5\nattempts = 50\n"
                            "noise = plus-minus-one"),
                    Contains("[environment] min-gap: linear-dataset: no sample of 10 arms with "
                             "every gap to the best >= 1.5 in 50 attempts"));
}
