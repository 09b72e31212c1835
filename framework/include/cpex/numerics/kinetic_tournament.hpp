// A kinetic tournament tree: the minimum over active items of linear keys
// key_i(x) = value_i + slope_i * x, for a query point x that only moves forward (e.g. a
// confidence multiplier that grows with the round number). Setting or removing an item
// costs O(log N); advancing x recomputes only the subtrees whose winner can have changed
// (amortized polylogarithmic). With zero slopes it is a plain tournament tree. Equal keys
// are won by the smaller index.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace cpex::numerics {

class KineticTournament {
 public:
  static constexpr std::size_t npos = std::numeric_limits<std::size_t>::max();

  KineticTournament() = default;
  explicit KineticTournament(std::size_t n);

  void set(std::size_t item, double value, double slope);
  void remove(std::size_t item);
  // Move the query point forward to x (x must not decrease).
  void advance(double x);

  // The item with the smallest key at the current point, or npos when none is active.
  std::size_t argmin() const { return winner_[1] == kNone ? npos : winner_[1]; }
  double key(std::size_t item) const { return value_[item] + slope_[item] * x_; }

 private:
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
  static constexpr double kNever = std::numeric_limits<double>::infinity();

  bool beats(std::uint32_t a, std::uint32_t b) const;
  void pull_up(std::size_t node);
  void refresh(std::size_t node);

  std::size_t leaves_ = 1;
  std::vector<std::uint32_t> winner_ = std::vector<std::uint32_t>(2, kNone);
  std::vector<double> melt_ = std::vector<double>(2, kNever);  // next x a winner may change
  std::vector<double> value_, slope_;
  double x_ = 0.0;  // the query point starts at 0
};

}  // namespace cpex::numerics
