// The answers of ask, tell, status and simulate as JSON.
#include "cpex/study/study_json.hpp"

#include <cmath>
#include <limits>
#include <sstream>

#include "cpex/messages.hpp"

namespace cpex::study {

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

}  // namespace

Out asks_json(const Study& study, const std::vector<AskedPull>& asked, const Driver& driver) {
  const bool super = driver.problem().feedback == FeedbackKind::SemiBandit ||
                     driver.problem().feedback == FeedbackKind::FullBanditSum;
  Out list = Out::array();
  for (const AskedPull& a : asked) {
    Out item = {{"ask", a.ask}};
    if (super) item["arms"] = names_of(study, a.pull);
    else item["arm"] = names_of(study, a.pull).front();
    list.push_back(std::move(item));
  }
  const std::string state = driver.phase() == Phase::Running && driver.waiting() ? "waiting" : to_string(driver.phase());
  return {{"asks", list}, {"state", state}, {"pending", driver.pending()}, {"samples", driver.samples()}};
}

Out tell_json(const TellOutcome& outcome, const Driver& driver) {
  return {{"accepted", outcome.accepted}, {"late", outcome.late}, {"cancelled", outcome.cancelled},
          {"state", to_string(driver.phase())}, {"samples", driver.samples()}};
}

Out status_json(const StudyStatus& s) {
  Out arms = Out::array();
  for (const ArmStatus& a : s.arms)
    arms.push_back({{"name", a.name}, {"asked", a.asked}, {"pending", a.pending}, {"observed", a.observed},
                    {"used", a.used}, {"mean", number_json(a.mean)},
                    {"interval", {number_json(a.lower), number_json(a.upper)}}});
  Out out = {{"state", s.state},
              {"stopped", s.state == "stopped"},
              {"algorithm", s.algorithm},
              {"policy", s.policy},
              {"asks", s.asks},
              {"samples", s.samples},
              {"observations", s.observations},
              {"pending", s.pending},
              {"used", s.used},
              {"late", s.late},
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
                  {"rule", "Garivier & Kaufmann 2016 Thm 10: log(2 t (K - 1) / delta)"}};
  else
    out["glr"] = {{"available", false}, {"why", s.glr.why_not}};
  out["t_star"] = s.t_star ? number_json(*s.t_star) : Out(nullptr);
  out["t_star_samples"] = s.t_star_samples ? number_json(*s.t_star_samples) : Out(nullptr);
  out["more_samples"] = s.more_samples ? number_json(*s.more_samples) : Out(nullptr);
  return out;
}

Out simulate_json(const SimulateResult& r) {
  return {{"state", to_string(r.phase)},   {"samples", r.samples},
          {"asks", r.asks},                 {"batches", r.batches},
          {"recommendation", r.recommendation},
          {"arms", r.recommendation_names}, {"correct", r.correct},
          {"optimal", r.optimal},           {"pulls", r.pulls}};
}

}  // namespace cpex::study
