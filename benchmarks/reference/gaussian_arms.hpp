// The environment of the hand-tight references: independent Gaussian arms drawing their
// noise exactly as the `gaussian` plugin does (arm i's own Philox stream, role
// EnvironmentNoise, index i; Boost's ziggurat through RandomStream::normal), so a reference
// and the plugin it mirrors see the same rewards.
#pragma once

#include <cstddef>
#include <vector>

#include "cpex/random.hpp"

namespace cpex::reference {

class GaussianArms {
 public:
  GaussianArms(std::vector<double> means, double sigma, const RunSeed& seed)
      : means_(std::move(means)), sigma_(sigma) {
    noise_.reserve(means_.size());
    for (std::size_t i = 0; i < means_.size(); ++i)
      noise_.emplace_back(seed, StreamRole::EnvironmentNoise, i);
  }
  std::size_t size() const { return means_.size(); }
  double sigma() const { return sigma_; }
  double pull(std::size_t arm) { return means_[arm] + sigma_ * noise_[arm].normal(); }

 private:
  std::vector<double> means_;
  double sigma_;
  std::vector<RandomStream> noise_;
};

}  // namespace cpex::reference
