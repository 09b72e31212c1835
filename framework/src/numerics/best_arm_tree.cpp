// The best-arm pair scan as branch and bound over a tournament tree (best_arm_tree.hpp).
#include "cpex/numerics/best_arm_tree.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "infinity.hpp"

namespace cpex::numerics {

namespace {

// Below this a bound is taken as 0: the products of the transports can leave the normal
// range there, where their relative rounding is no longer bounded.
constexpr double kTiny = 1e-280;

}  // namespace

bool BestArmTree::serves(std::span<const ArmFamily> families) {
  if (families.empty()) return false;
  using Kind = ArmFamily::Kind;
  const Kind kind = families.front().kind();
  if (kind != Kind::Gaussian && kind != Kind::Bernoulli && kind != Kind::Poisson && kind != Kind::Exponential)
    return false;
  return std::all_of(families.begin(), families.end(), [&](const ArmFamily& f) { return f == families.front(); });
}

void BestArmTree::clear() {
  arms_ = leaves_ = 0;
  nodes_.clear();
}

void BestArmTree::build(const ArmFamily& family, std::span<const double> counts, std::span<const double> means) {
  family_ = family;
  arms_ = counts.size();
  leaves_ = 1;
  while (leaves_ < arms_) leaves_ *= 2;
  nodes_.assign(2 * leaves_, Node{-kInfinity, kInfinity, kInfinity, kInfinity, -kInfinity, kNone, kNone});
  position_.assign(arms_, 0);
  counts_.assign(counts.begin(), counts.end());
  means_.assign(means.begin(), means.end());
  log_counts_.resize(arms_);
  for (std::size_t a = 0; a < arms_; ++a) log_counts_[a] = std::log(counts_[a]);
  order_.resize(arms_);
  for (std::size_t a = 0; a < arms_; ++a) order_[a] = static_cast<std::uint32_t>(a);
  std::sort(order_.begin(), order_.end(), [&](std::uint32_t a, std::uint32_t b) { return before(a, b); });
  changed_.clear();
  changed_.reserve(arms_);
  merged_.reserve(arms_);
  is_changed_.assign(arms_, 0);
  place();
}

void BestArmTree::reorder() {
  // The unchanged arms are still in order among themselves: merge the changed ones, sorted.
  std::sort(changed_.begin(), changed_.end(), [&](std::uint32_t a, std::uint32_t b) { return before(a, b); });
  merged_.clear();
  std::size_t c = 0;
  for (std::uint32_t a : order_) {
    if (is_changed_[a]) continue;
    while (c < changed_.size() && before(changed_[c], a)) merged_.push_back(changed_[c++]);
    merged_.push_back(a);
  }
  while (c < changed_.size()) merged_.push_back(changed_[c++]);
  order_.swap(merged_);
  for (std::uint32_t a : changed_) is_changed_[a] = 0;
  changed_.clear();
  place();
}

void BestArmTree::place() {
  for (std::size_t p = 0; p < arms_; ++p) {
    const std::uint32_t a = order_[p];
    position_[a] = static_cast<std::uint32_t>(p);
    nodes_[leaves_ + p] = Node{means_[a], counts_[a], log_counts_[a], means_[a], counts_[a], a, a};
  }
  for (std::size_t node = leaves_ - 1; node >= 1; --node) pull_up(node);
}

void BestArmTree::pull_up(std::size_t node) {
  const Node& a = nodes_[2 * node];
  const Node& b = nodes_[2 * node + 1];
  Node& here = nodes_[node];
  const bool a_top = b.top == kNone || (a.top != kNone && (a.mean > b.mean || (a.mean == b.mean && a.top < b.top)));
  here.top = a_top ? a.top : b.top;
  here.mean = a_top ? a.mean : b.mean;
  here.count = std::min(a.count, b.count);
  here.log_count = std::min(a.log_count, b.log_count);
  here.least_mean = std::min(a.least_mean, b.least_mean);
  here.most_count = std::max(a.most_count, b.most_count);
  here.lowest = std::min(a.lowest, b.lowest);
}

void BestArmTree::update(std::size_t arm, double count, double mean) {
  counts_[arm] = count;
  means_[arm] = mean;
  log_counts_[arm] = std::log(count);
  std::size_t node = leaves_ + position_[arm];
  nodes_[node] = Node{mean, count, log_counts_[arm], mean, count, static_cast<std::uint32_t>(arm),
                      static_cast<std::uint32_t>(arm)};
  for (node /= 2; node >= 1; node /= 2) pull_up(node);
  if (!is_changed_[arm]) {
    is_changed_[arm] = 1;
    changed_.push_back(static_cast<std::uint32_t>(arm));
  }
  if (changed_.size() >= std::max<std::size_t>(arms_ / 64, 4)) reorder();
}

std::size_t BestArmTree::leader() const { return nodes_[1].top; }

void BestArmTree::top(std::span<std::size_t> out) const {
  // Best first over the nodes by (largest mean, its arm): a node's key is its better child's,
  // so the leaves leave the heap in the order of their arms. Each pop of an inner node pushes
  // two: at most out.size() * depth + 1 entries.
  struct Entry {
    double mean;
    std::uint32_t arm, node;
  };
  std::array<Entry, (kMostInside + 1) * 64 + 1> heap;
  const auto after = [](const Entry& a, const Entry& b) {
    return a.mean < b.mean || (a.mean == b.mean && a.arm > b.arm);
  };
  std::size_t size = 0, filled = 0;
  const auto push = [&](std::size_t node) {
    const Node& n = nodes_[node];
    if (n.top == kNone) return;
    heap[size++] = Entry{n.mean, n.top, static_cast<std::uint32_t>(node)};
    std::push_heap(heap.begin(), heap.begin() + static_cast<std::ptrdiff_t>(size), after);
  };
  push(1);
  const std::size_t wanted = std::min(out.size(), kMostInside + 1);
  while (filled < wanted && size > 0) {
    std::pop_heap(heap.begin(), heap.begin() + static_cast<std::ptrdiff_t>(size), after);
    const Entry e = heap[--size];
    if (e.node >= leaves_) {
      out[filled++] = e.arm;
    } else {
      push(2 * e.node);
      push(2 * e.node + 1);
    }
  }
}

bool BestArmTree::leader_unique() const {
  const std::size_t top = nodes_[1].top;
  const double mean = means_[top];
  for (std::size_t node = leaves_ + position_[top]; node > 1; node /= 2) {
    const Node& beside = nodes_[node ^ 1];
    if (beside.top != kNone && !(beside.mean < mean)) return false;
  }
  return true;
}

double BestArmTree::node_bound(double count_b, double mean_b, double count, double mean) const {
  if (!(mean_b > mean)) return 0.0;
  double bound;
  if (family_.kind() == ArmFamily::Kind::Gaussian) {
    // pair_transport's closed form at the node's corner; its few roundings (relative ~1e-15
    // on either side) are far below the relative 1e-12 taken off.
    const double diff = mean_b - mean, sigma = family_.sigma();
    bound = count_b * count / (count_b + count) * diff * diff / (2.0 * sigma * sigma) * (1.0 - 1e-12);
  } else {
    // pair_transport_lower_bound bounds the cost *as computed* at the corner: at its rounded
    // point p~, whose cost F(p~) exceeds the exact minimum by ~F'' ulp(p)^2 / 2, and every
    // arm's computed cost is off its exact one by ~1e-16 / z relative (z = the relative
    // distance of a mean to the point: psi(z) of the divergences). Both are far below the
    // bound's relative 1e-9 when the means are 1e-5 apart relative (so is every arm's
    // below the corner): closer, no bound. (Mean gaps of a few ulps happen: one rational
    // S/N reached by different running means; there a larger count can cost less as computed.)
    if (mean_b - mean < 1e-5 * mean_b) return 0.0;
    bound = pair_transport_lower_bound(family_, count_b, mean_b, family_, count, mean);
  }
  return bound > kTiny ? bound : 0.0;
}

double BestArmTree::bound(std::size_t node, double count_b, double mean_b, bool penalties) const {
  const Node& n = nodes_[node];
  if (n.top == kNone) return kInfinity;
  const double transport = node_bound(count_b, mean_b, n.count, n.mean);
  // Rounding is monotone: bound + least log count <= cost_j + log N_j as computed.
  return penalties ? transport + n.log_count : transport;
}

struct BestArmTree::Least {
  double margin = kInfinity;
  std::size_t row = std::numeric_limits<std::size_t>::max();  // none yet
  std::size_t arm = std::numeric_limits<std::size_t>::max();
  Transport transport;
  // Whether (margin, row r, arm j) comes before the least so far: a smaller margin, or the same
  // margin at an earlier piece (an earlier row, or the same row and a smaller arm).
  bool taken_by(double margin_j, std::size_t r, std::size_t j) const {
    return margin_j < margin ||
           (margin_j == margin &&
            (row == std::numeric_limits<std::size_t>::max() || r < row || (r == row && j < arm)));
  }
  // Whether no arm of a node of this bound and smallest arm can come before it.
  bool beats(double bound, std::size_t r, std::size_t lowest) const {
    return bound > margin || (bound == margin && row != std::numeric_limits<std::size_t>::max() &&
                              (r > row || (r == row && lowest > arm)));
  }
};

void BestArmTree::search_row(std::span<const std::size_t> inside, std::size_t r, bool penalties,
                             Least& least) {
  const std::size_t b = inside[r];
  const double count_b = counts_[b], mean_b = means_[b];
  const auto is_inside = [&](std::size_t a) {
    return std::find(inside.begin(), inside.end(), a) != inside.end();
  };
  struct Entry {
    double bound;
    std::size_t node;
  };
  // Depth-first, the child of smaller bound first: at most one pending sibling per level.
  std::array<Entry, 2 * 64> stack;
  std::size_t size = 0;
  stack[size++] = {bound(1, count_b, mean_b, penalties), 1};
  while (size > 0) {
    const Entry e = stack[--size];
    const Node& n = nodes_[e.node];
    // Nothing below (or no arm at all) can be less than the least, nor tie it at an earlier piece.
    if (n.top == kNone || least.beats(e.bound, r, n.lowest)) continue;
    ++opened_;
    // A leaf, or a node of arms alike (the same mean and count, so the same margin): its
    // smallest arm (when it is outside the answer; else the node is opened).
    const bool alike = n.mean == n.least_mean && n.count == n.most_count && !is_inside(n.lowest);
    if (e.node >= leaves_ || alike) {
      const std::size_t j = alike ? n.lowest : n.top;
      if (is_inside(j)) continue;
      // (A leaf's bound, checked above, is its own pair's: the pruned scan's skip.)
      const Transport t = pair_transport(family_, count_b, mean_b, family_, counts_[j], means_[j]);
      // The margin as TopM::best_response computes it (no offset; the penalty log N_j).
      const double margin = t.cost - 0.0 + (penalties ? n.log_count : 0.0);
      if (least.taken_by(margin, r, j)) {
        least.margin = margin;
        least.row = r;
        least.arm = j;
        least.transport = t;
      }
      continue;
    }
    const std::size_t left = 2 * e.node, right = left + 1;
    const double bl = bound(left, count_b, mean_b, penalties);
    const double br = bound(right, count_b, mean_b, penalties);
    if (bl <= br) {
      stack[size++] = {br, right};
      stack[size++] = {bl, left};
    } else {
      stack[size++] = {bl, left};
      stack[size++] = {br, right};
    }
  }
}

void BestArmTree::closest(std::size_t b, bool log_count_penalties, BestResponse& out) {
  const std::size_t inside[1] = {b};
  closest_outside(inside, log_count_penalties, out);
}

void BestArmTree::closest_outside(std::span<const std::size_t> inside, bool log_count_penalties,
                                  BestResponse& out) {
  Least least;
  opened_ = 0;
  for (std::size_t r = 0; r < inside.size(); ++r) search_row(inside, r, log_count_penalties, least);
  out.value = out.margin = 0.0;
  out.arms.clear();
  out.point.clear();
  out.piece = 0;
  if (least.row == std::numeric_limits<std::size_t>::max()) return;  // no pair
  const std::size_t i = inside[least.row], j = least.arm;
  std::size_t below = 0;  // the answer's arms below j: j's rank among the arms outside
  for (std::size_t a : inside) below += a < j ? 1 : 0;
  out.value = least.transport.cost;
  out.margin = least.margin;
  out.piece = least.row * (arms_ - inside.size()) + j - below;
  out.arms = {i, j};
  out.point = {least.transport.point, least.transport.point};
}

}  // namespace cpex::numerics
