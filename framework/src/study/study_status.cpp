// The status of a study: per-arm data and intervals, the algorithm's answer, and the
// independent identification check (GLR statistic and plug-in T*).
#include "cpex/study/study_status.hpp"

#include <chrono>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>

#include "cpex/capabilities.hpp"
#include "cpex/numerics/exponential_family.hpp"
#include "cpex/numerics/optimal_weights.hpp"
#include "cpex/report/stats.hpp"

namespace cpex::inline runtime::study {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kZ95 = 1.959963984540054;  // the standard normal's 0.975 quantile

struct ArmData {
  double sum = 0.0;
};

void collect_arms(const Driver& driver, const std::vector<std::string>& names, StudyStatus& status,
                  std::vector<ArmData>& data) {
  const Problem& problem = driver.problem();
  const bool semi = problem.feedback == FeedbackKind::SemiBandit;
  const bool sum_only = problem.feedback == FeedbackKind::FullBanditSum;
  status.arms.resize(names.size());
  data.assign(names.size(), {});
  for (std::size_t i = 0; i < names.size(); ++i) status.arms[i].name = names[i];
  for (const PullRecord& record : driver.records()) {
    if (record.state == PullState::Cancelled) continue;
    const bool observed = record.state == PullState::Answered || record.state == PullState::Used;
    if (observed) ++status.observations;
    if (record.late) ++status.late;
    for (std::size_t m = 0; m < record.pull.arms.size(); ++m) {
      ArmStatus& arm = status.arms[record.pull.arms[m]];
      if (record.ask != 0) ++arm.asked;
      if (record.state == PullState::Pending) ++arm.pending;
      if (record.state == PullState::Used) ++arm.used;
      if (!observed) continue;
      ++arm.observed;
      if (!sum_only) data[record.pull.arms[m]].sum += semi ? record.reading.per_arm[m] : record.reading.reward;
    }
  }
  const RewardModel& model = problem.rewards;
  for (std::size_t i = 0; i < names.size(); ++i) {
    ArmStatus& arm = status.arms[i];
    const auto n = static_cast<double>(arm.observed);
    if (sum_only || arm.observed == 0) {
      arm.mean = arm.lower = arm.upper = kNaN;
      continue;
    }
    arm.mean = data[i].sum / n;
    double half = kNaN;
    if (model.family == RewardFamily::Bernoulli) {
      const auto successes = static_cast<std::uint64_t>(std::llround(data[i].sum));
      const Interval ci = clopper_pearson(successes, arm.observed);
      arm.lower = ci.lower;
      arm.upper = ci.upper;
      continue;
    }
    if (model.family == RewardFamily::Gaussian) half = kZ95 * problem.noise_sigma / std::sqrt(n);
    else if (model.bounded()) half = (model.upper - model.lower) * std::sqrt(std::log(2.0 / 0.05) / (2.0 * n));
    arm.lower = arm.mean - half;
    arm.upper = arm.mean + half;
    if (model.bounded()) {
      arm.lower = std::max(arm.lower, model.lower);
      arm.upper = std::min(arm.upper, model.upper);
    }
  }
}

}  // namespace

std::string decision_names(const Decision& decision, const std::vector<std::string>& names) {
  std::string text;
  for (std::size_t i = 0; i < decision.arms.size(); ++i)
    text += (i ? ", " : "") + (decision.arms[i] < names.size() ? names[decision.arms[i]] : "?");
  if (!decision.values.empty()) {
    text += " |";
    for (double v : decision.values) {
      std::ostringstream out;
      out << ' ' << v;
      text += out.str();
    }
  }
  return text;
}

void identification_check(const Driver& driver, StudyStatus& status) {
  GlrCheck& check = status.glr;
  const Problem& problem = driver.problem();
  const auto family = numerics::arm_family_of(problem.rewards, problem.noise_sigma);
  const Oracle& oracle = *driver.oracles().front();
  const unsigned capabilities = driver.pipeline().oracles.front().entry->capabilities;
  if (problem.feedback != FeedbackKind::SingleArm || oracle.decision_size() != 1 ||
      !(capabilities & kCardinality)) {
    check.why_not = "defined for a single best arm with single-arm feedback";
    return;
  }
  if (!family) {
    check.why_not = "defined for gaussian and bernoulli rewards";
    return;
  }
  if (!status.delta) {
    check.why_not = "the algorithm has no delta";
    return;
  }
  std::vector<double> means, counts;
  double total = 0.0;
  for (const ArmStatus& arm : status.arms) {
    if (arm.observed == 0) {
      check.why_not = "every arm needs an observation first";
      return;
    }
    means.push_back(arm.mean);
    counts.push_back(static_cast<double>(arm.observed));
    total += static_cast<double>(arm.observed);
  }
  std::size_t best = 0;
  for (std::size_t a = 1; a < means.size(); ++a)
    if (means[a] > means[best]) best = a;
  std::size_t challenger = best == 0 ? 1 : 0;
  double z = std::numeric_limits<double>::infinity();
  for (std::size_t b = 0; b < means.size(); ++b) {
    if (b == best) continue;
    const double zb = family->glr(counts[best], means[best], counts[b], means[b]);
    if (zb < z) {
      z = zb;
      challenger = b;
    }
  }
  const double delta = *status.delta;
  const auto arms = static_cast<double>(means.size());
  check.defined = true;
  check.best = status.arms[best].name;
  check.challenger = status.arms[challenger].name;
  check.statistic = z;
  check.threshold = std::log(2.0 * total * (arms - 1.0) / delta);
  check.passed = z > check.threshold;
  try {
    const double t_star = numerics::characteristic_time(means, *family);
    if (std::isfinite(t_star)) {
      status.t_star = t_star;
      status.t_star_samples = t_star * std::log(1.0 / delta);
      status.more_samples = std::max(0.0, *status.t_star_samples - total);
    }
  } catch (const std::exception&) {
    // means on the family's boundary (a Bernoulli arm at 0 or 1 everywhere): no estimate
  }
}

