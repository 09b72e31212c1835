// Hand-tight reference of `lucb` (LUCB1, Kalyanakrishnan et al. 2012; plugins/bestk/lucb):
// the same rule, radius and random streams in one flat class, no virtual calls, no library
// structures (benchmarks/reference_cost_driver.cpp; checked equal to the plugin by
// tests/perf/reference_equivalence_test.cpp).
//
// Rule: sample every arm once; in round t (t = 1 at the first check) High = the K best
// means (ties: smaller index), beta(u, t) = x_t sqrt(2 sigma^2 / u) with
// x_t = sqrt(log(1.25 N / delta) + 4 log t); h = argmin_High mean - beta, l = argmax_Low
// mean + beta (ties: smaller index); stop when UCB_l - LCB_h < epsilon, else sample h, l.
// As x_t grows every round, h and l come from kinetic tournaments over the lines
// mean - x * unit (High) and -mean - x * unit (Low): a node is recomputed when x passes the
// time its winner can be overtaken.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include "lucb_skeleton.hpp"

namespace cpex::reference {

// Minimum of lines value + slope * x over active arms; x only grows.
class LineTournament {
 public:
  explicit LineTournament(std::size_t n) {
    while (leaves_ < n) leaves_ *= 2;
    win_.assign(2 * leaves_, kOff);
    melt_.assign(2 * leaves_, kInf);
    line_.assign(leaves_, Line{});
  }
  void put(std::size_t a, double value, double slope) {
    line_[a] = {value, slope};
    win_[leaves_ + a] = static_cast<std::uint32_t>(a);
    for (std::size_t v = (leaves_ + a) / 2; v; v /= 2) fix(v);
  }
  void drop(std::size_t a) {
    if (win_[leaves_ + a] == kOff) return;
    win_[leaves_ + a] = kOff;
    for (std::size_t v = (leaves_ + a) / 2; v; v /= 2) fix(v);
  }
  void move_to(double x) {
    x_ = x;
    if (melt_[1] <= x_) redo(1);
  }
  std::uint32_t best() const { return win_[1]; }
  double at(std::uint32_t a) const { return line_[a].value + line_[a].slope * x_; }

 private:
  static constexpr std::uint32_t kOff = ~0u;
  static constexpr double kInf = std::numeric_limits<double>::infinity();
  struct Line {
    double value = 0, slope = 0;
  };
  void fix(std::size_t v) {
    const std::uint32_t a = win_[2 * v], b = win_[2 * v + 1];
    double melt = std::min(melt_[2 * v], melt_[2 * v + 1]);
    if (a == kOff || b == kOff) {
      win_[v] = a == kOff ? b : a;
    } else {
      const double ka = at(a), kb = at(b);
      const std::uint32_t w = ka < kb || (ka == kb && a < b) ? a : b, o = w == a ? b : a;
      if (line_[o].slope < line_[w].slope)
        melt = std::min(melt, std::max((line_[o].value - line_[w].value) /
                                           (line_[w].slope - line_[o].slope), x_));
      win_[v] = w;
    }
    melt_[v] = melt;
  }
  void redo(std::size_t v) {
    if (v >= leaves_) return;
    if (melt_[2 * v] <= x_) redo(2 * v);
    if (melt_[2 * v + 1] <= x_) redo(2 * v + 1);
    fix(v);
  }
  std::size_t leaves_ = 1;
  std::vector<std::uint32_t> win_;
  std::vector<double> melt_;
  std::vector<Line> line_;
  double x_ = 0;
};

class Lucb1 : public LucbSkeleton<Lucb1> {
 public:
  Lucb1(GaussianArms& env, std::size_t k, double delta, double epsilon)
      : LucbSkeleton(env, k), epsilon_(epsilon), lower_(n_), upper_(n_) {
    log_first_ = std::log(1.25 * static_cast<double>(n_) / delta);
    two_var_ = 2.0 * env.sigma() * env.sigma();
  }

  bool step() {
    std::size_t a;
    if (!scheduled(a)) {
      const double x = std::sqrt(log_first_ + 4.0 * std::log(static_cast<double>(++round_)));
      lower_.move_to(x);
      upper_.move_to(x);
      const std::uint32_t h = lower_.best(), l = upper_.best();
      if (-upper_.at(l) - lower_.at(h) < epsilon_) return false;
      a = h;
      pending_ = l;
    }
    sample(a);
    return true;
  }

  // The lines of arm a in its side's tournament (called by the skeleton).
  void refresh(std::size_t a) {
    const double unit = std::sqrt(two_var_ * 1.0 / static_cast<double>(arm_[a].count));
    if (worst_high_.has(a)) {
      lower_.put(a, arm_[a].mean, -unit);
      upper_.drop(a);
    } else {
      upper_.put(a, -arm_[a].mean, -unit);
      lower_.drop(a);
    }
  }

 private:
  double epsilon_, log_first_ = 0, two_var_ = 1;
  std::uint64_t round_ = 0;
  LineTournament lower_, upper_;  // min over High of mean - x unit; over Low of -(mean + x unit)
};

}  // namespace cpex::reference
