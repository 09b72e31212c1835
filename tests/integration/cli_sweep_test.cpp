// Sweeps at scale through the `cpex` binary: the SQLite store (identical for 1 and 2
// threads, resumable after SIGKILLs at random points, refusing other sweeps), per-run
// containment, shards and their merge, mixed-algorithm sweeps, --set narrowing an axis,
// Ctrl-C, progress, output-file safety and the bad inputs of the sweep commands.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <random>
#include <sstream>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli_expect.hpp"
#include "csv_table.hpp"
#include "test_support.hpp"

using Catch::Matchers::Contains;
using cpex::test::fresh_path;
using cpex::test::kFixtures;
using cpex::test::run_cpex;

namespace {

// The tests' small sweep (tests/data/small_sweep.ini: 2 x 2 points of LUCB on Gaussian
// arms), 30 repetitions a point.
const std::string kSweep = [] {
  std::string text = cpex::test::read_file(CPEX_SOURCE_DIR "/tests/data/small_sweep.ini");
  return text.replace(text.find("repetitions = 5"), 15, "repetitions = 30");
}();

// The rows of a result CSV (cells as read, joined by commas) without the wall-time column.
std::vector<std::string> csv_rows(const std::string& csv) {
  std::vector<std::string> rows;
  std::size_t wall = 0;
  for (auto cells : cpex::test::csv_rows(cpex::test::read_file(csv))) {
    if (rows.empty())
      wall = static_cast<std::size_t>(std::find(cells.begin(), cells.end(), "wall_time_s") - cells.begin());
    REQUIRE(wall < cells.size());
    cells.erase(cells.begin() + static_cast<std::ptrdiff_t>(wall));
    std::string joined;
    for (const auto& c : cells) joined += c + ",";
    rows.push_back(joined);
  }
  return rows;
}

// The rows of a store as CSV lines (via `cpex export`), without the wall-time column.
std::vector<std::string> store_rows(const std::string& db) {
  const std::string csv = fresh_path("export.csv");
  const auto exported = run_cpex("export '" + db + "' --csv '" + csv + "'");
  REQUIRE(exported.status == 0);
  return csv_rows(csv);
}

// Starts `cpex` with arguments (no shell) and returns its pid.
pid_t spawn_cpex(const std::vector<std::string>& arguments) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int null = ::open("/dev/null", O_RDWR);
    ::dup2(null, 0);
    ::dup2(null, 1);
    ::dup2(null, 2);
    ::unsetenv("CPEX_PLUGIN_PATH");
    std::vector<char*> argv;
    std::string binary = CPEX_BINARY;
    argv.push_back(binary.data());
    std::vector<std::string> copy = arguments;
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(binary.c_str(), argv.data());
    ::_exit(127);
  }
  return pid;
}

int wait_status(pid_t pid) {
  int raw = 0;
  ::waitpid(pid, &raw, 0);
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
}

}  // namespace

TEST_CASE("A store is identical for 1 and 2 threads and holds typed rows and meta", "[cli][store]") {
  const std::string pipeline = cpex::test::temp_file("store.ini", kSweep);
  const std::string one = fresh_path("one.db"), two = fresh_path("two.db");
  const auto a = run_cpex("sweep '" + pipeline + "' --threads 1 --out '" + one + "' --json");
  const auto b = run_cpex("sweep '" + pipeline + "' --threads 2 --out '" + two + "' --json");
  REQUIRE(a.status == 0);
  REQUIRE(b.status == 0);
  const auto rows = store_rows(one);
  REQUIRE(rows.size() == 1 + 4 * 30);
  CHECK(rows == store_rows(two));
  CHECK_THAT(rows.front(), Contains("run_id,point,algorithm.delta,environment.sigma,algorithm,"));
  CHECK_THAT(rows.front(), Contains(",resolved,pulls,lower_bound,status,error,"));
  CHECK_THAT(rows[1], Contains(",stopped,"));
  // The CSV output has the same columns and rows.
  const std::string csv = fresh_path("direct.csv");
  REQUIRE(run_cpex("sweep '" + pipeline + "' --threads 2 --out '" + csv + "'").status == 0);
  CHECK(csv_rows(csv) == rows);
}

