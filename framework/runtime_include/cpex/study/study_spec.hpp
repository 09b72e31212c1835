// The [study] section of a study's pipeline file: the arms by name, the declared rewards
// (family, sigma or range), the kind of pull (one arm, or a super arm observed per member
// or as a sum) and, for linear problems, the arms' features. It replaces [environment]:
// the rewards of a study come from outside (`cpex study tell`), so it builds the public
// Problem an algorithm starts from, and no truth. docs/studies.md, "The study file".
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cpex/params.hpp"
#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/problem.hpp"
#include "cpex/registry.hpp"

namespace cpex::inline runtime::study {

// The reward families a study may declare, by name: the one table every check reads.
struct DeclaredFamily {
  const char* name;      // the value of `rewards =`
  RewardFamily family;
  const char* meaning;   // for messages and `cpex study --help`
};
const std::vector<DeclaredFamily>& declared_families();

// What keeps a study small and its service responsive ([study] keys, docs/studies.md,
// "Limits"): the same for the command line, HTTP and Python.
struct StudyLimits {
  std::size_t ask_limit = 10'000;          // `ask-limit`: pulls one ask may request
  std::uint64_t pending_limit = 100'000;   // `pending-limit`: pulls handed out and not yet told
  std::size_t body_limit = 16u << 20;      // `body-limit` (MiB): one batch of tells, as text
  double pending_timeout = 0.0;            // `pending-timeout` (seconds; 0: off): a pull not
                                           // told by then is cancelled (and asked again)
};

// The rewards a study accepts: `range = LO, HI` (any family; for bounded rewards also the
// support the algorithm is told).
struct RewardRange {
  double lower = 0.0, upper = 0.0;
};

// What a [study] section declares, read and checked.
struct StudySpec {
  std::vector<std::string> arms;  // names, one per arm (for `arms = N`: "0", ..., "N-1")
  // `objectives = conversion, latency`: the names of the values one observation holds
  // (multi-objective feedback, D >= 2; problem.objectives = D); empty for one reward.
  std::vector<std::string> objectives;
  std::string rewards;            // the declared family's name
  Problem problem;                // what the algorithm is told
  std::optional<RewardRange> range;
  StudyLimits limits;
};

// The [study] section's keys.
const ParamSchema& study_schema();

// Reads the section of `file` against study_schema(); ConfigError naming the file,
// "[study]", the key and the value.
StudySpec read_study_section(const PipelineFile& file);

// The same from values already read (the study entry's factory); ParameterError(key, ...).
StudySpec study_spec(const ParamValues& values);

// The feedback the section declares (read before the pipeline is assembled: the
// algorithm's accepted feedback is compared with it first): `feedback`, or multi-objective
// when the section names `objectives`.
FeedbackKind declared_feedback(const PipelineFile& file);

// The built-in environment entry of a study ("study", feedback as declared): its factory
// builds the public problem; pull() and truth() are never called (a study judges no truth).
EnvironmentEntry study_entry(FeedbackKind feedback);

// Why `reward` is not a possible observation under `model` ("is not 0 or 1 (bernoulli
// rewards)") or outside the declared `range`, or "" when it is. Reads the family from the
// model, the one place.
std::string reward_refusal(const RewardModel& model, double reward, const std::optional<RewardRange>& range = {});

// Why `name` cannot name an arm ("" when it can): empty, with a comma (the separator of
// `arms =` and of super arms), a control character, surrounding spaces, or too long. The
// one rule for pipeline files, the command line and Python.
std::string arm_name_refusal(const std::string& name);
// The same for a list of names, also refusing one given twice; ConfigError naming it.
void check_arm_names(const std::vector<std::string>& names);

// "90", "15m", "2h", "1.5d": seconds; Error otherwise (the `pending-timeout` syntax).
double duration_seconds(const std::string& text);

// The index of the objective named `name` among `objectives`; Error "unknown objective ..."
// otherwise.
std::size_t objective_index(const std::vector<std::string>& objectives, const std::string& name);

// The index of the arm named `name`; Error "unknown arm 'x' (did you mean 'y'?) ..."
// otherwise.
std::size_t arm_index(const std::vector<std::string>& arms, const std::string& name);

}  // namespace cpex::runtime::study
