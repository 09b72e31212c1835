// Run summaries, the Clopper-Pearson interval (Boost.Math's inverse incomplete beta) and
// the order-statistic interval of the median (Boost.Math's binomial distribution).
#include "cpex/report/stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <boost/math/distributions/binomial.hpp>
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

Interval median_interval(std::span<const std::uint64_t> sorted, double confidence) {
  if (sorted.empty()) return {0.0, 0.0};
  const std::size_t n = sorted.size();
  const double tail = (1.0 - confidence) / 2.0;
  const boost::math::binomial_distribution<double> half(static_cast<double>(n), 0.5);
  // Largest j <= n/2 with P(B <= j) <= tail, by bisection (the cdf increases in j).
  if (boost::math::cdf(half, 0.0) > tail)
    return {static_cast<double>(sorted.front()), static_cast<double>(sorted.back())};
  std::size_t good = 0, bad = n / 2 + 1;
  while (bad - good > 1) {
    const std::size_t mid = good + (bad - good) / 2;
    (boost::math::cdf(half, static_cast<double>(mid)) <= tail ? good : bad) = mid;
  }
  return {static_cast<double>(sorted[good]), static_cast<double>(sorted[n - 1 - good])};
}

void SummaryAccumulator::add(const RunRecord& r) {
  add(r.stop, r.samples, r.correct, r.wall_seconds);
}

void SummaryAccumulator::add(StopReason stop, std::uint64_t samples, bool correct,
                             double wall_seconds) {
  if (stop == StopReason::Error) {
    ++failed_;
    return;
  }
  wall_ += wall_seconds;
  if (stop == StopReason::Budget) ++budget_;
  if (stop != StopReason::Rule && stop != StopReason::Budget) {
    ++capped_;
    capped_errors_ += correct ? 0 : 1;
    return;
  }
  if (stop == StopReason::Rule) ++stopped_;
  const std::uint64_t ended = stopped_ + budget_;
  errors_ += correct ? 0 : 1;
  const double x = static_cast<double>(samples);
  const double delta = x - mean_;
  mean_ += delta / static_cast<double>(ended);
  m2_ += delta * (x - mean_);
  min_ = ended == 1 ? samples : std::min(min_, samples);
  max_ = ended == 1 ? samples : std::max(max_, samples);
  if (!samples_.empty() && samples < samples_.back()) sorted_ = false;
  samples_.push_back(samples);
}

Summary SummaryAccumulator::summary() const {
  Summary s;
  s.stopped = stopped_;
  s.budget = budget_;
  s.capped = capped_;
  s.failed = failed_;
  s.runs = stopped_ + budget_ + capped_ + failed_;
  s.capped_errors = capped_errors_;
  const std::uint64_t answered = stopped_ + budget_ + capped_;
  if (answered > 0) s.mean_wall_seconds = wall_ / static_cast<double>(answered);
  s.mean_samples_ci = {0.0, 0.0};
  s.median_samples_ci = {0.0, 0.0};
  s.error_rate_ci = clopper_pearson(0, 0);
  if (stopped_ + budget_ == 0) return s;
  if (!sorted_) {
    std::sort(samples_.begin(), samples_.end());
    sorted_ = true;
  }
  const std::size_t n = samples_.size();
  s.mean_samples = mean_;
  const double sd = n > 1 ? std::sqrt(m2_ / static_cast<double>(n - 1)) : 0.0;
  const double half = 1.959963984540054 * sd / std::sqrt(static_cast<double>(n));
  s.mean_samples_ci = {std::max(0.0, mean_ - half), mean_ + half};
  s.median_samples = n % 2 ? static_cast<double>(samples_[n / 2])
                           : 0.5 * (static_cast<double>(samples_[n / 2 - 1]) +
                                    static_cast<double>(samples_[n / 2]));
  s.median_samples_ci = median_interval(samples_);
  s.min_samples = min_;
  s.max_samples = max_;
  s.errors = errors_;
  s.error_rate = static_cast<double>(errors_) / static_cast<double>(n);
  s.error_rate_ci = clopper_pearson(errors_, n);
  return s;
}

Summary summarize(std::span<const RunRecord> records) {
  SummaryAccumulator accumulator;
  for (const auto& r : records) accumulator.add(r);
  return accumulator.summary();
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
