// The answers of ask, tell, status and simulate as JSON.
#include "cpex/study/study_json.hpp"

#include <cmath>
#include <limits>
#include <sstream>

#include "cpex/messages.hpp"

namespace cpex::inline runtime::study {

using nlohmann::json;
using Out = nlohmann::ordered_json;

namespace {

std::vector<std::string> names_of(const Study& study, const Pull& pull) {
  std::vector<std::string> names;
  for (std::size_t arm : pull.arms) names.push_back(arm < study.arms().size() ? study.arms()[arm] : "?");
  return names;
}

// JSON has no NaN or infinity: null instead.
Out number_json(double x) { return std::isfinite(x) ? Out(x) : Out(nullptr); }

// The state as status names it: "waiting" when no pull can be asked now.
std::string state_of(const Study& study, const Driver& driver) {
  if (driver.phase() != Phase::Running) return to_string(driver.phase());
  return no_pull_reason(driver, study.limits()).empty() ? "running" : "waiting";
}

bool super_arms(const Study& study) {
  const FeedbackKind feedback = study.spec().problem.feedback;
  return feedback == FeedbackKind::SemiBandit || feedback == FeedbackKind::FullBanditSum;
}

}  // namespace

Out asks_json(const Study& study, const std::vector<AskedPull>& asked, const Driver& driver, std::size_t requested) {
  const bool super = super_arms(study);
  Out list = Out::array();
  for (const AskedPull& a : asked) {
    Out item = {{"ask", a.ask}};
    if (super) item["arms"] = names_of(study, a.pull);
    else item["arm"] = names_of(study, a.pull).front();
    list.push_back(std::move(item));
  }
  Out out = {{"asks", list}, {"state", state_of(study, driver)}, {"pending", driver.pending()},
             {"samples", driver.samples()}};
  if (requested > asked.size()) out["note"] = study.shortfall();
  return out;
}

Out tell_json(const TellOutcome& outcome, const Study& study, const Driver& driver) {
  return {{"accepted", outcome.accepted}, {"late", outcome.late},       {"cancelled", outcome.cancelled},
          {"voided", outcome.voided},     {"duplicates", outcome.duplicates}, {"seqs", outcome.seqs},
          {"state", state_of(study, driver)}, {"samples", driver.samples()}};
}

Out log_json(const Study& study, const Study::LogPage& page) {
  Out events = Out::array();
  const bool super = super_arms(study);
  for (const Event& e : page.events) {
    Out item = {{"seq", e.seq}, {"kind", to_string(e.kind)}, {"ask", e.ask}};
    if (e.kind == Event::Kind::Ask || (e.kind == Event::Kind::Tell && e.ask == 0)) {
      if (super) item["arms"] = names_of(study, e.pull);
      else item["arm"] = names_of(study, e.pull).front();
    }
    if (e.kind == Event::Kind::Tell) {
      if (e.reading.per_arm.empty()) item["reward"] = number_json(e.reading.reward);
      else item["rewards"] = e.reading.per_arm;
      item["late"] = e.late;
      item["voided"] = page.voided.count(e.seq) != 0;
      if (!e.id.empty()) item["id"] = e.id;
    }
    if (e.kind == Event::Kind::Void) item["target"] = e.target;
    if (!e.note.empty()) item["note"] = e.note;
    item["time"] = e.time;
    events.push_back(std::move(item));
  }
  return {{"events", events}, {"last", page.events.empty() ? Out(nullptr) : Out(page.events.back().seq)}};
}

Out status_json(const StudyStatus& s) {
  Out arms = Out::array();
  for (const ArmStatus& a : s.arms) {
    arms.push_back({{"name", a.name}, {"asked", a.asked}, {"pending", a.pending}, {"observed", a.observed},
                    {"used", a.used}, {"mean", number_json(a.mean)},
                    {"interval", {number_json(a.lower), number_json(a.upper)}}});
    if (s.objectives.empty()) continue;
    Out values = Out::array();
    for (std::size_t d = 0; d < s.objectives.size(); ++d) {
      const bool seen = d < a.objectives.size();
      values.push_back({{"objective", s.objectives[d]},
                        {"mean", seen ? number_json(a.objectives[d].mean) : Out(nullptr)},
                        {"interval", {seen ? number_json(a.objectives[d].lower) : Out(nullptr),
                                      seen ? number_json(a.objectives[d].upper) : Out(nullptr)}}});
    }
    arms.back()["objectives"] = values;
  }
  Out waiting = Out::array();
  for (const AwaitedAsk& a : s.waiting_for) waiting.push_back({{"ask", a.ask}, {"pull", a.pull}, {"asked_at", a.asked_at}});
  Out out = {{"state", s.state},
              {"objectives", s.objectives.empty() ? Out(nullptr) : Out(s.objectives)},
              {"stopped", s.state == "stopped"},
              {"waiting_why", s.waiting_why.empty() ? Out(nullptr) : Out(s.waiting_why)},
              {"waiting_for", waiting},
              {"awaited", s.awaited_total},
              {"algorithm", s.algorithm},
              {"policy", s.policy},
              {"asks", s.asks},
              {"samples", s.samples},
              {"observations", s.observations},
              {"pending", s.pending},
              {"used", s.used},
              {"late", s.late},
              {"voided", s.voided},
              {"timed_out", s.timed_out},
              {"pending_timeout", s.pending_timeout > 0 ? Out(s.pending_timeout) : Out(nullptr)},
              {"arms", arms},
              {"recommendation", s.has_recommendation ? Out(s.recommendation) : Out(nullptr)},
              {"epsilon", s.epsilon},
              {"delta", s.delta ? Out(*s.delta) : Out(nullptr)},
              {"budget", s.budget ? Out(*s.budget) : Out(nullptr)}};
  Out reported = Out::object();
  for (const auto& [name, value] : s.reported) reported[name] = number_json(value);
  out["reported"] = reported;
  if (s.glr.defined)
    out["glr"] = {{"statistic", number_json(s.glr.statistic)}, {"threshold", number_json(s.glr.threshold)},
                  {"best", s.glr.best}, {"challenger", s.glr.challenger}, {"passed", s.glr.passed},
                  {"rule", s.glr.rule}};
  else
    out["glr"] = {{"available", false}, {"why", s.glr.why_not}};
  out["t_star"] = s.t_star ? number_json(*s.t_star) : Out(nullptr);
  out["t_star_samples"] = s.t_star_samples ? number_json(*s.t_star_samples) : Out(nullptr);
  out["more_samples"] = s.more_samples ? number_json(*s.more_samples) : Out(nullptr);
  out["certificate"] = s.certificate;
  out["certificate_text"] = s.certificate_text;
  return out;
}

Out simulate_json(const SimulateResult& r) {
  return {{"state", to_string(r.phase)},
          {"samples", r.samples},
          {"asks", r.asks},
          {"batches", r.batches},
          {"recommendation", r.recommendation_names},
          {"indices", r.recommendation},
          {"correct", r.correct},
          {"optimal", r.optimal},
          {"pulls", r.pulls}};
}

}  // namespace cpex::runtime::study
