// AdaHedge: see the header.
#include "cpex/numerics/ada_hedge.hpp"

#include <algorithm>
#include <cmath>

namespace cpex::numerics {

void AdaHedge::reset(std::size_t experts) {
  cumulative_.assign(experts, 0.0);
  weights_.assign(experts, experts ? 1.0 / static_cast<double>(experts) : 0.0);
  gap_ = 0.01;
}

void AdaHedge::update_weights() {
  const double eta = std::log(static_cast<double>(cumulative_.size())) / gap_;
  const double least = *std::min_element(cumulative_.begin(), cumulative_.end());
  double total = 0.0;
  for (std::size_t k = 0; k < cumulative_.size(); ++k) total += weights_[k] = std::exp(-eta * (cumulative_[k] - least));
  for (double& w : weights_) w /= total;
}

void AdaHedge::incur(std::span<const double> loss) {
  const std::size_t k = cumulative_.size();
  if (k < 2) return;  // one expert: nothing to learn
  const double eta = std::log(static_cast<double>(k)) / gap_;
  const double least = *std::min_element(loss.begin(), loss.end());
  double mix = 0.0, hedge = 0.0;
  for (std::size_t i = 0; i < k; ++i) {
    mix += weights_[i] * std::exp(-eta * (loss[i] - least));
    hedge += weights_[i] * loss[i];
  }
  const double mix_loss = least - std::log(mix) / eta;
  for (std::size_t i = 0; i < k; ++i) cumulative_[i] += loss[i];
  gap_ += std::max(0.0, hedge - mix_loss);  // >= 0 up to rounding
  update_weights();
}

}  // namespace cpex::numerics
