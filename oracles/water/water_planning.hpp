// The water resource planning problem of seed 003 §4.1, eq. (4), on a grid:
//   max sum_i theta_i y_i - f_i(y_i)  s.t.  sum_i y_i >= b,  y_i in {0, s, 2s, ..., c_i}.
// Exact solvers for its leading optimum (the lexicographically smallest optimal y): a
// greedy over unit gains when every cost is convex, dynamic programming otherwise. Free of
// the plugin machinery so tests can call it directly.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace cpex::oracles {

enum class CostFamily { Quadratic, Power };

struct WaterCosts {
  CostFamily family = CostFamily::Quadratic;
  std::vector<double> a;      // quadratic: a_i y^2 + linear_i y; power: a_i y^exponent_i
  std::vector<double> linear;
  std::vector<double> exponent;

  double cost(std::size_t i, double y) const;
  // Whether f_i is convex on [0, infinity) for every i (decided from the coefficients).
  bool convex() const;
};

class WaterPlanning {
 public:
  // Throws ParameterError naming the key: unequal list lengths, a capacity that the step
  // does not divide, sum c_i < b (infeasible).
  WaterPlanning(double demand, std::vector<double> capacities, double step, WaterCosts costs);

  std::size_t arms() const { return units_.size(); }
  bool convex() const { return convex_; }
  // Leading optimum (values in y, not grid units) for theta.
  void solve(std::span<const double> theta, std::span<double> y) const;
  // The same by the greedy / the dynamic program (both exact where they apply; tests).
  void solve_greedy(std::span<const double> theta, std::span<double> y) const;
  void solve_dynamic(std::span<const double> theta, std::span<double> y) const;
  // sum_i theta_i y_i - f_i(y_i).
  double reward(std::span<const double> theta, std::span<const double> y) const;

 private:
  double step_;
  std::size_t demand_units_;                    // B = ceil(b / s)
  std::vector<std::size_t> units_;              // C_i = c_i / s
  std::vector<std::vector<double>> total_cost_; // f_i(l s), l = 0..C_i
  std::vector<std::vector<double>> marginal_;   // f_i(l s) - f_i((l - 1) s), l = 1..C_i
  WaterCosts costs_;
  bool convex_;
  mutable std::vector<std::size_t> count_, heap_;
  mutable std::vector<double> table_;
};

}  // namespace cpex::oracles
