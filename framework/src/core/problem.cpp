// Printing of the shared value types (feedback kinds, decisions, capabilities).
#include "cpex/capabilities.hpp"
#include "cpex/problem.hpp"

#include <sstream>

namespace cpex {

const char* to_string(FeedbackKind kind) {
  switch (kind) {
    case FeedbackKind::SingleArm: return "single-arm";
    case FeedbackKind::SemiBandit: return "semi-bandit";
    case FeedbackKind::FullBanditSum: return "full-bandit-sum";
    case FeedbackKind::LinearArm: return "linear-arm";
  }
  return "?";
}

const char* to_string(KeyParameter parameter) {
  return parameter == KeyParameter::Mean ? "mean" : "variance";
}

std::string to_string(const Decision& decision) {
  std::ostringstream out;
  for (std::size_t i = 0; i < decision.arms.size(); ++i) out << (i ? " " : "") << decision.arms[i];
  if (!decision.values.empty()) {
    out << (decision.arms.empty() ? "|" : " |");
    out.precision(12);
    for (double v : decision.values) out << ' ' << v;
  }
  return out.str();
}

std::string describe_capabilities(unsigned capabilities) {
  static const std::pair<unsigned, const char*> names[] = {
      {kLinearMaximization, "linear-maximization"},
      {kSecondBest, "second-best"},
      {kSeparableLeading, "separable-leading"},
      {kBiMonotone, "bi-monotone"},
      {kQuadratic, "quadratic"},
      {kCardinality, "cardinality"},
  };
  std::string text;
  for (const auto& [flag, name] : names)
    if (capabilities & flag) text += (text.empty() ? "" : ", ") + std::string(name);
  return text.empty() ? "none" : text;
}

std::string describe_settings(unsigned settings) {
  std::string text;
  if (settings & kFixedConfidence) text = "fixed-confidence";
  if (settings & kFixedBudget) text += (text.empty() ? "" : ", ") + std::string("fixed-budget");
  return text.empty() ? "none" : text;
}

}  // namespace cpex
