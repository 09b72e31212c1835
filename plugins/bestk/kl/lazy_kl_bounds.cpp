// The lazy extreme of KL bounds (lazy_kl_bounds.hpp).
#include "lazy_kl_bounds.hpp"

#include <algorithm>
#include <cmath>

namespace cpex::bestk::kl {

void LazyKlBounds::reset(std::size_t arms, bool upper, Bound bound) {
  lazy_ = arms > kScanArms;
  sign_ = upper ? 1.0 : -1.0;
  bound_ = std::move(bound);
  heap_ = numerics::IndexedHeap<true>(arms);
  outer_level_ = 0.0;
}

double LazyKlBounds::outer(std::size_t arm) const {
  const double b = bound_(arm, outer_level_);
  return b + sign_ * 1e-9 * std::max(1.0, std::abs(b));  // wider than the solver's error
}

void LazyKlBounds::set_outer_level(double level) {
  outer_level_ = level;
  if (!lazy_) return;
  std::vector<std::size_t> members;
  heap_.for_each([&](std::size_t arm, double) { members.push_back(arm); });
  for (std::size_t arm : members) heap_.set(arm, -sign_ * outer(arm));
}

void LazyKlBounds::refresh(std::size_t arm) { heap_.set(arm, lazy_ ? -sign_ * outer(arm) : 0.0); }

LazyKlBounds::Extreme LazyKlBounds::extreme(double level) {
  Extreme best;
  bool found = false;
  auto consider = [&](std::size_t arm, double exact) {
    if (!found || sign_ * exact > sign_ * best.bound || (exact == best.bound && arm < best.arm)) {
      best = {arm, exact};
      found = true;
    }
  };
  if (!lazy_) {
    heap_.for_each([&](std::size_t arm, double) { consider(arm, bound_(arm, level)); });
    return best;
  }
  popped_.clear();
  popped_keys_.clear();
  while (!heap_.empty()) {
    const std::size_t arm = heap_.top();
    const double outer_bound = -sign_ * heap_.top_key();
    // The heap lists outer bounds from the most extreme, ties by smaller index: once one
    // cannot beat (or tie with a smaller index) the best exact bound, none after it can.
    if (found && (sign_ * outer_bound < sign_ * best.bound ||
                  (outer_bound == best.bound && arm > best.arm)))
      break;
    popped_.push_back(arm);
    popped_keys_.push_back(heap_.top_key());
    heap_.erase(arm);
    consider(arm, bound_(arm, level));
  }
  for (std::size_t i = 0; i < popped_.size(); ++i) heap_.set(popped_[i], popped_keys_[i]);
  return best;
}

}  // namespace cpex::bestk::kl
