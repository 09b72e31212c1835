// One run of a pipeline: build the objects from the run's seed, loop (algorithm proposes,
// environment answers) until the algorithm stops or max-samples is reached, then judge the
// recommendation against the oracle's optimal decision on the true parameters.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "cpex/algorithm.hpp"
#include "cpex/environment.hpp"
#include "cpex/oracle.hpp"
#include "cpex/random.hpp"
#include "cpex/results/run_result.hpp"
#include "cpex/runtime/pipeline.hpp"

namespace cpex::inline runtime {

// The live objects of one run. Destroyed before the plugin libraries are unloaded.
struct RunObjects {
  std::unique_ptr<Environment> environment;
  // The problem of the run as oracles and the algorithm see it: the environment's Problem
  // with the registration's feedback kind (the one declaration of it). The environment's own
  // object when that already says so, a copy otherwise.
  std::shared_ptr<const Problem> problem;
  std::vector<std::unique_ptr<Oracle>> oracles;
  std::unique_ptr<Algorithm> algorithm;
  AlgorithmContext context;
};

// Build and start the objects of a run. A ParameterError from a plugin becomes a
// ConfigError naming the pipeline file, the section and the key.
RunObjects instantiate(const Pipeline& pipeline, const RunSeed& seed, TraceSink* trace = nullptr);

// Instantiate once (repetition 0) so that bad parameters fail before any run.
void probe(const Pipeline& pipeline);

// Thrown by run_once when `interrupt` was set while the run was going: the run is
// abandoned (not a result; a resumed sweep runs it again).
class RunInterrupted : public std::exception {
 public:
  const char* what() const noexcept override { return "run interrupted"; }
};

// Execute one run to the end (collecting a trace when the pipeline asks for one). The
// run ends at run.budget samples when set, is capped at run.max-samples and
// run.max-seconds; `interrupt`, when given and set, abandons it (RunInterrupted). With
// run.trace-recommendations the trace also gets, every run.trace-every samples, the
// verdicts on the algorithm's current recommendation ("anytime.correct", "anytime.optimal":
// 1 or 0).
RunRecord run_once(const Pipeline& pipeline, const RunSeed& seed,
                   const std::atomic<bool>* interrupt = nullptr);

// Whether the algorithm's answer at a budget depends on being told the budget: a fixed-budget
// algorithm that is not anytime (checkpoints then run it once per budget).
bool depends_on_budget(const Pipeline& pipeline);

// `[run] checkpoints`: the rows of one repetition, one per checkpoint, from the pipelines of
// the checkpoints in order (each with run.budget = its checkpoint). An algorithm that depends
// on its budget runs once per checkpoint; any other runs once, to the last checkpoint (or its
// own stop), and is judged at each budget where a run told to stop there would end: the row
// equals that run's. Checkpoints after a run stopped by its rule (or was capped) hold its
// final answer. The last row carries the trace.
std::vector<RunRecord> run_checkpoints(std::span<const Pipeline* const> pipelines, const RunSeed& seed,
                                       const std::atomic<bool>* interrupt = nullptr);

}  // namespace cpex::runtime
