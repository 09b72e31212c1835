// `matroid-partition`: bases are the sets holding exactly c_j arms of every part j.
// Maximization is the greedy algorithm: arms by weight descending, ties to the smaller
// index, each taken while its part has room — computed as a selection of the c_j best arms
// of every part, O(N). The second best is the best single exchange inside one part, O(N).
// Enumeration (kEnumerable): prod_j C(n_j, c_j) bases, computed first (saturated at the
// limit, O(rank)); under the limit, the bases in the order of an odometer whose digits are
// the parts' c_j-subsets in lexicographic order (last part fastest).
// (The uniform matroid, one part of capacity k, is `top-k` under its matroid name
// `matroid-uniform`: oracles/topk.)
#pragma once

#include <algorithm>
#include <functional>
#include <vector>

#include "cpex/oracle.hpp"

namespace cpex::oracles {

class PartitionMatroid : public Oracle {
 public:
  // parts[i] = part of arm i; capacities[j] <= size of part j (checked by the factory).
  PartitionMatroid(std::vector<std::size_t> parts, std::vector<std::size_t> capacities);

  void bind(const Problem&) override {}
  std::size_t decision_size() const override { return rank_; }
  std::size_t ground_set_size() const override { return parts_.size(); }
  void maximize(std::span<const double> weights, Decision& out) const override;
  // The optimum if it differs from `excluded`; otherwise the optimum after the exchange
  // (weakest member out, strongest outsider in) of largest gain over the parts; ties:
  // the smaller part index; inside a part the weakest member is the smallest weight (ties
  // to the larger index) and the strongest outsider the largest (ties to the smaller).
  bool second_best(std::span<const double> weights, const Decision& excluded,
                   Decision& out) const override;
  // Every exchange of a member for an outsider of the same part.
  void exchanges(const Decision& basis, std::vector<std::pair<std::size_t, std::size_t>>& out) const override;
  bool enumerate(std::size_t limit, const std::function<void(const Decision&)>& visit) const override;
  // A candidate outside the class (not c_j arms in every part j) is never acceptable.
  bool acceptable(std::span<const double> theta, const Decision& optimal,
                  const Decision& candidate, double epsilon) const override;

 private:
  // Appends the `count` best arms of [first, last) under `better` to out.arms.
  template <class It, class Better>
  static void select(It first, It last, std::size_t count, Better better, Decision& out) {
    if (count == 0) return;
    if (count < static_cast<std::size_t>(last - first))
      std::nth_element(first, first + static_cast<std::ptrdiff_t>(count) - 1, last, better);
    out.arms.insert(out.arms.end(), first, first + static_cast<std::ptrdiff_t>(count));
  }

  std::vector<std::size_t> parts_;       // part of every arm
  std::vector<std::size_t> capacities_;  // per part
  std::size_t rank_ = 0;
  std::vector<std::size_t> arms_by_part_;  // arms grouped by part, ascending inside
  std::vector<std::size_t> part_start_;    // part j is arms_by_part_[part_start_[j] ..]
  mutable std::vector<std::size_t> order_;  // scratch; one run at a time
};

}  // namespace cpex::oracles
