// The sampling loop of the fixed-budget index policies `ucb-e` and `apt`: every arm once,
// then always the arm of smallest key, where an arm's key depends on its own samples only
// (so only the pulled arm's key changes: an indexed heap, O(log K) per sample; ties to
// the smaller index). The run ends at its budget ([run] budget; the algorithm never stops
// by itself) and the answer is read from the statistics (recommend(), anytime).
#pragma once

#include "cpex/arm_statistics.hpp"
#include "cpex/algorithm.hpp"
#include "cpex/numerics/indexed_heap.hpp"

namespace cpex::fixed_budget {

class IndexPolicy : public Algorithm {
 public:
  bool next(Action& action) override {
    if (stats_.initial_arm(action.arm)) return true;
    action.arm = heap_.top();
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    stats_.add(action.arm, observation.reward);
    if (stats_.all_seen()) {
      if (heap_.size() == 0)
        for (std::size_t a = 0; a < stats_.arms(); ++a) heap_.set(a, key(a));
      else
        heap_.set(action.arm, key(action.arm));
    }
  }

 protected:
  // Resets the statistics and the heap for `arms` arms (call from start()).
  void reset(std::size_t arms) {
    stats_.reset(arms);
    heap_ = numerics::IndexedHeap<true>(arms);
  }
  // The arm's key once every arm has a sample: the next pull is the smallest.
  virtual double key(std::size_t arm) const = 0;

  ArmStatistics stats_;

 private:
  numerics::IndexedHeap<true> heap_;
};

}  // namespace cpex::fixed_budget
