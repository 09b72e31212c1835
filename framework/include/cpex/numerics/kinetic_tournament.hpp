// A kinetic tournament tree: the minimum over active items of linear keys
// key_i(x) = value_i + slope_i * x, for a query point x that only moves forward (e.g. a
// confidence multiplier that grows with the round number). Setting or removing an item
// costs O(log N); advancing x recomputes only the subtrees whose winner can have changed
// (amortized polylogarithmic). With zero slopes it is a plain tournament tree. Equal keys
// are won by the smaller index. (For keys whose query point never moves, IndexedHeap is
// cheaper: no slopes, no crossing times.)
//
// Layout: one 32-byte node per tree node holding its winner's line and the next x at
// which the winner may change ("melt"); siblings 2i, 2i+1 share a 64-byte cache line, so
// a walk to the root touches one line per level and no per-item array. A walk stops as
// soon as a node comes out unchanged (its ancestors then are too). Header-only so that
// the walks inline into the algorithms.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "cpex/numerics/indexed_heap.hpp"

namespace cpex::numerics {

class KineticTournament {
 public:
  static constexpr std::size_t npos = std::numeric_limits<std::size_t>::max();

  KineticTournament() = default;
  explicit KineticTournament(std::size_t n) {
    while (leaves_ < n) leaves_ *= 2;
    nodes_.assign(2 * leaves_, Node{});
  }

  void set(std::size_t item, double value, double slope) {
    Node& leaf = nodes_[leaves_ + item];
    leaf.value = value;
    leaf.slope = slope;
    leaf.winner = static_cast<std::uint32_t>(item);
    climb((leaves_ + item) / 2);
  }
  void remove(std::size_t item) {
    Node& leaf = nodes_[leaves_ + item];
    if (leaf.winner == kNone) return;
    leaf.winner = kNone;
    climb((leaves_ + item) / 2);
  }
  // Move the query point forward to x (x must not decrease).
  void advance(double x) {
    x_ = x;
    if (nodes_[1].melt <= x_) refresh(1);
  }

  // The item with the smallest key at the current point, or npos when none is active.
  std::size_t argmin() const { return nodes_[1].winner == kNone ? npos : nodes_[1].winner; }
  double key(std::size_t item) const {
    const Node& leaf = nodes_[leaves_ + item];
    return leaf.value + leaf.slope * x_;
  }

 private:
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
  static constexpr double kNever = std::numeric_limits<double>::infinity();
  struct alignas(32) Node {
    double value = 0.0, slope = 0.0;  // the winner's line
    double melt = kNever;             // next x at which the winner may change
    std::uint32_t winner = kNone;
  };

  // Recompute `node` from its children; false if it came out unchanged.
  bool pull_up(std::size_t node) {
    const Node& a = nodes_[2 * node];
    const Node& b = nodes_[2 * node + 1];
    double melt = std::min(a.melt, b.melt);
    const Node* win = &a;
    if (a.winner == kNone) {
      win = &b;
    } else if (b.winner != kNone) {
      const double ka = a.value + a.slope * x_, kb = b.value + b.slope * x_;
      const bool a_wins = ka < kb || (ka == kb && a.winner < b.winner);
      win = a_wins ? &a : &b;
      const Node& lose = a_wins ? b : a;
      // The loser overtakes once its key falls faster than the winner's.
      if (lose.slope < win->slope) {
        const double cross = (lose.value - win->value) / (win->slope - lose.slope);
        melt = std::min(melt, std::max(cross, x_));
      }
    }
    Node& here = nodes_[node];
    // Compared bit for bit (-0.0 is not 0.0 here): an unchanged node is exactly the node a
    // full recomputation would write.
    if (here.winner == win->winner && same(here.melt, melt) && same(here.value, win->value) &&
        same(here.slope, win->slope))
      return false;
    here.value = win->value;
    here.slope = win->slope;
    here.melt = melt;
    here.winner = win->winner;
    return true;
  }
  static bool same(double a, double b) {
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
  }
  void climb(std::size_t node) {
    for (; node >= 1; node /= 2)
      if (!pull_up(node)) return;
  }
  void refresh(std::size_t node) {
    if (node >= leaves_) return;
    if (nodes_[2 * node].melt <= x_) refresh(2 * node);
    if (nodes_[2 * node + 1].melt <= x_) refresh(2 * node + 1);
    pull_up(node);
  }

  std::size_t leaves_ = 1;
  std::vector<Node, CacheLineAllocator<Node>> nodes_ = std::vector<Node, CacheLineAllocator<Node>>(2);
  double x_ = 0.0;  // the query point starts at 0
};

}  // namespace cpex::numerics
