// Kinetic tournament tree (see the header for the contract).
#include "cpex/numerics/kinetic_tournament.hpp"

#include <algorithm>

namespace cpex::numerics {

KineticTournament::KineticTournament(std::size_t n) : value_(n, 0.0), slope_(n, 0.0) {
  while (leaves_ < n) leaves_ *= 2;
  winner_.assign(2 * leaves_, kNone);
  melt_.assign(2 * leaves_, kNever);
}

bool KineticTournament::beats(std::uint32_t a, std::uint32_t b) const {
  const double ka = key(a), kb = key(b);
  return ka < kb || (ka == kb && a < b);
}

void KineticTournament::pull_up(std::size_t node) {
  const std::uint32_t a = winner_[2 * node], b = winner_[2 * node + 1];
  double melt = std::min(melt_[2 * node], melt_[2 * node + 1]);
  if (a == kNone || b == kNone) {
    winner_[node] = a == kNone ? b : a;
  } else {
    const std::uint32_t win = beats(a, b) ? a : b;
    const std::uint32_t lose = win == a ? b : a;
    // The loser overtakes once its key falls faster than the winner's.
    if (slope_[lose] < slope_[win]) {
      const double cross = (value_[lose] - value_[win]) / (slope_[win] - slope_[lose]);
      melt = std::min(melt, std::max(cross, x_));
    }
    winner_[node] = win;
  }
  melt_[node] = melt;
}

void KineticTournament::set(std::size_t item, double value, double slope) {
  value_[item] = value;
  slope_[item] = slope;
  std::size_t node = leaves_ + item;
  winner_[node] = static_cast<std::uint32_t>(item);
  for (node /= 2; node >= 1; node /= 2) pull_up(node);
}

void KineticTournament::remove(std::size_t item) {
  std::size_t node = leaves_ + item;
  if (winner_[node] == kNone) return;
  winner_[node] = kNone;
  for (node /= 2; node >= 1; node /= 2) pull_up(node);
}

void KineticTournament::refresh(std::size_t node) {
  if (node >= leaves_) return;
  if (melt_[2 * node] <= x_) refresh(2 * node);
  if (melt_[2 * node + 1] <= x_) refresh(2 * node + 1);
  pull_up(node);
}

void KineticTournament::advance(double x) {
  x_ = x;
  if (melt_[1] <= x_) refresh(1);
}

}  // namespace cpex::numerics
