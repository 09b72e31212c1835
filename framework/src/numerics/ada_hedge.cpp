// AdaHedge: exponential weights with the mixability-gap learning rate (ada_hedge.hpp).
#include "cpex/numerics/ada_hedge.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cpex::numerics {
namespace {

// exp(x), with the underflow's slow path skipped: exp is exactly 0 below -745.2 (the least
// subnormal is 2^-1074 = exp(-744.4)), so the result is the same bits.
double exp_or_zero(double x) { return x < -746.0 ? 0.0 : std::exp(x); }

}  // namespace

void AdaHedge::reset(std::size_t experts, double initial_gap) {
  cumulative_.assign(experts, 0.0);
  weights_.assign(experts, experts ? 1.0 / static_cast<double>(experts) : 0.0);
  gap_ = initial_gap;
}

double AdaHedge::learning_rate() const {
  if (!(gap_ > 0.0)) return std::numeric_limits<double>::infinity();
  return std::log(static_cast<double>(std::max<std::size_t>(cumulative_.size(), 2))) / gap_;
}

void AdaHedge::gain(std::span<const double> gains) {
  const double eta = learning_rate();
  const std::size_t n = gains.size();
  double expected = 0.0, top = -std::numeric_limits<double>::infinity();
  double cumulative_top =
      -std::numeric_limits<double>::infinity();  // of G + g, for the new weights
  for (std::size_t i = 0; i < n; ++i) {
    expected += weights_[i] * gains[i];
    if (weights_[i] > 0.0) top = std::max(top, gains[i]);
    cumulative_[i] += gains[i];
    cumulative_top = std::max(cumulative_top, cumulative_[i]);
  }
  // Mix loss of the losses -g: -(1/eta) ln sum w exp(eta g), computed around its largest term.
  double mix = top;
  if (std::isfinite(eta)) {
    double sum = 0.0;
    for (std::size_t i = 0; i < n; ++i)
      if (weights_[i] > 0.0) sum += weights_[i] * exp_or_zero(eta * (gains[i] - top));
    mix = top + std::log(sum) / eta;
  }
  // h - m with h = -expected and m = -mix: the gap is mix - expected >= 0.
  gap_ += std::max(0.0, mix - expected);
  refresh(cumulative_top);
}

void AdaHedge::refresh(double top) {
  const double eta = learning_rate();
  double sum = 0.0;
  if (std::isfinite(eta)) {
    for (std::size_t i = 0; i < cumulative_.size(); ++i)
      sum += weights_[i] = exp_or_zero(eta * (cumulative_[i] - top));
  } else {
    for (std::size_t i = 0; i < cumulative_.size(); ++i)
      sum += weights_[i] = cumulative_[i] == top ? 1.0 : 0.0;
  }
  for (double& w : weights_) w /= sum;
}

}  // namespace cpex::numerics
