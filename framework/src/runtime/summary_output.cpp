// Human-readable and JSON run summaries (the JSON keys are summary_json's, the same as
// `cpex report`'s). A point without runs is "not run"; capped runs are censored (a "≥"
// bound, never a mean of 0); both verdict rates (wrong answers, not optimal) carry their
// Clopper-Pearson intervals.
#include "cpex/runtime/summary_output.hpp"

#include <cmath>

#include <nlohmann/json.hpp>

#include "cpex/report/stats.hpp"
#include "cpex/report/summary_json.hpp"
#include "cpex/runtime/lower_bound.hpp"

namespace cpex::inline runtime {

namespace {

using Json = nlohmann::ordered_json;

const char* point_status(const Pipeline& p, const Summary& s, std::uint64_t planned) {
  if (!p.skipped.empty()) return "skipped";
  if (s.runs == 0) return "not run";
  return s.runs < planned ? "partial" : "done";
}

Json point_json(const Pipeline& p, const SweepPoint& point, const Summary& s) {
  Json j;
  add_point_keys(j, point);
  const auto planned = static_cast<std::uint64_t>(p.run.repetitions);
  j["pipeline"] = p.source;
  j["algorithm"] = p.algorithm_name;
  if (p.skipped.empty()) {
    j["environment"] = p.environment->name;
    j["oracle"] = p.oracles.front().entry->name;
  }
  j["status"] = point_status(p, s, planned);
  if (!p.skipped.empty()) {
    j["skipped"] = p.skipped;  // why the algorithm does not fit the point
    return j;
  }
  j["planned"] = planned;
  j.update(summary_json(s));
  if (s.lower_bound_runs == 0 && s.by_rule > 0)
    if (const std::string why = lower_bound_reason(p); !why.empty()) j["lower_bound_note"] = why;
  return j;
}

std::ostream& rate(std::ostream& out, std::uint64_t count, double value, const Interval& ci) {
  return out << count << ", rate " << value << " (95% CI [" << ci.lower << ", " << ci.upper << "])";
}

void print_text(std::ostream& out, const Pipeline& p, const SweepPoint& point, const Summary& s) {
  if (!p.skipped.empty()) {
    out << p.algorithm_name;
    for (const auto& [key, value] : point.values) out << "  " << key << '=' << value;
    out << "\n  skipped (does not fit the point): " << p.skipped << '\n';
    return;
  }
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
  out << ": ended by their rule " << s.by_rule;
  if (s.at_budget) out << ", ended at their budget " << s.at_budget;
  out << ", capped " << s.capped << ", failed " << s.failed << '\n';
  if (s.ended > 0) {
    out << "  samples (ended runs) mean " << s.mean_samples << " (95% CI, normal approximation ["
        << s.mean_samples_ci95_normal.lower << ", " << s.mean_samples_ci95_normal.upper
        << "]), median " << s.median_samples << " (95% CI [" << s.median_samples_ci95.lower << ", "
        << s.median_samples_ci95.upper << "]), min " << s.min_samples << ", max " << s.max_samples
        << '\n';
    if (s.capped)
      out << "  with the " << s.capped << " capped runs counted at their cap: mean ≥ "
          << s.mean_samples_at_least << '\n';
  } else if (s.capped) {
    out << "  samples: no run ended; the " << s.capped
        << " capped runs counted at their cap: mean ≥ " << s.mean_samples_at_least << '\n';
  }
  if (s.ended > 0) {
    rate(out << "  wrong answers (not correct, ended runs) ", s.wrong, s.wrong_rate, s.wrong_rate_ci95);
    rate(out << "; not optimal ", s.not_optimal, s.not_optimal_rate, s.not_optimal_rate_ci95) << '\n';
  }
  if (s.capped)
    out << "  capped runs (not in the rates): not correct " << s.capped_wrong << ", not optimal "
        << s.capped_not_optimal << '\n';
  if (s.lower_bound_runs > 0)
    out << "  lower-bound ratio samples / (T*(mu) log(1/delta)) mean " << s.lower_bound_ratio
        << " (95% CI, normal approximation [" << s.lower_bound_ratio_ci95_normal.lower << ", "
        << s.lower_bound_ratio_ci95_normal.upper << "]) over the " << s.lower_bound_runs << " runs ended by rule\n";
  else if (s.by_rule > 0)
    if (const std::string why = lower_bound_reason(p); !why.empty())
      out << "  lower-bound ratio: none, " << why << '\n';
  if (s.tail_runs > 0) {
    out << "  stopping-time tail (ratio, " << s.tail_runs << " runs"
        << (s.tail_capped ? ", " + std::to_string(s.tail_capped) + " capped counted at their cap: lower bounds" : "")
        << "): p50 " << s.lower_bound_ratio_p50 << ", p90 " << s.lower_bound_ratio_p90 << ", p99 "
        << s.lower_bound_ratio_p99 << "; beyond 10x " << s.beyond_10 << " (rate " << s.beyond_10_rate << ")\n";
  }
  if (s.ended + s.capped > 0) out << "  mean wall time " << s.mean_wall_time_s << " s\n";
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
      all.push_back(point_json(pipelines[i], points[i], s));
    else
      print_text(out, pipelines[i], points[i], s);
  }
  if (!json) return;
  if (sweep)
    out << Json{{"points", all}}.dump(2) << '\n';
  else
    out << all.front().dump(2) << '\n';
}

}  // namespace cpex::runtime
