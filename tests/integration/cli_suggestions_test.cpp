// "Did you mean" where a name is chosen from a list (issue 34): commands, choice values of
// a pipeline key, `cpex report --by` keys and its --format / --y values; each one line.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>

#include "test_support.hpp"

using Catch::Matchers::Contains;
using cpex::test::run_cpex;
using cpex::test::temp_file;

TEST_CASE("Misspelt commands, choice values and report keys get a suggestion", "[cli][suggest]") {
  auto one_line = [](const cpex::test::CommandResult& r, int status) {
    CHECK(r.status == status);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    return r.err;
  };
  CHECK_THAT(one_line(run_cpex("reprot x.csv"), 2), Contains("unknown command 'reprot' (did you mean 'report'?)"));
  CHECK_THAT(one_line(run_cpex("swep x.ini"), 2), Contains("(did you mean 'sweep'?)"));
  CHECK_THAT(one_line(run_cpex("run"), 2), Contains("wrong arguments for 'run'"));
  CHECK_THAT(one_line(run_cpex("run pipelines/quickstart.ini --quiet --set run.record-pulls=yse"), 1),
             Contains("record-pulls = 'yse' (did you mean 'yes'?)") && Contains("one of {no, yes}"));

  const std::string csv = temp_file("suggest.csv", "");
  std::remove(csv.c_str());
  REQUIRE(run_cpex("run pipelines/quickstart.ini --quiet --set run.repetitions=3 --out '" + csv + "'").status == 0);
  CHECK_THAT(one_line(run_cpex("report '" + csv + "' --by algoritm"), 1),
             Contains("no column 'algoritm' in the results (did you mean 'algorithm'?)"));
  CHECK_THAT(one_line(run_cpex("report '" + csv + "' --format jsn"), 1), Contains("(did you mean 'json'?)"));
  CHECK_THAT(one_line(run_cpex("report '" + csv + "' --y error-rat --plot x.svg --x algorithm"), 1),
             Contains("(did you mean 'error-rate'?)"));
}
