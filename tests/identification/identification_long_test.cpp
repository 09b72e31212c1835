// Label long: Track-and-Stop delta-correct on every new problem under the other thresholds.
#include <string>

#include "identification_problems.hpp"

using namespace cpex;
using namespace cpex::test;

TEST_CASE("Track-and-Stop is delta-correct on every new problem under gk-theorem and kk2021",
          "[identification][long]") {
  for (const ProblemCase& p : kProblems)
    for (const char* threshold : {"gk-theorem", "kk2021"})
      expect_correct(p, std::string("plugin = track-and-stop\nthreshold = ") + threshold);
}

