// The arm of largest KL upper index by groups of equal counts (kl_index_argmax.hpp).
#include "cpex/identification/kl_index_argmax.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "cpex/numerics/kl_confidence.hpp"

namespace cpex::identification {

namespace {

// An upper bound of the computed index of every mean <= `mean` at this count: Pinsker's for
// Bernoulli arms, the closed form for Gaussian ones (with kl_upper_bound's 1e-12 and the rounding
// of the cap), +infinity for the other families (no pruning: every group is walked).
double cap(const numerics::ArmFamily& family, double mean, double count, double level) {
  using Kind = numerics::ArmFamily::Kind;
  if (family.kind() == Kind::Bernoulli) return std::min(1.0, mean + std::sqrt(level / (2.0 * count))) + 1e-11;
  if (family.kind() == Kind::Gaussian) {
    const double bound = mean + family.sigma() * std::sqrt(2.0 * level / count) * (1.0 + 1e-12);
    return bound + 1e-11 * std::max(1.0, std::abs(bound));
  }
  return std::numeric_limits<double>::infinity();
}

// kl_upper_bound's distance above the exact bound, at most (with a factor 2 for the rounding).
double tolerance(double bound) { return 2e-12 * std::max(1.0, std::abs(bound)); }

}  // namespace

void KlIndexArgmax::reset(std::size_t arms) {
  groups_.clear();
  mean_.assign(arms, 0.0);
  count_.assign(arms, 0.0);
  placed_.assign(arms, false);
}

void KlIndexArgmax::set(std::size_t arm, double mean, double count) {
  if (placed_[arm]) {
    if (mean_[arm] == mean && count_[arm] == count) return;
    // The arm's node moves to its new place (no allocation a pull; a group of a new count
    // allocates its own node).
    auto group = groups_.find(count_[arm]);
    auto node = group->second.extract({-mean_[arm], arm});
    if (group->second.empty()) groups_.erase(group);
    node.value() = {-mean, arm};
    groups_[count].insert(std::move(node));
  } else {
    groups_[count].insert({-mean, arm});
  }
  mean_[arm] = mean;
  count_[arm] = count;
  placed_[arm] = true;
}

std::size_t KlIndexArgmax::argmax(const numerics::ArmFamily& family, double level) const {
  computed_ = 0;
  std::size_t best = size();
  double top = -std::numeric_limits<double>::infinity();
  for (const auto& [count, entries] : groups_) {
    if (best < size() && cap(family, -entries.begin()->first, count, level) < top) continue;
    for (auto it = entries.begin(); it != entries.end();) {
      const double mean = -it->first;
      const std::size_t arm = it->second;  // the smallest index of this mean
      const double index = numerics::kl_upper_bound(family, mean, count, level);
      ++computed_;
      if (index > top || (index == top && arm < best)) {
        top = index;
        best = arm;
      }
      // Every lower mean of this count computes at most index + tolerance.
      if (index + tolerance(index) < top) break;
      it = entries.upper_bound({it->first, size()});
    }
  }
  return best;
}

}  // namespace cpex::identification
