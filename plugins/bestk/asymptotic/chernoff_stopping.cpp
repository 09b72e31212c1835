// The GLR statistic and the thresholds of the Chernoff stopping rule.
#include "chernoff_stopping.hpp"

#include <cmath>
#include <limits>

namespace cpex::bestk {

void add_glr_parameters(ParamSchema& schema) {
  schema.target_error(0.05, "confidence: error probability at most delta")
      .choice("threshold", "gk-experiments", {"gk-experiments", "gk-theorem"},
              "GLR stopping threshold: gk-experiments log((log t + 1)/delta) (Garivier & "
              "Kaufmann 2016 §6); gk-theorem log(2t(K-1)/delta) (their Thm 10)");
}

GlrThreshold glr_threshold(const std::string& name) {
  return name == "gk-theorem" ? GlrThreshold::GkTheorem : GlrThreshold::GkExperiments;
}

const char* to_string(GlrThreshold threshold) {
  return threshold == GlrThreshold::GkTheorem ? "gk-theorem" : "gk-experiments";
}

double glr_threshold_value(GlrThreshold threshold, std::uint64_t t, double delta, std::size_t arms) {
  const double samples = static_cast<double>(t);
  if (threshold == GlrThreshold::GkTheorem)
    return std::log(2.0 * samples * static_cast<double>(arms - 1) / delta);
  return std::log((std::log(samples) + 1.0) / delta);
}

GlrStatistic glr_statistic(const ArmStatistics& stats, const numerics::ArmFamily& family) {
  GlrStatistic out;
  const std::size_t k = stats.arms();
  for (std::size_t a = 1; a < k; ++a)
    if (stats.mean(a) > stats.mean(out.best)) out.best = a;
  const double count_best = static_cast<double>(stats.count(out.best));
  const double mean_best = stats.mean(out.best);
  out.value = std::numeric_limits<double>::infinity();
  for (std::size_t b = 0; b < k; ++b) {
    if (b == out.best) continue;
    const double z = family.glr(count_best, mean_best, static_cast<double>(stats.count(b)), stats.mean(b));
    if (z < out.value) {
      out.value = z;
      out.challenger = b;
    }
  }
  return out;
}

}  // namespace cpex::bestk
