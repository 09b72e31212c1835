// The split of N scored items into the K best (High) and the rest (Low). Ranking: larger
// score first; equal scores rank the smaller index first (a total order, so the split is
// unique). High is a min-heap rooted at its worst item, Low a heap rooted at its best
// (IndexedHeap: flat arrays, children on one cache line), so changing one score costs
// O(log N), usually O(1) (a score that moves a little stays in place), and moves at most
// two items across. Header-only: the update inlines into the algorithms' hot loops.
#pragma once

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <span>
#include <vector>

#include "cpex/numerics/indexed_heap.hpp"

namespace cpex::numerics {

class TopKPartition {
 public:
  TopKPartition() = default;
  TopKPartition(std::size_t n, std::size_t k) : k_(k), score_(n), high_(n), low_(n) {}

  // Rebuild from scratch in O(N).
  void reset(std::span<const double> scores);

  // Change one item's score; `on_change(item)` is called for every item whose membership
  // changed: the item that left the other set first, then `item` itself.
  template <typename OnChange>
  void update(std::size_t item, double score, OnChange&& on_change);

  bool in_top(std::size_t item) const { return high_.contains(item); }
  double score(std::size_t item) const { return score_[item]; }
  // The K best items, sorted ascending by index.
  std::vector<std::size_t> top() const;

 private:
  std::size_t k_ = 0;
  std::vector<double> score_;
  IndexedHeap<false> high_;  // key = score: the root is High's worst (ties: larger index)
  IndexedHeap<true> low_;    // key = -score: the root is Low's best (ties: smaller index)
};

template <typename OnChange>
void TopKPartition::update(std::size_t item, double score, OnChange&& on_change) {
  score_[item] = score;
  if (high_.contains(item))
    high_.set(item, score);
  else
    low_.set(item, -score);
  if (high_.empty() || low_.empty()) return;
  // Only the boundary can be out of order: Low's best may now outrank High's worst (then
  // one of the two is `item`). Swap them.
  const std::size_t worst = high_.top(), best = low_.top();
  const double sw = score_[worst], sb = score_[best];
  if (!(sb > sw || (sb == sw && best < worst))) return;
  high_.erase(worst);
  low_.erase(best);
  high_.set(best, sb);
  low_.set(worst, -sw);
  const std::size_t other = best == item ? worst : best;
  on_change(other);
  on_change(item);
}

inline void TopKPartition::reset(std::span<const double> scores) {
  const std::size_t n = scores.size();
  score_.assign(scores.begin(), scores.end());
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  const std::size_t k = std::min(k_, n);
  auto better = [&](std::size_t a, std::size_t b) {
    return score_[a] > score_[b] || (score_[a] == score_[b] && a < b);
  };
  if (k < n) std::nth_element(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k), order.end(), better);
  std::vector<double> keys(n);
  for (std::size_t i = 0; i < n; ++i) keys[i] = i < k ? score_[order[i]] : -score_[order[i]];
  high_.assign(std::span<const std::size_t>(order.data(), k), std::span<const double>(keys.data(), k));
  low_.assign(std::span<const std::size_t>(order.data() + k, n - k),
              std::span<const double>(keys.data() + k, n - k));
}

inline std::vector<std::size_t> TopKPartition::top() const {
  std::vector<std::size_t> items;
  items.reserve(high_.size());
  high_.for_each([&](std::size_t item, double) { items.push_back(item); });
  std::sort(items.begin(), items.end());
  return items;
}

}  // namespace cpex::numerics
