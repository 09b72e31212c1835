// The run loop and the construction of a run's objects.
#include "cpex/runtime/run.hpp"

#include "cpex/runtime/lower_bound.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <new>
#include <optional>
#include <stdexcept>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/results/record_format.hpp"

namespace cpex::inline runtime {

namespace {

// The plugin boundary: called in a catch (...) block around plugin code, turns whatever
// was thrown into a RunError naming `what` (framework errors pass unchanged; PluginError
// is for loading and registering plugins only). No message is a bare std::bad_alloc or a
// std::vector's internal name.
[[noreturn]] void rethrow_as_error(const std::string& what) {
  try {
    throw;
  } catch (const Error&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw RunError("out of memory while " + what);
  } catch (const std::length_error&) {
    throw RunError("out of memory while " + what + " (a size beyond what can be allocated)");
  } catch (const std::exception& e) {
    throw RunError(what + " failed: " + e.what());
  } catch (...) {
    throw RunError(what + " failed with an exception that is not a std::exception");
  }
}

[[noreturn]] void rethrow_in(const Pipeline& p, const std::string& section,
                             const std::string& plugin, const ParameterError& e) {
  throw ConfigError(p.source + ": [" + section + "] " + e.key() + ": " + plugin + ": " +
                    e.what());
}

}  // namespace

namespace {

// The environment's Problem with the registered feedback kind: the environment's own object
// (not owned) when it says so already, else a copy that does.
std::shared_ptr<const Problem> run_problem(const Environment& environment, FeedbackKind registered) {
  const Problem& own = environment.problem();
  if (own.feedback == registered) return std::shared_ptr<const Problem>(std::shared_ptr<const Problem>(), &own);
  auto copy = std::make_shared<Problem>(own);
  copy->feedback = registered;
  return copy;
}

}  // namespace

RunObjects instantiate(const Pipeline& p, const RunSeed& seed, TraceSink* trace) {
  RunObjects run;
  // Oracles first: an oracle may fix its own ground set (a graph) from the run's oracle
  // stream, and an environment may plant its instance in the decision class.
  auto oracle_error = [&](const OracleChoice& choice, const ParameterError& e,
                          const std::string& context) {
    return ConfigError(p.source + ": [" + choice.section + "] " + e.key() + ": " +
                       choice.entry->name + ": " + e.what() + context);
  };
  for (const auto& choice : p.oracles) {
    try {
      run.oracles.push_back(choice.entry->create(choice.params, OracleContext{seed}));
    } catch (const ParameterError& e) {
      throw oracle_error(choice, e, "");
    } catch (...) {
      rethrow_as_error(p.source + ": building oracle '" + choice.entry->name + "' in [" +
                       choice.section + "]");
    }
  }
  try {
    run.environment = p.environment->create(p.environment_params,
                                            EnvironmentContext{seed, run.oracles.front().get()});
  } catch (const ParameterError& e) {
    rethrow_in(p, "environment", p.environment->name, e);
  } catch (...) {
    rethrow_as_error(p.source + ": building environment '" + p.environment->name + "'");
  }
  run.problem = run_problem(*run.environment, p.environment->feedback);
  const Problem& problem = *run.problem;
  for (std::size_t i = 0; i < p.oracles.size(); ++i) {
    const OracleChoice& choice = p.oracles[i];
    const std::size_t ground = run.oracles[i]->ground_set_size();
    if (ground != 0 && ground != problem.num_arms)
      throw ConfigError(p.source + ": oracle '" + choice.entry->name + "' in [" +
                        choice.section + "] is defined on " + std::to_string(ground) +
                        " arms, but environment '" + p.environment->name + "' has " +
                        std::to_string(problem.num_arms) + " arms");
    try {
      run.oracles[i]->bind(problem);
    } catch (const ParameterError& e) {
      throw oracle_error(choice, e, " (environment '" + p.environment->name + "' has " +
                                        std::to_string(problem.num_arms) + " arms)");
    } catch (...) {
      rethrow_as_error(p.source + ": building oracle '" + choice.entry->name + "' in [" +
                       choice.section + "]");
    }
  }
  const auto& roles = p.algorithm->needs.oracles;
  for (std::size_t i = 0; i < roles.size() && i < run.oracles.size(); ++i) {
    const unsigned withdrawn = roles[i].required & run.oracles[i]->withdrawn_capabilities();
    if (withdrawn)
      throw MismatchError(p.source + ": algorithm '" + p.algorithm->name + "' needs " +
                        describe_capabilities(withdrawn) + " from the oracle in [" +
                        roles[i].section + "], but oracle '" + p.oracles[i].entry->name +
                        "' does not offer it for this configuration");
  }
  const Query query = run.oracles.front()->query();
  if (query.kind == Query::Kind::Threshold || query.kind == Query::Kind::AnyAbove)
    for (std::size_t a = 0; a < problem.num_arms; ++a)
      if (run.environment->truth()[a] == query.tau)
        throw ConfigError(p.source + ": arm " + std::to_string(a) + " of environment '" + p.environment->name +
                          "' has mean equal to tau = " + to_string(ParamValue{query.tau}) + " of oracle '" +
                          p.oracles.front().entry->name + "': a threshold problem needs every mean away from tau "
                          "(no unique answer otherwise)");
  const bool vector_query = query.kind == Query::Kind::Pareto || query.kind == Query::Kind::Constrained;
  if (problem.objectives > 1 && !vector_query)
    throw ConfigError(p.source + ": environment '" + p.environment->name + "' has " +
                      std::to_string(problem.objectives) + " objectives per arm, but oracle '" +
                      p.oracles.front().entry->name + "' asks about one mean per arm (" + to_string(query.kind) +
                      " query): choose pareto-set or constrained-best (docs/algorithms/pareto.md)");
  const std::size_t k = run.oracles.front()->decision_size();
  if (problem.k != 0 && k != 0 && problem.k != k)
    throw ConfigError(p.source + ": environment '" + p.environment->name +
                      "' is made for decisions of " + std::to_string(problem.k) +
                      " arms, but oracle '" + p.oracles.front().entry->name + "' in [" +
                      p.oracles.front().section + "] has decision size " + std::to_string(k));
  const std::string wanted = reward_mismatch(p.algorithm->needs.rewards, problem.rewards);
  if (!wanted.empty())
    throw MismatchError(p.source + ": algorithm '" + p.algorithm->name + "' needs " + wanted +
                      ", but the rewards of environment '" + p.environment->name + "' are " +
                      describe(problem.rewards));
  if (problem.answers.cols() > 0 && !p.algorithm->needs.transductive)
    throw MismatchError(p.source + ": algorithm '" + p.algorithm->name + "' answers among the arms, but environment '" +
                      p.environment->name + "' poses an answer set Z of " + std::to_string(problem.answers.cols()) +
                      " items apart from its arms (answers = / answers-file =): choose an algorithm for "
                      "transductive problems (docs/algorithms/linear.md)");
  run.context.problem = run.problem.get();
  for (std::size_t i = 0; i < run.oracles.size(); ++i) {
    run.context.oracles.push_back(run.oracles[i].get());
    run.context.oracle_capabilities.push_back(p.oracles[i].entry->capabilities);
  }
  // Fixed budget: every arm must be sampled once at least (algorithms needing more refuse
  // a larger minimum in start(), with a ParameterError whose key is "run.budget").
  if (p.run.budget > 0 && static_cast<std::uint64_t>(p.run.budget) < problem.num_arms)
    throw ConfigError(p.source + ": [run] budget = " + std::to_string(p.run.budget) +
                      " is below the number of arms of environment '" + p.environment->name +
                      "' (" + std::to_string(problem.num_arms) + ")");
  run.context.budget = static_cast<std::uint64_t>(p.run.budget);
  run.context.rng = RandomStream(seed, StreamRole::Algorithm);
  run.context.trace = trace;
  if (p.algorithm->needs.reads_truth) run.context.truth = run.environment->truth();
  try {
    run.algorithm = p.algorithm->create(p.algorithm_params);
    run.algorithm->start(run.context);
  } catch (const ParameterError& e) {
    // A key "SECTION.NAME" is a key of another section the algorithm refuses: "run.budget"
    // (a budget too small for it), "oracle.k" (a decision size it cannot identify).
    // Both, and "plugin" (the rewards or the problem are not its kind), say that the
    // algorithm does not fit the point.
    if (const auto dot = e.key().find('.'); dot != std::string::npos)
      throw MismatchError(p.source + ": [" + e.key().substr(0, dot) + "] " + e.key().substr(dot + 1) +
                          ": " + p.algorithm->name + ": " + e.what());
    if (e.key() == "plugin")
      throw MismatchError(p.source + ": [algorithm] plugin: " + p.algorithm->name + ": " + e.what());
    rethrow_in(p, "algorithm", p.algorithm->name, e);
  } catch (...) {
    rethrow_as_error(p.source + ": starting algorithm '" + p.algorithm->name + "'");
  }
  return run;
}

void probe(const Pipeline& pipeline) {
  RunSeed seed{pipeline.run.seed, 0, 0};
  instantiate(pipeline, seed);
}

namespace {

// Collects the values an algorithm emits, stamped with the current sample count.
class RunTrace : public TraceSink {
 public:
  RunTrace(std::vector<TraceRow>& rows, std::uint64_t every) : rows_(rows), every_(every) {}
  void record(std::string_view name, double value) override {
    if (sample % every_ == 0) rows_.push_back({sample, std::string(name), value});
  }
  std::uint64_t sample = 0;

