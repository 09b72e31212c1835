// The feedback kinds as one table: each kind's name (pipeline files, studies, Python,
// messages), what one pull names (an arm or a super arm) and what one observation holds
// (one reward, one per member of the super arm, or one per objective of a vector-valued arm). Every reader of a feedback name parses
// it here; the registration of an environment is the one place a plugin states its kind
// (the framework copies it into the run's Problem::feedback).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "cpex/enum_names.hpp"
#include "cpex/problem.hpp"

namespace cpex {

// What an Action of the kind names.
enum class PullShape { Arm, SuperArm };
// What an Observation of the kind holds.
enum class RewardShape { OneReward, PerMember, PerObjective };

struct FeedbackKindInfo {
  FeedbackKind kind;
  const char* name;
  PullShape pull;
  RewardShape reward;
  const char* meaning;  // one phrase, for help texts
};

inline constexpr FeedbackKindInfo kFeedbackKinds[] = {
    {FeedbackKind::SingleArm, "single-arm", PullShape::Arm, RewardShape::OneReward, "one arm, its reward"},
    {FeedbackKind::SemiBandit, "semi-bandit", PullShape::SuperArm, RewardShape::PerMember,
     "a super arm, each member's reward"},
    {FeedbackKind::FullBanditSum, "full-bandit-sum", PullShape::SuperArm, RewardShape::OneReward,
     "a super arm, the sum of its members' rewards"},
    {FeedbackKind::LinearArm, "linear-arm", PullShape::Arm, RewardShape::OneReward,
     "one arm with known features x, the reward x^T theta + noise"},
    {FeedbackKind::MultiObjective, "multi-objective", PullShape::Arm, RewardShape::PerObjective,
     "one arm, one reward per objective (a vector-valued arm)"},
};

// The table's line of `kind` (the first line for a value the enum does not have).
constexpr const FeedbackKindInfo& feedback_info(FeedbackKind kind) {
  for (const FeedbackKindInfo& info : kFeedbackKinds)
    if (info.kind == kind) return info;
  return kFeedbackKinds[0];
}

// The kind named `name`, nullopt for another name.
constexpr std::optional<FeedbackKind> feedback_kind_named(std::string_view name) {
  for (const FeedbackKindInfo& info : kFeedbackKinds)
    if (name == info.name) return info.kind;
  return std::nullopt;
}

// "single-arm, semi-bandit, full-bandit-sum, linear-arm, multi-objective": the names, for messages.
inline std::string feedback_kind_names() {
  std::string names;
  for (const FeedbackKindInfo& info : kFeedbackKinds) (names += names.empty() ? "" : ", ") += info.name;
  return names;
}

}  // namespace cpex
