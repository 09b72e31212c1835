// The status of a study: per-arm data and intervals, the algorithm's answer, and the
// independent identification check (GLR statistic and plug-in T*).
#include "cpex/study/study_status.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <limits>
#include <optional>
#include <sstream>

#include "cpex/feedback_kinds.hpp"
#include "cpex/identification/posed_problem.hpp"
#include "cpex/numerics/stopping_thresholds.hpp"
#include "cpex/report/stats.hpp"
#include "cpex/runtime/hardness.hpp"

namespace cpex::inline runtime::study {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kZ95 = 1.959963984540054;  // the standard normal's 0.975 quantile

struct ArmData {
  std::vector<double> sums;  // one per objective (one for one reward)
};

// The mean of n observations summing to `sum` with a 95% interval for this value alone (not
// simultaneous, not a stopping rule): gaussian z sigma / sqrt(n), bernoulli Clopper-Pearson,
// bounded Hoeffding; no interval for the other families.
ArmStatus::Objective mean_interval(const Problem& problem, double sum, std::uint64_t n) {
  const RewardModel& model = problem.rewards;
  ArmStatus::Objective out;
  out.mean = sum / static_cast<double>(n);
  if (model.family == RewardFamily::Bernoulli) {
    const Interval ci = clopper_pearson(static_cast<std::uint64_t>(std::llround(sum)), n);
    out.lower = ci.lower;
    out.upper = ci.upper;
    return out;
  }
  double half = kNaN;
  if (model.family == RewardFamily::Gaussian) half = kZ95 * problem.noise_sigma / std::sqrt(static_cast<double>(n));
  else if (model.bounded()) half = (model.upper - model.lower) * std::sqrt(std::log(2.0 / 0.05) / (2.0 * static_cast<double>(n)));
  out.lower = out.mean - half;
  out.upper = out.mean + half;
  if (model.bounded()) {
    out.lower = std::max(out.lower, model.lower);
    out.upper = std::min(out.upper, model.upper);
  }
  return out;
}

void collect_arms(const Driver& driver, const std::vector<std::string>& names, StudyStatus& status,
                  std::vector<ArmData>& data) {
  const Problem& problem = driver.problem();
  const RewardShape shape = feedback_info(problem.feedback).reward;
  const bool sum_only = problem.feedback == FeedbackKind::FullBanditSum;
  const std::size_t values = shape == RewardShape::PerObjective ? problem.objectives : 1;
  status.arms.resize(names.size());
  data.assign(names.size(), ArmData{std::vector<double>(values, 0.0)});
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
      std::vector<double>& sums = data[record.pull.arms[m]].sums;
      if (shape == RewardShape::PerObjective)
        for (std::size_t d = 0; d < values; ++d) sums[d] += record.reading.per_arm[d];
      else if (shape == RewardShape::PerMember) sums[0] += record.reading.per_arm[m];
      else if (!sum_only) sums[0] += record.reading.reward;
    }
  }
  for (std::size_t i = 0; i < names.size(); ++i) {
    ArmStatus& arm = status.arms[i];
    arm.mean = arm.lower = arm.upper = kNaN;
    if (sum_only || arm.observed == 0) continue;
    if (shape == RewardShape::PerObjective) {
      for (std::size_t d = 0; d < values; ++d) arm.objectives.push_back(mean_interval(problem, data[i].sums[d], arm.observed));
      continue;
    }
    const ArmStatus::Objective one = mean_interval(problem, data[i].sums[0], arm.observed);
    arm.mean = one.mean;
    arm.lower = one.lower;
    arm.upper = one.upper;
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

namespace {

// Names of `arms` (indices), ", "-separated.
std::string arm_list(const std::vector<std::size_t>& arms, const std::vector<ArmStatus>& status) {
  std::string text;
  for (std::size_t a : arms) text += (text.empty() ? "" : ", ") + (a < status.size() ? status[a].name : "?");
  return text;
}

}  // namespace

void identification_check(const Driver& driver, StudyStatus& status) {
  GlrCheck& check = status.glr;
  const Problem& problem = driver.problem();
  if (problem.feedback != FeedbackKind::SingleArm && problem.feedback != FeedbackKind::MultiObjective) {
    check.why_not = "defined for one arm a pull (single-arm or multi-objective feedback)";
    return;
  }
  if (!status.delta) {
    check.why_not = "the algorithm has no delta";
    return;
  }
  const Pipeline& pipeline = driver.pipeline();
  const Oracle& oracle = *driver.oracles().front();
  const unsigned capabilities = pipeline.oracles.front().entry->capabilities & ~oracle.withdrawn_capabilities();
  std::optional<identification::PosedProblem> posed;
  try {
    posed = identification::PosedProblem::from_pipeline(problem, oracle, capabilities, algorithm_epsilon(pipeline));
  } catch (const std::invalid_argument& e) {
    check.why_not = std::string("the study poses no identification problem the GLR check knows: ") + e.what();
    return;
  }
  const std::size_t objectives = posed->objectives();
  std::vector<double> means, counts;
  double total = 0.0;
  for (const ArmStatus& arm : status.arms) {
    if (arm.observed == 0) {
      check.why_not = "every arm needs an observation first";
      return;
    }
    if (objectives > 1)
      for (const ArmStatus::Objective& value : arm.objectives) means.push_back(value.mean);
    else
      means.push_back(arm.mean);
    counts.push_back(static_cast<double>(arm.observed));
    total += static_cast<double>(arm.observed);
  }
  const double delta = *status.delta;
  identification::GlrStatistic glr;
  try {
    glr = posed->glr(means, counts, true);
  } catch (const std::exception& e) {
    check.why_not = std::string("the GLR statistic is not defined here: ") + e.what();
    return;
  }
  if (glr.pieces.empty()) {
    check.why_not = "the empirical answer has no alternative to reject";
    return;
  }
  // The threshold (GlrCheck): GK's Theorem 10 when every piece moves at most two
  // one-dimensional arms, else kk2021 for the values the piece moves.
  std::size_t largest = 0;
  for (const auto& piece : glr.pieces) largest = std::max(largest, piece.arms.size());
  const bool pairs = objectives == 1 && largest <= 2;
  const auto kind = pairs ? numerics::StoppingThreshold::GkTheorem : numerics::StoppingThreshold::Kk2021;
  const auto t = static_cast<std::uint64_t>(std::max(total, 1.0));
  check.defined = true;
  check.best = arm_list(glr.answer.arms, status.arms);
  check.passed = true;
  double binding = std::numeric_limits<double>::infinity();
  for (const auto& piece : glr.pieces) {
    const double beta = numerics::stopping_threshold(kind, t, delta, glr.pieces.size(),
                                                     std::max<std::size_t>(piece.arms.size() * objectives, 1));
    if (!(piece.cost > beta)) check.passed = false;
    if (piece.cost - beta < binding) {
      binding = piece.cost - beta;
      check.statistic = piece.cost;
      check.threshold = beta;
      // the arms the piece moves besides the answer's (the best arm's challenger; the
      // dominated arm closest to the Pareto set), else all of them (a threshold's arm)
      std::vector<std::size_t> others;
      for (std::size_t a : piece.arms)
        if (std::find(glr.answer.arms.begin(), glr.answer.arms.end(), a) == glr.answer.arms.end()) others.push_back(a);
      check.challenger = arm_list(others.empty() ? piece.arms : others, status.arms);
    }
  }
  std::ostringstream rule;
  rule << (pairs ? "Garivier & Kaufmann 2016 Thm 10: log(2 t N / delta)"
                 : "Kaufmann & Koolen 2021 (kk2021) for the values a piece moves")
       << ", N = " << glr.pieces.size() << " pieces of the alternative (" << posed->name() << ")";
  check.rule = rule.str();
  try {
    const identification::CharacteristicTime t_star = posed->characteristic_time(means);
    if (std::isfinite(t_star.time)) {
      status.t_star = t_star.time;
      status.t_star_samples = t_star.time * std::log(1.0 / delta);
      status.more_samples = std::max(0.0, *status.t_star_samples - total);
    }
  } catch (const std::exception&) {
    // means on the family's boundary (a Bernoulli arm at 0 or 1 everywhere), or a problem
    // without T*: no estimate
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
  if (status.glr.defined && status.glr.passed && status.recommendation != status.glr.best) {
    status.certificate = "algorithm";
    status.certificate_text = "the algorithm stopped by its own rule at delta " + d.str() + " on " +
                              status.recommendation + ", which is not the answer of the empirical means (" +
                              status.glr.best + ", which the independent GLR check certifies)";
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
  if (context.objectives) status.objectives = *context.objectives;
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
      << "asked" << std::setw(9) << "pending" << std::setw(10) << "observed";
  if (s.objectives.empty()) out << std::setw(10) << "mean" << "  95% interval";
  else out << "  per objective: mean [95% interval]";
  out << "\n";
  auto interval = [&](double mean, double lower, double upper) {
    std::string text = number(mean);
    if (!std::isnan(lower)) text += " [" + number(lower) + ", " + number(upper) + "]";
    return text;
  };
  for (const auto& arm : s.arms) {
    out << std::left << std::setw(static_cast<int>(width)) << arm.name << std::right << std::setw(9)
        << arm.asked << std::setw(9) << arm.pending << std::setw(10) << arm.observed;
    if (s.objectives.empty()) {
      out << std::setw(10) << number(arm.mean);
      if (!std::isnan(arm.lower)) out << "  [" << number(arm.lower) << ", " << number(arm.upper) << "]";
    } else {
      for (std::size_t d = 0; d < s.objectives.size(); ++d)
        out << (d ? "; " : "  ") << s.objectives[d] << " "
            << (d < arm.objectives.size()
                    ? interval(arm.objectives[d].mean, arm.objectives[d].lower, arm.objectives[d].upper)
                    : std::string("-"));
    }
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
        << " (answer " << s.glr.best << ", closest " << s.glr.challenger << "): "
        << (s.glr.passed ? "passed" : "not passed") << "; " << s.glr.rule << "\n";
  } else {
    out << "GLR check: not available (" << s.glr.why_not << ")\n";
  }
  if (s.t_star)
    out << "plug-in T*: " << number(*s.t_star, 5) << ", T* log(1/delta) = " << number(*s.t_star_samples, 5)
        << " samples; about " << number(*s.more_samples, 5) << " more\n";
  return out.str();
}

}  // namespace cpex::runtime::study