std::string no_pull_reason(const Driver& driver, const StudyLimits& limits) {
  if (driver.phase() != Phase::Running)
    return std::string("the study has ended (") + to_string(driver.phase()) + "; cpex study status shows the answer)";
  if (driver.pending() >= limits.pending_limit)
    return std::to_string(driver.pending()) + " pulls are pending, the pending-limit ([study] pending-limit = " +
           std::to_string(limits.pending_limit) + "): tell or cancel some first";
  if (driver.waiting())
    return "the algorithm waits for " + std::to_string(driver.awaited().size()) + " pending observation(s)";
  if (!driver.can_ask())
    return "the budget or the sample cap allows no more pulls before the " + std::to_string(driver.pending()) +
           " pending ones are told";
  return "";
}

namespace {

// What backs the recommendation (StudyStatus::certificate).
void certify(const Pipeline& pipeline, StudyStatus& status) {
  std::ostringstream d;
  if (status.delta) d << *status.delta;
  if (pipeline.run.budget > 0) {
    status.certificate = "none";
    status.certificate_text = status.state == "running" || status.state == "waiting"
                                  ? "a fixed-budget study: no delta certificate (its paper's error bound at the budget)"
                                  : "budget spent, no delta certificate (a fixed-budget algorithm: its paper's "
                                    "error bound at the budget applies)";
    return;
  }
  if (status.state == "capped") {
    status.certificate = "none";
    status.certificate_text = "capped by [run] max-samples before the algorithm stopped: no certificate";
    return;
  }
  if (status.state != "stopped") {
    status.certificate = "none";
    status.certificate_text = status.glr.defined && status.glr.passed
                                  ? "not stopped yet (the independent GLR check already passes at delta " + d.str() + ")"
                                  : "not stopped yet: no certificate";
    return;
  }
  if (!status.delta) {
    status.certificate = "none";
    status.certificate_text = "the algorithm stopped by its rule; it has no delta to certify";
    return;
  }
  if (status.glr.defined && status.glr.passed) {
    status.certificate = "certified";
    status.certificate_text = "certified at delta " + d.str() +
                              ": the algorithm stopped by its rule, and the independent GLR check passes";
    return;
  }
  status.certificate = "algorithm";
  status.certificate_text =
      status.glr.defined
          ? "the algorithm stopped by its own rule at delta " + d.str() +
                "; not certified independently: the GLR check (a threshold valid for any sampling rule) "
                "has not passed"
          : "the algorithm stopped by its own rule at delta " + d.str() +
                " (its paper's guarantee); no independent check exists for this study (" + status.glr.why_not + ")";
}

}  // namespace

StudyStatus study_status(const Driver& driver, const std::vector<std::string>& arms, const StatusContext& context) {
  StudyStatus status;
  const Pipeline& pipeline = driver.pipeline();
  const StudyLimits limits = context.limits ? *context.limits : StudyLimits{};
  status.waiting_why = no_pull_reason(driver, limits);
  status.state = driver.phase() == Phase::Running && !status.waiting_why.empty() ? "waiting" : to_string(driver.phase());
  if (status.state != "waiting") status.waiting_why.clear();
  const std::vector<std::uint64_t> awaited = driver.awaited();
  status.awaited_total = awaited.size();
  for (std::size_t i = 0; i < awaited.size() && i < 20; ++i) {
    AwaitedAsk a;
    a.ask = awaited[i];
    for (std::size_t arm : driver.record_of_ask(a.ask).pull.arms)
      a.pull += (a.pull.empty() ? "" : ",") + (arm < arms.size() ? arms[arm] : std::string("?"));
    if (context.ask_times && a.ask <= context.ask_times->size())
      a.asked_at = (*context.ask_times)[a.ask - 1];
    status.waiting_for.push_back(std::move(a));
  }
  status.voided = context.voided;
  status.timed_out = context.timed_out;
  status.pending_timeout = limits.pending_timeout;
  status.policy = to_string(driver.policy());
  status.algorithm = pipeline.algorithm->name;
  status.asks = driver.asks();
  status.samples = driver.samples();
  status.used = driver.used();
  status.pending = driver.pending();
  std::vector<ArmData> data;
  collect_arms(driver, arms, status, data);
  if (pipeline.algorithm_params.has("delta")) status.delta = pipeline.algorithm_params.real("delta");
  if (pipeline.run.budget > 0) status.budget = pipeline.run.budget;
  if (driver.phase() != Phase::Running || pipeline.algorithm->needs.anytime) {
    const Recommendation answer = driver.algorithm().recommend();
    status.has_recommendation = true;
    status.recommendation = decision_names(answer.decision, arms);
    status.epsilon = answer.epsilon;
  }
  status.reported = driver.reported();
  identification_check(driver, status);
  certify(pipeline, status);
  return status;
}