TEST_CASE("A sweep resumed after SIGKILLs at random points has exactly the expected rows",
          "[cli][store][resume]") {
  // 4 points x 150 repetitions; each run takes a few milliseconds.
  std::string text = kSweep;
  text.replace(text.find("repetitions = 30"), 16, "repetitions = 150");
  const std::string pipeline = cpex::test::temp_file("resume.ini", text);
  const std::string reference = fresh_path("reference.db"), killed = fresh_path("killed.db");
  const auto started = std::chrono::steady_clock::now();
  REQUIRE(run_cpex("sweep '" + pipeline + "' --out '" + reference + "' --quiet --threads 2").status == 0);
  const double whole_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  // Kill points are drawn relative to the time the whole sweep takes here, so most kills
  // land while the child is running, on a fast machine or a loaded one.
  std::mt19937 random(20261122);
  std::uniform_real_distribution<double> fraction(0.05, 0.3);
  int kills = 0;
  for (int attempt = 0; attempt < 6; ++attempt) {
    const pid_t pid = spawn_cpex({"sweep", pipeline, "--out", killed, "--quiet", "--threads", "2"});
    std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(fraction(random) * whole_ms));
    ::kill(pid, SIGKILL);
    const int status = wait_status(pid);
    kills += status == 128 + SIGKILL;
  }
  INFO(kills << " of 6 children were killed before they finished");
  CHECK(kills >= 1);
  const auto finish = run_cpex("sweep '" + pipeline + "' --out '" + killed + "'");
  REQUIRE(finish.status == 0);
  CHECK_THAT(finish.out, Contains("runs 150: ended by their rule 150"));
  CHECK(store_rows(killed) == store_rows(reference));
  // Once complete, a rerun runs nothing.
  const auto again = run_cpex("sweep '" + pipeline + "' --out '" + killed + "'");
  REQUIRE(again.status == 0);
  CHECK_THAT(again.err, Contains("600 runs already done, 0 to run"));
}

TEST_CASE("A store of another sweep is refused with what differs, force-new starts over",
          "[cli][store]") {
  const std::string pipeline = cpex::test::temp_file("other.ini", kSweep);
  const std::string db = fresh_path("other.db");
  REQUIRE(run_cpex("sweep '" + pipeline + "' --out '" + db + "'").status == 0);
  const auto refused = run_cpex("sweep '" + pipeline + "' --out '" + db + "' --set run.seed=4");
  CHECK(refused.status == 1);
  CHECK_THAT(refused.err, Contains("holds another sweep") && Contains("seed = 3") &&
                              Contains("seed = 4") && Contains("--force-new"));
  const auto restarted =
      run_cpex("sweep '" + pipeline + "' --out '" + db + "' --set run.seed=4 --force-new");
  CHECK(restarted.status == 0);
  CHECK(store_rows(db).size() == 1 + 4 * 30);
}

TEST_CASE("A throwing run leaves one error row, every other row, and exit status 3",
          "[cli][containment]") {
  const std::string pipeline = cpex::test::temp_file(
      "failing.ini",
      "[environment]\nplugin = fixture-failing\nmeans = 1,0,0\nfail-after = 3\nfail-repetition = 7\n"
      "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lucb\n[run]\nrepetitions = 20\n");
  const std::string db = fresh_path("failing.db");
  const auto result = run_cpex("run '" + pipeline + "' --threads 2 --out '" + db + "'" + kFixtures);
  CHECK(result.status == 3);
  CHECK_THAT(result.err, Contains("1 run(s) failed") && Contains("run 7") &&
                             Contains("deliberate failure"));
  CHECK_THAT(result.out, Contains("runs 20: ended by their rule 19, capped 0, failed 1"));
  const auto rows = store_rows(db);
  REQUIRE(rows.size() == 21);
  int errors = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    if (rows[i].find(",error,") != std::string::npos) {
      ++errors;
      CHECK(rows[i].rfind("7,", 0) == 0);
      CHECK_THAT(rows[i], Contains("deliberate failure"));
    } else {
      CHECK_THAT(rows[i], Contains(",stopped,"));
    }
  }
  CHECK(errors == 1);
}

