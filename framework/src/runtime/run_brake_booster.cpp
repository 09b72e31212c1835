// `[run] brake-booster = yes`: the meta algorithm of Balagopalan, Nguyen, Zhao & Jun ("Fixing
// the Loose Brake: Exponential-Tailed Stopping Time in Best Arm Identification", ICML 2025,
// arXiv 2411.01808), read from the authors' code (Kapilan-Balagopalan/Brakebooster,
// Brakebooster.py `brake_booster`, `budgetIdentification`; the paper beyond its abstract was
// not reachable here). It turns a fixed-confidence algorithm, whose stopping time may have a
// heavy tail or be infinite with positive probability, into one whose stopping time has an
// exponential tail:
//   for r = 1, 2, ...: for c = 1 .. r:
//     L = ceil(g^(r-c) L1), T = ceil(g^(c-1) T1);
//     run the algorithm afresh L times (same environment, new samples), each stopped at T
//     samples if its rule has not stopped it; if more than L/2 of them were stopped at T,
//     go on; else answer the decision most of them returned (ties: the smaller decision) and end.
// Keys: brake-booster-budget = T1 (the code's 16384 for successive elimination),
// brake-booster-votes = L1 (the code's 1), brake-booster-growth = g (the code's 1.2). The base
// runs use the algorithm's own delta (the code's delta_0). Each base run's algorithm stream is
// its own (RandomStream index = the base run's number); the samples, the row's `samples`, are
// every pull of every base run (the code counts L T per call instead).
#include <cmath>
#include <map>
#include <optional>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/runtime/lower_bound.hpp"
#include "run_parts.hpp"

namespace cpex::inline runtime::run_parts {

namespace {

struct BaseRun {
  bool stopped = false;  // by its own rule within its budget
  Decision answer;
};

}  // namespace

RunRecord run_brake_booster(const Pipeline& p, const RunSeed& seed, const std::atomic<bool>* interrupt) {
  const auto start = Clock::now();
  RunRecord record;
  record.repetition = seed.repetition;
  RunObjects run = instantiate(p, seed, nullptr);
  Environment& environment = *run.environment;
  const Problem& problem = *run.context.problem;
  const bool semi_bandit = problem.feedback == FeedbackKind::SemiBandit;
  const RunLimits limits(p.run, start, interrupt);
  PullCounts pulls(p.run.record_pulls, problem.num_arms);
  std::vector<double> per_arm(semi_bandit ? problem.num_arms : 0);
  std::uint64_t samples = 0, round = 0, base_runs = 0;
  bool capped = false;
  // One base run: a fresh algorithm with its own stream, at most `budget` samples.
  auto base_run = [&](std::uint64_t budget) {
    BaseRun out;
    run.context.rng = RandomStream(seed, StreamRole::Algorithm, ++base_runs);
    run.algorithm = p.algorithm->create(p.algorithm_params);
    run.algorithm->start(run.context);
    Algorithm& algorithm = *run.algorithm;
    Action action;
    Observation observation;
    for (std::uint64_t used = 0;;) {
      if (!algorithm.next(action)) {
        out.stopped = true;
        out.answer = algorithm.recommend().decision;
        return out;
      }
      const std::uint64_t cost = semi_bandit ? action.super_arm.size() : 1;
      if (used + cost > budget) return out;
      if (samples + cost > limits.max_samples || limits.out_of_time(++round)) {
        capped = true;
        return out;
      }
      if (semi_bandit) observation.per_arm = std::span<double>(per_arm.data(), action.super_arm.size());
      environment.pull(action, observation);
      samples += cost;
      used += cost;
      pulls.add(action);
      algorithm.observe(action, observation);
    }
  };
  const double votes = static_cast<double>(p.run.brake_booster_votes);
  const double first = static_cast<double>(p.run.brake_booster_budget);
  const double growth = p.run.brake_booster_growth;
  std::optional<Decision> answer;
  std::uint64_t stages = 0;
  for (std::uint64_t r = 1; !answer && !capped; ++r) {
    for (std::uint64_t c = 1; c <= r && !answer && !capped; ++c) {
      ++stages;
      const auto runs = static_cast<std::uint64_t>(std::ceil(std::pow(growth, static_cast<double>(r - c)) * votes));
      const auto budget = static_cast<std::uint64_t>(std::ceil(std::pow(growth, static_cast<double>(c - 1)) * first));
      std::map<std::string, std::pair<Decision, std::uint64_t>> tally;  // by the decision's text
      std::uint64_t unterminated = 0;
      for (std::uint64_t l = 0; l < runs && !capped; ++l) {
        BaseRun base = base_run(budget);
        if (!base.stopped) {
          ++unterminated;
          continue;
        }
        auto& entry = tally[to_string(base.answer)];
        entry.first = std::move(base.answer);
        ++entry.second;
      }
      if (capped || 2 * unterminated > runs) continue;
      std::uint64_t most = 0;
      for (const auto& [text, entry] : tally)  // ordered: the smaller decision wins a tie
        if (entry.second > most) most = entry.second, answer = entry.first;
    }
  }
  record.samples = samples;
  record.batches = samples;
  record.pulls = pulls.text();
  record.stop = answer ? StopReason::Rule : StopReason::MaxSamples;
  if (capped && limits.max_seconds > 0.0 && Clock::now() >= limits.deadline) record.stop = StopReason::MaxSeconds;
  const Recommendation held = run.algorithm->recommend();  // a capped run's: its last base run's
  judge_decision(record, run, answer ? *answer : held.decision, held.epsilon);
  auto resolved = run.algorithm->resolved();
  for (auto& entry : run.environment->resolved()) resolved.push_back(std::move(entry));
  resolved.emplace_back("brake_booster.base_runs", static_cast<double>(base_runs));
  resolved.emplace_back("brake_booster.stages", static_cast<double>(stages));
  record.resolved = resolved_json(resolved);
  record.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  record.lower_bound = run_lower_bound(p, run);
  return record;
}

}  // namespace cpex::runtime::run_parts
