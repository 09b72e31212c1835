// Exact solvers of the gridded water resource planning problem (seed 003 eq. 4).
//
// Unit view: arm i's l-th grid unit gains g_il = theta_i s - (f_i(l s) - f_i((l-1) s)).
// Convex costs make g_il non-increasing in l, so an optimum takes a prefix of units per arm;
// the leading (lexicographically smallest) optimum takes every unit with g > 0 and, if that
// is fewer than B = ceil(b / s) units, the best B of all units in the order (g descending,
// larger arm index first): zero-gain units are left out and ties at the threshold go to the
// larger indices, which keeps the smaller coordinates small. Otherwise a dynamic program
// over (arm, units still demanded, capped at B) finds the optimum value and the forward
// pass takes for each arm the smallest y that still attains it.
#include "water_planning.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "cpex/errors.hpp"

namespace cpex::oracles {

double WaterCosts::cost(std::size_t i, double y) const {
  if (family == CostFamily::Quadratic) return a[i] * y * y + linear[i] * y;
  return a[i] * std::pow(y, exponent[i]);
}

bool WaterCosts::convex() const {
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (family == CostFamily::Quadratic) {
      if (a[i] < 0.0) return false;
    } else if (a[i] != 0.0 && !(a[i] > 0.0 ? exponent[i] >= 1.0 : exponent[i] <= 1.0)) {
      return false;
    }
  }
  return true;
}