 private:
  std::vector<TraceRow>& rows_;
  std::uint64_t every_;
};

}  // namespace


namespace {

using Clock = std::chrono::steady_clock;

// When the loop ends besides the algorithm's own rule: the sample cap, the fixed budget, the
// wall-clock limit and the interrupt flag.
struct RunLimits {
  std::uint64_t max_samples;
  // Fixed budget: once `budget` samples are taken the loop asks the algorithm once more —
  // one whose schedule ends exactly there finishes its last decision and stops by its
  // rule; one that asks for more has reached its budget (that pull is not made). A
  // super-arm pull that would go past the budget is not made either. 0: no budget.
  std::uint64_t budget;
  double max_seconds;
  Clock::time_point deadline;
  const std::atomic<bool>* interrupt;
  // The clock (run.max-seconds) and the interrupt flag are looked at every 64 rounds
  // (a clock read costs about 20 ns: 0.3 ns per round).
  bool timed;

  RunLimits(const RunSettings& run, Clock::time_point start, const std::atomic<bool>* stop)
      : max_samples(static_cast<std::uint64_t>(run.max_samples)),
        budget(static_cast<std::uint64_t>(run.budget)),
        max_seconds(run.max_seconds),
        // clamped: beyond ~9.2e9 s the conversion to int64 nanoseconds overflows
        deadline(start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(
                             run.max_seconds > 0.0 ? std::min(run.max_seconds, 1e9) : 1e9))),
        interrupt(stop),
        timed(run.max_seconds > 0.0 || stop) {}

