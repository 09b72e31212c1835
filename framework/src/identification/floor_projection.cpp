// FloorProjection (floor_projection.hpp): the literal bisection's halvings, most of them decided
// from the exact sums of the sorted weights, the others checked in one pass of side-by-side
// index-order sums.
#include "cpex/identification/floor_projection.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cpex::identification {
namespace {

// The bisection's stops (part of the definition of the result).
constexpr int kMaxHalvings = 100;
constexpr double kWidth = 1e-17;

}  // namespace

void project_onto_floor(std::span<const double> w, double eps, std::vector<double>& out) {
  FloorProjection projection;
  projection.project(w, eps, out);
}

void FloorProjection::prepare(std::span<const double> w) {
  if (w.size() == weights_.size() && std::equal(w.begin(), w.end(), weights_.begin())) return;
  weights_.assign(w.begin(), w.end());
  certifiable_ = std::all_of(w.begin(), w.end(), [](double v) { return std::isfinite(v) && v >= 0.0; });
  if (!certifiable_) return;
  sort_weights(w);
  prefix_.resize(w.size() + 1);
  prefix_[0] = 0.0L;
  for (std::size_t i = 0; i < sorted_.size(); ++i) prefix_[i + 1] = prefix_[i] + sorted_[i];
  total_ = prefix_.back();
}

void FloorProjection::sort_weights(std::span<const double> w) {
  const std::size_t k = w.size();
  sorted_.resize(k);
  // From the last order: a w* solved again moves little, so its values in the old order are
  // nearly sorted and an insertion sort takes O(K) moves (past kMaxMoves, a full sort).
  if (order_.size() == k) {
    for (std::size_t i = 0; i < k; ++i) sorted_[i] = w[order_[i]];
    std::size_t moves = 0;
    for (std::size_t i = 1; i < k && moves <= kMaxMoves * k; ++i) {
      const double v = sorted_[i];
      const std::size_t arm = order_[i];
      std::size_t j = i;
      for (; j > 0 && sorted_[j - 1] < v; --j) {
        sorted_[j] = sorted_[j - 1];
        order_[j] = order_[j - 1];
      }
      sorted_[j] = v;
      order_[j] = arm;
      moves += i - j;
    }
    if (moves <= kMaxMoves * k) return;
  }
  order_.resize(k);
  for (std::size_t a = 0; a < k; ++a) order_[a] = a;
  std::sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) { return w[a] > w[b]; });
  for (std::size_t i = 0; i < k; ++i) sorted_[i] = w[order_[i]];
}

std::size_t FloorProjection::above(double eta, double eps, std::size_t fewest, std::size_t most) const {
  // A prefix of the sorted weights: fl(w_a - eta) does not decrease with w_a.
  const auto first = sorted_.begin() + static_cast<std::ptrdiff_t>(fewest);
  const auto last = sorted_.begin() + static_cast<std::ptrdiff_t>(most);
  return fewest + static_cast<std::size_t>(std::partition_point(first, last, [&](double v) { return v - eta > eps; }) - first);
}

int FloorProjection::certain_side(double eta, double eps, std::size_t fewest, std::size_t most, Guess& guess) const {
  // The arms whose term is w_a - eta rather than eps.
  const std::size_t m = above(eta, eps, fewest, most);
  const auto k = static_cast<long double>(sorted_.size()), n = static_cast<long double>(m);
  // The exact sum minus 1, to the long double's rounding `rounded` at most.
  const long double excess = prefix_[m] - n * eta + (k - n) * eps - 1.0L;
  guess = {excess, m};
  const long double ul = std::numeric_limits<long double>::epsilon() / 2;
  const long double rounded = ul * (k * total_ + 4.0L * (k * (static_cast<long double>(eta) + eps) + 2.0L));
  // Far from 1 (most halvings): while K u <= 1e-6, the weights sum to at most 1e6 and `rounded`
  // <= 1e-6, the bound below is under 1.02e-6 |excess| + 2.1e-6 < |excess|.
  if (std::fabs(excess) >= 1e-3L && total_ <= 1e6L && rounded <= 1e-6L &&
      static_cast<double>(sorted_.size()) <= 1e-6 / std::numeric_limits<double>::epsilon())
    return excess > 0.0L ? 1 : -1;
  // The index-order sum in doubles against the exact one. A term max(fl(w_a - eta), eps)
  // differs from max(w_a - eta, eps) only when w_a - eta or fl(w_a - eta) exceeds eps > 0, and
  // then by at most u (w_a - eta) <= u w_a (so does the term counted above for an arm that fl
  // puts on the other side of eps): u sum_a w_a in all. The recursive summation of K positive
  // terms errs by at most u sum_{i >= 2} |s_i| <= u (K - 1) s_K (Higham, Accuracy and Stability
  // of Numerical Algorithms, 2nd ed., eq. (4.3): partial sums of positive terms only grow).
  const long double u = std::numeric_limits<double>::epsilon() / 2;
  const long double last = (std::fabs(excess) + 1.0L + rounded + u * total_) * (1.0L + 2.0L * k * u);  // >= s_K
  const long double reach = 1.01L * u * (2.0L * total_ + (k - 1.0L) * last) + rounded;
  if (excess > reach) return 1;
  if (excess < -reach) return -1;
  return 0;
}

