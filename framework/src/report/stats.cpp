// Run summaries (one accumulator behind every summary), the Clopper-Pearson interval
// (Boost.Math's inverse incomplete beta), the order-statistic interval of the median
// (Boost.Math's binomial distribution) and the bootstrap interval of the mean.
#include "cpex/report/stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/special_functions/beta.hpp>

#include "cpex/random.hpp"

namespace cpex::inline runtime {

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

void SummaryAccumulator::add(const RunResult& r) {
  add(run_end(r.stop), r.samples, r.correct, r.optimal ? Optimality::Yes : Optimality::No, r.wall_seconds,
      r.lower_bound);
}

void SummaryAccumulator::add(RunEnd end, std::uint64_t samples, bool correct, Optimality optimal,
                             double wall_seconds, double lower_bound) {
  if (end == RunEnd::Failed) {
    ++failed_;
    return;
  }
  wall_ += wall_seconds;
  const bool not_optimal = optimal == Optimality::No;
  const bool bounded = lower_bound > 0.0 && std::isfinite(lower_bound);
  if (end == RunEnd::Capped) {
    if (bounded) capped_ratios_.push_back(static_cast<double>(samples) / lower_bound);
    ++capped_;
    capped_sum_ += samples;
    capped_wrong_ += correct ? 0 : 1;
    capped_not_optimal_ += not_optimal ? 1 : 0;
    return;
  }
  ++(end == RunEnd::AtBudget ? at_budget_ : by_rule_);
  if (end == RunEnd::ByRule && bounded)
    ratios_.push_back(static_cast<double>(samples) / lower_bound);
  ended_sum_ += samples;
  wrong_ += correct ? 0 : 1;
  not_optimal_ += not_optimal ? 1 : 0;
  optimal_unknown_ += optimal == Optimality::Unknown ? 1 : 0;
  if (!samples_.empty() && samples < samples_.back()) sorted_ = false;
  samples_.push_back(samples);
}

namespace {

// The stopping-time tail of Summary: quantiles of the ratios of the runs ended by their
// rule and the capped ones (at their caps), and the share beyond 10.
void tail_statistics(Summary& s, const std::vector<double>& ended, const std::vector<double>& capped) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> all(ended);
  all.insert(all.end(), capped.begin(), capped.end());
  s.tail_runs = all.size();
  s.tail_capped = capped.size();
  s.lower_bound_ratio_p50 = s.lower_bound_ratio_p90 = s.lower_bound_ratio_p99 = nan;
  s.beyond_10 = 0;
  for (const double x : all) s.beyond_10 += x > 10.0 ? 1 : 0;
  const Proportion beyond = proportion(s.beyond_10, s.tail_runs);
  s.beyond_10_rate = beyond.rate;
  s.beyond_10_rate_ci95 = beyond.ci95;
  if (all.empty()) return;
  std::sort(all.begin(), all.end());
  const auto quantile = [&](double q) {
    const double rank = std::ceil(q * static_cast<double>(all.size()));
    const auto index = static_cast<std::size_t>(std::max(rank, 1.0)) - 1;
    return all[std::min(index, all.size() - 1)];
  };
  s.lower_bound_ratio_p50 = quantile(0.5);
  s.lower_bound_ratio_p90 = quantile(0.9);
  s.lower_bound_ratio_p99 = quantile(0.99);
}

}  // namespace

Summary SummaryAccumulator::summary(const SummaryOptions& options) const {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Summary s;
  s.by_rule = by_rule_;
  s.at_budget = at_budget_;
  s.ended = by_rule_ + at_budget_;
  s.capped = capped_;
  s.failed = failed_;
  s.runs = s.ended + capped_ + failed_;
  s.capped_wrong = capped_wrong_;
  s.capped_not_optimal = capped_not_optimal_;
  s.optimal_unknown = optimal_unknown_;
  s.mean_samples_at_least =
      capped_ ? static_cast<double>(ended_sum_ + capped_sum_) / static_cast<double>(s.ended + capped_) : nan;
  const Proportion wrong = proportion(wrong_, s.ended);
  const Proportion not_optimal = proportion(not_optimal_, s.ended - optimal_unknown_);
  s.wrong = wrong.count;
  s.wrong_rate = wrong.rate;
  s.wrong_rate_ci95 = wrong.ci95;
  s.not_optimal = not_optimal.count;
  s.not_optimal_rate = not_optimal.rate;
  s.not_optimal_rate_ci95 = not_optimal.ci95;
  const std::uint64_t answered = s.ended + s.capped;
  s.mean_wall_time_s = answered ? wall_ / static_cast<double>(answered) : nan;
  s.mean_samples_ci95_bootstrap = {nan, nan};
  s.lower_bound_runs = ratios_.size();
  s.lower_bound_ratio = nan;
  s.lower_bound_ratio_ci95_normal = s.lower_bound_ratio_ci95_bootstrap = {nan, nan};
  if (!ratios_.empty()) {
    const auto n = static_cast<double>(ratios_.size());
    double total = 0.0;
    for (const double x : ratios_) total += x;
    s.lower_bound_ratio = total / n;
    double squares = 0.0;
    for (const double x : ratios_) squares += (x - s.lower_bound_ratio) * (x - s.lower_bound_ratio);
    const double half = ratios_.size() > 1 ? 1.959963984540054 * std::sqrt(squares / (n - 1.0)) / std::sqrt(n) : 0.0;
    s.lower_bound_ratio_ci95_normal = {std::max(0.0, s.lower_bound_ratio - half), s.lower_bound_ratio + half};
    if (options.bootstrap) s.lower_bound_ratio_ci95_bootstrap = bootstrap_mean_interval(ratios_);
  }
  tail_statistics(s, ratios_, capped_ratios_);
  if (s.ended == 0) {
    s.mean_samples = s.median_samples = nan;
    s.mean_samples_ci95_normal = s.median_samples_ci95 = {nan, nan};
      return s;
  }
  if (!sorted_) {
    std::sort(samples_.begin(), samples_.end());
    sorted_ = true;
  }
  const std::size_t n = samples_.size();
  s.mean_samples = static_cast<double>(ended_sum_) / static_cast<double>(n);
  double squares = 0.0;
  for (const std::uint64_t x : samples_) {
    const double d = static_cast<double>(x) - s.mean_samples;
    squares += d * d;
  }
  const double sd = n > 1 ? std::sqrt(squares / static_cast<double>(n - 1)) : 0.0;
  const double half = 1.959963984540054 * sd / std::sqrt(static_cast<double>(n));
  s.mean_samples_ci95_normal = {std::max(0.0, s.mean_samples - half), s.mean_samples + half};
  s.median_samples = n % 2 ? static_cast<double>(samples_[n / 2])
                           : 0.5 * (static_cast<double>(samples_[n / 2 - 1]) +
                                    static_cast<double>(samples_[n / 2]));
  s.median_samples_ci95 = median_interval(samples_);
  s.min_samples = samples_.front();
  s.max_samples = samples_.back();
  if (options.bootstrap) {
    const std::vector<double> values(samples_.begin(), samples_.end());
    s.mean_samples_ci95_bootstrap = bootstrap_mean_interval(values);
  }
  return s;
}

Summary summarize(std::span<const RunRecord> records, const SummaryOptions& options) {
  SummaryAccumulator accumulator;
  for (const auto& r : records) accumulator.add(r);
  return accumulator.summary(options);
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

}  // namespace cpex::runtime
