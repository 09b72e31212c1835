// Human-readable and JSON run summaries (JSON through nlohmann::json).
#include "summary_output.hpp"

#include <nlohmann/json.hpp>

#include "cpex/report/stats.hpp"

namespace cpex::host {

namespace {

nlohmann::ordered_json summary_json(const Pipeline& p, const SweepPoint& point, const Summary& s) {
  nlohmann::ordered_json j;
  add_point_keys(j, point);
  j["pipeline"] = p.source;
  j["algorithm"] = p.algorithm->name;
  j["environment"] = p.environment->name;
  j["oracle"] = p.oracles.front().entry->name;
  j["runs"] = s.runs;
  j["stopped"] = s.stopped;
  j["capped"] = s.capped;
  j["failed"] = s.failed;
  j["samples"] = {{"mean", s.mean_samples},
                  {"mean_ci95", {s.mean_samples_ci.lower, s.mean_samples_ci.upper}},
                  {"median", s.median_samples},
                  {"median_ci95", {s.median_samples_ci.lower, s.median_samples_ci.upper}},
                  {"min", s.min_samples},
                  {"max", s.max_samples}};
  j["errors"] = s.errors;
  j["error_rate"] = s.error_rate;
  j["error_rate_ci95"] = {s.error_rate_ci.lower, s.error_rate_ci.upper};
  j["capped_errors"] = s.capped_errors;
  j["mean_wall_time_s"] = s.mean_wall_seconds;
  return j;
}

void print_text(std::ostream& out, const Pipeline& p, const SweepPoint& point, const Summary& s) {
  out << p.algorithm->name << " on " << p.environment->name << " (oracle "
      << p.oracles.front().entry->name << ")";
  for (const auto& [key, value] : point.values) out << "  " << key << '=' << value;
  out << '\n'
      << "  runs " << s.runs << ": stopped by their rule " << s.stopped << ", capped "
      << s.capped << ", failed " << s.failed << '\n'
      << "  samples (stopped runs) mean " << s.mean_samples << " (95% CI ["
      << s.mean_samples_ci.lower << ", " << s.mean_samples_ci.upper << "]), median "
      << s.median_samples << " (95% CI [" << s.median_samples_ci.lower << ", "
      << s.median_samples_ci.upper << "]), min " << s.min_samples << ", max " << s.max_samples
      << '\n'
      << "  errors (stopped runs) " << s.errors << ", error rate " << s.error_rate
      << " (95% CI [" << s.error_rate_ci.lower << ", " << s.error_rate_ci.upper << "])";
  if (s.capped) out << "; wrong among capped runs " << s.capped_errors;
  out << '\n' << "  mean wall time " << s.mean_wall_seconds << " s\n";
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
  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Summary s = summaries[i].summary();
    if (json)
      all.push_back(summary_json(pipelines[i], points[i], s));
    else
      print_text(out, pipelines[i], points[i], s);
  }
  if (!json) return;
  if (sweep)
    out << nlohmann::ordered_json{{"points", all}}.dump(2) << '\n';
  else
    out << all.front().dump(2) << '\n';
}

}  // namespace cpex::host
