// Studies in process (cpex/study/): a serial study is the run loop; the queue policy feeds
// an algorithm, whatever the batches and the order of the tells, exactly the observations
// of an undelayed run; the pending policy proposes a phase at once; budgets, caps, replay,
// concurrent Study objects, and every refused tell (nothing written).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>

#include "cpex/registration.hpp"
#include "cpex/runtime/run.hpp"
#include "cpex/study/simulate.hpp"
#include "cpex/study/study.hpp"
#include "cpex/study/study_json.hpp"
#include "cpex/runtime/sweep.hpp"
#include "csv_table.hpp"
#include "test_support.hpp"

namespace {

using namespace cpex;
using namespace cpex::study;
using Catch::Matchers::Contains;

const std::string kLucbStudy =
    "[study]\narms = a, b, c, d, e\nrewards = gaussian\nsigma = 0.5\n"
    "[oracle]\nplugin = top-k\nk = 2\n[algorithm]\nplugin = lucb\ndelta = 0.05\n[run]\nseed = 3\n";
const std::string kGaussianEnvironment =
    "[environment]\nplugin = gaussian\nmeans = 0.6, 0.5, 0.3, 0.2, 0.0\nsigma = 0.5\n";

// A single-best-arm study of `algorithm` (its lines, then [run]'s).
std::string best_arm_study(const std::string& arms, const std::string& rewards, const std::string& algorithm,
                           const std::string& run) {
  return "[study]\narms = " + arms + "\nrewards = " + rewards + "\n[oracle]\nplugin = top-k\nk = 1\n[algorithm]\n" +
         algorithm + "\n[run]\n" + run + "\n";
}

std::string make_study(const std::string& name, const std::string& text) {
  const std::string ini = test::temp_file(name + ".ini", text);
  const std::string db = test::fresh_path(name + ".db");
  Study::create(db, PipelineFile::read(ini), test::plugins());
  return db;
}

// The run `cpex run` would make first of the study's pipeline with this environment.
RunRecord first_run(Study& s, const std::string& environment) {
  const PipelineFile env = PipelineFile::from_text(environment, "env.ini");
  PipelineFile combined = run_pipeline_of(s, env);
  combined.set("run", "record-pulls", "yes", "test", "");
  return run_once(assemble(combined, test::plugins()), s.seed());
}

std::vector<std::uint64_t> used_per_arm(const Driver& driver) {
  std::vector<std::uint64_t> used(driver.problem().num_arms, 0);
  for (const PullRecord& r : driver.records())
    if (r.state == PullState::Used)
      for (std::size_t arm : r.pull.arms) ++used[arm];
  return used;
}

// Asks `batch` pulls at a time and tells them back with `reward(arm)` until the study hands
// out nothing more; returns the pulls asked.
template <typename Reward>
std::uint64_t answer_until_done(Study& s, std::size_t batch, Reward reward) {
  std::uint64_t total = 0;
  for (int round = 0; round < 10000; ++round) {
    const auto asked = s.ask(batch);
    if (asked.empty()) break;
    total += asked.size();
    std::vector<TellInput> tells;
    for (const auto& a : asked) tells.push_back({a.ask, {}, Reading{reward(a.pull.arms.front()), {}}, false, ""});
    std::reverse(tells.begin(), tells.end());
    s.tell(tells, false);
  }
  return total;
}

std::string pulls_text(const std::vector<std::uint64_t>& pulls) {
  std::string text;
  for (std::size_t i = 0; i < pulls.size(); ++i) text += (i ? " " : "") + std::to_string(pulls[i]);
  return text;
}

TEST_CASE("A serial study is the run loop: the same pulls, samples and answer as cpex run") {
  Study s(make_study("serial", kLucbStudy), test::plugins());
  const RunRecord run = first_run(s, kGaussianEnvironment);
  const SimulateResult sim = simulate(s, PipelineFile::from_text(kGaussianEnvironment, "env.ini"), test::plugins(), {});
  CHECK(sim.phase == Phase::Stopped);
  CHECK(run.stop == StopReason::Rule);
  CHECK(sim.samples == run.samples);
  CHECK(sim.recommendation == run.recommendation);
  CHECK(pulls_text(sim.pulls) == run.pulls);
  CHECK(sim.correct == run.correct);
}

// The queue policy's promise: the algorithm's j-th use of an arm is the arm's j-th pull in
// ask order. The environment's arms have their own streams, so answering each ask with a
// draw made when it is handed out gives arm a's j-th ask the j-th draw of arm a — what the
// serial run's j-th pull of arm a saw. Batches of random size, tells in random order: the
// algorithm must still decide exactly as the undelayed run.
TEST_CASE("Queue policy: batched, shuffled tells feed the algorithm the undelayed run's observations") {
  // an easy instance: a few hundred samples, so a few hundred transactions
  const std::string easy = "[environment]\nplugin = gaussian\nmeans = 1.6, 1.0, 0.3, -0.2, -1.0\nsigma = 0.5\n";
  for (const std::uint64_t seed : {1u, 2u, 3u}) {
    Study s(make_study("queue-" + std::to_string(seed), kLucbStudy), test::plugins());
    REQUIRE(s.meta().at("policy") == "queue");
    const RunRecord run = first_run(s, easy);
    PipelineFile env_file = run_pipeline_of(s, PipelineFile::from_text(easy, "env.ini"));
    RunObjects env = instantiate(assemble(env_file, test::plugins()), s.seed());
    std::mt19937_64 rng(seed);
    std::vector<TellInput> outstanding;
    std::uint64_t most_pending = 0;
    for (int round = 0; round < 200000; ++round) {
      const auto asked = s.ask(1 + rng() % 8);
      for (const AskedPull& a : asked) {
        Action action;
        action.arm = a.pull.arms.front();
        Observation o;
        env.environment->pull(action, o);
        outstanding.push_back({a.ask, {}, Reading{o.reward, {}}, false, ""});
      }
      most_pending = std::max<std::uint64_t>(most_pending, outstanding.size());
      if (outstanding.empty()) break;
      std::shuffle(outstanding.begin(), outstanding.end(), rng);
      // tell a random part of what is outstanding, keep the rest for later rounds
      const std::size_t told = 1 + rng() % outstanding.size();
      std::vector<TellInput> now(outstanding.end() - static_cast<std::ptrdiff_t>(told), outstanding.end());
      outstanding.resize(outstanding.size() - told);
      s.tell(now, false);
    }
    const Driver& driver = s.driver();
    INFO("seed " << seed);
    CHECK(most_pending > 8);
    CHECK(driver.phase() == Phase::Stopped);
    CHECK(driver.used() == run.samples);
    CHECK(pulls_text(used_per_arm(driver)) == run.pulls);
    CHECK(to_string(driver.algorithm().recommend().decision) == run.recommendation);
    CHECK(driver.samples() >= driver.used());
  }
}

TEST_CASE("Pending policy: successive rejects asks a whole phase at once and waits for it") {
  const std::string text = best_arm_study("4", "bernoulli", "plugin = successive-rejects", "seed = 2\nbudget = 400");
  Study s(make_study("sr", text), test::plugins());
  REQUIRE(s.meta().at("policy") == "pending");
  const auto phase1 = s.ask(1000);
  // SR's first phase: n_1 = ceil((T - K) / (log-bar(K) (K + 1 - 1))) pulls of each of the 4 arms
  REQUIRE(!phase1.empty());
  CHECK(phase1.size() % 4 == 0);
  CHECK(s.ask(5).empty());
  CHECK(s.status().state == "waiting");
  std::vector<TellInput> tells;
  for (const auto& a : phase1) tells.push_back({a.ask, {}, Reading{a.pull.arms.front() == 2 ? 1.0 : 0.0, {}}, false, ""});
  std::reverse(tells.begin(), tells.end());
  s.tell(tells, false);
  CHECK(s.status().state == "running");
  answer_until_done(s, 1000, [](std::size_t arm) { return arm == 2 ? 1.0 : 0.0; });
  const StudyStatus status = s.status();
  CHECK(status.state == "stopped");
  CHECK(status.recommendation == "2");
  CHECK(status.samples <= 400);
  CHECK(status.budget == 400);
}

TEST_CASE("A fixed-budget study stops at its budget, and max-samples caps a study") {
  Study s(make_study("budget", best_arm_study("5", "gaussian", "plugin = ugape\na = 1", "budget = 60")),
          test::plugins());
  REQUIRE(s.meta().at("policy") == "queue");
  const std::uint64_t asked_total = answer_until_done(s, 7, [](std::size_t arm) { return 0.1 * static_cast<double>(arm); });
  CHECK(asked_total == 60);
  CHECK(s.status().state == "budget");
  CHECK(s.status().recommendation == "4");
  CHECK(s.ask(1).empty());

  Study capped(make_study("capped", kLucbStudy + "max-samples = 25\n"), test::plugins());
  answer_until_done(capped, 3, [](std::size_t) { return 0.5; });
  CHECK(capped.status().state == "capped");
  CHECK(capped.status().samples == 25);
}

TEST_CASE("A study reopens to the same state: the log replays (asks, tells, cancels, unasked)") {
  const std::string db = make_study("replay", kLucbStudy);
  std::string before;
  {
    Study s(db, test::plugins());
    std::mt19937_64 rng(9);
    std::vector<AskedPull> open;
    for (int round = 0; round < 120; ++round) {
      for (const auto& a : s.ask(1 + rng() % 4)) open.push_back(a);
      std::shuffle(open.begin(), open.end(), rng);
      std::vector<TellInput> tells;
      while (open.size() > 3) {
        const AskedPull a = open.back();
        open.pop_back();
        std::normal_distribution<double> noise(0.1 * static_cast<double>(a.pull.arms.front()), 0.5);
        tells.push_back({a.ask, {}, Reading{noise(rng), {}}, round % 50 == 7 && tells.empty(), ""});
      }
      // an observation nobody asked for (an arm without a pending pull: else it answers that pull)
      if (round % 40 == 3 && s.driver().ask_of(Pull{{2}}) == 0) tells.push_back({0, {"c"}, Reading{0.25, {}}, false, ""});
      s.tell(tells, true);
    }
    before = status_json(s.status()).dump();
  }
  Study again(db, test::plugins());
  CHECK(status_json(again.status()).dump() == before);
  CHECK_THAT(before, Contains("\"observations\""));
}

TEST_CASE("Two Study objects on one file see each other's writes, and ask never hands a pending pull twice") {
  const std::string db = make_study("two", kLucbStudy);
  Study one(db, test::plugins()), two(db, test::plugins());
  const auto first = one.ask(3);
  const auto second = two.ask(3);
  std::vector<std::uint64_t> ids;
  for (const auto& a : first) ids.push_back(a.ask);
  for (const auto& a : second) ids.push_back(a.ask);
  CHECK(ids == std::vector<std::uint64_t>{1, 2, 3, 4, 5, 6});
  CHECK(one.pending().size() == 6);
  two.tell({{1, {}, Reading{0.3, {}}, false, ""}}, false);
  CHECK(one.status().observations == 1);
  CHECK(one.pending().size() == 5);
  CHECK_THROWS_WITH(one.tell({{1, {}, Reading{0.3, {}}, false, ""}}, false), Contains("ask 1 was already answered"));
}

TEST_CASE("A refused tell is one line naming the culprit, and nothing of its batch is taken") {
  Study s(make_study("refused", best_arm_study("control, red", "bernoulli", "plugin = lucb", "")), test::plugins());
  const auto asked = s.ask(4);
  REQUIRE(asked.size() == 4);
  const std::string before = status_json(s.status()).dump();
  auto refused = [&](std::vector<TellInput> tells, const std::string& fragment, bool unasked = false) {
    INFO(fragment);
    CHECK_THROWS_WITH(s.tell(tells, unasked), Contains(fragment));
    CHECK(status_json(s.status()).dump() == before);
  };
  const TellInput good{asked[0].ask, {}, Reading{1.0, {}}, false, ""};
  refused({good, {asked[1].ask, {}, Reading{3.0, {}}, false, "line 2"}}, "line 2: the reward 3 is not 0 or 1 (bernoulli rewards)");
  refused({good, {asked[1].ask, {}, Reading{std::nan(""), {}}, false, ""}}, "is not a finite number");
  refused({good, {0, {"blu"}, Reading{1.0, {}}, false, ""}}, "unknown arm 'blu'");
  refused({{0, {"reed"}, Reading{1.0, {}}, false, ""}}, "did you mean 'red'");
  refused({good, good}, "was already answered");
  refused({{99, {}, Reading{1.0, {}}, false, ""}}, "ask 99 was never handed out");
  refused({{asked[0].ask, {"red"}, Reading{1.0, {}}, false, ""}}, "ask 1 was a pull of control, not red");
  // the queue policy asked control 4 times (lucb's first wish, repeated): a fifth is unasked
  const TellInput control{0, {"control"}, Reading{1.0, {}}, false, ""};
  refused({control, control, control, control, control},
          "no pull of control is pending; an observation nobody asked for is taken only when told as unasked "
          "(command line --unasked, HTTP ?unasked=1, Python unasked=True)");
  // the arm alone answers its oldest pending ask
  s.tell({{0, {"control"}, Reading{1.0, {}}, false, ""}}, false);
  CHECK(s.driver().record_of_ask(asked[0].ask).state != PullState::Pending);
}

TEST_CASE("A tell after the study stopped is recorded and flagged, not used") {
  Study s(make_study("late", kLucbStudy), test::plugins());
  simulate(s, PipelineFile::from_text(kGaussianEnvironment, "env.ini"), test::plugins(), {});
  REQUIRE(s.status().state == "stopped");
  const std::uint64_t used = s.status().used;
  const TellOutcome outcome = s.tell({{0, {"a"}, Reading{0.5, {}}, false, ""}}, true);
  CHECK(outcome.late == 1);
  CHECK(s.status().late == 1);
  CHECK(s.status().used == used);
  CHECK_THROWS_WITH(s.tell({{0, {"a"}, Reading{0.5, {}}, false, ""}}, false),
                    Contains("no pull of a is pending (the study has ended: stopped)"));
}

TEST_CASE("Studies refuse bad pipelines and files in one line") {
  auto refused = [](const std::string& text, const std::string& fragment) {
    INFO(text);
    CHECK_THROWS_WITH(make_study("bad", text), Contains(fragment));
  };
  const std::string rest = "[oracle]\nplugin = top-k\nk = 1\n[algorithm]\nplugin = lucb\n";
  refused("[environment]\nplugin = gaussian\nmeans = 1, 0\n" + rest, "a study has no environment; replace [environment] by [study]");
  refused(rest, "no [study] section");
  refused("[study]\narms = a, b\nrewards = poison\n" + rest, "[study] rewards: 'poison' is not a reward family");
  refused("[study]\narms = a, a\nrewards = gaussian\n" + rest, "the arm name 'a' is given twice");
  refused("[study]\narms = a\nrewards = gaussian\n" + rest, "at least 2 arms");
  refused("[study]\narms = a, b\nrewards = bounded\n" + rest, "bounded rewards need range = LO, HI");
  refused("[study]\narms = a, b\nrewards = gaussian\nfeedback = full-bandit-sum\nk = 1\n" + rest,
          "algorithm 'lucb' needs single-arm feedback");
  refused("[study]\narms = a, b\nrewards = gaussian\n" + rest + "[run]\nmax-seconds = 5\n", "max-seconds: has no meaning in a study");
  refused("[study]\narms = a, b\nrewards = gaussian\n" + rest + "[sweep]\naxis = algorithm.delta = 0.1, 0.2\n",
          "a study is one experiment");
  refused("[study]\narms = a, b\nrewards = gaussian\nplugin = x\n" + rest, "[study] plugin");
  const std::string db = make_study("exists", "[study]\narms = a, b\nrewards = gaussian\n" + rest);
  CHECK_THROWS_WITH(Study::create(db, PipelineFile::from_text("[study]\narms = 2\nrewards = gaussian\n" + rest, "x.ini"),
                                  test::plugins()),
                    Contains("already exists"));
  CHECK_THROWS_WITH(Study(test::temp_file("not-a-study.db", "hello"), test::plugins()), Contains("is not a CPEx study"));
  CHECK_THROWS_WITH(Study(test::fresh_path("missing.db"), test::plugins()), Contains("no study at"));
}

// Semi-bandit pulls (no plugin of the tree has them): a test algorithm alternating two
// super arms for 12 samples and recommending the two arms of largest mean.
class AlternatingPairs final : public Algorithm {
 public:
  void start(const AlgorithmContext& context) override { sums_.assign(context.problem->num_arms, 0.0); }
  bool next(Action& action) override {
    if (taken_ >= 12) return false;
    action.super_arm = (round_++ % 2 == 0) ? std::span<const std::size_t>(first_) : std::span<const std::size_t>(second_);
    return true;
  }
  void observe(const Action& action, const Observation& observation) override {
    for (std::size_t m = 0; m < action.super_arm.size(); ++m) sums_[action.super_arm[m]] += observation.per_arm[m];
    taken_ += action.super_arm.size();
  }
  Recommendation recommend() const override {
    std::vector<std::size_t> order = {0, 1, 2, 3};
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return sums_[a] > sums_[b]; });
    Recommendation r;
    r.decision.arms = {std::min(order[0], order[1]), std::max(order[0], order[1])};
    return r;
  }

 private:
  std::vector<std::size_t> first_ = {1, 0}, second_ = {2, 3};
  std::vector<double> sums_;
  std::size_t taken_ = 0, round_ = 0;
};

