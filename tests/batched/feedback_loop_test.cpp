// The schedule of simulated batches and delays (cpex/study/feedback_loop.hpp) against a
// hand-made asker: which asks are told when, in which order, and how rounds are counted.
#include <catch2/catch.hpp>

#include <cstdint>
#include <utility>
#include <vector>

#include "cpex/study/feedback_loop.hpp"

namespace {

using namespace cpex::study;

// An asker that hands out up to `limit` asks in all (numbered 1, 2, ...) and records every tell
// as (ask, asks made when it was told).
struct Script {
  std::uint64_t limit = 0, made = 0;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> told;
  std::vector<std::size_t> asked_per_round;

  FeedbackLoop::AskFn ask() {
    return [this](std::size_t count) {
      std::vector<std::pair<std::uint64_t, Pull>> out;
      while (out.size() < count && made < limit) out.emplace_back(++made, Pull{{0}});
      asked_per_round.push_back(out.size());
      return out;
    };
  }
  FeedbackLoop::DrawFn draw() {
    return [](const Pull&) { return Reading{1.0, {}}; };
  }
  FeedbackLoop::TellFn tell() {
    return [this](const std::vector<DrawnReading>& due) {
      for (const DrawnReading& d : due) told.emplace_back(d.ask, made);
    };
  }
};

// Runs `loop` on a script of `asks` asks until a round finds nothing to ask or tell (1000
// rounds at most); by then every ask has been told.
Script run_script(std::uint64_t asks, FeedbackLoop& loop) {
  Script s;
  s.limit = asks;
  for (int i = 0; i < 1000 && loop.round(s.ask(), s.draw(), s.tell()); ++i) {
  }
  REQUIRE(s.told.size() == asks);
  return s;
}

}  // namespace

TEST_CASE("Batches without delay: every round is asked whole and told whole before the next", "[batched][unit]") {
  FeedbackLoop loop({4, 0});
  const Script s = run_script(10, loop);
  CHECK(loop.batches() == 3);  // 4 + 4 + 2
  CHECK(loop.asked() == 10);
  for (std::size_t i = 0; i < s.told.size(); ++i) {
    CHECK(s.told[i].first == i + 1);                              // in ask order
    CHECK(s.told[i].second == std::min<std::uint64_t>(10, (i / 4 + 1) * 4));  // at the end of its round
  }
}

TEST_CASE("A delay tells each observation that many pulls after its ask, the rest once nothing can be asked",
          "[batched][unit]") {
  FeedbackLoop loop({1, 3});
  const Script s = run_script(7, loop);
  CHECK(loop.batches() == 7);
  // ask n is told when ask n + 3 has been made; asks 5, 6, 7 when no ask is left, one per round
  for (std::uint64_t n = 1; n <= 4; ++n) CHECK(s.told[n - 1] == std::pair<std::uint64_t, std::uint64_t>{n, n + 3});
  for (std::uint64_t n = 5; n <= 7; ++n) CHECK(s.told[n - 1] == std::pair<std::uint64_t, std::uint64_t>{n, 7});
  CHECK(s.asked_per_round.size() == 7 + 3 + 1);  // 7 asking rounds, 3 telling rounds, the last finds nothing
  CHECK(loop.outstanding() == 0);
}

TEST_CASE("Batches and delays together: a batch's observations arrive as the pulls after them are asked",
          "[batched][unit]") {
  FeedbackLoop loop({3, 4});
  const Script s = run_script(9, loop);
  CHECK(loop.batches() == 3);
  // after round 2 (6 asks): asks 1, 2 are due (1 + 4 <= 6, 2 + 4 <= 6); after round 3 (9 asks): 3, 4, 5
  CHECK(s.told[0] == std::pair<std::uint64_t, std::uint64_t>{1, 6});
  CHECK(s.told[1] == std::pair<std::uint64_t, std::uint64_t>{2, 6});
  CHECK(s.told[2] == std::pair<std::uint64_t, std::uint64_t>{3, 9});
  CHECK(s.told[4] == std::pair<std::uint64_t, std::uint64_t>{5, 9});
  for (std::size_t i = 5; i < 9; ++i) CHECK(s.told[i].first == i + 1);
}