  // Every 64 rounds: throws RunInterrupted once the interrupt flag is set; true once the
  // wall-clock limit has passed.
  bool out_of_time(std::uint64_t round) const {
    if (!timed || round % 64 != 0) return false;
    if (interrupt && interrupt->load(std::memory_order_relaxed)) throw RunInterrupted();
    return max_seconds > 0.0 && Clock::now() >= deadline;
  }
};

// Anytime verdicts (run.trace-recommendations): the current recommendation judged every
// trace-every samples (the first time the count reaches a multiple; semi-bandit pulls may
// jump past one), written to the run's trace.
class AnytimeVerdicts {
 public:
  AnytimeVerdicts(const Pipeline& p, bool traced, const RunObjects& run)
      : on_(traced && p.run.trace_recommendations),
        every_(static_cast<std::uint64_t>(p.run.trace_every)),
        next_(every_),
        run_(run) {
    if (on_) run.oracles.front()->optimal(judged_truth(*run.environment), optimum_);
  }
  void at(std::uint64_t samples, RunRecord& record) {
    if (!on_ || samples < next_) return;
    const Recommendation answer = run_.algorithm->recommend();
    const Verdict verdict = cpex::judge(*run_.oracles.front(), judged_truth(*run_.environment), optimum_,
                                        answer.decision, answer.epsilon);
    record.trace.push_back({samples, "anytime.correct", verdict.correct ? 1.0 : 0.0});
    record.trace.push_back({samples, "anytime.optimal", verdict.optimal ? 1.0 : 0.0});
    next_ = (samples / every_ + 1) * every_;
  }

