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

Proportion proportion(std::uint64_t count, std::uint64_t trials) {
  Proportion p;
  p.count = count;
  p.trials = trials;
  p.rate = trials ? static_cast<double>(count) / static_cast<double>(trials)
                  : std::numeric_limits<double>::quiet_NaN();
  p.ci95 = clopper_pearson(count, trials);
  return p;
}

void RunTally::add(RunEnd end, std::uint64_t samples, bool correct, Optimality optimal) {
  if (end == RunEnd::Failed) {
    ++failed_;
    return;
  }
  const bool not_optimal = optimal == Optimality::No;
  if (end == RunEnd::Capped) {
    ++capped_;
    capped_sum_ += static_cast<double>(samples);
    capped_errors_ += correct ? 0 : 1;
    capped_not_optimal_ += not_optimal ? 1 : 0;
    return;
  }
  ++ended_;
  ended_sum_ += static_cast<double>(samples);
  errors_ += correct ? 0 : 1;
  not_optimal_ += not_optimal ? 1 : 0;
  optimal_unknown_ += optimal == Optimality::Unknown ? 1 : 0;
}

double RunTally::mean_at_least() const {
  if (capped_ == 0) return std::numeric_limits<double>::quiet_NaN();
  return (ended_sum_ + capped_sum_) / static_cast<double>(ended_ + capped_);
}

void SummaryAccumulator::add(const RunRecord& r) {
  add(r.stop, r.samples, r.correct, r.optimal, r.wall_seconds);
}

void SummaryAccumulator::add(StopReason stop, std::uint64_t samples, bool correct, bool optimal,
                             double wall_seconds) {
  const RunEnd end = run_end(stop);
  tally_.add(end, samples, correct, optimal ? Optimality::Yes : Optimality::No);
  if (end == RunEnd::Failed) return;
  wall_ += wall_seconds;
  if (end == RunEnd::Capped) return;
  if (stop == StopReason::Budget) ++budget_;
  const std::uint64_t n = tally_.ended();
  const double x = static_cast<double>(samples);
  const double delta = x - mean_;
  mean_ += delta / static_cast<double>(n);
  m2_ += delta * (x - mean_);
  min_ = n == 1 ? samples : std::min(min_, samples);
  max_ = n == 1 ? samples : std::max(max_, samples);
  if (!samples_.empty() && samples < samples_.back()) sorted_ = false;
  samples_.push_back(samples);
}

Summary SummaryAccumulator::summary() const {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Summary s;
  s.stopped = tally_.ended();
  s.budget = budget_;
  s.capped = tally_.capped();
  s.failed = tally_.failed();
  s.runs = tally_.runs();
  s.capped_errors = tally_.capped_errors();
  s.capped_not_optimal = tally_.capped_not_optimal();
  s.mean_samples_at_least = tally_.mean_at_least();
  const Proportion errors = tally_.errors(), not_optimal = tally_.not_optimal();
  s.errors = errors.count;
  s.error_rate = errors.rate;
  s.error_rate_ci = errors.ci95;
  s.not_optimal = not_optimal.count;
  s.not_optimal_rate = not_optimal.rate;
  s.not_optimal_rate_ci = not_optimal.ci95;
  const std::uint64_t answered = s.stopped + s.capped;
  s.mean_wall_seconds = answered ? wall_ / static_cast<double>(answered) : nan;
  if (s.stopped == 0) {
    s.mean_samples = s.median_samples = nan;
    s.mean_samples_ci = s.median_samples_ci = {nan, nan};
    return s;
  }
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
