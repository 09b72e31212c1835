// AdaHedge (adahedge.hpp).
#include "adahedge.hpp"

#include <algorithm>
#include <cmath>

namespace cpex::identification {

double AdaHedge::eta() const { return std::log(static_cast<double>(loss_.size())) / gap_; }

double AdaHedge::mix_loss(std::span<const double> cumulative) const {
  const double least = *std::min_element(cumulative.begin(), cumulative.end());
  const double rate = eta();
  double sum = 0.0;
  for (double l : cumulative) sum += std::exp(-rate * (l - least));
  return least - std::log(sum / static_cast<double>(cumulative.size())) / rate;
}

std::span<const double> AdaHedge::act() {
  const double least = *std::min_element(loss_.begin(), loss_.end());
  const double rate = eta();
  double total = 0.0;
  for (std::size_t a = 0; a < loss_.size(); ++a) total += weights_[a] = std::exp(-rate * (loss_[a] - least));
  for (double& w : weights_) w /= total;
  return weights_;
}

void AdaHedge::incur(std::span<const double> loss) {
  double expected = 0.0;
  next_.resize(loss_.size());
  for (std::size_t a = 0; a < loss_.size(); ++a) {
    expected += weights_[a] * loss[a];
    next_[a] = loss_[a] + loss[a];
  }
  const double mixed = mix_loss(next_) - mix_loss(loss_);
  // <w, l> >= the mix loss (up to rounding): the gap only grows.
  gap_ += std::max(0.0, expected - mixed);
  loss_.swap(next_);
}

}  // namespace cpex::identification
