// Printing of the shared value types (feedback kinds, decisions, capabilities, priors).
#include "cpex/capabilities.hpp"
#include "cpex/enum_names.hpp"
#include "cpex/feedback_kinds.hpp"
#include "cpex/problem.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>
#include <utility>

namespace cpex {

namespace {

constexpr EnumName<RewardFamily> kRewardFamilyNames[] = {
    {RewardFamily::Other, "other"},
    {RewardFamily::Gaussian, "gaussian"},
    {RewardFamily::Bernoulli, "bernoulli"},
    {RewardFamily::Bounded, "bounded"},
    {RewardFamily::Poisson, "poisson"},
    {RewardFamily::Exponential, "exponential"},
    {RewardFamily::GaussianUnknownVariance, "gaussian-unknown-variance"}};

}  // namespace

const char* to_string(FeedbackKind kind) { return feedback_info(kind).name; }

const char* to_string(KeyParameter parameter) {
  return parameter == KeyParameter::Mean ? "mean" : "variance";
}

const char* to_string(RewardFamily family) { return name_of(kRewardFamilyNames, family); }

bool has_sub_gaussian_scale(RewardFamily family) {
  return family != RewardFamily::Poisson && family != RewardFamily::Exponential &&
         family != RewardFamily::GaussianUnknownVariance;
}

void declare_rewards(Problem& problem, RewardFamily family, double sigma, double lower, double upper) {
  switch (family) {
    case RewardFamily::Other: return;
    case RewardFamily::Gaussian: problem.rewards = RewardModel::gaussian(); break;
    case RewardFamily::Bernoulli: problem.rewards = RewardModel::bernoulli(); break;
    case RewardFamily::Bounded: problem.rewards = RewardModel::bounded(lower, upper); break;
    case RewardFamily::Poisson: problem.rewards = RewardModel::poisson(); break;
    case RewardFamily::Exponential: problem.rewards = RewardModel::exponential(); break;
    case RewardFamily::GaussianUnknownVariance: problem.rewards = RewardModel::gaussian_unknown_variance(); break;
  }
  problem.noise_sigma = family == RewardFamily::Gaussian    ? sigma
                        : family == RewardFamily::Bernoulli ? 0.5
                        : family == RewardFamily::Bounded   ? 0.5 * (upper - lower)
                                                            : 0.0;
}

namespace {

// "0.5" as a pipeline file writes a real (shortest text that reads back).
std::string real_text(double x) {
  char buffer[40];
  const auto r = std::to_chars(buffer, buffer + sizeof buffer, x);
  return std::string(buffer, r.ptr);
}

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

}  // namespace

std::string to_string(const Prior& prior) {
  switch (prior.kind) {
    case Prior::Kind::None: return "none";
    case Prior::Kind::Gaussian: return "gaussian(" + real_text(prior.a) + ", " + real_text(prior.b) + ")";
    case Prior::Kind::Beta: return "beta(" + real_text(prior.a) + ", " + real_text(prior.b) + ")";
  }
  return "none";
}

bool parse_prior(const std::string& text, Prior& out, std::string& why) {
  const std::string t = trimmed(text);
  const auto open = t.find('('), comma = t.find(','), close = t.find(')');
  const std::string name = trimmed(t.substr(0, open));
  if (open == std::string::npos || comma == std::string::npos || close == std::string::npos || comma < open ||
      close < comma || close + 1 != t.size() || (name != "gaussian" && name != "beta")) {
    why = "'" + t + "' is not a prior: write gaussian(MEAN, SD) or beta(A, B)";
    return false;
  }
  const std::string first = trimmed(t.substr(open + 1, comma - open - 1));
  const std::string second = trimmed(t.substr(comma + 1, close - comma - 1));
  double a = 0.0, b = 0.0;
  const auto read = [](const std::string& s, double& x) {
    const auto r = std::from_chars(s.data(), s.data() + s.size(), x);
    return !s.empty() && r.ec == std::errc() && r.ptr == s.data() + s.size() && std::isfinite(x);
  };
  if (!read(first, a) || !read(second, b)) {
    why = "'" + t + "': the prior's parameters must be two finite numbers";
    return false;
  }
  if (name == "gaussian" && !(b > 0.0)) {
    why = "'" + t + "': the standard deviation of gaussian(MEAN, SD) must be > 0";
    return false;
  }
  if (name == "beta" && !(a > 0.0 && b > 0.0)) {
    why = "'" + t + "': both parameters of beta(A, B) must be > 0";
    return false;
  }
  out = Prior{name == "gaussian" ? Prior::Kind::Gaussian : Prior::Kind::Beta, a, b};
  return true;
}

namespace {

bool finite_end(double lower, double upper) {
  return lower > -std::numeric_limits<double>::infinity() ||
         upper < std::numeric_limits<double>::infinity();
}

}  // namespace

std::string describe(const RewardModel& model) {
  std::ostringstream out;
  switch (model.family) {
    case RewardFamily::Gaussian: return "gaussian";
    case RewardFamily::Bernoulli: return "bernoulli";
    case RewardFamily::Poisson: return "poisson";
    case RewardFamily::Exponential: return "exponential";
    case RewardFamily::GaussianUnknownVariance: return "gaussian of unknown variance";
    case RewardFamily::Bounded: out << "bounded"; break;
    case RewardFamily::Other: out << "of no declared family"; break;
  }
  if (finite_end(model.lower, model.upper))
    out << (model.family == RewardFamily::Other ? ", in [" : " in [") << model.lower << ", "
        << model.upper << "]";
  return out.str();
}

std::string describe(const RewardRequirement& requirement) {
  const auto& families = requirement.families;
  std::ostringstream out;
  for (std::size_t i = 0; i < families.size(); ++i)
    out << (i == 0 ? "" : i + 1 == families.size() ? " or " : ", ") << to_string(families[i]);
  out << (families.empty() ? "rewards" : " rewards");
  if (finite_end(requirement.lower, requirement.upper))
    out << " in [" << requirement.lower << ", " << requirement.upper << "]";
  if (families.empty() && !finite_end(requirement.lower, requirement.upper)) return "any rewards";
  return out.str();
}

bool satisfies(const RewardModel& model, const RewardRequirement& requirement) {
  const auto& families = requirement.families;
  const bool family_ok = families.empty()
                             ? has_sub_gaussian_scale(model.family)
                             : std::find(families.begin(), families.end(), model.family) != families.end();
  return family_ok && model.within(requirement.lower, requirement.upper);
}

std::string reward_mismatch(const RewardRequirement& requirement, const RewardModel& model) {
  if (satisfies(model, requirement)) return "";
  if (requirement.families.empty() && !has_sub_gaussian_scale(model.family))
    return "rewards with a known sub-Gaussian constant (Problem::noise_sigma)";
  return describe(requirement);
}

// Arms as decimal integers separated by spaces, then (when there are values) " |" and each
// value as ' ' + printf("%.12g") — the text an ostringstream with precision(12) printed
// before, written with std::to_chars (C locale, as ostream's number formatting): a stream's
// construction (locale caches, dynamic_casts) cost about 2,500 instructions per run.
std::string to_string(const Decision& decision) {
  std::string out;
  out.reserve(decision.arms.size() * 4 + decision.values.size() * 20);
  char buffer[40];
  for (std::size_t i = 0; i < decision.arms.size(); ++i) {
    if (i) out += ' ';
    const auto r = std::to_chars(buffer, buffer + sizeof buffer, decision.arms[i]);
    out.append(buffer, r.ptr);
  }
  if (!decision.values.empty()) {
    out += decision.arms.empty() ? "|" : " |";
    for (double v : decision.values) {
      out += ' ';
      const auto r = std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::general, 12);
      out.append(buffer, r.ptr);
    }
  }
  return out;
}

std::string describe_capabilities(unsigned capabilities) {
  static const std::pair<unsigned, const char*> names[] = {
      {kLinearMaximization, "linear-maximization"},
      {kSecondBest, "second-best"},
      {kSeparableLeading, "separable-leading"},
      {kBiMonotone, "bi-monotone"},
      {kQuadratic, "quadratic"},
      {kCardinality, "cardinality"},
      {kMatroid, "matroid"},
      {kEnumerable, "enumerable"},
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
  if (settings & kAnytime) text += (text.empty() ? "" : ", ") + std::string("anytime");
  return text.empty() ? "none" : text;
}

}  // namespace cpex
