// Named variants (issue 34): `algorithm.plugin = NAME@LABEL` with an `[algorithm.NAME@LABEL]`
// block runs NAME under that block's keys, and the label is the algorithm's name in rows,
// stores and tables; a variant's rows are those of the plain plugin under the same keys;
// a block no algorithm of the sweep uses, a bad label or a variant outside [algorithm]
// is refused in one line.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>

#include "test_support.hpp"

using namespace cpex::test;  // run_cpex, temp_file, read_file, csv_cells

namespace {

const std::string kHead =
    "[environment]\nplugin = gaussian\nmeans = 0.5, 0.4, 0.3, 0.2\nsigma = 0.5\n"
    "[oracle]\nplugin = top-k\nk = 1\n[run]\nseed = 5\nrepetitions = 6\nmax-samples = 200000\n";

// Two variants of lucb (the block of `lucb@b` wins over lucb's own block) beside lil-ucb.
const std::string kVariants =
    kHead + "[algorithm]\nplugin = lucb\ndelta = 0.1\n[algorithm.lucb]\ndelta = 0.05\n"
            "[algorithm.lucb@a]\ndelta = 0.2\n[algorithm.lucb@b]\ndelta = 0.01\n"
            "[sweep]\naxis = algorithm.plugin = lucb@a, lucb@b, lil-ucb\n";

// algorithm -> its rows' (samples, recommendation, resolved), in repetition order.
std::map<std::string, std::vector<std::string>> rows_by_algorithm(const std::string& csv) {
  std::istringstream in(cpex::test::read_file(csv));
  std::string line;
  std::getline(in, line);
  const auto header = cpex::test::csv_cells(line);
  auto at = [&](const char* name) {
    const auto i = static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
    REQUIRE(i < header.size());
    return i;
  };
  const std::size_t algorithm = at("algorithm"), samples = at("samples"),
                    recommendation = at("recommendation"), resolved = at("resolved");
  std::map<std::string, std::vector<std::string>> rows;
  while (std::getline(in, line)) {
    const auto cells = cpex::test::csv_cells(line);
    rows[cells[algorithm]].push_back(cells[samples] + "|" + cells[recommendation] + "|" +
                                     cells[resolved]);
  }
  return rows;
}

}  // namespace

TEST_CASE("Named variants label rows, stores and tables, and run their own block's keys",
          "[cli][variants]") {
  const std::string ini = temp_file("variants.ini", kVariants);
  const std::string csv = cpex::test::fresh_path("variants.csv"), db = cpex::test::fresh_path("variants.db");
  const auto swept = run_cpex("sweep '" + ini + "' --quiet --out '" + csv + "'");
  REQUIRE(swept.status == 0);
  REQUIRE(run_cpex("sweep '" + ini + "' --quiet --out '" + db + "'").status == 0);
  auto rows = rows_by_algorithm(csv);
  REQUIRE(rows.size() == 3);
  REQUIRE(rows.count("lucb@a") == 1);
  REQUIRE(rows.count("lucb@b") == 1);
  REQUIRE(rows.count("lil-ucb") == 1);
  CHECK_THAT(rows["lucb@a"].front(), Catch::Matchers::Contains("\"\"delta\"\":0.2"));
  CHECK_THAT(rows["lucb@b"].front(), Catch::Matchers::Contains("\"\"delta\"\":0.01"));
  CHECK_THAT(swept.out, Catch::Matchers::Contains("lucb@b on gaussian"));

  // A variant's rows are the plain plugin's rows under the same keys (shared streams).
  const std::string plain_csv = cpex::test::fresh_path("variant-plain.csv");
  REQUIRE(run_cpex("run '" + temp_file("variant-plain.ini", kHead + "[algorithm]\nplugin = lucb\n"
                                                                    "delta = 0.01\n") +
                   "' --quiet --out '" + plain_csv + "'")
              .status == 0);
  CHECK(rows_by_algorithm(plain_csv)["lucb"] == rows["lucb@b"]);

  // The store holds the same names; the table groups by them.
  const std::string exported = cpex::test::fresh_path("variants-exported.csv");
  REQUIRE(run_cpex("export '" + db + "' --csv '" + exported + "'").status == 0);
  CHECK(rows_by_algorithm(exported) == rows);
  const auto table = run_cpex("report '" + db + "' --format csv");
  REQUIRE(table.status == 0);
  for (const char* name : {"\nlucb@a,", "\nlucb@b,", "\nlil-ucb,"}) CHECK_THAT(table.out, Catch::Matchers::Contains(name));

  // A plain key beside the variants: NAME@LABEL also names the algorithm of `cpex run`.
  const auto single = run_cpex("run '" + temp_file("variant-single.ini",
                                                   kHead + "[algorithm]\nplugin = lucb@x\n"
                                                           "[algorithm.lucb@x]\ndelta = 0.3\n") +
                               "' --json --quiet");
  REQUIRE(single.status == 0);
  CHECK_THAT(single.out, Catch::Matchers::Contains("\"algorithm\": \"lucb@x\""));
}

