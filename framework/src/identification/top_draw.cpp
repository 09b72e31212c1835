// The skeleton of the exact top-k draws by thinning (top_draw.hpp).
#include "cpex/identification/top_draw.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace cpex::identification {

namespace {

// Thresholds tried below the first before every arm not fixed is drawn outright.
constexpr int kLevels = 60;

bool before(const TopDrawEntry& x, const TopDrawEntry& y) {
  return x.location > y.location || (x.location == y.location && x.arm < y.arm);
}

}  // namespace

void TopDraw::resize_arms(std::size_t arms) {
  location_.assign(arms, 0.0);
  bucket_of_.assign(arms, 0);
  placed_.assign(arms, false);
  buckets_.clear();
  stamp_.assign(arms, 0);
  value_.assign(arms, 0.0);
  draw_id_ = 0;
  has_threshold_ = false;
}

void TopDraw::place(std::size_t arm, double location, double key) {
  const int index = bucket_index(key);
  if (placed_[arm]) {
    auto bucket = buckets_.find(bucket_of_[arm]);
    std::vector<Entry>& entries = bucket->second.entries;
    entries.erase(std::lower_bound(entries.begin(), entries.end(), Entry{location_[arm], arm}, before));
    if (entries.empty()) buckets_.erase(bucket);
  }
  Bucket& bucket = buckets_[index];
  bucket.bound = bucket_bound(index);
  const Entry entry{location, arm};
  bucket.entries.insert(std::lower_bound(bucket.entries.begin(), bucket.entries.end(), entry, before), entry);
  location_[arm] = location;
  bucket_of_[arm] = index;
  placed_[arm] = true;
}

void TopDraw::place_all(std::span<const double> locations, std::span<const double> keys) {
  buckets_.clear();
  for (std::size_t a = 0; a < location_.size(); ++a) {
    const int index = bucket_index(keys[a]);
    Bucket& bucket = buckets_[index];
    bucket.bound = bucket_bound(index);
    bucket.entries.push_back({locations[a], a});
    location_[a] = locations[a];
    bucket_of_[a] = index;
    placed_[a] = true;
  }
  for (auto& [index, bucket] : buckets_) std::sort(bucket.entries.begin(), bucket.entries.end(), before);
}

void TopDraw::fix(std::size_t arm, double value, double lo) {
  stamp_[arm] = draw_id_;
  value_[arm] = value;
  (value > lo ? above_ : below_).push_back(arm);
}

// The arms of `bucket` not fixed yet whose values fall in (lo, hi], given that they are <= hi:
// a candidate every geometric skip at the bound of the position reached, accepted with its own
// probability over the bound.
void TopDraw::walk(const Bucket& bucket, double lo, double hi, RandomStream& rng) {
  const std::vector<Entry>& entries = bucket.entries;
  const std::size_t n = entries.size();
  std::size_t i = 0;
  while (i < n) {
    const Entry& at = entries[i];
    const double bound = exceedance_bound(at.location, bucket, lo, hi);
    if (bound >= 1.0) {
      // No bound below 1: the arm is drawn (given <= hi) and placed by its value.
      if (stamp_[at.arm] != draw_id_) fix(at.arm, draw_between(at.arm, -kInfinity, hi, rng), lo);
      ++i;
      continue;
    }
    if (!(bound > 0.0)) return;
    // Failures before the first success at rate `bound`: floor(log U / log(1 - bound)).
    const double skip = std::floor(std::log1p(-rng.uniform01()) / std::log1p(-bound));
    if (!(skip < static_cast<double>(n - i))) return;
    i += static_cast<std::size_t>(skip);
    const Entry& candidate = entries[i];
    ++i;
    if (stamp_[candidate.arm] == draw_id_) continue;  // fixed: its value decides, not this proposal
    if (rng.uniform01() * bound < exceedance(candidate.arm, lo, hi))
      fix(candidate.arm, draw_between(candidate.arm, lo, hi, rng), lo);
  }
}

const std::vector<std::size_t>& TopDraw::top(std::size_t k, RandomStream& rng) {
  if (k == 0 || k > size() || buckets_.empty())
    throw std::invalid_argument("top draw: the " + std::to_string(k) + " largest of " + std::to_string(size()) +
                                " arms");
  ++draw_id_;
  above_.clear();
  below_.clear();
  if (!has_threshold_) {
    threshold_ = -kInfinity;
    for (const auto& [index, bucket] : buckets_) threshold_ = std::max(threshold_, bucket.entries.front().location);
    has_threshold_ = true;
  }
  double step = first_step();
  double hi = kInfinity, lo = threshold_;
  for (int level = 0;; ++level) {
    for (const auto& [index, bucket] : buckets_) walk(bucket, lo, hi, rng);
    if (above_.size() >= k) break;
    hi = lo;
    lo = level < kLevels ? lo - step : -kInfinity;
    step *= 2.0;
    // The arms fixed at or below the old threshold that are above the new one.
    const auto rises = std::partition(below_.begin(), below_.end(), [&](std::size_t a) { return !(value_[a] > lo); });
    above_.insert(above_.end(), rises, below_.end());
    below_.erase(rises, below_.end());
  }
  floor_ = lo;
  const auto higher = [&](std::size_t x, std::size_t y) {
    return value_[x] > value_[y] || (value_[x] == value_[y] && x < y);
  };
  const std::size_t next = std::min(above_.size(), k + 2);
  std::partial_sort(above_.begin(), above_.begin() + static_cast<std::ptrdiff_t>(next), above_.end(), higher);
  top_.assign(above_.begin(), above_.begin() + static_cast<std::ptrdiff_t>(k));
  // The next draw's threshold: this draw's (k+2)-th largest value when known (about k + 2 arms
  // above it next time), else the last threshold tried.
  threshold_ = above_.size() >= k + 2 ? value_[above_[k + 1]] : lo;
  return top_;
}

double TopDraw::value(std::size_t arm, RandomStream& rng) {
  if (stamp_[arm] != draw_id_) {
    stamp_[arm] = draw_id_;
    value_[arm] = draw_between(arm, -kInfinity, floor_, rng);
  }
  return value_[arm];
}

}  // namespace cpex::identification
