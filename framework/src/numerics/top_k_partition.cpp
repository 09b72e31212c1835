// TopKPartition: rebuilding and listing (the O(log N) update is in the header).
#include "cpex/numerics/top_k_partition.hpp"

#include <algorithm>

namespace cpex::numerics {

void TopKPartition::reset(std::span<const double> scores) {
  top_.clear();
  rest_.clear();
  score_.assign(scores.begin(), scores.end());
  in_top_.assign(scores.size(), 0);
  for (std::size_t i = 0; i < scores.size(); ++i) rest_.insert(Ranked{scores[i], i});
  while (top_.size() < k_ && !rest_.empty()) {
    auto node = rest_.extract(rest_.begin());
    in_top_[node.value().item] = 1;
    top_.insert(std::move(node));
  }
}

std::vector<std::size_t> TopKPartition::top() const {
  std::vector<std::size_t> items;
  items.reserve(top_.size());
  for (const auto& r : top_) items.push_back(r.item);
  std::sort(items.begin(), items.end());
  return items;
}

}  // namespace cpex::numerics
