// The run loop and the construction of a run's objects.
#include "cpex/run.hpp"

#include <algorithm>
#include <chrono>
#include <new>
#include <optional>
#include <stdexcept>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/record_format.hpp"

namespace cpex {

namespace {

// The plugin boundary: called in a catch (...) block around plugin code, turns whatever
// was thrown into a framework Error naming `what` (framework errors pass unchanged). No
// message is a bare std::bad_alloc or a std::vector's internal name.
[[noreturn]] void rethrow_as_error(const std::string& what) {
  try {
    throw;
  } catch (const Error&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw Error("out of memory while " + what);
  } catch (const std::length_error&) {
    throw Error("out of memory while " + what + " (a size beyond what can be allocated)");
  } catch (const std::exception& e) {
    throw PluginError(what + " failed: " + e.what());
  } catch (...) {
    throw PluginError(what + " failed with an exception that is not a std::exception");
  }
}

[[noreturn]] void rethrow_in(const Pipeline& p, const std::string& section,
                             const std::string& plugin, const ParameterError& e) {
  throw ConfigError(p.source + ": [" + section + "] " + e.key() + ": " + plugin + ": " +
                    e.what());
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
  const Problem& problem = run.environment->problem();
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
      throw ConfigError(p.source + ": algorithm '" + p.algorithm->name + "' needs " +
                        describe_capabilities(withdrawn) + " from the oracle in [" +
                        roles[i].section + "], but oracle '" + p.oracles[i].entry->name +
                        "' does not offer it for this configuration");
  }
  const Query query = run.oracles.front()->query();
  if (query.kind != Query::Kind::Optimal)
    for (std::size_t a = 0; a < problem.num_arms; ++a)
      if (run.environment->truth()[a] == query.tau)
        throw ConfigError(p.source + ": arm " + std::to_string(a) + " of environment '" + p.environment->name +
                          "' has mean equal to tau = " + to_string(ParamValue{query.tau}) + " of oracle '" +
                          p.oracles.front().entry->name + "': a threshold problem needs every mean away from tau "
                          "(no unique answer otherwise)");
  const std::size_t k = run.oracles.front()->decision_size();
  if (problem.k != 0 && k != 0 && problem.k != k)
    throw ConfigError(p.source + ": environment '" + p.environment->name +
                      "' is made for decisions of " + std::to_string(problem.k) +
                      " arms, but oracle '" + p.oracles.front().entry->name + "' in [" +
                      p.oracles.front().section + "] has decision size " + std::to_string(k));
  const std::string wanted = reward_mismatch(p.algorithm->needs.rewards, problem.rewards);
  if (!wanted.empty())
    throw ConfigError(p.source + ": algorithm '" + p.algorithm->name + "' needs " + wanted +
                      ", but the rewards of environment '" + p.environment->name + "' are " +
                      describe(problem.rewards));
  if (problem.answers.cols() > 0 && !p.algorithm->needs.transductive)
    throw ConfigError(p.source + ": algorithm '" + p.algorithm->name + "' answers among the arms, but environment '" +
                      p.environment->name + "' poses an answer set Z of " + std::to_string(problem.answers.cols()) +
                      " items apart from its arms (answers = / answers-file =): choose an algorithm for "
                      "transductive problems (docs/algorithms/linear.md)");
  run.context.problem = &problem;
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
    // A key "run.NAME" is a [run] key the algorithm refuses (a budget too small for it).
    if (e.key().rfind("run.", 0) == 0)
      throw ConfigError(p.source + ": [run] " + e.key().substr(4) + ": " + p.algorithm->name +
                        ": " + e.what());
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

const char* stopped_text(StopReason reason) {
  switch (reason) {
    case StopReason::Rule: return "rule";
    case StopReason::MaxSamples: return "max-samples";
    case StopReason::MaxSeconds: return "max-seconds";
    case StopReason::Budget: return "budget";
    case StopReason::Error: return "";
  }
  return "";
}

const char* status_text(StopReason reason) {
  switch (reason) {
    case StopReason::Rule: return "stopped";
    case StopReason::Error: return "error";
    case StopReason::Budget: return "budget";
    default: return "capped";
  }
}

namespace {

RunRecord run_unguarded(const Pipeline& p, const RunSeed& seed,
                        const std::atomic<bool>* interrupt) {
  const auto start = std::chrono::steady_clock::now();
  RunRecord record;
  std::optional<RunTrace> trace;
  if (!p.run.trace_file.empty())
    trace.emplace(record.trace, static_cast<std::uint64_t>(p.run.trace_every));
  RunObjects run = instantiate(p, seed, trace ? &*trace : nullptr);
  Environment& environment = *run.environment;
  Algorithm& algorithm = *run.algorithm;
  const bool semi_bandit = run.context.problem->feedback == FeedbackKind::SemiBandit;
  const auto max_samples = static_cast<std::uint64_t>(p.run.max_samples);

  record.repetition = seed.repetition;
  std::vector<double> per_arm(semi_bandit ? run.context.problem->num_arms : 0);
  Action action;
  Observation observation;
  std::uint64_t samples = 0;
  std::vector<std::uint64_t> pulls(p.run.record_pulls ? run.context.problem->num_arms : 0);
  // The clock (run.max-seconds) and the interrupt flag are looked at every 64 rounds
  // (a clock read costs about 20 ns: 0.3 ns per round).
  const bool timed = p.run.max_seconds > 0.0 || interrupt;
  const auto deadline =
      start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                  // clamped: beyond ~9.2e9 s the conversion to int64 nanoseconds overflows
                  std::chrono::duration<double>(p.run.max_seconds > 0.0 ? std::min(p.run.max_seconds, 1e9) : 1e9));
  // Fixed budget: once `budget` samples are taken the loop asks the algorithm once more —
  // one whose schedule ends exactly there finishes its last decision and stops by its
  // rule; one that asks for more has reached its budget (that pull is not made). A
  // super-arm pull that would go past the budget is not made either.
  const auto budget = static_cast<std::uint64_t>(p.run.budget);
  // Anytime verdicts: the current recommendation judged every trace-every samples (the
  // first time the count reaches a multiple; semi-bandit pulls may jump past one).
  const bool anytime = trace && p.run.trace_recommendations;
  const auto every = static_cast<std::uint64_t>(p.run.trace_every);
  std::uint64_t next_verdict = every;
  Decision optimum;
  if (anytime) run.oracles.front()->optimal(judged_truth(environment), optimum);
  record.stop = StopReason::MaxSamples;
  for (std::uint64_t round = 1;; ++round) {
    if (trace) trace->sample = samples;
    if (anytime && samples >= next_verdict) {
      const Recommendation answer = algorithm.recommend();
      const Verdict verdict = cpex::judge(*run.oracles.front(), judged_truth(environment), optimum,
                                          answer.decision, answer.epsilon);
      record.trace.push_back({samples, "anytime.correct", verdict.correct ? 1.0 : 0.0});
      record.trace.push_back({samples, "anytime.optimal", verdict.optimal ? 1.0 : 0.0});
      next_verdict = (samples / every + 1) * every;
    }
    const bool at_budget = budget && samples >= budget;
    if (!algorithm.next(action)) {
      record.stopped = true;
      record.stop = StopReason::Rule;
      break;
    }
    if (at_budget) {
      record.stop = StopReason::Budget;
      break;
    }
    if (samples >= max_samples) break;
    if (timed && round % 64 == 0) {
      if (interrupt && interrupt->load(std::memory_order_relaxed)) throw RunInterrupted();
      if (p.run.max_seconds > 0.0 && std::chrono::steady_clock::now() >= deadline) {
        record.stop = StopReason::MaxSeconds;
        break;
      }
    }
    const std::uint64_t cost = semi_bandit ? action.super_arm.size() : 1;
    if (budget && samples + cost > budget) {
      record.stop = StopReason::Budget;
      break;
    }
    if (semi_bandit) observation.per_arm = std::span<double>(per_arm.data(), action.super_arm.size());
    environment.pull(action, observation);
    samples += cost;
    if (!pulls.empty()) {
      if (action.super_arm.empty())
        ++pulls[action.arm];
      else
        for (std::size_t arm : action.super_arm) ++pulls[arm];
    }
    algorithm.observe(action, observation);
  }
  for (std::size_t i = 0; i < pulls.size(); ++i) {
    if (i) record.pulls += ' ';
    append_number(record.pulls, pulls[i]);
  }
  record.samples = samples;

  const Recommendation answer = algorithm.recommend();
  record.recommendation = to_string(answer.decision);
  Decision best;
  const Oracle& judge = *run.oracles.front();
  judge.optimal(judged_truth(environment), best);
  const Verdict verdict = cpex::judge(judge, judged_truth(environment), best, answer.decision, answer.epsilon);
  record.correct = verdict.correct;
  record.optimal = verdict.optimal;

  auto resolved = algorithm.resolved();
  for (auto& entry : environment.resolved()) resolved.push_back(std::move(entry));
  record.resolved = resolved_json(resolved);
  record.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
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

}  // namespace cpex
