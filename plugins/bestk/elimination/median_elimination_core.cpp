// Median Elimination's phases (median_elimination.hpp).
#include "median_elimination.hpp"

#include <algorithm>
#include <cmath>

#include "cpex/errors.hpp"

namespace cpex::elimination {

std::uint64_t phase_samples(double c, double epsilon, double delta, double b, double scale) {
  const double n = std::ceil(scale * b * b * c / (epsilon * epsilon) * std::log(3.0 / delta));
  if (!(n < 0x1.0p62))
    throw ParameterError("epsilon", "the phase sample count " + std::to_string(n) +
                                        " is beyond 2^62: epsilon or delta too small");
  return n < 1.0 ? 1 : static_cast<std::uint64_t>(n);
}

void MedianElimination::begin(std::vector<std::size_t> arms, std::size_t num_arms, double epsilon,
                              double delta, double b, double scale) {
  arms_ = std::move(arms);
  sum_.assign(num_arms, 0.0);
  epsilon_ = epsilon / 4.0;
  delta_ = delta / 2.0;
  b_ = b;
  scale_ = scale;
  start_phase();
}

void MedianElimination::start_phase() {
  for (std::size_t a : arms_) sum_[a] = 0.0;
  sampler_.begin(arms_, arms_.size() > 1 ? phase_samples(4.0, epsilon_, delta_, b_, scale_) : 0);
}

bool MedianElimination::next(std::size_t& arm) {
  while (arms_.size() > 1) {
    if (sampler_.next(arm)) return true;
    end_phase();
  }
  return false;
}

void MedianElimination::observe(std::size_t arm, double reward) { sum_[arm] += reward; }

void MedianElimination::end_phase() {
  // Every arm of the phase had the same number of samples: compare sums.
  std::vector<std::size_t> order = arms_;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t c) { return sum_[a] > sum_[c]; });
  order.resize((order.size() + 1) / 2);
  std::sort(order.begin(), order.end());
  arms_ = std::move(order);
  epsilon_ *= 0.75;
  delta_ *= 0.5;
  start_phase();
}

}  // namespace cpex::elimination
