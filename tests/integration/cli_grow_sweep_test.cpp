// Growing a sweep: resuming a store with more repetitions appends the missing
// repetitions of every point — the stored runs keep their seeds and rows — and gives
// exactly the rows of a store made with the larger count from the start. Fewer
// repetitions, or any other change, is still "another sweep".
#include <catch2/catch.hpp>

#include <cstdio>
#include <sstream>

#include "test_support.hpp"

using namespace cpex::test;  // read_file, run_cpex, temp_file
using Catch::Matchers::Contains;

namespace {

const std::string kSweep =
    "[environment]\nplugin = gaussian\nmeans = 0.9, 0.5, 0.2\nsigma = 0.5\n[oracle]\nplugin = top-k\n"
    "k = 1\n[algorithm]\nplugin = lucb\n[run]\nseed = 21\nrepetitions = 100\n[sweep]\n"
    "axis = algorithm.delta = 0.1, 0.01\n";

// The exported rows without the wall-time column (the only cell that differs by run).
std::vector<std::string> rows_of(const std::string& store) {
  const std::string csv = store + ".csv";
  std::remove(csv.c_str());
  const auto r = run_cpex("export " + store + " --csv " + csv);
  INFO(r.err);
  REQUIRE(r.status == 0);
  std::istringstream in(read_file(csv));
  std::vector<std::string> rows;
  std::string line, header;
  std::getline(in, header);
  std::size_t wall = 0;  // the column index of wall_time_s
  for (std::size_t at = 0, column = 0; at < header.size(); ++column) {
    const std::size_t comma = header.find(',', at);
    if (header.substr(at, comma - at) == "wall_time_s") wall = column;
    at = comma == std::string::npos ? header.size() : comma + 1;
  }
  REQUIRE(wall > 0);
  while (std::getline(in, line)) {
    // wall_time_s comes before the quoted JSON cells, so splitting on commas is safe up to it.
    std::size_t start = 0;
    for (std::size_t c = 0; c < wall; ++c) start = line.find(',', start) + 1;
    const std::size_t end = line.find(',', start);
    rows.push_back(line.substr(0, start) + line.substr(end));
  }
  return rows;
}

void remove_store(const std::string& path) {
  for (const char* suffix : {"", "-wal", "-shm", ".lock", ".csv"}) std::remove((path + suffix).c_str());
}

}  // namespace

TEST_CASE("Resuming with more repetitions appends them and keeps the stored runs", "[cli][store][grow]") {
  const std::string file = temp_file("grow-sweep.ini", kSweep);
  const std::string grown = temp_file("grow-sweep-grown.db", ""), fresh = temp_file("grow-sweep-fresh.db", "");
  remove_store(grown);
  remove_store(fresh);
  REQUIRE(run_cpex("sweep " + file + " --out " + grown + " --quiet").status == 0);
  const auto before = rows_of(grown);
  REQUIRE(before.size() == 200);

  const auto r = run_cpex("sweep " + file + " --out " + grown + " --set run.repetitions=200");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK_THAT(r.err, Contains("growing '" + grown + "' from 100 to 200 repetitions per point"));
  CHECK_THAT(r.err, Contains("200 runs already done, 200 to run"));
  const auto after = rows_of(grown);
  REQUIRE(after.size() == 400);

  REQUIRE(run_cpex("sweep " + file + " --out " + fresh + " --quiet --set run.repetitions=200").status == 0);
  CHECK(after == rows_of(fresh));  // run ids, seeds, samples, verdicts: as if 200 from the start

  // Every stored run is still there, renumbered: point p, repetition i had run id 100p + i and
  // has 200p + i; the rest of its row is unchanged.
  std::size_t kept = 0;
  for (const std::string& row : before) {
    const std::string rest = row.substr(row.find(','));
    for (const std::string& now : after)
      if (now.substr(now.find(',')) == rest) {
        ++kept;
        break;
      }
  }
  CHECK(kept == before.size());

  // Fewer repetitions is another sweep.
  const auto fewer = run_cpex("sweep " + file + " --out " + grown + " --set run.repetitions=150");
  CHECK(fewer.status != 0);
  CHECK_THAT(fewer.err, Contains("holds another sweep"));
  remove_store(grown);
  remove_store(fresh);
}
