// The run loop and the construction of a run's objects.
#include "cpex/runtime/run.hpp"

#include "cpex/runtime/lower_bound.hpp"
#include "run_parts.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <new>
#include <optional>
#include <stdexcept>
#include <span>

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
  // The budget is told to a fixed-budget algorithm; an anytime one runs to it untold, with no
  // stopping rule of its own (AlgorithmContext::anytime); a fixed-confidence one judged at
  // checkpoints is neither told nor changed.
  const unsigned settings = p.algorithm->needs.settings;
  const bool anytime = (settings & kAnytime) != 0;
  run.context.budget = (settings & kFixedBudget) && !anytime ? static_cast<std::uint64_t>(p.run.budget) : 0;
  run.context.anytime = anytime && p.run.budget > 0;
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

using namespace run_parts;

// The checkpoints of one run ([run] checkpoints before its last): the budgets, and the rows
// judged when the run reaches each (run_checkpoints).
struct CheckpointRows {
  std::span<const std::uint64_t> budgets;
  std::vector<RunRecord> rows;
  std::size_t next = 0;
};

// One run: its objects, the loop of next / pull / observe until the algorithm stops or a
// limit ends it, then the record. With `checkpoints`, the answer is also judged at each of
// their budgets, where a run with that budget would end: after the next() of the first round
// whose pull would reach past it (so a row equals the run told to stop there).
RunRecord run_unguarded(const Pipeline& p, const RunSeed& seed, const std::atomic<bool>* interrupt,
                        CheckpointRows* checkpoints = nullptr) {
  if (p.run.batch_size > 1 || p.run.delay > 0) return run_with_feedback(p, seed, interrupt);
  if (p.run.brake_booster) return run_brake_booster(p, seed, interrupt);
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
    const std::uint64_t cost = semi_bandit ? action.super_arm.size() : 1;
    while (checkpoints && checkpoints->next < checkpoints->budgets.size() &&
           samples + cost > checkpoints->budgets[checkpoints->next]) {
      RunRecord row;
      row.repetition = record.repetition;
      row.stop = StopReason::Budget;
      row.samples = samples;
      row.batches = record.batches;
      row.pulls = pulls.text();
      judge_answer(row, run);
      row.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
      checkpoints->rows.push_back(std::move(row));
      ++checkpoints->next;
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
    if (limits.budget && samples + cost > limits.budget) {
      record.stop = StopReason::Budget;
      break;
    }
    if (semi_bandit) observation.per_arm = std::span<double>(per_arm.data(), action.super_arm.size());
    if (multi_objective) observation.per_arm = std::span<double>(per_arm.data(), per_arm.size());
    environment.pull(action, observation);
    samples += cost;
    pulls.add(action);
    ++record.batches;  // one pull at a time: every pull is its own round of asking
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

bool depends_on_budget(const Pipeline& pipeline) {
  const unsigned settings = pipeline.algorithm->needs.settings;
  return (settings & kFixedBudget) && !(settings & kAnytime);
}

std::vector<RunRecord> run_checkpoints(std::span<const Pipeline* const> pipelines, const RunSeed& seed,
                                       const std::atomic<bool>* interrupt) {
  std::vector<RunRecord> out;
  if (pipelines.empty()) return out;
  if (depends_on_budget(*pipelines.back())) {
    for (const Pipeline* p : pipelines) out.push_back(run_once(*p, seed, interrupt));
    return out;
  }
  const Pipeline& last = *pipelines.back();
  std::vector<std::uint64_t> budgets;
  for (std::size_t c = 0; c + 1 < pipelines.size(); ++c) budgets.push_back(static_cast<std::uint64_t>(pipelines[c]->run.budget));
  CheckpointRows rows{budgets, {}, 0};
  RunRecord final;
  try {
    final = run_unguarded(last, seed, interrupt, &rows);
  } catch (const RunInterrupted&) {
    throw;
  } catch (...) {
    rethrow_as_error("running algorithm '" + last.algorithm->name + "' on environment '" +
                     last.environment->name + "'");
  }
  // Rows the run reached take its resolved parameters and lower bound; the checkpoints after
  // its end (it stopped by its rule, or was capped) hold its final answer, as a run with
  // that budget would.
  for (RunRecord& row : rows.rows) {
    row.resolved = final.resolved;
    row.lower_bound = final.lower_bound;
  }
  while (rows.rows.size() + 1 < pipelines.size()) {
    RunRecord copy = final;
    copy.trace.clear();
    rows.rows.push_back(std::move(copy));
  }
  out = std::move(rows.rows);
  out.push_back(std::move(final));
  return out;
}

}  // namespace cpex::runtime