 private:
  bool on_;
  std::uint64_t every_, next_;
  const RunObjects& run_;
  Decision optimum_;
};

// Pulls per arm (run.record-pulls), written as the `pulls` column.
class PullCounts {
 public:
  PullCounts(bool on, std::size_t arms) : counts_(on ? arms : 0) {}
  void add(const Action& action) {
    if (counts_.empty()) return;
    if (action.super_arm.empty())
      ++counts_[action.arm];
    else
      for (std::size_t arm : action.super_arm) ++counts_[arm];
  }
  std::string text() const {
    std::string out;
    for (std::size_t i = 0; i < counts_.size(); ++i) {
      if (i) out += ' ';
      append_number(out, counts_[i]);
    }
    return out;
  }

 private:
  std::vector<std::uint64_t> counts_;
};

// The end of a run: the final recommendation judged against the truth, the resolved
// parameters of the algorithm and the environment, the wall time.
void finish_record(RunRecord& record, const RunObjects& run, Clock::time_point start) {
  const Recommendation answer = run.algorithm->recommend();
  record.recommendation = to_string(answer.decision);
  Decision best;
  const Oracle& judge = *run.oracles.front();
  judge.optimal(judged_truth(*run.environment), best);
  const Verdict verdict = cpex::judge(judge, judged_truth(*run.environment), best, answer.decision, answer.epsilon);
  record.correct = verdict.correct;
  record.optimal = verdict.optimal;
  auto resolved = run.algorithm->resolved();
  for (auto& entry : run.environment->resolved()) resolved.push_back(std::move(entry));
  record.resolved = resolved_json(resolved);
  record.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
}

// One run: its objects, the loop of next / pull / observe until the algorithm stops or a
// limit ends it, then the record.
RunRecord run_unguarded(const Pipeline& p, const RunSeed& seed, const std::atomic<bool>* interrupt) {
  const auto start = Clock::now();
  RunRecord record;
  record.repetition = seed.repetition;
  std::optional<RunTrace> trace;
  if (!p.run.trace_file.empty()) trace.emplace(record.trace, static_cast<std::uint64_t>(p.run.trace_every));
  const RunObjects run = instantiate(p, seed, trace ? &*trace : nullptr);
  Environment& environment = *run.environment;
  Algorithm& algorithm = *run.algorithm;
  const Problem& problem = *run.context.problem;
  const bool semi_bandit = problem.feedback == FeedbackKind::SemiBandit;
  const bool multi_objective = problem.feedback == FeedbackKind::MultiObjective;
  const RunLimits limits(p.run, start, interrupt);
  AnytimeVerdicts anytime(p, trace.has_value(), run);
  PullCounts pulls(p.run.record_pulls, problem.num_arms);
  std::vector<double> per_arm(semi_bandit ? problem.num_arms : multi_objective ? problem.objectives : 0);
  Action action;
  Observation observation;
  std::uint64_t samples = 0;
  record.stop = StopReason::MaxSamples;
  for (std::uint64_t round = 1;; ++round) {
    if (trace) trace->sample = samples;
    anytime.at(samples, record);
    const bool at_budget = limits.budget && samples >= limits.budget;
    if (!algorithm.next(action)) {
      record.stop = StopReason::Rule;
      break;
    }
    if (at_budget) {
      record.stop = StopReason::Budget;
      break;
    }
    if (samples >= limits.max_samples) break;
    if (limits.out_of_time(round)) {
      record.stop = StopReason::MaxSeconds;
      break;
    }
    const std::uint64_t cost = semi_bandit ? action.super_arm.size() : 1;
    if (limits.budget && samples + cost > limits.budget) {
      record.stop = StopReason::Budget;
      break;
    }
    if (semi_bandit) observation.per_arm = std::span<double>(per_arm.data(), action.super_arm.size());
    if (multi_objective) observation.per_arm = std::span<double>(per_arm.data(), per_arm.size());
    environment.pull(action, observation);
    samples += cost;
    pulls.add(action);
    algorithm.observe(action, observation);
  }
  record.pulls = pulls.text();
  record.samples = samples;
  finish_record(record, run, start);
  record.lower_bound = run_lower_bound(p, run);  // after the wall time: not the run's cost
  return record;
}

}  // namespace

RunRecord run_once(const Pipeline& p, const RunSeed& seed, const std::atomic<bool>* interrupt) {
  try {
    return run_unguarded(p, seed, interrupt);
  } catch (const RunInterrupted&) {
    throw;
  } catch (...) {
    rethrow_as_error("running algorithm '" + p.algorithm->name + "' on environment '" +
                     p.environment->name + "'");
  }
}

}  // namespace cpex::runtime