namespace {

// sums[j] = sum over a in index order of max(w_a - etas[j], eps), j < N: N chains of additions
// side by side (each the literal sum), in one pass over w.
template <std::size_t N>
void side_by_side_sums(std::span<const double> w, double eps, const double* etas, double* sums) {
  double acc[N] = {};
  for (double v : w)
    for (std::size_t j = 0; j < N; ++j) acc[j] += std::max(v - etas[j], eps);
  std::copy_n(acc, N, sums);
}

}  // namespace

void FloorProjection::index_order_sums(std::span<const double> w, double eps, const double* etas, std::size_t n,
                                       double* sums) {
  ++passes_;
  double padded[kChains], all[kChains];
  for (std::size_t j = 0; j < kChains; ++j) padded[j] = etas[j < n ? j : 0];
  // The fewest chains that hold n (eight side by side take ~4 times a lone chain's time).
  if (n == 1)
    side_by_side_sums<1>(w, eps, padded, all);
  else if (n == 2)
    side_by_side_sums<2>(w, eps, padded, all);
  else if (n <= 4)
    side_by_side_sums<4>(w, eps, padded, all);
  else
    side_by_side_sums<kChains>(w, eps, padded, all);
  std::copy_n(all, n, sums);
}

bool FloorProjection::water_level(std::span<const double> w, double eps, std::vector<double>& out,
                                  double& scale) const {
  const std::size_t k = w.size();
  // The arms above the floor at eta = 0, and the floored weights' exact sum there.
  const std::size_t positive = above(0.0, eps, 0, k);
  const long double kd = static_cast<long double>(k);
  const auto excess_at = [&](std::size_t j, long double eta) {  // j arms above the floor at eta
    return prefix_[j] - static_cast<long double>(j) * eta +
           (kd - static_cast<long double>(j)) * eps - 1.0L;
  };
  if (excess_at(positive, 0.0L) <= 0.0L) {  // nothing to lower
    for (std::size_t a = 0; a < k; ++a) out[a] = std::max(w[a], eps);
    scale = 1.0;
    return true;
  }
  // The excess at eta_j = sorted_[j] - eps (the j largest above the floor, the (j+1)-th on it)
  // grows with j; the root has the j of the first breakpoint whose excess is >= 0 (j = positive:
  // eta_j <= 0, where the excess is > 0). j = 0 has excess K eps - 1 < 0 (eps <= 1/(2K)).
  std::size_t lo = 0, hi = positive;  // excess(lo) < 0 <= excess(hi)
  while (hi - lo > 1) {
    const std::size_t mid = lo + (hi - lo) / 2;
    (excess_at(mid, static_cast<long double>(sorted_[mid]) - eps) < 0.0L ? lo : hi) = mid;
  }
  const long double j = static_cast<long double>(hi);
  const auto eta = static_cast<double>((prefix_[hi] + (kd - j) * eps - 1.0L) / j);
  if (!(eta >= 0.0) || !std::isfinite(eta)) return false;
  double sum = 0.0;
  for (std::size_t a = 0; a < k; ++a) sum += out[a] = std::max(w[a] - eta, eps);
  scale = sum;
  return true;
}

void FloorProjection::project(std::span<const double> w, double eps, std::vector<double>& out) {
  const double scale = project_unscaled(w, eps, out);
  if (scale != 1.0)
    for (double& v : out) v /= scale;
}

