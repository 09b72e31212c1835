// `cpex study` on the command line: simulate equals `cpex run` bit for bit (lucb,
// track-and-stop, top-two, clucb on a matroid, saqm with full-bandit pulls, lingape with
// linear arms, ape with vector-valued arms), the A/B/n
// walkthrough, and every bad input refused in one line with nothing written.
#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <tuple>

#include <nlohmann/json.hpp>

#include "cli_expect.hpp"
#include "csv_table.hpp"
#include "test_support.hpp"

namespace {

using namespace cpex::test;
using Catch::Matchers::Contains;
using nlohmann::json;

struct Parity {
  std::string name, study, environment, rest;
  // A schedule of batches and delays: the same for `simulate` and for `cpex run`.
  std::size_t batch = 1;
  std::uint64_t delay = 0;
};

// The study's [study] section against the environment's [environment]: the rest of the
// pipeline is shared, and `cpex run` runs it with the environment.
void check_parity(const Parity& p) {
  INFO(p.name);
  const std::string study_ini = temp_file(p.name + "-study.ini", "[study]\n" + p.study + p.rest);
  const std::string env_ini = temp_file(p.name + "-env.ini", "[environment]\n" + p.environment);
  const std::string run_ini = temp_file(p.name + "-run.ini", "[environment]\n" + p.environment + p.rest);
  const std::string db = fresh_path(p.name + ".db");
  const std::string csv = fresh_path(p.name + ".csv");
  REQUIRE(run_cpex("study new " + db + " --pipeline " + study_ini).status == 0);
  const std::string batch = std::to_string(p.batch), delay = std::to_string(p.delay);
  const auto sim = run_cpex("study simulate " + db + " --environment " + env_ini + " --batch " + batch + " --delay " +
                            delay + " --json");
  INFO(sim.err);
  REQUIRE(sim.status == 0);
  const auto run = run_cpex("run " + run_ini + " --set run.repetitions=1 --set run.record-pulls=yes --set run.batch-size=" +
                            batch + " --set run.delay=" + delay + " --quiet --out " + csv);
  REQUIRE(run.status == 0);
  const auto rows = keyed_rows(csv_rows(read_file(csv)));
  REQUIRE(rows.size() == 1);
  const json s = json::parse(sim.out);
  std::string pulls;
  for (const auto& n : s["pulls"]) pulls += (pulls.empty() ? "" : " ") + std::to_string(n.get<std::uint64_t>());
  CHECK(s["state"] == "stopped");
  CHECK(rows[0].at("status") == "stopped");
  CHECK(std::to_string(s["samples"].get<std::uint64_t>()) == rows[0].at("samples"));
  CHECK(s["indices"].get<std::string>() == rows[0].at("recommendation"));
  CHECK(pulls == rows[0].at("pulls"));
  CHECK(std::string(s["correct"].get<bool>() ? "1" : "0") == rows[0].at("correct"));
  CHECK(std::to_string(s["batches"].get<std::uint64_t>()) == rows[0].at("batches"));
  if (p.batch == 1 && p.delay == 0) CHECK(rows[0].at("batches") == rows[0].at("samples"));
  // the certificate of a fixed-confidence study: stopped, its answer and delta; simulate
  // and status name the recommendation alike
  const json status = json::parse(run_cpex("study status " + db + " --json").out);
  CHECK(status["stopped"] == true);
  CHECK(status["delta"].is_number());
  CHECK(status["recommendation"] == s["recommendation"]);
  CHECK((status["certificate"] == "certified" || status["certificate"] == "algorithm"));
}

TEST_CASE("cpex study simulate equals cpex run bit for bit", "[study]") {
  check_parity({"lucb", "arms = 6\nrewards = gaussian\nsigma = 0.5\n",
                "plugin = gaussian\nmeans = 0.5, 0.45, 0.3, 0.2, 0.1, 0.0\nsigma = 0.5\n",
                "[oracle]\nplugin = top-k\nk = 2\n[algorithm]\nplugin = lucb\ndelta = 0.05\n[run]\nseed = 11\n"});
  check_parity({"track-and-stop", "arms = 4\nrewards = bernoulli\n", "plugin = bernoulli\nmeans = 0.5, 0.4, 0.35, 0.3\n",
                "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = track-and-stop\ndelta = 0.1\n[run]\nseed = 5\n"});
  check_parity({"top-two", "arms = 4\nrewards = gaussian\n", "plugin = gaussian\nmeans = 1, 0.5, 0.3, 0.1\n",
                "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = top-two\ndelta = 0.1\n[run]\nseed = 5\n"});
  check_parity({"clucb-matroid", "arms = a1, a2, a3, b1, b2, b3\nrewards = gaussian\nsigma = 0.5\n",
                "plugin = gaussian\nmeans = 0.9, 0.5, 0.4, 0.8, 0.7, 0.2\nsigma = 0.5\n",
                "[oracle]\nplugin = matroid-partition\nparts = 0, 0, 0, 1, 1, 1\ncapacities = 1, 2\n"
                "[algorithm]\nplugin = clucb\ndelta = 0.05\n[run]\nseed = 5\n"});
  check_parity({"saqm", "arms = 6\nrewards = gaussian\nfeedback = full-bandit-sum\nk = 3\n",
                "plugin = full-bandit\nmeans = 1, 0.9, 0.8, 0.2, 0.1, 0\nk = 3\n",
                "[oracle]\nplugin = top-k\nk = 3\n[dks]\nplugin = dks-peeling\n"
                "[algorithm]\nplugin = saqm\ndelta = 0.05\n[run]\nseed = 5\n"});
  check_parity({"lingape", "arms = 3\nrewards = gaussian\nfeedback = linear-arm\nd = 2\nfeatures = 1, 0, 0, 1, 0.7071, 0.7071\nS = 1\n",
                "plugin = linear\nd = 2\nfeatures = 1, 0, 0, 1, 0.7071, 0.7071\ntheta = 1, 0\nS = 1\n",
                "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lingape\ndelta = 0.05\n[run]\nseed = 3\n"});
  // Vector-valued arms: one reward per objective drawn alike.
  check_parity({"ape-pareto", "arms = 4\nobjectives = x, y\nrewards = gaussian\nsigma = 0.5\n",
                "plugin = multivariate-gaussian\nmeans = 0.9 0.2; 0.5 0.5; 0.2 0.9; 0.3 0.3\nsigma = 0.5\n",
                "[oracle]\nplugin = pareto-set\n[algorithm]\nplugin = ape\ndelta = 0.05\n[run]\nseed = 5\n"});
  // The other identification families: Poisson top-2 and unknown variances.
  check_parity({"poisson", "arms = 4\nrewards = poisson\n", "plugin = poisson\nmeans = 1, 3, 2.5, 0.5\n",
                "[oracle]\nplugin = top-k\nk = 2\n[algorithm]\nplugin = top-two\ndelta = 0.1\n[run]\nseed = 5\n"});
  check_parity({"unknown-variance", "arms = 3\nrewards = gaussian-unknown-variance\n",
                "plugin = gaussian\nmeans = 0, 1, 0.2\nsigmas = 1, 0.5, 2\nvariance = unknown\n",
                "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = track-and-stop\ndelta = 0.1\n[run]\nseed = 5\n"});
}

TEST_CASE("cpex study simulate --batch --delay equals cpex run with [run] batch-size and delay bit for bit",
          "[study][batched]") {
  const Parity lucb{"lucb-batched", "arms = 6\nrewards = gaussian\nsigma = 0.5\n",
                    "plugin = gaussian\nmeans = 0.5, 0.45, 0.3, 0.2, 0.1, 0.0\nsigma = 0.5\n",
                    "[oracle]\nplugin = top-k\nk = 2\n[algorithm]\nplugin = lucb\ndelta = 0.05\n[run]\nseed = 11\n", 50, 0};
  const Parity tas{"track-and-stop-batched", "arms = 4\nrewards = bernoulli\n",
                   "plugin = bernoulli\nmeans = 0.5, 0.4, 0.35, 0.3\n",
                   "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = track-and-stop\ndelta = 0.1\n[run]\nseed = 5\n",
                   50, 0};
  const Parity top_two{"top-two-batched", "arms = 4\nrewards = gaussian\n", "plugin = gaussian\nmeans = 1, 0.5, 0.3, 0.1\n",
                       "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = top-two\ndelta = 0.1\n[run]\nseed = 5\n",
                       50, 0};
  for (Parity p : {lucb, tas, top_two}) {
    check_parity(p);
    p.name += "-delayed";
    p.batch = 7;
    p.delay = 30;
    check_parity(p);
  }
}

TEST_CASE("cpex study refuses rewards outside a Poisson or exponential family in one line", "[study]") {
  for (const auto& [family, bad, what] :
       {std::tuple{"poisson", "1.5", "is not a count"}, std::tuple{"poisson", "-1", "is not a count"},
        std::tuple{"exponential", "-0.5", "is negative"}}) {
    const std::string db = fresh_path(std::string("family-") + family + ".db");
    const std::string text = std::string("[study]\narms = a, b\nrewards = ") + family +
                             "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = top-two\n[run]\nseed = 1\n";
    REQUIRE(run_cpex("study new " + db + " --pipeline " + temp_file(std::string("family-") + family + ".ini", text)).status == 0);
    const auto r = run_cpex("study tell " + db + " --arm a --reward " + bad + " --unasked");
    CHECK(r.status != 0);
    CHECK_THAT(r.err, Contains(what));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

const std::string kAbStudy =
    "[study]\narms = control, red, blue\nrewards = bernoulli\n[oracle]\nplugin = top-k\nk = 1\n"
    "[algorithm]\nplugin = lucb\ndelta = 0.05\n[run]\nseed = 7\n";

std::string new_study(const std::string& name, const std::string& text = kAbStudy) {
  const std::string db = fresh_path(name + ".db");
  const auto r = run_cpex("study new " + db + " --pipeline " + temp_file(name + ".ini", text));
  INFO(r.err);
  REQUIRE(r.status == 0);
  return db;
}

std::string status_of(const std::string& db) { return run_cpex("study status " + db + " --json").out; }

TEST_CASE("cpex study: ask, tell, status, pending and cancel on the command line", "[study]") {
  const std::string db = new_study("walk");
  const auto asked = run_cpex("study ask " + db + " --count 3");
  CHECK(asked.status == 0);
  CHECK(asked.out == "1 control\n2 control\n3 control\n");
  CHECK(run_cpex("study tell " + db + " --arm control --reward 1").status == 0);
  CHECK(run_cpex("study tell " + db + " --ask 3 --reward 0").status == 0);
  CHECK(run_cpex("study ask " + db + " --pending").out == "2 control\n");
  CHECK(run_cpex("study tell " + db + " --ask 2 --cancel").status == 0);
  const json status = json::parse(status_of(db));
  CHECK(status["observations"] == 2);
  CHECK(status["pending"] == 0);
  CHECK(status["samples"] == 2);  // a cancelled pull is not a sample
  CHECK(status["arms"][0]["mean"] == 0.5);
  const auto text = run_cpex("study status " + db);
  check_contains_all(text.out, {"state: running", "batches: queue", "control", "recommendation: control", "GLR check"});
  const auto tell = run_cpex("study tell " + db + " --json < /dev/null");
  CHECK(tell.status == 0);
}

TEST_CASE("cpex study refuses bad input in one line and writes nothing", "[study]") {
  const std::string db = new_study("bad");
  REQUIRE(run_cpex("study ask " + db + " --count 2").status == 0);
  const std::string before = status_of(db);
  auto refused = [&](const std::string& arguments, const std::vector<std::string>& fragments) {
    expect_cli_error(arguments, fragments);
    CHECK(status_of(db) == before);
  };
  refused("study tell " + db + " --arm control --reward nan", {"the reward nan is not a finite number"});
  refused("study tell " + db + " --arm control --reward 3", {"is not 0 or 1 (bernoulli rewards)"});
  refused("study tell " + db + " --arm contrl --reward 1", {"unknown arm 'contrl'", "did you mean 'control'"});
  refused("study tell " + db + " --arm red --reward 1", {"no pull of red is pending", "--unasked"});
  refused("study tell " + db + " --ask 9 --reward 1", {"ask 9 was never handed out"});
  refused("study tell " + db + " --arm control --reward x1", {"--reward 'x1': 'x1' is not a number"});
  const std::string lines = temp_file("bad-lines.jsonl",
                                      "{\"ask\": 1, \"reward\": 1}\n\n{\"arm\": \"control\", \"reward\": 0}\n"
                                      "{\"arm\": \"blue\", \"reward\": 0.5}\n");
  refused("study tell " + db + " --json < " + lines, {"nothing taken: line 4: no pull of blue is pending"});
  const std::string junk = temp_file("junk.jsonl", "{\"ask\": 1, \"reward\": 1}\n{\"ask\": 2, \"rewrd\": 1}\n");
  refused("study tell " + db + " --json < " + junk, {"line 2: unknown key 'rewrd'"});
  const std::string not_json = temp_file("not-json.jsonl", "{\"ask\": 1, \"reward\": NaN}\n");
  refused("study tell " + db + " --json < " + not_json, {"line 1: not JSON"});

  expect_cli_error("study status " + temp_file("text.db", "not a database at all"), {"is not a CPEx study"});
  const std::string store = fresh_path("store.db");
  REQUIRE(run_cpex("run tests/data/gaussian_top1.ini --quiet --out " + store).status == 0);
  expect_cli_error("study ask " + store, {"is a CPEx results store, not a study"});
  const std::string other = new_study("other-version");
  REQUIRE(std::system(("sqlite3 " + other + " \"UPDATE meta SET value = '99' WHERE key = 'version'\"").c_str()) == 0);
  expect_cli_error("study status " + other, {"has format version 99, and this CPEx reads version 2"});
  // a log the algorithm does not propose again (another plugin version, edited parameters)
  const std::string edited = new_study("edited");
  REQUIRE(run_cpex("study ask " + edited + " --count 3").status == 0);
  REQUIRE(std::system(("sqlite3 " + edited + " \"UPDATE events SET pull = '2' WHERE ask = 2\"").c_str()) == 0);
  expect_cli_error("study status " + edited,
                   {"event 2 (ask 2 of blue): the algorithm now proposes control", "the log does not replay"});
  const std::string with_env = temp_file("with-env.ini", "[environment]\nplugin = gaussian\nmeans = 1, 0\n" +
                                                             kAbStudy.substr(kAbStudy.find("[oracle]")));
  expect_cli_error("study new " + fresh_path("env.db") + " --pipeline " + with_env,
                   {"[environment]: a study has no environment", "cpex study simulate"});
  expect_cli_error("study new " + db + " --pipeline " + temp_file("again.ini", kAbStudy), {"already exists"});
  expect_cli_error("run " + temp_file("study-run.ini", kAbStudy), {"[study]: a study's pipeline", "cpex study new"});

  for (const std::string& usage : std::vector<std::string>{"study", "study stir " + db, "study tell " + db + " --count 3",
                                  "study serve " + db, "study tell " + db + " --arm control"}) {
    const auto r = run_cpex(usage);
    INFO(usage << "\n" << r.err);
    CHECK(r.status == 2);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
}

TEST_CASE("cpex study: a tell after the study stopped is recorded, flagged and refused", "[study]") {
  const std::string db = new_study("stopped");
  const std::string env = temp_file("stopped-env.ini", "[environment]\nplugin = bernoulli\nmeans = 0.2, 0.8, 0.3\n");
  REQUIRE(run_cpex("study simulate " + db + " --environment " + env).status == 0);
  expect_cli_error("study tell " + db + " --arm red --reward 1 --unasked",
                   {"came after the study ended (stopped): recorded as late, not used"});
  const json status = json::parse(status_of(db));
  CHECK(status["late"] == 1);
  CHECK(status["state"] == "stopped");
  CHECK(status["recommendation"] == "red");
}

TEST_CASE("cpex study: void an observation, then tell its right value, and retries with an id are taken once", "[study]") {
  const std::string db = new_study("void");
  REQUIRE(run_cpex("study ask " + db + " --count 2").status == 0);
  REQUIRE(run_cpex("study tell " + db + " --ask 1 --reward 1 --id visit-1").status == 0);
  const json events = json::parse(run_cpex("study log " + db + " --json").out)["events"];
  REQUIRE(events.size() == 3);
  const std::int64_t seq = events[2]["seq"].get<std::int64_t>();
  const auto again = run_cpex("study tell " + db + " --ask 1 --reward 1 --id visit-1");
  CHECK(again.status == 0);
  CHECK_THAT(again.out, Contains("taken before (id visit-1, event " + std::to_string(seq) + ")"));
  CHECK_THAT(run_cpex("study log " + db).out, Contains(std::to_string(seq) + " tell ask 1 reward 1.0 id visit-1"));
  const auto voided = run_cpex("study tell " + db + " --void " + std::to_string(seq) + " --reason typo");
  INFO(voided.err);
  CHECK(voided.status == 0);
  CHECK_THAT(voided.out, Contains("voided event " + std::to_string(seq)));
  CHECK(run_cpex("study ask " + db + " --pending").out == "1 control\n2 control\n");
  CHECK(run_cpex("study tell " + db + " --ask 1 --reward 0").status == 0);
  const json status = json::parse(status_of(db));
  CHECK(status["voided"] == 1);
  CHECK(status["observations"] == 1);
  CHECK(status["arms"][0]["mean"] == 0.0);
  expect_cli_error("study tell " + db + " --void " + std::to_string(seq), {"was voided already"});
  expect_cli_error("study tell " + db + " --void 1", {"event 1 is an ask, not an observation"});
  expect_cli_error("study ask " + db + " --count 20000", {"an ask requests 1 to 10000 pulls ([study] ask-limit)"});
  const auto log = run_cpex("study log " + db + " --after " + std::to_string(seq) + " --json");
  CHECK(json::parse(log.out)["events"][0]["kind"] == "void");
}

TEST_CASE("cpex study serve refuses a port in use in one line", "[study]") {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  REQUIRE(::listen(fd, 1) == 0);
  socklen_t size = sizeof address;
  REQUIRE(::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) == 0);
  const int port = ntohs(address.sin_port);
  expect_cli_error("study serve " + new_study("port") + " --port " + std::to_string(port),
                   {"cannot listen on 127.0.0.1:" + std::to_string(port)});
  ::close(fd);
}

}  // namespace
