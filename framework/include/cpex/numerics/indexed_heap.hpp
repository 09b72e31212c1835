// An indexed 4-ary min-heap of (key, item) pairs, items in [0, capacity): O(1) top,
// O(log N) set (insert or change a key) and erase, an item found by its position array.
// Order: smaller key first; equal keys rank the smaller item first, or the larger one with
// SmallerItemFirst = false. The order is total, so the top is unique and does not depend
// on the history of updates. Header-only so that the hot loops inline into the plugins.
//
// Layout: entries are 16 bytes and node i lives in slot i + 3 of a 64-byte aligned array,
// so the four children of a node (4i+1 .. 4i+4, slots 4(i+1) .. 4(i+1)+3) fill exactly one
// cache line: a sift-down touches one line per level, log4 N levels. A key that changes
// a little (a new sample of an arm) moves few levels, usually none.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <new>
#include <vector>

namespace cpex::numerics {

// std::allocator with 64-byte (cache line) alignment.
template <typename T>
struct CacheLineAllocator {
  using value_type = T;
  CacheLineAllocator() = default;
  template <typename U>
  CacheLineAllocator(const CacheLineAllocator<U>&) {}
  T* allocate(std::size_t n) {
    return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t{64}));
  }
  void deallocate(T* p, std::size_t) { ::operator delete(p, std::align_val_t{64}); }
  template <typename U>
  bool operator==(const CacheLineAllocator<U>&) const { return true; }
};

template <bool SmallerItemFirst = true>
class IndexedHeap {
 public:
  static constexpr std::size_t npos = std::numeric_limits<std::size_t>::max();

  IndexedHeap() = default;
  explicit IndexedHeap(std::size_t capacity)
      : slots_(capacity + kOffset), position_(capacity, kAbsent) {}

  std::size_t capacity() const { return position_.size(); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool contains(std::size_t item) const { return position_[item] != kAbsent; }
  // The first item in the order, npos when empty.
  std::size_t top() const { return size_ == 0 ? npos : at(0).item; }
  double top_key() const { return at(0).key; }
  double key(std::size_t item) const { return at(position_[item]).key; }

  // Insert `item` with `key`, or change its key.
  void set(std::size_t item, double key) {
    const Entry entry{key, static_cast<std::uint32_t>(item)};
    const std::uint32_t p = position_[item];
    if (p == kAbsent) {
      sift_up(size_++, entry);
    } else if (before(entry, at(p))) {
      sift_up(p, entry);
    } else {
      sift_down(p, entry);
    }
  }

  // Remove `item` if present.
  void erase(std::size_t item) {
    const std::uint32_t p = position_[item];
    if (p == kAbsent) return;
    position_[item] = kAbsent;
    const Entry last = at(--size_);
    if (p == size_) return;
    if (before(last, at(p)))
      sift_up(p, last);
    else
      sift_down(p, last);
  }

  void clear() {
    for (std::size_t i = 0; i < size_; ++i) position_[at(i).item] = kAbsent;
    size_ = 0;
  }

  // Remove every item, then insert items[i] with keys[i] for all i (O(N) heapify).
  template <typename Items, typename Keys>
  void assign(const Items& items, const Keys& keys) {
    clear();
    for (std::size_t i = 0; i < items.size(); ++i) {
      at(i) = Entry{keys[i], static_cast<std::uint32_t>(items[i])};
      position_[items[i]] = static_cast<std::uint32_t>(i);
    }
    size_ = items.size();
    for (std::size_t i = size_ / 4 + 1; i-- > 0;) {
      if (i >= size_) continue;
      const Entry entry = at(i);  // a copy: the hole overwrites slot i
      sift_down(i, entry);
    }
  }

  // The items in heap order (not sorted).
  template <typename F>
  void for_each(F&& f) const {
    for (std::size_t i = 0; i < size_; ++i) f(static_cast<std::size_t>(at(i).item), at(i).key);
  }

 private:
  static constexpr std::uint32_t kAbsent = std::numeric_limits<std::uint32_t>::max();
  static constexpr std::size_t kOffset = 3;  // node 0 in slot 3: children on one line
  struct alignas(16) Entry {
    double key;
    std::uint32_t item;
  };

  static bool before(const Entry& a, const Entry& b) {
    if (a.key != b.key) return a.key < b.key;
    return SmallerItemFirst ? a.item < b.item : a.item > b.item;
  }
  Entry& at(std::size_t i) { return slots_[i + kOffset]; }
  const Entry& at(std::size_t i) const { return slots_[i + kOffset]; }

  // Place `entry` at hole i or above.
  void sift_up(std::size_t i, const Entry& entry) {
    while (i > 0) {
      const std::size_t parent = (i - 1) / 4;
      if (!before(entry, at(parent))) break;
      at(i) = at(parent);
      position_[at(i).item] = static_cast<std::uint32_t>(i);
      i = parent;
    }
    at(i) = entry;
    position_[entry.item] = static_cast<std::uint32_t>(i);
  }

  // Place `entry` at hole i or below.
  void sift_down(std::size_t i, const Entry& entry) {
    for (;;) {
      const std::size_t first = 4 * i + 1;
      std::size_t best;
      if (first + 3 < size_) {  // four children: a two-round tournament
        const Entry* c = &at(first);
        const std::size_t left = before(c[1], c[0]) ? 1 : 0;
        const std::size_t right = before(c[3], c[2]) ? 3 : 2;
        best = first + (before(c[right], c[left]) ? right : left);
      } else {
        if (first >= size_) break;
        best = first;
        for (std::size_t c = first + 1; c < size_; ++c)
          if (before(at(c), at(best))) best = c;
      }
      if (!before(at(best), entry)) break;
      at(i) = at(best);
      position_[at(i).item] = static_cast<std::uint32_t>(i);
      i = best;
    }
    at(i) = entry;
    position_[entry.item] = static_cast<std::uint32_t>(i);
  }

  std::vector<Entry, CacheLineAllocator<Entry>> slots_ =
      std::vector<Entry, CacheLineAllocator<Entry>>(kOffset);
  std::vector<std::uint32_t> position_;
  std::size_t size_ = 0;
};

}  // namespace cpex::numerics