namespace {

// The grids (sum over sources of C_i / step + 1 points) and the DP table are this large
// at most; larger inputs are refused naming `step`.
constexpr long long kMaxWaterGridUnits = 10'000'000;

// Number of grid units in `value`, -1 if the step does not divide it, -2 if there are too many.
long long grid_units(double value, double step) {
  const double units = value / step;
  const double rounded = std::round(units);
  if (!(rounded <= static_cast<double>(kMaxWaterGridUnits))) return -2;  // also NaN
  return std::abs(units - rounded) <= 1e-9 * std::max(1.0, rounded)
             ? static_cast<long long>(rounded) : -1;
}

std::string number(double x) {
  std::string s = std::to_string(x);
  s.erase(s.find_last_not_of('0') + 1);
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

}  // namespace

WaterPlanning::WaterPlanning(double demand, std::vector<double> capacities, double step,
                             WaterCosts costs)
    : step_(step), costs_(std::move(costs)) {
  const std::size_t m = capacities.size();
  if (m == 0) throw ParameterError("capacities", "needs one capacity per source");
  if (costs_.a.size() != m)
    throw ParameterError("a", "has " + std::to_string(costs_.a.size()) +
                                  " entries, but capacities has " + std::to_string(m));
  const bool quadratic = costs_.family == CostFamily::Quadratic;
  std::vector<double>& other = quadratic ? costs_.linear : costs_.exponent;
  const char* other_key = quadratic ? "linear" : "exponent";
  if (other.empty()) other.assign(m, quadratic ? 0.0 : 1.0);
  if (other.size() != m)
    throw ParameterError(other_key, "has " + std::to_string(other.size()) +
                                        " entries, but capacities has " + std::to_string(m));
  double total = 0.0;
  for (std::size_t i = 0; i < m; ++i) {
    const long long units = grid_units(capacities[i], step);
    if (units == -2)
      throw ParameterError("step", "capacity " + number(capacities[i]) + " of source " + std::to_string(i) +
                                       " is more than " + std::to_string(kMaxWaterGridUnits) +
                                       " grid steps of " + number(step) + "; use a coarser step");
    if (units < 0)
      throw ParameterError("step", "step " + number(step) + " does not divide capacity " +
                                       number(capacities[i]) + " of source " + std::to_string(i) +
                                       " (the grid must cover [0, c_i])");
    units_.push_back(static_cast<std::size_t>(units));
    total += capacities[i];
  }
  if (total < demand)
    throw ParameterError("b", "infeasible: the capacities sum to " + number(total) +
                                  " < b = " + number(demand));
  const double demanded = std::max(0.0, demand) / step;
  demand_units_ = static_cast<std::size_t>(std::max(0.0, std::ceil(demanded - 1e-9)));
  std::size_t grid_total = 0;
  for (std::size_t u : units_) grid_total += u + 1;
  if (grid_total > static_cast<std::size_t>(kMaxWaterGridUnits))
    throw ParameterError("step", "the grids of the " + std::to_string(m) + " sources have " +
                                     std::to_string(grid_total) + " points in all, more than " +
                                     std::to_string(kMaxWaterGridUnits) + "; use a coarser step");
  // Feasibility on the grid itself (the real-valued check above tolerates rounding).
  if (grid_total - m < demand_units_)
    throw ParameterError("b", "infeasible on the grid: the capacities give " + std::to_string(grid_total - m) +
                                  " steps of " + number(step) + ", b needs " + std::to_string(demand_units_));
  total_cost_.resize(m);
  marginal_.resize(m);
  for (std::size_t i = 0; i < m; ++i) {
    total_cost_[i].resize(units_[i] + 1);
    for (std::size_t l = 0; l <= units_[i]; ++l)
      total_cost_[i][l] = costs_.cost(i, static_cast<double>(l) * step);
    marginal_[i].resize(units_[i]);
    for (std::size_t l = 0; l < units_[i]; ++l)
      marginal_[i][l] = total_cost_[i][l + 1] - total_cost_[i][l];
  }
  convex_ = costs_.convex();
  if (!convex_ && static_cast<double>(m + 1) * static_cast<double>(demand_units_ + 1) > 1e8)
    throw ParameterError("step", "non-convex costs are solved by a dynamic program of (m + 1) x (b / step + 1) = " +
                                     number(static_cast<double>(m + 1) * static_cast<double>(demand_units_ + 1)) +
                                     " cells, more than 1e8; use a coarser step");
}

void WaterPlanning::solve(std::span<const double> theta, std::span<double> y) const {
  if (convex_)
    solve_greedy(theta, y);
  else
    solve_dynamic(theta, y);
}

void WaterPlanning::solve_greedy(std::span<const double> theta, std::span<double> y) const {
  const std::size_t m = units_.size();
  count_.assign(m, 0);
  std::size_t taken = 0;
  for (std::size_t i = 0; i < m; ++i) {
    // Units with positive gain: marginal cost < theta_i s (a prefix, costs being convex).
    const double price = theta[i] * step_;
    count_[i] = static_cast<std::size_t>(
        std::lower_bound(marginal_[i].begin(), marginal_[i].end(), price,
                         [&](double cost, double p) { return p - cost > 0.0; }) -
        marginal_[i].begin());
    taken += count_[i];
  }
  if (taken < demand_units_) {
    auto gain = [&](std::size_t i) { return theta[i] * step_ - marginal_[i][count_[i]]; };
    auto less = [&](std::size_t a, std::size_t b) {
      const double ga = gain(a), gb = gain(b);
      return ga < gb || (ga == gb && a < b);
    };
    heap_.clear();
    for (std::size_t i = 0; i < m; ++i)
      if (count_[i] < units_[i]) heap_.push_back(i);
    std::make_heap(heap_.begin(), heap_.end(), less);
    for (; taken < demand_units_; ++taken) {
      std::pop_heap(heap_.begin(), heap_.end(), less);
      const std::size_t arm = heap_.back();
      ++count_[arm];
      if (count_[arm] < units_[arm])
        std::push_heap(heap_.begin(), heap_.end(), less);
      else
        heap_.pop_back();
    }
  }
  for (std::size_t i = 0; i < m; ++i) y[i] = static_cast<double>(count_[i]) * step_;
}

void WaterPlanning::solve_dynamic(std::span<const double> theta, std::span<double> y) const {
  const std::size_t m = units_.size(), width = demand_units_ + 1;
  constexpr double kNone = -std::numeric_limits<double>::infinity();
  // table_[i * width + r]: best reward of arms i..m-1 supplying at least r more units.
  table_.assign((m + 1) * width, kNone);
  table_[m * width + 0] = 0.0;
  auto gain = [&](std::size_t i, std::size_t l) {
    return theta[i] * (static_cast<double>(l) * step_) - total_cost_[i][l];
  };
  for (std::size_t i = m; i-- > 0;) {
    for (std::size_t r = 0; r < width; ++r) {
      double best = kNone;
      for (std::size_t l = 0; l <= units_[i]; ++l) {
        const double rest = table_[(i + 1) * width + (l >= r ? 0 : r - l)];
        if (rest == kNone) continue;
        best = std::max(best, gain(i, l) + rest);
      }
      table_[i * width + r] = best;
    }
  }
  std::size_t r = demand_units_;
  for (std::size_t i = 0; i < m; ++i) {
    const double target = table_[i * width + r];
    for (std::size_t l = 0; l <= units_[i]; ++l) {
      const double rest = table_[(i + 1) * width + (l >= r ? 0 : r - l)];
      if (rest != kNone && gain(i, l) + rest == target) {
        y[i] = static_cast<double>(l) * step_;
        r = l >= r ? 0 : r - l;
        break;
      }
    }
  }
}

double WaterPlanning::reward(std::span<const double> theta, std::span<const double> y) const {
  double total = 0.0;
  for (std::size_t i = 0; i < units_.size(); ++i) total += theta[i] * y[i] - costs_.cost(i, y[i]);
  return total;
}

}  // namespace cpex::oracles
