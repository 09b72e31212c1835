// The skeleton shared by the LUCB family (LUCB1, lil'LUCB, LUCB++, lil'RandLUCB): sample
// every arm once; then each round split the arms into High (the K best empirical means)
// and Low, find h = argmin_High LCB and l = argmax_Low UCB, stop when the bounds separate,
// otherwise sample h and l (or one of them at random). High/Low live in a TopKPartition,
// so a round costs O(log N), usually O(1) (docs/performance.md).
//
// A member's radius is scale(t) * unit(T_i, set): LUCB1's radius grows with the round t
// through scale(t), so h and l come from two kinetic tournaments (keys mean -/+ x unit with
// x = scale(t) moving forward); the LIL radii use scale = 1 (constant_scale() true) and put
// everything into unit(), so h and l are the tops of two indexed heaps of the bounds.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "cpex/arm_statistics.hpp"
#include "cpex/algorithm.hpp"
#include "cpex/numerics/indexed_heap.hpp"
#include "cpex/numerics/kinetic_tournament.hpp"
#include "cpex/numerics/top_k_partition.hpp"

namespace cpex::bestk {

class LucbSkeleton : public Algorithm {
 public:
  enum class Sampling { Both, Randomized };

  void start(const AlgorithmContext& context) override;
  bool next(Action& action) override;
  void observe(const Action& action, const Observation& observation) override;
  Recommendation recommend() const override;

 protected:
  explicit LucbSkeleton(Sampling sampling) : sampling_(sampling) {}

  // Called from start() once N, K and sigma are known; throw ParameterError if unfit.
  virtual void prepare(std::size_t arms, std::size_t k, double sigma) = 0;
  // Multiplier of every radius in round t >= 1 (non-decreasing in t).
  virtual double scale(std::uint64_t round) const = 0;
  // True when scale(t) does not depend on t (asked once, after prepare()): the bounds are
  // then kept in heaps instead of kinetic tournaments. Same decisions either way.
  virtual bool constant_scale() const { return false; }
  // Radius of an arm with `pulls` samples in High (`high` true) or Low, before scale().
  virtual double unit(std::uint64_t pulls, bool high) const = 0;
  // Stop once UCB(l) and LCB(h) satisfy the algorithm's rule.
  virtual bool separated(double lcb_h, double ucb_l) const = 0;
  // Accuracy promised by the recommendation.
  virtual double epsilon() const { return 0.0; }

  std::size_t arms() const { return stats_.arms(); }
  std::size_t k() const { return k_; }

 private:
  void build();
  void refresh(std::size_t arm);

  Sampling sampling_;
  RandomStream rng_;
  TraceSink* trace_ = nullptr;
  std::size_t k_ = 0;
  ArmStatistics stats_;
  bool built_ = false;
  bool constant_ = false;  // constant_scale(): heaps, with x = fixed_x_
  double fixed_x_ = 1.0;
  std::uint64_t round_ = 0;
  std::array<std::size_t, 2> queue_{};
  std::size_t queued_ = 0, queue_next_ = 0;
  numerics::TopKPartition partition_;
  // Both kinds hold the keys mean - x * unit over High and -(mean + x * unit) over Low.
  numerics::IndexedHeap<true> lcb_high_, neg_ucb_low_;         // constant scale
  numerics::KineticTournament lower_high_, upper_low_;          // moving scale
};

}  // namespace cpex::bestk