namespace {

std::string number(double x, int precision = 4) {
  if (std::isnan(x)) return "-";
  std::ostringstream out;
  out << std::setprecision(precision) << x;
  return out.str();
}

std::string state_meaning(const StudyStatus& s) {
  if (s.state == "stopped") return "the algorithm stopped by its rule";
  if (s.state == "budget") return "the study used its budget";
  if (s.state == "capped") return "[run] max-samples reached before the algorithm stopped";
  if (s.state == "waiting") return "no pull can be asked now: " + s.waiting_why;
  return "pulls may be asked";
}

std::string duration(double seconds) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(0);
  if (seconds < 120) out << seconds << " s";
  else if (seconds < 7200) out << seconds / 60 << " min";
  else if (seconds < 172800) out << std::setprecision(1) << seconds / 3600 << " h";
  else out << std::setprecision(1) << seconds / 86400 << " d";
  return out.str();
}

}  // namespace

std::string status_text(const StudyStatus& s) {
  std::ostringstream out;
  out << "state: " << s.state << " (" << state_meaning(s) << "); algorithm " << s.algorithm
      << ", batches: " << s.policy << "\n";
  if (!s.waiting_for.empty()) {
    const double now =
        std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    out << "the algorithm's next step waits for ";
    for (std::size_t i = 0; i < s.waiting_for.size(); ++i)
      out << (i ? ", " : "") << "ask " << s.waiting_for[i].ask << " (" << s.waiting_for[i].pull << ", out for "
          << duration(std::max(0.0, now - s.waiting_for[i].asked_at)) << ")";
    if (s.awaited_total > s.waiting_for.size()) out << " and " << s.awaited_total - s.waiting_for.size() << " more";
    out << (s.pending_timeout > 0 ? "; pending-timeout " + duration(s.pending_timeout)
                                  : std::string("; a pull that will never be told: cancel it (tell --ask N --cancel)"))
        << "\n";
  }
  out << "samples: " << s.samples << " (" << s.observations << " observations, " << s.pending
      << " pending, " << s.used << " used by the algorithm";
  if (s.late) out << ", " << s.late << " late";
  if (s.voided) out << ", " << s.voided << " voided";
  if (s.timed_out) out << ", " << s.timed_out << " timed out";
  out << "); asks: " << s.asks;
  if (s.budget) out << "; budget " << *s.budget;
  out << "\n";
  std::size_t width = 4;
  for (const auto& arm : s.arms) width = std::max(width, arm.name.size());
  out << std::left << std::setw(static_cast<int>(width)) << "arm" << std::right << std::setw(9)
      << "asked" << std::setw(9) << "pending" << std::setw(10) << "observed" << std::setw(10)
      << "mean" << "  95% interval\n";
  for (const auto& arm : s.arms) {
    out << std::left << std::setw(static_cast<int>(width)) << arm.name << std::right << std::setw(9)
        << arm.asked << std::setw(9) << arm.pending << std::setw(10) << arm.observed << std::setw(10)
        << number(arm.mean);
    if (!std::isnan(arm.lower)) out << "  [" << number(arm.lower) << ", " << number(arm.upper) << "]";
    out << "\n";
  }
  out << "recommendation: ";
  if (s.has_recommendation) out << s.recommendation << (s.epsilon > 0 ? " (epsilon " + number(s.epsilon) + ")" : "");
  else out << "none until the algorithm stops (it gives no answer mid-run)";
  if (s.delta && !s.budget) out << "; delta " << number(*s.delta);
  out << "\ncertificate: " << s.certificate_text << "\n";
  if (!s.reported.empty()) {
    out << "the algorithm reports (its last round):";
    const char* separator = " ";
    for (const auto& [name, value] : s.reported) {
      out << separator << name << " = " << number(value, 6);
      separator = ", ";
    }
    out << "\n";
  }
  if (s.glr.defined) {
    out << "GLR check: Z = " << number(s.glr.statistic, 5) << " vs threshold " << number(s.glr.threshold, 5)
        << " (best " << s.glr.best << ", closest " << s.glr.challenger << "): "
        << (s.glr.passed ? "passed" : "not passed") << "\n";
  } else {
    out << "GLR check: not available (" << s.glr.why_not << ")\n";
  }
  if (s.t_star)
    out << "plug-in T*: " << number(*s.t_star, 5) << ", T* log(1/delta) = " << number(*s.t_star_samples, 5)
        << " samples; about " << number(*s.more_samples, 5) << " more\n";
  return out.str();
}

}  // namespace cpex::runtime::study