TEST_CASE("Named variants: a block no algorithm uses is a warning; a label without its block an error", "[cli][variants]") {
  // Dropping a variant from the axis while its block remains: the sweep runs, one warning
  // names the block and the closest algorithm of the sweep.
  const std::string axis = "[sweep]\naxis = algorithm.plugin = lucb@a, lil-ucb\n";
  const auto unused = run_cpex("sweep '" + temp_file("variant-unused.ini", kHead + "[algorithm]\nplugin = lucb\n[algorithm.lucb@a]\n"
                               "delta = 0.2\n[algorithm.lucb@aa]\ndelta = 0.3\n" + axis) + "' --quiet");
  INFO(unused.err);
  CHECK(unused.status == 0);
  CHECK(std::count(unused.err.begin(), unused.err.end(), '\n') == 1);
  CHECK_THAT(unused.err, Catch::Matchers::Contains("warning: [algorithm.lucb@aa] is used by no algorithm of the sweep") &&
                             Catch::Matchers::Contains("did you mean 'lucb@a'") &&
                             Catch::Matchers::Contains("lucb@a, lil-ucb"));
  // A label on the axis with no block would run as the plain plugin: refused, naming the blocks.
  const auto typo = run_cpex("sweep '" + temp_file("variant-typo.ini", kHead + "[algorithm]\nplugin = lucb\n[algorithm.lucb@wide]\n"
                             "delta = 0.2\n[algorithm.lucb@tight]\ndelta = 0.01\n"
                             "[sweep]\naxis = algorithm.plugin = lucb@wdie, lucb@tight\n") + "' --quiet");
  CHECK(typo.status == 1);
  CHECK(std::count(typo.err.begin(), typo.err.end(), '\n') == 1);
  CHECK_THAT(typo.err, Catch::Matchers::Contains("plugin = lucb@wdie: no block [algorithm.lucb@wdie]") &&
                           Catch::Matchers::Contains("did you mean 'lucb@wide'") &&
                           Catch::Matchers::Contains("[algorithm.lucb@wide], [algorithm.lucb@tight]"));
}

TEST_CASE("Named variants: bad labels are refused in one line", "[cli][variants]") {
  auto refused = [](const std::string& name, const std::string& text) {
    const auto r = run_cpex("sweep '" + temp_file(name, text) + "' --quiet");
    CHECK(r.status == 1);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    return r.err;
  };
  const std::string axis = "[sweep]\naxis = algorithm.plugin = lucb@a, lil-ucb\n";
  CHECK_THAT(refused("variant-key.ini", kHead + "[algorithm]\nplugin = lucb\n[algorithm.lucb@a]\n"
                                                "dleta = 0.2\n" + axis),
             Catch::Matchers::Contains("lucb@a.dleta: unknown key for lucb") && Catch::Matchers::Contains("did you mean 'delta'"));
  CHECK_THAT(refused("variant-label.ini", kHead + "[algorithm]\nplugin = lucb\n"
                                                  "[sweep]\naxis = algorithm.plugin = lucb@, lil-ucb\n"),
             Catch::Matchers::Contains("'lucb@'") && Catch::Matchers::Contains("LABEL after '@' is missing"));
  CHECK_THAT(refused("variant-char.ini", kHead + "[algorithm]\nplugin = lucb\n"
                                                 "[sweep]\naxis = algorithm.plugin = lucb@a/b, lil-ucb\n"),
             Catch::Matchers::Contains("letters, digits") && Catch::Matchers::Contains("'/'"));
  CHECK_THAT(refused("variant-unknown.ini", kHead + "[algorithm]\nplugin = lucx@a\n"),
             Catch::Matchers::Contains("'lucx' is not a known algorithm") && Catch::Matchers::Contains("did you mean 'lucb'"));
  CHECK_THAT(refused("variant-environment.ini",
                     kHead + "[algorithm]\nplugin = lucb\n[sweep]\naxis = environment.plugin = gaussian@x\n"),
             Catch::Matchers::Contains("named variants NAME@LABEL are for [algorithm] only"));
}
