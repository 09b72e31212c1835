// The one JSON form of a run summary and its flattened columns (summary_json.hpp).
#include "cpex/report/summary_json.hpp"

#include <cmath>
#include <cstdio>

namespace cpex::inline runtime {

namespace {

using Json = nlohmann::ordered_json;

Json number(double x) { return std::isnan(x) ? Json(nullptr) : Json(x); }
Json interval(const Interval& ci) {
  return std::isnan(ci.lower) || std::isnan(ci.upper) ? Json(nullptr) : Json{ci.lower, ci.upper};
}

std::string exact(double x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.10g", x);
  return buffer;
}

std::string cell(const Json& value) {
  if (value.is_null()) return "";
  if (value.is_number_unsigned()) return std::to_string(value.get<std::uint64_t>());
  if (value.is_number_integer()) return std::to_string(value.get<std::int64_t>());
  if (value.is_number()) return exact(value.get<double>());
  return value.is_string() ? value.get<std::string>() : value.dump();
}

void flatten(const std::string& prefix, const Json& value,
             std::vector<std::pair<std::string, std::string>>& out) {
  if (value.is_object()) {
    for (const auto& [key, item] : value.items())
      flatten(prefix.empty() ? key : prefix + "." + key, item, out);
  } else if (prefix.find("ci95") != std::string::npos && (value.is_null() || value.is_array())) {
    out.emplace_back(prefix + ".low", value.is_null() ? "" : cell(value[0]));
    out.emplace_back(prefix + ".high", value.is_null() ? "" : cell(value[1]));
  } else {
    out.emplace_back(prefix, cell(value));
  }
}

}  // namespace

Json summary_json(const Summary& s) {
  const bool any = s.ended > 0;
  Json j;
  j["runs"] = s.runs;
  j["ended"] = s.ended;
  j["by_rule"] = s.by_rule;
  j["at_budget"] = s.at_budget;
  j["capped"] = s.capped;
  j["failed"] = s.failed;
  Json samples;
  samples["mean"] = number(s.mean_samples);
  samples["mean_ci95_normal"] = interval(s.mean_samples_ci95_normal);
  samples["mean_ci95_bootstrap"] = interval(s.mean_samples_ci95_bootstrap);
  samples["median"] = number(s.median_samples);
  samples["median_ci95"] = interval(s.median_samples_ci95);
  samples["min"] = any ? Json(s.min_samples) : Json(nullptr);
  samples["max"] = any ? Json(s.max_samples) : Json(nullptr);
  samples["mean_at_least"] = number(s.mean_samples_at_least);
  j["samples"] = samples;
  j["wrong"] = s.wrong;
  j["wrong_rate"] = number(s.wrong_rate);
  j["wrong_rate_ci95"] = interval(s.wrong_rate_ci95);
  j["not_optimal"] = s.not_optimal;
  j["not_optimal_rate"] = number(s.not_optimal_rate);
  j["not_optimal_rate_ci95"] = interval(s.not_optimal_rate_ci95);
  j["optimal_unknown"] = s.optimal_unknown;
  j["capped_wrong"] = s.capped_wrong;
  j["capped_not_optimal"] = s.capped_not_optimal;
  j["mean_wall_time_s"] = number(s.mean_wall_time_s);
  Json ratio;  // samples / (T*(mu) log(1/delta)) of the runs ended by rule with a lower_bound
  ratio["runs"] = s.lower_bound_runs;
  ratio["mean"] = number(s.lower_bound_ratio);
  ratio["mean_ci95_normal"] = interval(s.lower_bound_ratio_ci95_normal);
  ratio["mean_ci95_bootstrap"] = interval(s.lower_bound_ratio_ci95_bootstrap);
  // The stopping-time tail: runs ended by rule and capped ones (at their caps: lower bounds).
  ratio["tail_runs"] = s.tail_runs;
  ratio["tail_capped"] = s.tail_capped;
  ratio["p50"] = number(s.lower_bound_ratio_p50);
  ratio["p90"] = number(s.lower_bound_ratio_p90);
  ratio["p99"] = number(s.lower_bound_ratio_p99);
  ratio["beyond_10"] = s.beyond_10;
  ratio["beyond_10_rate"] = number(s.beyond_10_rate);
  ratio["beyond_10_rate_ci95"] = s.tail_runs ? interval(s.beyond_10_rate_ci95) : Json(nullptr);
  j["lower_bound_ratio"] = ratio;
  return j;
}

std::vector<std::pair<std::string, std::string>> flat_summary(const Summary& s) {
  std::vector<std::pair<std::string, std::string>> out;
  flatten("", summary_json(s), out);
  return out;
}

}  // namespace cpex::runtime
