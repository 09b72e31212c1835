// The Illinois modification of regula falsi, shared by the numerics' root searches on a
// bracket (kl_confidence.cpp, structured_characteristic_time.cpp). Internal to libcpex.
#pragma once

namespace cpex::numerics {

// A bracket [lo, hi] of a root of an increasing f, with f(lo) <= 0 < f(hi), and which end
// moved last (side: -1 lo, +1 hi, 0 none, e.g. after a bisection).
struct IllinoisBracket {
  double& lo;
  double& hi;
  double& f_lo;
  double& f_hi;
  int& side;

  // f(x) = fx: the end on fx's side (`low`: lo) moves to x; when the same end moved the step
  // before, the other end's value is halved, so that the secant does not stall at one end.
  void move(double x, double fx, bool low) {
    if (low) {
      lo = x;
      f_lo = fx;
      if (side == -1) f_hi *= 0.5;
      side = -1;
    } else {
      hi = x;
      f_hi = fx;
      if (side == 1) f_lo *= 0.5;
      side = 1;
    }
  }
};

}  // namespace cpex::numerics