TEST_CASE("Two --shard halves merged equal the single-process store", "[cli][shard]") {
  const std::string pipeline = cpex::test::temp_file("shard.ini", kSweep);
  const std::string whole = fresh_path("whole.db"), a = fresh_path("half1.db"), b = fresh_path("half2.db"),
                    merged = fresh_path("merged.db");
  REQUIRE(run_cpex("sweep '" + pipeline + "' --out '" + whole + "'").status == 0);
  REQUIRE(run_cpex("sweep '" + pipeline + "' --shard 1/2 --out '" + a + "'").status == 0);
  REQUIRE(run_cpex("sweep '" + pipeline + "' --shard 2/2 --out '" + b + "'").status == 0);
  CHECK(store_rows(a).size() == 1 + 60);
  const auto merge = run_cpex("merge '" + merged + "' '" + a + "' '" + b + "'");
  REQUIRE(merge.status == 0);
  CHECK_THAT(merge.out, Contains("120 of 120 runs"));
  CHECK(store_rows(merged) == store_rows(whole));

  // Shards of different sweeps are refused, naming the shard and the difference.
  const std::string other = fresh_path("other-half.db");
  REQUIRE(run_cpex("sweep '" + pipeline + "' --shard 2/2 --set run.seed=9 --out '" + other + "'")
              .status == 0);
  const auto refused = run_cpex("merge '" + fresh_path("bad-merge.db") + "' '" + a + "' '" + other + "'");
  CHECK(refused.status == 1);
  CHECK_THAT(refused.err, Contains(other) && Contains("another sweep") && Contains("seed"));
}

TEST_CASE("A mixed-algorithm sweep gives each plugin its own parameter block", "[cli][mixed]") {
  const std::string pipeline = cpex::test::temp_file(
      "mixed.ini",
      "[environment]\nplugin = gaussian\nmeans = 0.9,0.5,0.4,0.1\nsigma = 0.25\n"
      "[oracle]\nplugin = top-k\nk = 1\n"
      "[algorithm]\nplugin = lucb\n"
      "[algorithm.lucb]\ndelta = 0.01\n"
      "[algorithm.lil-ucb]\npreset = heuristic\n"
      "[algorithm.fixture-round-robin]\nrounds = 50\n"
      "[run]\nrepetitions = 10\n"
      "[sweep]\naxis = algorithm.plugin = lucb, lil-ucb, fixture-round-robin\n");
  const std::string db = fresh_path("mixed.db");
  const auto result = run_cpex("sweep '" + pipeline + "' --json --out '" + db + "'" + kFixtures);
  REQUIRE(result.status == 0);
  CHECK_THAT(result.out, Contains("\"algorithm\": \"lil-ucb\"") &&
                             Contains("\"algorithm\": \"fixture-round-robin\""));
  const auto rows = store_rows(db);
  REQUIRE(rows.size() == 31);
  // (cells as read: the CSV's doubled quotes undone)
  CHECK_THAT(rows[1], Contains("\"delta\":0.01"));
  CHECK_THAT(rows[11], Contains("\"preset\":\"heuristic\""));
  CHECK_THAT(rows[21], Contains("\"rounds\":50"));
  // resolved is JSON that SQLite's JSON functions read; axis values are typed.
  const std::string filtered = fresh_path("filtered.csv");
  const auto exported = run_cpex("export '" + db + "' --csv '" + filtered +
                                 "' --where \"json_extract(resolved, '$.preset') = 'heuristic'"
                                 " AND typeof(samples) = 'integer'\"");
  REQUIRE(exported.status == 0);
  CHECK_THAT(exported.err, Contains("exported 10 rows"));
  const auto bad_where = run_cpex("export '" + db + "' --csv '" + filtered + "' --where 'no such'");
  CHECK(bad_where.status == 1);
  CHECK_THAT(bad_where.err, Contains("--where 'no such'"));
  // A block for a plugin that does not exist is an error naming it.
  const auto typo = run_cpex("sweep '" + pipeline + "' --set algorithm.lil-ucbb.preset=x" + kFixtures);
  CHECK(typo.status == 1);
  CHECK_THAT(typo.err, Contains("lil-ucbb") && Contains("no plugin named"));
}

