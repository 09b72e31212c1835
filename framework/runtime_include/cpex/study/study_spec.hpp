// The [study] section of a study's pipeline file: the arms by name, the declared rewards
// (family, sigma or range), the kind of pull (one arm, or a super arm observed per member
// or as a sum) and, for linear problems, the arms' features. It replaces [environment]:
// the rewards of a study come from outside (`cpex study tell`), so it builds the public
// Problem an algorithm starts from, and no truth. docs/studies.md, "The study file".
#pragma once

#include <cstddef>
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

// What a [study] section declares, read and checked.
struct StudySpec {
  std::vector<std::string> arms;  // names, one per arm (for `arms = N`: "0", ..., "N-1")
  std::string rewards;            // the declared family's name
  Problem problem;                // what the algorithm is told
};

// The [study] section's keys.
const ParamSchema& study_schema();

// Reads the section of `file` against study_schema(); ConfigError naming the file,
// "[study]", the key and the value.
StudySpec read_study_section(const PipelineFile& file);

// The same from values already read (the study entry's factory); ParameterError(key, ...).
StudySpec study_spec(const ParamValues& values);

// The feedback the section declares (read before the pipeline is assembled: the
// algorithm's accepted feedback is compared with it first).
FeedbackKind declared_feedback(const PipelineFile& file);

// The built-in environment entry of a study ("study", feedback as declared): its factory
// builds the public problem; pull() and truth() are never called (a study judges no truth).
EnvironmentEntry study_entry(FeedbackKind feedback);

// Why `reward` is not a possible observation under `model` ("is not 0 or 1 (bernoulli
// rewards)"), or "" when it is. Reads the family from the model, the one place.
std::string reward_refusal(const RewardModel& model, double reward);

// The index of the arm named `name`; Error "unknown arm 'x' (did you mean 'y'?) ..."
// otherwise.
std::size_t arm_index(const std::vector<std::string>& arms, const std::string& name);

}  // namespace cpex::runtime::study
