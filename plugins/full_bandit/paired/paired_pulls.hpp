// The sampling skeleton of CLUCB-QM and the full-bandit CLUCB (seed 001 §5.2, App. E.1):
// the learner explores single arms through *pairs* of super arms that differ in one arm,
// M_t containing the explored arm e_t but not the fixed arm e', then M'_t = M_t - e_t + e'.
// The difference of the two observations estimates theta(e_t) - theta(e') whatever the
// other k - 1 members are.
//
// Which super arm M_t is not fixed by the seed (its Algorithm 4 and 6 did not survive in
// our copy). The initial sweep, and every pair with `companions = fixed`, uses one fixed
// companion set, as 001 App. E.2 does for ME and LUCB:
//   e' = `fixed-arm` (default 0), A = the k - 1 smallest arms other than e',
//   c  = the smallest arm outside A and e';
//   e not in A: M = A + e,      M' = A + e';
//   e in A:     M = A + c,      M' = A - e + c + e'.
// The n - 1 pairs of the initial sweep (one per arm e != e') then make the design of
// CLUCB-QM full rank even without regularization. e' itself is never explored directly.
// With `companions = random` the k - 1 other members are drawn afresh for every pair after
// the sweep, uniformly among the arms other than e and e' (the algorithm's stream): the
// difference still estimates theta(e) - theta(e'), and CLUCB-QM's least squares see many
// different sums, which pins down the common level.
//
// A derived algorithm implements decide(): called once the sweep is done and after every
// pair, it either stops (setting best_) or names the arm to pair next.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "cpex/algorithm.hpp"
#include "cpex/params.hpp"

namespace cpex::full_bandit {

// A schema of delta, epsilon, fixed-arm, companions (default `companions_default`).
ParamSchema paired_parameters(const std::string& companions_default);

class PairedPullAlgorithm : public Algorithm {
 public:
  explicit PairedPullAlgorithm(const ParamValues& p);

  void start(const AlgorithmContext& context) override;
  bool next(Action& action) override;
  void observe(const Action& action, const Observation& observation) override;
  Recommendation recommend() const override { return {best_, epsilon_}; }
  std::vector<std::pair<std::string, ParamValue>> resolved() const override;

  // The pair exploring arm `arm` (!= fixed arm) with the fixed companions, each sorted.
  std::pair<std::vector<std::size_t>, std::vector<std::size_t>> pair_for(std::size_t arm) const;

 protected:
  // Every pull with its observation (CLUCB-QM's least squares).
  virtual void on_pull(std::span<const std::size_t> members, double reward) = 0;
  // A completed pair exploring `arm`: difference = r(M) - r(M').
  virtual void on_pair(std::size_t arm, double difference) = 0;
  // After the sweep and after every pair: true to stop (best_ set); otherwise `explore` is
  // set to the next arm to pair (any arm != fixed arm).
  virtual bool decide(std::size_t& explore) = 0;
  // Checks of one algorithm, at the end of start().
  virtual void on_start() {}

  double delta_, epsilon_;
  std::int64_t fixed_arm_setting_;
  bool random_companions_;
  RandomStream rng_;
  const Problem* problem_ = nullptr;
  const Oracle* decision_ = nullptr;
  std::size_t n_ = 0, k_ = 0, fixed_arm_ = 0;
  double sigma_ = 1.0;
  std::uint64_t pairs_ = 0;  // completed pairs
  Decision best_;

 private:
  void plan(std::size_t arm);

  std::vector<char> in_companions_;
  std::vector<std::size_t> companions_;  // A
  std::size_t spare_ = 0;                // c
  std::vector<std::size_t> first_, second_, pool_;
  std::size_t sweep_ = 0;      // next arm of the initial sweep
  std::size_t exploring_ = 0;  // arm of the current pair
  int stage_ = 0;              // 0: M next, 1: M' next
  double first_reward_ = 0.0;
  bool stopped_ = false;
};

}  // namespace cpex::full_bandit
