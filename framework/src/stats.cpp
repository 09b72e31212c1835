// Run summaries and the Clopper-Pearson interval (Boost.Math's inverse incomplete beta).
#include "cpex/stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <boost/math/special_functions/beta.hpp>

#include "cpex/random.hpp"

namespace cpex {

Interval clopper_pearson(std::uint64_t successes, std::uint64_t trials, double confidence) {
  Interval ci;
  if (trials == 0) return ci;
  const double alpha = 1.0 - confidence;
  const double x = static_cast<double>(successes);
  const double n = static_cast<double>(trials);
  ci.lower = successes == 0 ? 0.0 : boost::math::ibeta_inv(x, n - x + 1.0, alpha / 2.0);
  ci.upper = successes == trials ? 1.0 : boost::math::ibeta_inv(x + 1.0, n - x, 1.0 - alpha / 2.0);
  return ci;
}

Summary summarize(std::span<const RunRecord> records) {
  Summary s;
  s.runs = records.size();
  if (records.empty()) return s;
  std::vector<std::uint64_t> samples;
  samples.reserve(records.size());
  double total = 0.0, wall = 0.0;
  for (const auto& r : records) {
    samples.push_back(r.samples);
    total += static_cast<double>(r.samples);
    wall += r.wall_seconds;
    s.errors += r.correct ? 0 : 1;
    s.capped += r.stopped ? 0 : 1;
  }
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  s.mean_samples = total / static_cast<double>(n);
  double squares = 0.0;
  for (std::uint64_t x : samples) {
    const double d = static_cast<double>(x) - s.mean_samples;
    squares += d * d;
  }
  const double sd = n > 1 ? std::sqrt(squares / static_cast<double>(n - 1)) : 0.0;
  const double half = 1.959963984540054 * sd / std::sqrt(static_cast<double>(n));
  s.mean_samples_ci = {s.mean_samples - half, s.mean_samples + half};
  s.median_samples = n % 2 ? static_cast<double>(samples[n / 2])
                           : 0.5 * (static_cast<double>(samples[n / 2 - 1]) +
                                    static_cast<double>(samples[n / 2]));
  s.min_samples = samples.front();
  s.max_samples = samples.back();
  s.error_rate = static_cast<double>(s.errors) / static_cast<double>(n);
  s.error_rate_ci = clopper_pearson(s.errors, n);
  s.mean_wall_seconds = wall / static_cast<double>(n);
  return s;
}

Interval bootstrap_mean_interval(std::span<const double> values, double confidence,
                                 std::size_t resamples) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (values.size() < 2 || resamples == 0) return {nan, nan};
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  RandomStream stream(RunSeed{0x6370657862'6f6f74ull, 0, 0}, StreamRole::Algorithm);  // "cpexboot"
  const std::uint64_t n = sorted.size();
  std::vector<double> means(resamples);
  for (double& mean : means) {
    double total = 0.0;
    for (std::uint64_t i = 0; i < n; ++i) total += sorted[stream.below(n)];
    mean = total / static_cast<double>(n);
  }
  std::sort(means.begin(), means.end());
  const double tail = (1.0 - confidence) / 2.0;
  const auto last = static_cast<double>(resamples - 1);
  const auto lower = static_cast<std::size_t>(std::floor(tail * last));
  const auto upper = static_cast<std::size_t>(std::ceil((1.0 - tail) * last));
  return {means[lower], means[upper]};
}

}  // namespace cpex
