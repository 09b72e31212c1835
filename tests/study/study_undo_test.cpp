// Studies left running (issue 41; docs/studies.md): a refused request changes nothing and
// costs no replay; the limits; arm names; declared ranges; voids (the algorithm rebuilt
// without the observation, its pull pending again); client ids (a retry is taken once);
// an honest status (waiting, the asks waited for, the certificate); the pending-timeout;
// a version-1 study file migrated.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <thread>

#include "cpex/study/simulate.hpp"
#include "cpex/study/study.hpp"
#include "cpex/study/study_json.hpp"
#include "test_support.hpp"

namespace {

using namespace cpex;
using namespace cpex::study;
using Catch::Matchers::Contains;

std::string make_study(const std::string& name, const std::string& text) {
  const std::string ini = test::temp_file(name + ".ini", text);
  const std::string db = test::fresh_path(name + ".db");
  Study::create(db, PipelineFile::read(ini), test::plugins());
  return db;
}

std::string best_arm(const std::string& study, const std::string& algorithm, const std::string& run = "seed = 3") {
  return "[study]\n" + study + "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\n" + algorithm + "\n[run]\n" + run + "\n";
}

TellInput by_ask(std::uint64_t ask, double reward, const std::string& id = "") {
  TellInput input;
  input.ask = ask;
  input.reading.reward = reward;
  input.id = id;
  return input;
}

TellInput by_arm(const std::string& arm, double reward, const std::string& id = "") {
  TellInput input;
  input.arms = {arm};
  input.reading.reward = reward;
  input.id = id;
  return input;
}

TellInput void_of(std::int64_t seq) {
  TellInput input;
  input.void_seq = seq;
  return input;
}

const std::string kLucb = best_arm("arms = a, b, c\nrewards = gaussian", "plugin = lucb\ndelta = 0.05");

TEST_CASE("A refused tell changes nothing, in the file or in memory: the next request replays nothing") {
  Study s(make_study("no-replay", kLucb), test::plugins());
  const auto asked = s.ask(6);
  s.tell({by_ask(asked[0].ask, 0.5)}, false);
  const std::size_t replays = s.replays();
  const std::string before = status_json(s.status()).dump();
  // refused at each step of a batch: the first input, a later one, a repeated ask
  CHECK_THROWS_AS(s.tell({by_ask(99, 0.5)}, false), TellError);
  CHECK_THROWS_WITH(s.tell({by_ask(asked[1].ask, 0.5), by_ask(asked[2].ask, std::nan(""))}, false),
                    Contains("is not a finite number"));
  CHECK_THROWS_WITH(s.tell({by_ask(asked[1].ask, 0.5), by_ask(asked[1].ask, 0.5)}, false),
                    Contains("ask 2 was already answered or cancelled earlier in this batch"));
  CHECK_THROWS_AS(s.tell({by_arm("a", 0.5), by_arm("zz", 1.0)}, false), TellError);
  CHECK(status_json(s.status()).dump() == before);
  s.tell({by_ask(asked[1].ask, 0.25)}, false);  // the next write: taken at once
  CHECK(s.status().observations == 2);
  CHECK(s.replays() == replays);
  // and in a group of requests sharing one transaction, a refused one leaves the others
  s.transaction([&] {
    s.tell_locked({by_ask(asked[2].ask, 0.1)}, false);
    CHECK_THROWS_AS(s.tell_locked({by_ask(asked[3].ask, 0.1), by_ask(12345, 0.0)}, false), Refusal);
    s.tell_locked({by_ask(asked[3].ask, 0.2)}, false);
  });
  CHECK(s.status().observations == 4);
  CHECK(s.replays() == replays);
  CHECK(Study(s.path(), test::plugins()).status().observations == 4);
}

TEST_CASE("Limits: the ask-limit refuses, the pending-limit hands out fewer and says why") {
  Study s(make_study("limits", best_arm("arms = a, b\nrewards = bernoulli\nask-limit = 50\npending-limit = 30",
                                        "plugin = lucb")),
          test::plugins());
  CHECK(s.limits().ask_limit == 50);
  CHECK(s.limits().body_limit == 16u << 20);
  CHECK_THROWS_WITH(s.ask(51), Contains("count 51: an ask requests 1 to 50 pulls ([study] ask-limit)"));
  CHECK_THROWS_AS(s.ask(0), Refusal);
  CHECK(s.ask(50).size() == 30);
  CHECK_THAT(s.shortfall(), Contains("30 pulls are pending, the pending-limit ([study] pending-limit = 30)"));
  const StudyStatus status = s.status();
  CHECK(status.state == "waiting");
  CHECK_THAT(status.waiting_why, Contains("pending-limit"));
  s.tell({by_ask(1, 1.0)}, false);
  CHECK(s.ask(5).size() == 1);
  CHECK_THROWS_WITH(make_study("bad-limit", best_arm("arms = a, b\nrewards = gaussian\nask-limit = 0", "plugin = lucb")),
                    Contains("[study] ask-limit"));
  CHECK_THROWS_WITH(make_study("bad-timeout", best_arm("arms = a, b\nrewards = gaussian\npending-timeout = soon", "plugin = lucb")),
                    Contains("[study] pending-timeout: 'soon' is not a duration"));
  CHECK(duration_seconds("90") == 90.0);
  CHECK(duration_seconds("15m") == 900.0);
  CHECK(duration_seconds("1.5d") == 129600.0);
}

TEST_CASE("Arm names: no commas, no control characters, no surrounding spaces, each once") {
  CHECK(arm_name_refusal("control").empty());
  CHECK(arm_name_refusal("red page (v2)").empty());
  CHECK_THAT(arm_name_refusal("a,b"), Contains("holds a comma"));
  CHECK_THAT(arm_name_refusal("a\tb"), Contains("control character"));
  CHECK_THAT(arm_name_refusal(" a"), Contains("begins or ends with a space"));
  CHECK_THAT(arm_name_refusal(""), Contains("empty"));
  CHECK_THAT(arm_name_refusal(std::string(201, 'x')), Contains("longer than 200"));
  CHECK_THROWS_WITH(check_arm_names({"a", "b", "a"}), Contains("the arm name 'a' is given twice"));
  CHECK_THROWS_WITH(make_study("names", best_arm("arms = a, b\x01, c\nrewards = gaussian", "plugin = lucb")),
                    Contains("control character"));
}

TEST_CASE("[study] range refuses rewards outside it, for any family") {
  Study s(make_study("range", best_arm("arms = a, b\nrewards = gaussian\nrange = -10, 10", "plugin = lucb")), test::plugins());
  const auto asked = s.ask(2);
  CHECK_THROWS_WITH(s.tell({by_ask(asked[0].ask, 1e308)}, false),
                    Contains("the reward 1e+308 is outside the declared range [-10, 10] ([study] range)"));
  s.tell({by_ask(asked[0].ask, 9.5)}, false);
  CHECK_THROWS_WITH(s.tell({by_arm("b", -11.0)}, true), Contains("outside the declared range"));
  CHECK_THROWS_WITH(make_study("range-bad", best_arm("arms = a, b\nrewards = gaussian\nrange = 3, 1", "plugin = lucb")),
                    Contains("[study] range: needs two finite numbers LO < HI"));
}

TEST_CASE("A void retracts an observation: logged, the algorithm rebuilt without it, its pull pending again") {
  // One absurd reward stops LUCB at once; voided, the study runs again from where it was.
  Study s(make_study("void", kLucb), test::plugins());
  auto asked = s.ask(1);
  const TellOutcome bad = s.tell({by_ask(asked[0].ask, 1e300)}, false);
  REQUIRE(bad.seqs.size() == 1);
  for (int round = 0; round < 4 && s.status().state == "running"; ++round)
    for (const auto& a : s.ask(1)) s.tell({by_ask(a.ask, 0.0)}, false);
  REQUIRE(s.status().state == "stopped");  // the 1e300 decided it
  const std::uint64_t asks_before = s.status().asks;
  CHECK_THROWS_WITH(s.tell({void_of(bad.seqs[0] + 1)}, false), Contains("is an ask, not an observation"));
  CHECK_THROWS_WITH(s.tell({void_of(999)}, false), Contains("the log has no such event"));
  CHECK_THROWS_WITH(s.tell({void_of(bad.seqs[0]), by_ask(1, 0.0)}, false), Contains("a batch holding a void holds only voids"));
  const TellOutcome voided = s.tell({void_of(bad.seqs[0])}, false);
  CHECK(voided.voided == 1);
  StudyStatus status = s.status();
  CHECK(status.state == "running");
  CHECK(status.voided == 1);
  CHECK(status.asks == asks_before);  // the asks made stay made
  CHECK(status.pending == 1);         // the voided pull awaits its right value
  CHECK(s.pending().front().ask == asked[0].ask);
  CHECK_THROWS_WITH(s.tell({void_of(bad.seqs[0])}, false), Contains("was voided already"));
  s.tell({by_ask(asked[0].ask, 0.3)}, false);
  // the same state when the study is opened again (the log replays with the void)
  const std::string now = status_json(s.status()).dump();
  CHECK(status_json(Study(s.path(), test::plugins()).status()).dump() == now);
  // and another Study object on the file sees the void at its next operation
  Study other(s.path(), test::plugins());
  const auto more = s.ask(1);
  const TellOutcome told = s.tell({by_ask(more.at(0).ask, 0.7)}, false);
  s.tell({void_of(told.seqs[0])}, false);
  CHECK(other.status().voided == 2);
  CHECK(other.status().pending == s.status().pending);
}

TEST_CASE("A tell with a client id is taken once: a retry is acknowledged, not taken again") {
  Study s(make_study("ids", kLucb), test::plugins());
  const auto asked = s.ask(3);  // three pulls of a (LUCB's first wish, handed out again)
  const TellOutcome first = s.tell({by_arm("a", 0.5, "r-1")}, false);
  CHECK(first.accepted == 1);
  // the retry of a tell addressed by arm: without the id it would answer a second pull
  const TellOutcome retry = s.tell({by_arm("a", 0.5, "r-1")}, false);
  CHECK(retry.accepted == 0);
  CHECK(retry.duplicates == 1);
  CHECK(retry.seqs == first.seqs);
  CHECK(s.status().observations == 1);
  CHECK_THROWS_WITH(s.tell({by_arm("a", 0.75, "r-1")}, false),
                    Contains("the id 'r-1' was taken with another observation"));
  // in one batch: the second is the first's retry
  const TellOutcome batch = s.tell({by_ask(asked[1].ask, 0.1, "r-2"), by_ask(asked[1].ask, 0.1, "r-2")}, false);
  CHECK(batch.accepted == 1);
  CHECK(batch.duplicates == 1);
  CHECK(batch.seqs[0] == batch.seqs[1]);
  // ids survive a reopening
  Study again(s.path(), test::plugins());
  CHECK(again.tell({by_arm("a", 0.5, "r-1")}, false).duplicates == 1);
  CHECK(again.status().observations == 2);
}

TEST_CASE("Status says what the algorithm waits for, and certifies only what holds") {
  SECTION("queue policy: a lost pull stalls the algorithm; status names it") {
    Study s(make_study("lost", kLucb), test::plugins());
    const auto asked = s.ask(3);  // a, a, a
    s.tell({by_ask(asked[1].ask, 0.5), by_ask(asked[2].ask, 0.5)}, false);
    const StudyStatus status = s.status();
    REQUIRE(status.waiting_for.size() == 1);
    CHECK(status.waiting_for[0].ask == asked[0].ask);
    CHECK(status.waiting_for[0].pull == "a");
    CHECK_THAT(status_text(status), Contains("the algorithm's next step waits for ask 1 (a, out for"));
  }
  SECTION("pending policy: waiting, with the phase's asks") {
    Study s(make_study("sr-wait", best_arm("arms = 4\nrewards = bernoulli", "plugin = successive-rejects", "seed = 2\nbudget = 400")),
            test::plugins());
    const auto phase = s.ask(1000);
    const StudyStatus status = s.status();
    CHECK(status.state == "waiting");
    CHECK_THAT(status.waiting_why, Contains("the algorithm waits for " + std::to_string(phase.size())));
    CHECK(status.awaited_total == phase.size());
    CHECK(status.waiting_for.size() == 20);
    CHECK(status.certificate == "none");
    CHECK_THAT(status.certificate_text, Contains("a fixed-budget study: no delta certificate"));
  }
  SECTION("fixed budget: budget spent, no delta certificate") {
    Study s(make_study("sr-done", best_arm("arms = 4\nrewards = bernoulli", "plugin = successive-rejects", "seed = 2\nbudget = 100")),
            test::plugins());
    for (int round = 0; round < 20; ++round) {
      std::vector<TellInput> tells;
      for (const auto& a : s.ask(1000)) tells.push_back(by_ask(a.ask, a.pull.arms[0] == 1 ? 1.0 : 0.0));
      if (tells.empty()) break;
      s.tell(tells, false);
    }
    const StudyStatus status = s.status();
    CHECK((status.state == "stopped" || status.state == "budget"));
    CHECK(status.certificate == "none");
    CHECK_THAT(status_text(status), Contains("budget spent, no delta certificate"));
    CHECK_THAT(status_text(status), !Contains("certified"));
  }
  SECTION("fixed confidence: certified only when the independent check passes") {
    Study s(make_study("tas", best_arm("arms = 3\nrewards = bernoulli", "plugin = track-and-stop\ndelta = 0.1", "seed = 5")),
            test::plugins());
    simulate(s, PipelineFile::from_text("[environment]\nplugin = bernoulli\nmeans = 0.5, 0.4, 0.3\n", "env.ini"),
             test::plugins(), {});
    const StudyStatus status = s.status();
    REQUIRE(status.state == "stopped");
    REQUIRE(status.glr.defined);
    CHECK(status.certificate == (status.glr.passed ? "certified" : "algorithm"));
    if (!status.glr.passed) CHECK_THAT(status_text(status), Contains("not certified independently"));
  }
}

TEST_CASE("pending-timeout cancels a pull never told, and the algorithm's wish is asked again") {
  Study s(make_study("timeout", best_arm("arms = a, b\nrewards = gaussian\npending-timeout = 0.3", "plugin = lucb")),
          test::plugins());
  CHECK(s.limits().pending_timeout == 0.3);
  const auto first = s.ask(1);
  REQUIRE(first.size() == 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  CHECK(s.next_expiry() <= std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count());
  s.expire();
  const StudyStatus status = s.status();
  CHECK(status.timed_out == 1);
  CHECK(status.pending == 0);
  const auto again = s.ask(1);
  REQUIRE(again.size() == 1);
  CHECK(again[0].pull == first[0].pull);  // asked again: the algorithm still wants it
  CHECK_THROWS_WITH(s.tell({by_ask(first[0].ask, 0.5)}, false), Contains("ask 1 was cancelled by the pending-timeout"));
  const auto page = s.log(0, 100);
  REQUIRE(page.events.size() == 3);
  CHECK(page.events[1].kind == Event::Kind::Cancel);
  CHECK(page.events[1].note == "timeout");
  CHECK(Study(s.path(), test::plugins()).status().timed_out == 1);
}

TEST_CASE("A study file of format version 1 is migrated when opened, and replays") {
  const std::string db = make_study("v1", kLucb);
  {
    Study s(db, test::plugins());
    const auto asked = s.ask(2);
    s.tell({by_ask(asked[0].ask, 0.5)}, false);
  }
  // back to version 1's schema, as files made before voids and ids were
  const std::string sql =
      "sqlite3 " + db +
      " \"BEGIN; CREATE TABLE old(seq INTEGER PRIMARY KEY, kind TEXT NOT NULL CHECK (kind IN ('ask', 'tell', "
      "'cancel')), ask INTEGER NOT NULL, pull TEXT, reward REAL, rewards TEXT, late INTEGER NOT NULL DEFAULT 0, at "
      "TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))); INSERT INTO old SELECT seq, kind, ask, pull, "
      "reward, rewards, late, at FROM events; DROP TABLE events; ALTER TABLE old RENAME TO events; UPDATE meta SET "
      "value = '1' WHERE key = 'version'; COMMIT;\"";
  REQUIRE(std::system(sql.c_str()) == 0);
  Study s(db, test::plugins());
  CHECK(s.meta().at("version") == "2");
  CHECK(s.status().observations == 1);
  const TellOutcome told = s.tell({by_ask(2, 0.1, "after-migration")}, false);
  CHECK(s.tell({void_of(told.seqs[0])}, false).voided == 1);
}

}  // namespace