TEST_CASE("An override of a swept key narrows the axis, several axes at once", "[cli][overrides]") {
  const std::string pipeline = cpex::test::temp_file("narrow.ini", kSweep);
  const auto narrowed = run_cpex("sweep '" + pipeline + "' --json --set algorithm.delta=0.05");
  REQUIRE(narrowed.status == 0);
  CHECK_THAT(narrowed.out, Contains("\"algorithm.delta\": \"0.05\""));
  CHECK_FALSE(narrowed.out.find("\"algorithm.delta\": \"0.1\"") != std::string::npos);
  const auto both = run_cpex("sweep '" + pipeline +
                             "' --json --set algorithm.delta=0.1 --set environment.sigma=0.25");
  REQUIRE(both.status == 0);
  CHECK_THAT(both.out, Contains("\"point\": 0") && Contains("\"environment.sigma\": \"0.25\""));
  CHECK_FALSE(both.out.find("\"point\": 1") != std::string::npos);
  const auto bad = run_cpex("sweep '" + pipeline + "' --set algorithm.delta=0.3");
  CHECK(bad.status == 1);
  CHECK_THAT(bad.err, Contains("--set algorithm.delta=0.3") && Contains("is swept") &&
                          Contains("0.1, 0.05"));
  const auto sweep_section = run_cpex("sweep '" + pipeline + "' --set 'sweep.axis=run.seed=1,2'");
  CHECK(sweep_section.status == 1);
  CHECK_THAT(sweep_section.err, Contains("[sweep] section cannot be overridden"));
}

