// Human-readable and JSON run summaries (JSON through nlohmann::json). A point without
// runs is "not run"; capped runs are censored (a "≥" bound, never a mean of 0); both
// verdict rates (not correct, not optimal) carry their Clopper-Pearson intervals.
#include "summary_output.hpp"

#include <cmath>

#include <nlohmann/json.hpp>

#include "cpex/report/stats.hpp"

namespace cpex::host {

namespace {

using Json = nlohmann::ordered_json;

Json number(double x) { return std::isnan(x) ? Json(nullptr) : Json(x); }
Json interval(const Interval& ci) {
  return std::isnan(ci.lower) ? Json(nullptr) : Json{ci.lower, ci.upper};
}

const char* point_status(const Summary& s, std::uint64_t planned) {
  if (s.runs == 0) return "not run";
  return s.runs < planned ? "partial" : "done";
}

Json summary_json(const Pipeline& p, const SweepPoint& point, const Summary& s) {
  Json j;
  add_point_keys(j, point);
  const auto planned = static_cast<std::uint64_t>(p.run.repetitions);
  j["pipeline"] = p.source;
  j["algorithm"] = p.algorithm_name;
  j["environment"] = p.environment->name;
  j["oracle"] = p.oracles.front().entry->name;
  j["status"] = point_status(s, planned);
  j["planned"] = planned;
  j["runs"] = s.runs;
  j["stopped"] = s.stopped;
  if (s.budget) j["budget"] = s.budget;  // of the stopped runs: ended at their budget
  j["capped"] = s.capped;
  j["failed"] = s.failed;
  const bool any = s.stopped > 0;
  j["samples"] = {{"mean", number(s.mean_samples)},
                  {"mean_ci95", interval(s.mean_samples_ci)},
                  {"median", number(s.median_samples)},
                  {"median_ci95", interval(s.median_samples_ci)},
                  {"min", any ? Json(s.min_samples) : Json(nullptr)},
                  {"max", any ? Json(s.max_samples) : Json(nullptr)},
                  {"mean_at_least", number(s.mean_samples_at_least)}};
  j["errors"] = s.errors;
  j["error_rate"] = number(s.error_rate);
  j["error_rate_ci95"] = {s.error_rate_ci.lower, s.error_rate_ci.upper};
  j["not_optimal"] = s.not_optimal;
  j["not_optimal_rate"] = number(s.not_optimal_rate);
  j["not_optimal_rate_ci95"] = {s.not_optimal_rate_ci.lower, s.not_optimal_rate_ci.upper};
  j["capped_errors"] = s.capped_errors;
  j["capped_not_optimal"] = s.capped_not_optimal;
  j["mean_wall_time_s"] = number(s.mean_wall_seconds);
  return j;
}

std::ostream& rate(std::ostream& out, std::uint64_t count, double value, const Interval& ci) {
  return out << count << ", rate " << value << " (95% CI [" << ci.lower << ", " << ci.upper << "])";
}

void print_text(std::ostream& out, const Pipeline& p, const SweepPoint& point, const Summary& s) {
  out << p.algorithm_name << " on " << p.environment->name << " (oracle "
      << p.oracles.front().entry->name << ")";
  for (const auto& [key, value] : point.values) out << "  " << key << '=' << value;
  out << '\n';
  const auto planned = static_cast<std::uint64_t>(p.run.repetitions);
  if (s.runs == 0) {
    out << "  not run (0 of " << planned << " runs)\n";
    return;
  }
  out << "  runs " << s.runs;
  if (s.runs < planned) out << " of " << planned << " (the rest not run)";
  out << ": stopped by their rule " << s.stopped - s.budget;
  if (s.budget) out << ", at their budget " << s.budget;
  out << ", capped " << s.capped << ", failed " << s.failed << '\n';
  if (s.stopped > 0) {
    out << "  samples (stopped runs) mean " << s.mean_samples << " (95% CI ["
        << s.mean_samples_ci.lower << ", " << s.mean_samples_ci.upper << "]), median "
        << s.median_samples << " (95% CI [" << s.median_samples_ci.lower << ", "
        << s.median_samples_ci.upper << "]), min " << s.min_samples << ", max " << s.max_samples
        << '\n';
    if (s.capped)
      out << "  with the " << s.capped << " capped runs counted at their cap: mean ≥ "
          << s.mean_samples_at_least << '\n';
  } else if (s.capped) {
    out << "  samples: no run stopped by its rule; the " << s.capped
        << " capped runs counted at their cap: mean ≥ " << s.mean_samples_at_least << '\n';
  }
  if (s.stopped > 0) {
    rate(out << "  errors (not correct, stopped runs) ", s.errors, s.error_rate, s.error_rate_ci);
    rate(out << "; not optimal ", s.not_optimal, s.not_optimal_rate, s.not_optimal_rate_ci) << '\n';
  }
  if (s.capped)
    out << "  capped runs (not in the rates): not correct " << s.capped_errors << ", not optimal "
        << s.capped_not_optimal << '\n';
  if (s.stopped + s.capped > 0) out << "  mean wall time " << s.mean_wall_seconds << " s\n";
}

}  // namespace

void add_point_keys(nlohmann::ordered_json& j, const SweepPoint& point) {
  if (point.values.empty()) return;
  nlohmann::ordered_json values;
  for (const auto& [key, value] : point.values) values[key] = value;
  j["point"] = point.index;
  j["values"] = values;
}

void print_summaries(std::ostream& out, const std::vector<Pipeline>& pipelines,
                     const std::vector<SweepPoint>& points,
                     const std::vector<SummaryAccumulator>& summaries, bool json, bool sweep) {
  Json all = Json::array();
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Summary s = summaries[i].summary();
    if (json)
      all.push_back(summary_json(pipelines[i], points[i], s));
    else
      print_text(out, pipelines[i], points[i], s);
  }
  if (!json) return;
  if (sweep)
    out << Json{{"points", all}}.dump(2) << '\n';
  else
    out << all.front().dump(2) << '\n';
}

}  // namespace cpex::host
