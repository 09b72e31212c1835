// An order-statistic tree over items keyed by (key, item index), augmented with the item of
// largest weight in every subtree (ties: smaller index). Supports insert, erase, the item
// of a given rank, and "the heaviest among the m smallest keys", each in O(log N) expected.
// It is a treap whose priorities are a fixed hash of the item index, so its shape (and
// every answer) is deterministic. Nodes live in arrays indexed by item: nothing is
// allocated after construction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace cpex::numerics {

class RankedMaxTree {
 public:
  static constexpr std::size_t npos = std::numeric_limits<std::size_t>::max();

  RankedMaxTree() = default;
  explicit RankedMaxTree(std::size_t capacity);

  // Insert an absent item / remove a present one.
  void insert(std::size_t item, double key, double weight);
  void erase(std::size_t item);
  bool contains(std::size_t item) const { return in_[item] != 0; }
  std::size_t size() const { return root_ == kNil ? 0 : nodes_[root_].size; }

  // The item of 0-based rank `rank` in ascending (key, index) order.
  std::size_t kth(std::size_t rank) const;
  // The item of largest weight among the `count` smallest, or npos if count is 0.
  std::size_t heaviest_of_first(std::size_t count) const;

  double key(std::size_t item) const { return key_[item]; }
  double weight(std::size_t item) const { return weight_[item]; }

 private:
  static constexpr std::uint32_t kNil = std::numeric_limits<std::uint32_t>::max();
  struct Node {
    std::uint32_t left = kNil, right = kNil, size = 1, heaviest = 0;
    std::uint64_t priority = 0;
  };

  bool less(std::uint32_t a, std::uint32_t b) const;
  std::uint32_t heavier(std::uint32_t a, std::uint32_t b) const;
  void pull(std::uint32_t node);
  // Split into items ordered before `pivot` (left) and the rest (right).
  void split(std::uint32_t node, std::uint32_t pivot, std::uint32_t& left, std::uint32_t& right);
  std::uint32_t merge(std::uint32_t left, std::uint32_t right);
  // Remove the smallest item of a subtree; returns the subtree's new root.
  std::uint32_t drop_first(std::uint32_t node);

  std::vector<Node> nodes_;
  std::vector<double> key_, weight_;
  std::vector<char> in_;
  std::uint32_t root_ = kNil;
};

}  // namespace cpex::numerics
