// The star-shaped matrix game by water filling and a bisection over the hub's weight
// (matrix_game.hpp, solve_star_game).
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "cpex/numerics/matrix_game.hpp"
#include "game_input.hpp"
#include "infinity.hpp"

namespace cpex::numerics {
namespace {

// Row j's value at hub weight s and own weight z: a s + c z + b; `column` its own column (cols:
// none, or an entry of 0).
struct StarRow {
  double a, c, b;
  std::size_t column;
};

// The best own weights for a hub weight s: the value min(cap, level), its right derivative in s
// and the water level.
struct Evaluation {
  double value, slope, level;
};

// The game's rows; filled_ the rows of c > 0 with their heights a s + b at the last s, sorted
// by height (stably, from the order before: ties keep it), capped_ the others. One per thread,
// its buffers kept from call to call (fw-sampling solves a game most rounds: no allocation once
// they have grown).
class StarGame {
 public:
  void reset(std::span<const double> hub, std::span<const double> own,
             std::span<const double> offsets) {
    rows_.resize(hub.size());
    inverse_.resize(hub.size());
    slope_.resize(hub.size());
    filled_.clear();
    capped_.clear();
    for (std::size_t j = 0; j < rows_.size(); ++j) {
      rows_[j] = {hub[j], own[j], offsets[j], j};
      if (rows_[j].c > 0.0) {
        filled_.push_back({0.0, j});
        inverse_[j] = 1.0 / rows_[j].c;
        slope_[j] = rows_[j].a / rows_[j].c;
      } else {
        capped_.push_back(j);
      }
    }
  }

  Evaluation at(double s) {
    // The rows without an own weight cap the value at min_j a_j s + b_j (right derivative: the
    // least a among the rows at the minimum).
    double cap = kInfinity, cap_slope = kInfinity;
    for (std::size_t j : capped_) {
      const double v = rows_[j].a * s + rows_[j].b;
      if (v < cap || (v == cap && rows_[j].a < cap_slope)) {
        cap = v;
        cap_slope = rows_[j].a;
      }
    }
    double level = kInfinity, level_slope = 0.0;
    if (!filled_.empty()) {
      bool sorted = true;
      for (std::size_t i = 0; i < filled_.size(); ++i) {
        const StarRow& r = rows_[filled_[i].row];
        filled_[i].height = r.a * s + r.b;
        sorted = sorted && (i == 0 || !(filled_[i].height < filled_[i - 1].height));
      }
      if (!sorted) sort_filled();
      // The level with mass 1 - s over the lowest rows: L = (m + sum t / c) / sum 1 / c over the
      // first k rows, the first k whose L does not pass the next row's height.
      const double mass = std::max(0.0, 1.0 - s);
      double inverse = 0.0, weighted = 0.0, pulled = 0.0;  // sums of 1/c, t/c, a/c
      for (std::size_t i = 0; i < filled_.size(); ++i) {
        const std::size_t j = filled_[i].row;
        inverse += inverse_[j];
        weighted += filled_[i].height / rows_[j].c;
        pulled += slope_[j];
        level = (mass + weighted) / inverse;
        if (i + 1 == filled_.size() || level <= filled_[i + 1].height) break;
      }
      // dL/ds from sum_A (L - a s - b) / c = 1 - s: L' sum 1/c = sum a/c - 1.
      level_slope = (pulled - 1.0) / inverse;
    }
    if (cap < level) return {cap, cap_slope, level};
    if (level < cap) return {level, level_slope, level};
    return {cap, std::min(cap_slope, level_slope), level};
  }

  const std::vector<StarRow>& rows() const { return rows_; }

 private:
  struct Filled {
    double height;
    std::size_t row;
  };

  // filled_ sorted by height, stably (a row moves before another only when strictly lower):
  // by insertion while few rows move, else runs of 16 by insertion merged pairwise. O(R log R)
  // however far s moved (the bisection's first steps reorder most rows), O(R) when few rows
  // cross; at() skips it when the order still holds.
  void sort_filled() {
    const std::size_t n = filled_.size();
    // Few rows out of place (the bisection's later steps): insertion, while it moves at most
    // 8 n entries; then the merges below finish from the order reached (insertion moves no row
    // past an equal one, so the result is the same stable order).
    std::size_t moves = 0, next = 1;
    for (; next < n && moves <= 8 * n; ++next) {
      const Filled f = filled_[next];
      std::size_t k = next;
      for (; k > 0 && f.height < filled_[k - 1].height; --k) filled_[k] = filled_[k - 1];
      filled_[k] = f;
      moves += next - k;
    }
    if (next == n) return;
    constexpr std::size_t kRun = 16;
    for (std::size_t lo = 0; lo < n; lo += kRun) {
      const std::size_t hi = std::min(n, lo + kRun);
      for (std::size_t i = lo + 1; i < hi; ++i) {
        const Filled f = filled_[i];
        std::size_t k = i;
        for (; k > lo && f.height < filled_[k - 1].height; --k) filled_[k] = filled_[k - 1];
        filled_[k] = f;
      }
    }
    if (n <= kRun) return;
    merged_.resize(n);
    Filled* from = filled_.data();
    Filled* to = merged_.data();
    for (std::size_t width = kRun; width < n; width *= 2) {
      for (std::size_t lo = 0; lo < n; lo += 2 * width) {
        const std::size_t mid = std::min(n, lo + width), hi = std::min(n, lo + 2 * width);
        if (mid == hi || !(from[mid].height < from[mid - 1].height)) {  // already in order
          std::copy(from + lo, from + hi, to + lo);
          continue;
        }
        std::size_t l = lo, r = mid, out = lo;
        while (l < mid && r < hi)
          to[out++] = from[r].height < from[l].height ? from[r++] : from[l++];
        while (l < mid) to[out++] = from[l++];
        while (r < hi) to[out++] = from[r++];
      }
      std::swap(from, to);
    }
    if (from != filled_.data()) filled_.swap(merged_);
  }

