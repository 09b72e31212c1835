// The Algorithm interface: a pure-exploration strategy that proposes pulls one at a time,
// observes the answers, and decides when to stop and what to recommend; optionally, it
// proposes pulls while earlier ones still await their observations (batches and delays).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cpex/oracle.hpp"
#include "cpex/params.hpp"
#include "cpex/problem.hpp"
#include "cpex/random.hpp"

namespace cpex {

// Receives per-round values (e.g. an approximation ratio) when the pipeline asks for a
// trace. Algorithms test the pointer first, so a run without a trace pays one branch.
class TraceSink {
 public:
  virtual ~TraceSink() = default;
  virtual void record(std::string_view name, double value) = 0;
};

// Everything an algorithm may use during a run.
struct AlgorithmContext {
  const Problem* problem = nullptr;
  // oracles[0] is the decision-class oracle of [oracle]; the other roles follow in the
  // order of AlgorithmNeeds::oracles.
  std::vector<const Oracle*> oracles;
  std::vector<unsigned> oracle_capabilities;  // the declared capabilities of each oracle
  RandomStream rng;                    // the algorithm's own stream
  TraceSink* trace = nullptr;          // null unless the pipeline asks for a trace
  std::span<const double> truth;       // empty unless the algorithm declares reads_truth
  // Fixed-budget setting: `[run] budget = T`, the most samples the run may take; 0 in the
  // fixed-confidence setting; never below the number of arms. After T samples the run
  // loop calls next() once more: false ends the run by the algorithm's rule (its schedule
  // used exactly T; it may finish its last decision there), true ends it at its budget
  // (status budget; the pull is not made).
  std::uint64_t budget = 0;
  // An anytime run (an algorithm that declares kAnytime, run with `[run] budget` or
  // `checkpoints`): the run ends at a budget the algorithm is not told (budget stays 0) and
  // its answer may be judged at any round, so it must not stop by a rule of its own (e.g. a
  // GLR sampler skips its stopping rule); false otherwise.
  bool anytime = false;
};

// The answer of Algorithm::propose.
enum class Proposal {
  Pull,  // the action holds the next pull
  Wait,  // no further pull before one of the pending observations arrives
  Stop,  // stopped by its rule (as next() returning false)
};

class Algorithm {
 public:
  virtual ~Algorithm() = default;

  // Prepare for a run. Throw ParameterError (naming the key) if the parameters do not fit
  // the problem; the framework calls start() once while assembling, before any run.
  virtual void start(const AlgorithmContext& context) = 0;

  // Write the next pull into `action` and return true, or return false to stop.
  virtual bool next(Action& action) = 0;

  // The environment's answer to the pull just proposed.
  virtual void observe(const Action& action, const Observation& observation) = 0;

  // The current answer; called when the algorithm stops, when the run reaches its budget
  // or a cap, and — with `[run] trace-recommendations` — between rounds (after observe(),
  // before the next next()), where it must not change the algorithm's state: an
  // algorithm that cannot answer mid-run declares AlgorithmNeeds::anytime = false.
  virtual Recommendation recommend() const = 0;

  // Batches and delays (optional; docs/studies.md). In a study the observations of several
  // pulls may be outstanding at once. An algorithm that can propose a pull while others
  // await their observations overrides propose() and declares AlgorithmNeeds::batches; a
  // study then calls propose() instead of next(), with the pulls proposed and not yet
  // observed in `pending` (oldest first), and calls observe() for each observation when it
  // arrives, in any order. With `pending` empty it must do exactly what next() does (the run
  // loop never has a pending pull, so runs are unchanged). Algorithms that do not declare
  // batches get the study's one default instead (docs/studies.md, "Batches and delays"):
  // they only ever see next() / observe() in turn, fed from per-pull queues. This default
  // body is the serial rule: wait while a pull is pending.
  virtual Proposal propose(Action& action, std::span<const Action> pending) {
    if (!pending.empty()) return Proposal::Wait;
    return next(action) ? Proposal::Pull : Proposal::Stop;
  }

  // Parameter values after presets are resolved, reported with every result row.
  virtual std::vector<std::pair<std::string, ParamValue>> resolved() const { return {}; }
};

}  // namespace cpex