double FloorProjection::project_unscaled(std::span<const double> w, double eps,
                                         std::vector<double>& out, bool same_weights) {
  const std::size_t k = w.size();
  out.resize(k);
  passes_ = 0;
  if (!same_weights || weights_.size() != k) prepare(w);
  const bool certify = certifiable_ && eps > 0.0;
  double scale = 1.0;
  if (certify && k >= kWaterLevelFromArms && eps <= 0.5 / static_cast<double>(k) &&
      water_level(w, eps, out, scale))
    return scale;
  Guess guess;
  int side = certify ? certain_side(0.0, eps, 0, k, guess) : 0;
  // At eta = 0 (the floored weights' sum at most 1: nothing to lower).
  if (side == 0) {
    const double at_zero = 0.0;
    double sum = 0.0;
    index_order_sums(w, eps, &at_zero, 1, &sum);
    side = sum <= 1.0 ? -1 : 1;
  }
  if (side < 0) {
    for (std::size_t a = 0; a < k; ++a) out[a] = std::max(w[a], eps);
    return 1.0;
  }
  // The halvings: lo = mid when the index-order sum at mid exceeds 1, else hi = mid. Recorded
  // ahead (certain, or predicted) up to kChains predictions, which one pass then checks; the
  // path is replayed up to its first wrong prediction, which is corrected. A prediction is the
  // side of the exact sum plus the rounding the last checked sum showed (when as many arms were
  // above the floor; the first halving in doubt is checked alone to see it): the rounding of the
  // index-order sum changes little between close etas, and can exceed the distance to 1 over
  // several halvings.
  double lo = 0.0, hi = 1.0;
  int step = 0;
  long double shown = 0.0L;  // the last checked sum minus the exact one
  std::size_t shown_above = k + 1;
  double etas[kChains], sums[kChains];
  Guess guesses[kChains];
  for (;;) {
    path_.clear();
    std::size_t batch = 0;
    double l = lo, h = hi;
    // The arms above the floor at l and at h: between them at any eta in [l, h] (fl(w_a - eta)
    // does not increase with eta), which narrows each binary search.
    std::size_t at_l = certify ? above(l, eps, 0, k) : 0, at_h = certify ? above(h, eps, 0, at_l) : 0;
    for (int s = step; s < kMaxHalvings && h - l > kWidth; ++s) {
      const double mid = 0.5 * (l + h);
      side = certify ? certain_side(mid, eps, at_h, at_l, guess) : 0;
      std::size_t slot = kChains;
      bool alone = false;  // no rounding seen yet at this many arms above: check this one first
      if (side == 0) {
        if (batch == kChains) break;
        slot = batch;
        etas[batch] = mid;
        guesses[batch++] = guess;
        alone = guess.above != shown_above;
        side = guess.excess + (alone ? 0.0L : shown) > 0.0L ? 1 : -1;
      }
      path_.push_back({side, slot});
      const double before_l = l, before_h = h;
      (side > 0 ? l : h) = mid;
      (side > 0 ? at_l : at_h) = guess.above;
      if (l == before_l && h == before_h) break;  // mid rounds to the end it replaces: see below
      if (alone) break;
    }
    if (batch == 0) {
      lo = l;
      hi = h;
      break;
    }
    index_order_sums(w, eps, etas, batch, sums);
    for (const Halving& halving : path_) {
      const double mid = 0.5 * (lo + hi);
      ++step;
      side = halving.slot == kChains ? halving.side : (sums[halving.slot] > 1.0 ? 1 : -1);
      const double before_lo = lo, before_hi = hi;
      (side > 0 ? lo : hi) = mid;
      // [lo, hi] unchanged (two adjacent doubles, the midpoint rounded to the end it replaced,
      // which happens above eta ~ 0.05 where their spacing exceeds 1e-17): every remaining
      // halving repeats this one, to the last of the kMaxHalvings.
      if (lo == before_lo && hi == before_hi) step = kMaxHalvings;
      if (halving.slot == kChains) continue;
      if (certify) {
        const Guess& checked = guesses[halving.slot];
        shown = (static_cast<long double>(sums[halving.slot]) - 1.0L) - checked.excess;
        shown_above = checked.above;
      }
      if (side != halving.side) break;
    }
  }
  double sum = 0.0;
  for (std::size_t a = 0; a < k; ++a) sum += out[a] = std::max(w[a] - hi, eps);
  return sum;
}

}  // namespace cpex::identification