TEST_CASE("Ctrl-C stops cleanly: finished runs are kept and summarized", "[cli][interrupt]") {
  std::string text = kSweep;
  text.replace(text.find("repetitions = 30"), 16, "repetitions = 100000");
  const std::string pipeline = cpex::test::temp_file("interrupt.ini", text);
  const std::string db = fresh_path("interrupt.db");
  const std::string out = fresh_path("interrupt.out");
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    ::unsetenv("CPEX_PLUGIN_PATH");
    ::execl(CPEX_BINARY, CPEX_BINARY, "sweep", pipeline.c_str(), "--out", db.c_str(), "--threads",
            "2", "--progress", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // Interrupt once runs are under way (the progress line shows up), however loaded the
  // machine is.
  for (int waited = 0; waited < 600; ++waited) {
    if (cpex::test::read_file(out).find("runs/s") != std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ::kill(pid, SIGINT);
  CHECK(wait_status(pid) == 130);
  const std::string printed = cpex::test::read_file(out);
  CHECK_THAT(printed, Contains("lucb on gaussian") && Contains("interrupted") &&
                          Contains("run the same command again to resume"));
  CHECK(store_rows(db).size() > 1);
}

TEST_CASE("Progress is shown with --progress and not when stderr is not a terminal", "[cli][progress]") {
  const std::string pipeline = cpex::test::temp_file("progress.ini", kSweep);
  const auto quiet = run_cpex("sweep '" + pipeline + "'");
  REQUIRE(quiet.status == 0);
  CHECK(quiet.err.empty());
  const auto shown = run_cpex("sweep '" + pipeline + "' --progress");
  REQUIRE(shown.status == 0);
  CHECK_THAT(shown.err, Contains("120/120 runs (100.0%)") && Contains("runs/s") && Contains("ETA"));
}

TEST_CASE("Outputs never clobber inputs or foreign files", "[cli][safety]") {
  const std::string text = cpex::test::read_file(CPEX_SOURCE_DIR "/pipelines/quickstart.ini");
  const std::string pipeline = cpex::test::temp_file("safety.ini", text);
  const auto same = run_cpex("run '" + pipeline + "' --out '" + pipeline + "'");
  CHECK(same.status == 1);
  CHECK_THAT(same.err, Contains("--out") && Contains("pipeline file") && Contains("refusing"));
  CHECK(cpex::test::read_file(pipeline) == text);

  const std::string trace = cpex::test::temp_file("trace-clash.csv", "");
  const auto clash = run_cpex("run '" + pipeline + "' --out '" + trace + "' --set run.trace-file=" + trace);
  CHECK(clash.status == 1);
  CHECK_THAT(clash.err, Contains("two outputs cannot share a file"));

  const std::string notes = cpex::test::temp_file("notes.csv", "my precious notes\n");
  const auto foreign = run_cpex("run '" + pipeline + "' --out '" + notes + "'");
  CHECK(foreign.status == 1);
  CHECK_THAT(foreign.err, Contains(notes) && Contains("--force"));
  CHECK(cpex::test::read_file(notes) == "my precious notes\n");
  CHECK(run_cpex("run '" + pipeline + "' --set run.repetitions=3 --out '" + notes + "' --force").status == 0);

  // A device is no results file (a full disk is tested on a small tmpfs,
  // tests/reliability/cli_reliability.py full-disk).
  const auto full = run_cpex("run '" + pipeline + "' --out /dev/full");
  CHECK(full.status == 1);
  CHECK_THAT(full.err, Contains("--out '/dev/full' is not a regular file but a character device"));
}

TEST_CASE("Bad sweep and store inputs get one-line errors", "[cli][bad-input]") {
  auto sweep_with = [](const std::string& name, const std::string& axis_lines) {
    std::string text = kSweep.substr(0, kSweep.find("[sweep]")) + "[sweep]\n" + axis_lines;
    return cpex::test::temp_file(name, text);
  };
  struct Case {
    std::string arguments, expected;
  };
  std::string big_axes;
  const char* keys[] = {"algorithm.delta", "environment.sigma", "run.seed", "run.max-samples",
                        "algorithm.epsilon", "run.max-seconds"};
  for (const char* key : keys) {
    big_axes += std::string("axis = ") + key + " = ";
    for (int v = 1; v <= 1500; ++v) big_axes += (v > 1 ? "," : "") + std::to_string(v);
    big_axes += "\n";
  }
  std::string overflowing;  // 2^64 points: the product wraps a 64-bit counter
  for (int i = 0; i < 64; ++i) overflowing += "axis = environment.x" + std::to_string(i) + " = 1, 2\n";
  const std::string not_db = cpex::test::temp_file("not.db", "hello, not a database\n");
  const std::string readonly_db = fresh_path("readonly.db");
  const std::string pipeline = cpex::test::temp_file("ok.ini", kSweep);
  REQUIRE(run_cpex("sweep '" + pipeline + "' --out '" + readonly_db + "'").status == 0);
  ::chmod(readonly_db.c_str(), 0444);
  std::vector<Case> cases = {
      {"sweep '" + sweep_with("unknown-key.ini", "axis = algorithm.nosuch = 1, 2\n") + "'",
       "nosuch"},
      {"sweep '" + sweep_with("empty-values.ini", "axis = environment.sigma =\n") + "'",
       "environment.sigma"},
      {"sweep '" + sweep_with("too-many.ini", big_axes) + "'", "more than 100000 points"},
      {"sweep '" + sweep_with("overflow.ini", overflowing) + "'", "more than 100000 points"},
      {"sweep '" + pipeline + "' --out '" + not_db + "'", "is not a CPEx output"},
      {"sweep '" + pipeline + "' --shard 3/2", "--shard '3/2'"},
      {"sweep '" + pipeline + "' --shard 0/2", "--shard '0/2'"},
      {"export '" + not_db + "' --csv '" + fresh_path("x.csv") + "'", "not a CPEx results store"},
  };
  cases.push_back({"sweep '" + pipeline + "' --out '" + readonly_db + "'", "read-only"});
  for (const auto& c : cases) {
    INFO(c.arguments);
    const auto result = run_cpex(c.arguments);
    CHECK(result.status == 1);
    CHECK_THAT(result.err, Contains(c.expected));
    CHECK(std::count(result.err.begin(), result.err.end(), '\n') == 1);
  }
}

TEST_CASE("cpex --version names the version", "[cli]") {
  const auto version = run_cpex("--version");
  CHECK(version.status == 0);
  CHECK_THAT(version.out, Catch::Matchers::StartsWith("cpex 0."));
}