TEST_CASE("Semi-bandit studies: a pull is a super arm, told one reward per member in any member order") {
  static PluginHost* host = [] {
    auto* h = new PluginHost();
    h->load({CPEX_PLUGIN_DIR}, 1);
    AlgorithmNeeds needs;
    needs.feedback = {FeedbackKind::SemiBandit};
    needs.oracles = {{"oracle", 0}};
    register_algorithm(h->registry(), {"test-alternating-pairs", "two super arms in turn"}, needs, {},
                       [](const ParamValues&) -> std::unique_ptr<Algorithm> { return std::make_unique<AlternatingPairs>(); });
    return h;
  }();
  const std::string ini = test::temp_file("semi.ini",
      "[study]\narms = w, x, y, z\nrewards = bernoulli\nfeedback = semi-bandit\nk = 2\n"
      "[oracle]\nplugin = top-k\nk = 2\n[algorithm]\nplugin = test-alternating-pairs\n");
  const std::string db = test::fresh_path("semi.db");
  Study::create(db, PipelineFile::read(ini), host->registry());
  Study s(db, host->registry());
  const auto asked = s.ask(2);
  REQUIRE(asked.size() == 2);
  CHECK(s.pull_text(asked[0].pull) == "x,w");  // the algorithm's member order
  CHECK(s.pull_text(asked[1].pull) == "x,w");  // its wish, handed out again (queue policy)
  CHECK(s.status().samples == 4);                // a semi-bandit pull costs one sample per member
  // members named in another order: the rewards follow the names
  s.tell({{asked[0].ask, {"w", "x"}, Reading{0.0, {0.0, 1.0}}, false, ""}}, false);
  CHECK(s.driver().record_of_ask(asked[0].ask).reading.per_arm == std::vector<double>{1.0, 0.0});
  CHECK_THROWS_WITH(s.tell({{asked[1].ask, {}, Reading{1.0, {}}, false, ""}}, false),
                    Contains("needs 2 rewards, one per member, got 0"));
  CHECK_THROWS_WITH(s.tell({{asked[1].ask, {"y", "w"}, Reading{0.0, {1.0, 1.0}}, false, ""}}, false),
                    Contains("ask 2 was a pull of x,w, not y,w"));
  for (int round = 0; round < 10; ++round) {
    std::vector<TellInput> tells;
    for (const AskedPull& a : s.pending())
      tells.push_back({a.ask, {}, Reading{0.0, {a.pull.arms[0] == 1 ? 1.0 : 0.0, a.pull.arms[1] == 3 ? 1.0 : 0.0}}, false, ""});
    s.tell(tells, false);
    if (s.ask(2).empty()) break;
  }
  const StudyStatus status = s.status();
  CHECK(status.state == "stopped");
  CHECK(status.recommendation == "x, z");
  CHECK(status.arms[1].mean == 1.0);
  CHECK(status_json(Study(db, host->registry()).status()).dump() == status_json(status).dump());
}

}  // namespace
