// Assembling a pipeline from a parsed file: choosing plugins, reading their parameters,
// checking that environment, oracles and algorithm fit together, and a probe that builds
// every object once so that bad parameters fail before any run.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cpex/errors.hpp"
#include "cpex/params.hpp"
#include "cpex/registry.hpp"
#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/runtime/sweep_scope.hpp"

namespace cpex::inline runtime {

struct RunSettings {
  std::uint64_t seed = 1;
  std::int64_t repetitions = 100;
  std::int64_t max_samples = 100'000'000;
  double max_seconds = 0.0;   // wall-clock cap per run; 0: none
  bool record_pulls = false;  // count the pulls of every arm (the `pulls` column)
  std::string trace_file;     // where the algorithms' per-round values go; empty: no trace
  std::int64_t trace_every = 1;  // keep the values recorded at every n-th sample
  std::int64_t budget = 0;       // fixed-budget setting: run.budget = T samples; 0: none
  bool trace_recommendations = false;  // judge the current answer every trace_every samples
  // Batched and delayed feedback (docs/studies.md, "Batches and delays"): pulls asked
  // batch_size at a time, each observation told `delay` pulls after it was asked, through the
  // study's driver; 1 and 0: the plain loop of next() and observe() in turn.
  std::int64_t batch_size = 1;
  std::int64_t delay = 0;
  // Budgets at which every run is judged (`[run] checkpoints`, increasing; empty: none). A
  // sweep gives each its own point and row (the `run.budget` column): one run of an algorithm
  // that does not depend on its budget, one run per checkpoint of a fixed-budget one
  // (run_checkpoints in run.hpp). Assembly sets `budget` to the first checkpoint (each
  // point's pipeline then holds its own).
  std::vector<std::uint64_t> checkpoints;
  // BrakeBooster (Balagopalan et al. 2025; run_brake_booster in the runtime): the algorithm
  // run afresh with growing budgets (from brake_booster_budget) and votes (from
  // brake_booster_votes), each growing by brake_booster_growth, until a majority stops.
  bool brake_booster = false;
  std::int64_t brake_booster_budget = 16384;
  std::int64_t brake_booster_votes = 1;
  double brake_booster_growth = 1.2;
};

// The [run] section's schema (seed, repetitions, max-samples, budget, ...).
const ParamSchema& run_schema();

struct OracleChoice {
  std::string section;  // "oracle", "dks", ...
  const OracleEntry* entry = nullptr;
  ParamValues params;
};

// T*(mu) solved for the pipeline's runs (lower_bound.hpp), shared by its copies.
struct LowerBoundCache;

struct Pipeline {
  std::string source;
  const EnvironmentEntry* environment = nullptr;
  ParamValues environment_params;
  std::vector<OracleChoice> oracles;  // in the order of the algorithm's AlgorithmNeeds
  const AlgorithmEntry* algorithm = nullptr;
  // The algorithm as rows, tables and legends name it: the plugin's name, or NAME@LABEL
  // for a named variant (plugin_variant.hpp).
  std::string algorithm_name;
  ParamValues algorithm_params;
  RunSettings run;
  // Made by assemble(); null in a hand-built pipeline (each run then solves T* itself).
  std::shared_ptr<LowerBoundCache> lower_bounds;
  // Non-empty: a point of a mixed sweep whose algorithm (algorithm_name) does not fit it,
  // and why; it has no runs, and its other members are another point's (prepare_sweep).
  std::string skipped;
};

// The point's algorithm does not fit the rest of the point: the feedback, the oracle's
// capabilities, the rewards, the setting (fixed budget or confidence), an answer set apart
// from the arms, or a key of another section the algorithm refuses. A mixed sweep skips
// such an (algorithm, point) pair (README, "Comparing algorithms"); --strict refuses it.
class MismatchError : public ConfigError {
 public:
  using ConfigError::ConfigError;
};

// Where a pipeline's instance comes from: the plugin named by the [environment] section
// (the default), or a fixed entry configured by another section — a study's [study]
// section (cpex/study/study_spec.hpp), whose rewards come from outside.
struct InstanceSection {
  std::string name = "environment";
  const EnvironmentEntry* fixed = nullptr;  // null: the section's `plugin` key names it
};

// Build and check a pipeline. Throws ConfigError naming the file and the culprit.
// `extra_sections` are allowed besides the plugin sections (e.g. "sweep"). `sweep`: the
// plugins the whole sweep names per section (sweep_scope.hpp); then a section or a plain
// key that only some swept plugins use is allowed and applies to those, and one that no
// swept plugin uses is refused. Null: the file's own plugins only.
Pipeline assemble(const PipelineFile& file, const Registry& registry,
                  const std::vector<std::string>& extra_sections = {},
                  const SweepScope* sweep = nullptr, const InstanceSection& instance = {});

}  // namespace cpex::runtime
