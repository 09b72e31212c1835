// Mixed sweeps across algorithm kinds: one file sweeping algorithms with and
// without a [dks] oracle and with different keys gives every algorithm the rows of its own
// single-kind sweep; keys apply where they exist, a key no swept algorithm knows is refused,
// and narrowing the sweep to one algorithm keeps the file valid.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>

#include "test_support.hpp"

using namespace cpex::test;  // run_cpex, temp_file, read_file, csv_cells

namespace {

const std::string kHead =
    "[environment]\nplugin = full-bandit\ngenerator = synthetic\nn = 6\nk = 3\ndelta-min = 1.0\n"
    "[oracle]\nplugin = top-k\nk = 3\nepsilon-rule = sum\n";
const std::string kRun = "[run]\nseed = 11\nrepetitions = 2\nmax-samples = 4000\n";
const std::string kAxis = "[sweep]\naxis = environment.delta-min = 0.5, 1.0\n";

// Every kind in one file: [dks] for SAQM and SA-FOA, `allocation` for the static
// algorithms, `arm-epsilon` for ME and LUCB, and a key for SAQM alone written inline.
const std::string kMixed =
    kHead + "[dks]\nplugin = dks-peeling\n" +
    "[algorithm]\nplugin = saqm\ndelta = 0.05\nepsilon = 0.5\nallocation = g-allocation\n"
    "arm-epsilon = paper\nsaqm.alpha = 0.8\n" +
    kRun + kAxis + "axis = algorithm.plugin = saqm, sa-foa, icb, me-full, lucb-full\n";

// The same runs as single-kind files, as the seed 000 pipelines were split before.
const std::vector<std::string> kSplit = {
    kHead + "[dks]\nplugin = dks-peeling\n[algorithm]\nplugin = saqm\ndelta = 0.05\n"
            "epsilon = 0.5\nallocation = g-allocation\nalpha = 0.8\n" + kRun + kAxis,
    kHead + "[dks]\nplugin = dks-peeling\n[algorithm]\nplugin = sa-foa\ndelta = 0.05\n"
            "epsilon = 0.5\nallocation = g-allocation\n" + kRun + kAxis,
    kHead + "[algorithm]\nplugin = icb\ndelta = 0.05\nepsilon = 0.5\nallocation = g-allocation\n" +
        kRun + kAxis,
    kHead + "[algorithm]\nplugin = me-full\ndelta = 0.05\nepsilon = 0.5\narm-epsilon = paper\n" +
        kRun + kAxis + "axis = algorithm.plugin = me-full, lucb-full\n"};

// Rows of a result CSV by algorithm, each row without the columns that name its place in
// the sweep (run_id, point, the algorithm.plugin axis) or vary between runs (wall time).
void add_rows(const std::string& csv, std::map<std::string, std::vector<std::string>>& rows) {
  std::istringstream in(cpex::test::read_file(csv));
  std::string line;
  REQUIRE(std::getline(in, line));
  const std::vector<std::string> header = cpex::test::csv_cells(line);
  const auto column = std::find(header.begin(), header.end(), "algorithm") - header.begin();
  REQUIRE(static_cast<std::size_t>(column) < header.size());
  while (std::getline(in, line)) {
    const std::vector<std::string> cells = cpex::test::csv_cells(line);
    REQUIRE(cells.size() == header.size());
    std::string kept;
    for (std::size_t i = 0; i < cells.size(); ++i)
      if (header[i] != "run_id" && header[i] != "point" && header[i] != "algorithm.plugin" &&
          header[i] != "wall_time_s")
        kept += header[i] + "=" + cells[i] + ";";
    rows[cells[static_cast<std::size_t>(column)]].push_back(kept);
  }
  for (auto& [name, list] : rows) std::sort(list.begin(), list.end());
}

}  // namespace

TEST_CASE("A mixed sweep gives each algorithm the rows of its own split sweep", "[cli][mixed]") {
  const std::string merged_csv = cpex::test::fresh_path("mixed-merged.csv");
  const auto merged = run_cpex("sweep '" + temp_file("mixed-merged.ini", kMixed) + "' --quiet --out '" +
                               merged_csv + "'");
  INFO(merged.err);
  REQUIRE(merged.status == 0);
  std::map<std::string, std::vector<std::string>> mixed, split;
  add_rows(merged_csv, mixed);
  for (std::size_t i = 0; i < kSplit.size(); ++i) {
    const std::string csv = cpex::test::fresh_path("mixed-split-" + std::to_string(i) + ".csv");
    const auto r = run_cpex("sweep '" + temp_file("mixed-split-" + std::to_string(i) + ".ini", kSplit[i]) +
                            "' --quiet --out '" + csv + "'");
    INFO(r.err);
    REQUIRE(r.status == 0);
    add_rows(csv, split);
  }
  REQUIRE(mixed.size() == 5);
  for (const auto& [algorithm, rows] : split) {
    INFO(algorithm);
    CHECK(rows.size() == 4);  // 2 points x 2 repetitions
    CHECK(mixed[algorithm] == rows);
  }
  // The keys applied where they exist: SAQM's inline alpha, ME's and LUCB's arm-epsilon.
  CHECK_THAT(mixed["saqm"].front(), Catch::Matchers::Contains("\"\"alpha\"\":\"\"0.8\"\""));
  CHECK_THAT(mixed["me-full"].front(), Catch::Matchers::Contains("paper"));
  CHECK_THAT(mixed["icb"].front(), !Catch::Matchers::Contains("paper"));
}

