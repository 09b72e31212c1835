// The linear and transductive samplers (lingame, lingame-c, lazy-track-and-stop, fw-sampling,
// top-two on linear arms, rage with Z != X, peace): delta-correct at delta = 0.1 over 400 runs
// (Clopper-Pearson upper bound <= delta) on a linear and a transductive instance, answers
// judged on the answer set; the one-line refusals (an item outside the arms' span, an
// algorithm that answers among the arms given an answer set, a threshold or accuracy the
// linear samplers do not take). Seconds in all.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "cpex/runtime/engine.hpp"
#include "cpex/errors.hpp"
#include "cpex/report/stats.hpp"
#include "statistical_runs.hpp"

using namespace cpex;

namespace {

// Five arms in R^3, best arm 3 (mean 0.74 against 0.6 and 0.5): a few hundred samples a run.
const char* kLinear =
    "[environment]\nplugin = linear\nd = 3\n"
    "features = 1,0,0, 0,1,0, 0,0,1, 0.8,0.5,0.3, 0.6,0.6,0\n"
    "theta = 0.5, 0.6, 0.2\nsigma = 1\n";

// The same arms measured, four items answered (best item 2: 0.5*0.9+0.6*0.5+0.2*0.1 = 0.77).
const char* kTransductive =
    "[environment]\nplugin = linear\nd = 3\n"
    "features = 1,0,0, 0,1,0, 0,0,1, 0.8,0.5,0.3, 0.6,0.6,0\n"
    "answers = 0,1,0, 1,0.3,0, 0.9,0.5,0.1, 0.2,0.2,1\n"
    "theta = 0.5, 0.6, 0.2\nsigma = 1\n";

std::string pipeline(const char* environment, const std::string& algorithm, int runs) {
  std::ostringstream text;
  text << environment << "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\n" << algorithm
       << "delta = 0.1\n[run]\nseed = 31\nrepetitions = " << runs << "\nmax-samples = 1000000\n";
  return text.str();
}

void check_delta_correct(const char* environment, const std::string& algorithm, const std::string& answer) {
  const auto records = test::run_records(pipeline(environment, algorithm, 400));
  const Summary s = summarize(records);
  test::expect_delta_correct(algorithm, s, 0.1);
  CHECK(s.runs == 400);
  std::size_t right = 0;
  for (const auto& r : records) right += r.recommendation == answer;
  CHECK(right == 400 - s.wrong);
}

const char* kAlgorithms[] = {"plugin = lingame\n",
                             "plugin = lingame\nvariant = lingame-c\n",
                             "plugin = lazy-track-and-stop\n",
                             "plugin = fw-sampling\n",
                             "plugin = top-two\n",
                             "plugin = top-two\nleader = ts\n", "plugin = top-two\npull = pair\n"};

}  // namespace

TEST_CASE("The linear samplers are delta-correct at delta = 0.1 (400 runs)", "[linear][statistical]") {
  for (const char* algorithm : kAlgorithms) check_delta_correct(kLinear, algorithm, "3");
  check_delta_correct(kLinear, "plugin = peace\n", "3");
}

TEST_CASE("The transductive samplers are delta-correct at delta = 0.1, judged on the answer set",
          "[linear][statistical]") {
  for (const char* algorithm : kAlgorithms) {
    const std::string a(algorithm);
    if (a.find("pull = pair") != std::string::npos) continue;  // the items are not arms
    if (a.find("top-two") != std::string::npos) {
      check_delta_correct(kTransductive, a + "challenger = tc\n", "2");
      continue;
    }
    check_delta_correct(kTransductive, a, "2");
  }
  check_delta_correct(kTransductive, "plugin = rage\n", "2");
  check_delta_correct(kTransductive, "plugin = peace\n", "2");
  check_delta_correct(kTransductive, "plugin = rage\nelimination = authors\nschedule = authors\n", "2");
}

TEST_CASE("Transductive and linear bad input is refused in one line naming the culprit", "[linear][statistical]") {
  auto message = [](const std::string& text) {
    try {
      test::run_records(text);
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  // An item outside the span of the arms.
  const std::string flat =
      "[environment]\nplugin = linear\nd = 3\nfeatures = 1,0,0, 0,1,0\nanswers = 1,0,0, 0,0,1\n"
      "theta = 1,0,0\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = rage\n";
  const std::string outside = message(flat);
  CHECK(outside.find("answers") != std::string::npos);
  CHECK(outside.find("item 1") != std::string::npos);
  CHECK(outside.find("outside the span") != std::string::npos);
  CHECK(outside.find('\n') == std::string::npos);
  // An algorithm that answers among the arms, given an answer set.
  const std::string lingape = message(pipeline(kTransductive, "plugin = lingape\n", 1));
  CHECK(lingape.find("lingape") != std::string::npos);
  CHECK(lingape.find("answer set") != std::string::npos);
  // Thresholds and accuracies of unstructured arms.
  CHECK(message(pipeline(kLinear, "plugin = top-two\nthreshold = kk2021\n", 1)).find("threshold") !=
        std::string::npos);
  CHECK(message(pipeline(kLinear, "plugin = fw-sampling\nepsilon = 0.1\n", 1)).find("epsilon") != std::string::npos);
  // tci and pair need the items to be arms.
  CHECK(message(pipeline(kTransductive, "plugin = top-two\n", 1)).find("challenger") != std::string::npos);
}
