// `matroid-uniform` and `matroid-partition`: bases are the sets holding exactly c_j arms of
// every part j (uniform: one part of capacity k). Maximization is the greedy algorithm:
// arms by weight descending, ties to the smaller index, each taken while its part has
// room; O(N log N). The second best is the best single exchange inside one part, O(N).
#pragma once

#include <vector>

#include "cpex/oracle.hpp"

namespace cpex::oracles {

class PartitionMatroid : public Oracle {
 public:
  // Uniform matroid of rank k on as many arms as the weights have.
  explicit PartitionMatroid(std::size_t k);
  // parts[i] = part of arm i; capacities[j] <= size of part j (checked by the factory).
  PartitionMatroid(std::vector<std::size_t> parts, std::vector<std::size_t> capacities);

  void bind(const Problem& problem) override;
  std::size_t decision_size() const override { return rank_; }
  std::size_t ground_set_size() const override { return parts_.size(); }
  void maximize(std::span<const double> weights, Decision& out) const override;
  // The optimum if it differs from `excluded`; otherwise the optimum after the exchange
  // (weakest member out, strongest outsider in) of largest gain over the parts; ties:
  // the smaller part index; inside a part the weakest member is the smallest weight (ties
  // to the larger index) and the strongest outsider the largest (ties to the smaller).
  bool second_best(std::span<const double> weights, const Decision& excluded,
                   Decision& out) const override;
  // A candidate outside the class (not c_j arms in every part j) is never acceptable.
  bool acceptable(std::span<const double> theta, const Decision& optimal,
                  const Decision& candidate, double epsilon) const override;

 private:
  std::size_t part(std::size_t arm) const { return parts_.empty() ? 0 : parts_[arm]; }

  std::vector<std::size_t> parts_;       // empty: uniform (every arm in part 0)
  std::vector<std::size_t> capacities_;  // per part
  std::size_t rank_ = 0;
  mutable std::vector<std::size_t> order_, used_;  // scratch; one run at a time
};

}  // namespace cpex::oracles