  std::vector<StarRow> rows_;
  std::vector<double> inverse_, slope_;  // per row: 1 / c; a / c
  std::vector<Filled> filled_, merged_;
  std::vector<std::size_t> capped_;
};

}  // namespace

double solve_star_game(std::span<const double> hub, std::span<const double> own, std::span<const double> offsets,
                       double& hub_weight, std::vector<double>& own_weights) {
  const std::size_t rows = hub.size();
  if (rows == 0 || own.size() != rows || offsets.size() != rows)
    throw std::invalid_argument("solve_star_game: " + std::to_string(rows) + " hub entries need as many own entries (" +
                                std::to_string(own.size()) + ") and offsets (" + std::to_string(offsets.size()) + ")");
  for (std::size_t j = 0; j < rows; ++j)
    if (!std::isfinite(hub[j]) || !std::isfinite(own[j]) || !std::isfinite(offsets[j]) || own[j] < 0.0)
      throw std::invalid_argument("solve_star_game: row " + std::to_string(j) +
                                  " has a non-finite entry or a negative own entry");
  thread_local StarGame game;
  game.reset(hub, own, offsets);
  // V(s) is concave: bisection on the sign of its right derivative.
  double lo = 0.0, hi = 1.0;
  for (int step = 0; step < 200 && hi - lo > 1e-15; ++step) {
    const double mid = 0.5 * (lo + hi);
    (game.at(mid).slope > 0.0 ? lo : hi) = mid;
  }
  const Evaluation at_lo = game.at(lo), at_hi = game.at(hi);
  const double s = at_hi.value > at_lo.value ? hi : lo;
  const Evaluation best = game.at(s);
  own_weights.assign(rows, 0.0);
  double total = hub_weight = s;
  if (std::isfinite(best.level)) {
    for (const StarRow& r : game.rows())
      if (r.c > 0.0) total += own_weights[r.column] = std::max(0.0, (best.level - (r.a * s + r.b)) / r.c);
  } else {
    // No row has an own payoff: the rest goes to a column that moves no row's value.
    own_weights[0] = 1.0 - s;
    total = 1.0;
  }
  if (!(total > 0.0)) hub_weight = total = 1.0;
  hub_weight /= total;
  for (double& z : own_weights) z /= total;
  return best.value;
}

std::optional<double> solve_star_game(std::span<const double> payoff, std::size_t rows, std::size_t cols,
                                      std::span<const double> offsets, std::vector<double>& strategy) {
  check_game_input("solve_star_game", payoff, rows, cols, offsets);
  // The hub: a column weighed by most rows (of those tied or next, the first three that make
  // a star are tried in turn).
  std::vector<std::size_t> used(cols, 0), candidates(cols);
  for (std::size_t j = 0; j < rows; ++j)
    for (std::size_t c = 0; c < cols; ++c) used[c] += payoff[j * cols + c] != 0.0;
  std::iota(candidates.begin(), candidates.end(), std::size_t{0});
  std::stable_sort(candidates.begin(), candidates.end(), [&](std::size_t x, std::size_t y) { return used[x] > used[y]; });
  // Each row: its hub entry and at most one other column, >= 0 and no other row's.
  std::vector<StarRow> star(rows);
  std::vector<char> owned(cols);
  const auto make_star = [&](std::size_t hub) {
    std::fill(owned.begin(), owned.end(), 0);
    for (std::size_t j = 0; j < rows; ++j) {
      star[j] = {payoff[j * cols + hub], 0.0, offsets[j], cols};
      for (std::size_t c = 0; c < cols; ++c) {
        const double x = payoff[j * cols + c];
        if (c == hub || x == 0.0) continue;
        if (x < 0.0 || star[j].column != cols || owned[c]) return false;
        star[j].c = x;
        star[j].column = c;
        owned[c] = 1;
      }
    }
    return true;
  };
  std::size_t hub = cols;
  for (std::size_t i = 0; i < std::min<std::size_t>(3, cols) && hub == cols; ++i)
    if (make_star(candidates[i])) hub = candidates[i];
  if (hub == cols) return std::nullopt;
  strategy.assign(cols, 0.0);
  if (cols == 1) {  // the hub alone: the whole weight on it
    strategy[hub] = 1.0;
    double value = kInfinity;
    for (std::size_t j = 0; j < rows; ++j) value = std::min(value, payoff[j] + offsets[j]);
    return value;
  }
  std::vector<double> hubs(rows), owns(rows), weights;
  for (std::size_t j = 0; j < rows; ++j) hubs[j] = star[j].a, owns[j] = star[j].c;
  double hub_weight = 0.0;
  const double value = solve_star_game(hubs, owns, offsets, hub_weight, weights);
  strategy[hub] = hub_weight;
  // The weight of a row without an own column (its own payoff 0: it moves no row's value) goes
  // to the first other column, where it can only raise a row's value.
  const std::size_t spare = hub == 0 ? 1 : 0;
  for (std::size_t j = 0; j < rows; ++j)
    strategy[star[j].column < cols ? star[j].column : spare] += weights[j];
  return value;
}

}  // namespace cpex::numerics
