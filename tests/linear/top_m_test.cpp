// Linear top-m (m-lingape, lingifa; Reda, Kaufmann & Delahaye-Duriez 2021): delta-correct at
// delta = 0.1 over 400 runs (Clopper-Pearson upper bound <= delta) with every selection rule,
// the answer the m best arms as a set; the refusals (a single-answer algorithm asked for m > 1
// arms, m >= K, an answer set with k > 1).
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "cpex/runtime/engine.hpp"
#include "cpex/report/stats.hpp"
#include "statistical_runs.hpp"

using namespace cpex;

namespace {

// Six arms in R^3, theta = (0.5, 0.6, 0.2): means 0.5, 0.6, 0.2, 0.74, 0.66, 0.39; top 2 = {3, 4}.
std::string pipeline(const std::string& algorithm, int runs, int k = 2) {
  std::ostringstream text;
  text << "[environment]\nplugin = linear\nd = 3\nk = " << k
       << "\nfeatures = 1,0,0, 0,1,0, 0,0,1, 0.8,0.5,0.3, 0.6,0.6,0, 0.3,0.2,0.7\n"
          "theta = 0.5, 0.6, 0.2\nsigma = 0.5\n[oracle]\nplugin = top-k\nk = "
       << k << "\n[algorithm]\n" << algorithm << "delta = 0.1\n[run]\nseed = 21\nrepetitions = " << runs
       << "\nmax-samples = 1000000\n";
  return text.str();
}

std::string message(const std::string& text) {
  try {
    test::run_records(text);
  } catch (const std::exception& e) {
    return e.what();
  }
  return {};
}

}  // namespace

TEST_CASE("m-lingape and lingifa are delta-correct at delta = 0.1 (400 runs)", "[linear][statistical]") {
  for (const char* algorithm : {"plugin = m-lingape\n", "plugin = m-lingape\nselection = ratio\n", "plugin = lingifa\n",
                                "plugin = lingifa\nselection = greedy\n"}) {
    const auto records = test::run_records(pipeline(algorithm, 400));
    const Summary s = summarize(records);
    test::expect_delta_correct(algorithm, s, 0.1);
    std::size_t right = 0;
    for (const auto& r : records) right += r.recommendation == "3 4";
    CHECK(right == 400 - s.wrong);
  }
}

TEST_CASE("Linear top-m refusals name the culprit in one line", "[linear][statistical]") {
  const std::string one = message(pipeline("plugin = lingape\n", 1));
  CHECK(one.find("lingape identifies one arm") != std::string::npos);
  CHECK(one.find('\n') == std::string::npos);
  CHECK(message(pipeline("plugin = lingame\n", 1)).find("lingame identifies one arm") != std::string::npos);
  CHECK(message(pipeline("plugin = m-lingape\n", 1, 6)).find("k = 6 must be smaller") != std::string::npos);
  const std::string transductive = message(
      "[environment]\nplugin = linear\nd = 2\nk = 2\nfeatures = 1,0, 0,1, 1,1\nanswers = 1,0, 0,1\ntheta = 1,0\n"
      "[oracle]\nplugin = top-k\nk = 2\n[algorithm]\nplugin = m-lingape\n");
  CHECK(transductive.find("answer set poses the best item") != std::string::npos);
}