TEST_CASE("A key no swept algorithm knows is refused, naming it", "[cli][mixed]") {
  const std::string file = temp_file("mixed-bad-key.ini", kMixed);
  const auto plain = run_cpex("sweep '" + file + "' --set algorithm.arm-epsilom=paper");
  CHECK(plain.status == 1);
  CHECK_THAT(plain.err, Catch::Matchers::Contains("--set: [algorithm] arm-epsilom: unknown key for every swept "
                                 "plugin (saqm, sa-foa, icb, me-full, lucb-full)") &&
                            Catch::Matchers::Contains("did you mean 'arm-epsilon'?"));
  // In the file, blamed on the file.
  std::string text = kMixed;
  text.insert(text.find("arm-epsilon"), "bogus-key = 1\n");
  const std::string bad = temp_file("mixed-bogus.ini", text);
  const auto in_file = run_cpex("sweep '" + bad + "'");
  CHECK(in_file.status == 1);
  CHECK_THAT(in_file.err, Catch::Matchers::Contains(bad + ": [algorithm] bogus-key: unknown key for every swept plugin"));
  // A key scoped to a plugin that does not have it.
  const auto scoped = run_cpex("sweep '" + file + "' --set algorithm.icb.alpha=0.5");
  CHECK(scoped.status == 1);
  CHECK_THAT(scoped.err, Catch::Matchers::Contains("[algorithm] icb.alpha: unknown key for icb"));
  // A section none of the swept algorithms takes.
  std::string no_dks = kMixed;
  no_dks.replace(no_dks.find("saqm, sa-foa, icb"), 17, "icb");
  const auto unused = run_cpex("sweep '" + temp_file("mixed-unused.ini", no_dks) + "'");
  CHECK(unused.status == 1);
  CHECK_THAT(unused.err, Catch::Matchers::Contains("none of the swept algorithms (icb, me-full, lucb-full) takes a "
                                  "[dks] oracle ("));
}

TEST_CASE("Narrowing a mixed sweep to one algorithm keeps the file valid", "[cli][mixed]") {
  const std::string file = temp_file("mixed-narrow.ini", kMixed);
  const auto icb = run_cpex("sweep '" + file + "' --json --set algorithm.plugin=icb");
  INFO(icb.err);
  CHECK(icb.status == 0);
  CHECK_THAT(icb.out, Catch::Matchers::Contains("\"algorithm\": \"icb\""));
  CHECK_FALSE(icb.out.find("\"algorithm\": \"saqm\"") != std::string::npos);
}

TEST_CASE("A key whose meaning changes between the swept algorithms is explained in one line",
          "[cli][sweep][params]") {
  // `delta` is lucb's target error (role confidence), and a parameter of its own for the
  // fixture: the sweep runs, with one warning naming both before any run.
  const std::string fixtures = " --plugin-path " CPEX_FIXTURE_PLUGIN_DIR;
  const std::string head =
      "[environment]\nplugin = gaussian\nmeans = 0.9, 0.5, 0.1\n[oracle]\nplugin = top-k\nk = 1\n"
      "[algorithm]\nplugin = lucb\ndelta = 0.1\n[run]\nrepetitions = 2\nmax-samples = 2000\n";
  const auto mixed = run_cpex("sweep '" +
                              temp_file("meaning.ini", head + "[sweep]\naxis = algorithm.plugin = lucb, fixture-round-robin\n") +
                              "'" + fixtures);
  INFO(mixed.err);
  CHECK(mixed.status == 0);
  CHECK_THAT(mixed.err, Catch::Matchers::Contains("cpex: warning: [algorithm] delta means a parameter of its own (no role) for "
                                 "fixture-round-robin; the run's target error (role confidence) for lucb: its "
                                 "values set different things in the swept algorithms"));
  CHECK(std::count(mixed.err.begin(), mixed.err.end(), '\n') == 1);
  // One delta across the in-tree algorithms: lucb beside the LIL family draws no warning.
  const auto same = run_cpex("sweep '" +
                             temp_file("same-meaning.ini", head + "[sweep]\naxis = algorithm.plugin = lucb, lil-ucb, lil-lucb\n") + "'");
  INFO(same.err);
  CHECK(same.status == 0);
  CHECK(same.err.find("warning") == std::string::npos);
}
