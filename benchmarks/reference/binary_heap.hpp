// The references' priority queue: a textbook binary min-heap (1-based, children 2i and
// 2i+1) of (key, arm) entries with an arm -> slot table. `Before(a, b)` orders entries;
// written independently of numerics::IndexedHeap so that a reference checks the library's
// structures rather than sharing them.
#pragma once

#include <cstdint>
#include <vector>

namespace cpex::reference {

struct HeapEntry {
  double key;
  std::uint32_t arm;
};

// Smaller key first, ties to the smaller arm.
struct KeyThenSmallerArm {
  bool operator()(const HeapEntry& a, const HeapEntry& b) const {
    return a.key < b.key || (a.key == b.key && a.arm < b.arm);
  }
};
// Smaller key first, ties to the larger arm.
struct KeyThenLargerArm {
  bool operator()(const HeapEntry& a, const HeapEntry& b) const {
    return a.key < b.key || (a.key == b.key && a.arm > b.arm);
  }
};

template <typename Before>
class BinaryHeap {
 public:
  explicit BinaryHeap(std::size_t arms = 0) : heap_(arms + 1), slot_(arms, 0) {}

  std::uint32_t size() const { return size_; }
  bool has(std::size_t arm) const { return slot_[arm] != 0; }
  const HeapEntry& top() const { return heap_[1]; }

  void put(std::size_t arm, double key) {
    const HeapEntry e{key, static_cast<std::uint32_t>(arm)};
    std::uint32_t i = slot_[arm];
    if (i == 0) {
      up(++size_, e);
    } else if (Before()(e, heap_[i])) {
      up(i, e);
    } else {
      down(i, e);
    }
  }
  void remove(std::size_t arm) {
    const std::uint32_t i = slot_[arm];
    if (i == 0) return;
    slot_[arm] = 0;
    const HeapEntry last = heap_[size_--];
    if (i > size_) return;
    if (Before()(last, heap_[i]))
      up(i, last);
    else
      down(i, last);
  }

 private:
  void up(std::uint32_t i, const HeapEntry& e) {
    for (; i > 1 && Before()(e, heap_[i / 2]); i /= 2) {
      heap_[i] = heap_[i / 2];
      slot_[heap_[i].arm] = i;
    }
    heap_[i] = e;
    slot_[e.arm] = i;
  }
  void down(std::uint32_t i, const HeapEntry& e) {
    for (std::uint32_t c; (c = 2 * i) <= size_; i = c) {
      if (c < size_ && Before()(heap_[c + 1], heap_[c])) ++c;
      if (!Before()(heap_[c], e)) break;
      heap_[i] = heap_[c];
      slot_[heap_[i].arm] = i;
    }
    heap_[i] = e;
    slot_[e.arm] = i;
  }

  std::vector<HeapEntry> heap_;
  std::vector<std::uint32_t> slot_;
  std::uint32_t size_ = 0;
};

}  // namespace cpex::reference
