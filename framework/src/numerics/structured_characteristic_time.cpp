// T*(mu) and w*(mu) of the pair-piece alternatives by their structure: the staircase sweep
// of the sorted arms, Garivier & Kaufmann's one-dimensional reduction when one side has one
// arm (structured_characteristic_time.hpp).
#include "cpex/numerics/structured_characteristic_time.hpp"

#include "illinois_step.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "infinity.hpp"
#include "safeguarded_newton.hpp"

namespace cpex::numerics {

namespace {

// y(x) of the piece and its inverse.
double shifted(double x, double epsilon, bool relative) { return relative ? x / (1.0 - epsilon) : x + epsilon; }
double unshifted(double y, double epsilon, bool relative) { return relative ? y * (1.0 - epsilon) : y - epsilon; }

// The least of w_i d_i(mu_i, x) + w_j d_j(mu_j, y(x)) over x for arms of exponential families
// other than Gaussian (whose shifted_transport is closed-form): the root of the derivative
// phi(x) = w_i d/dx d_i + w_j y' d/dy d_j, increasing, on shifted_transport's bracket, by
// regula falsi with the Illinois halving (a bisection when a step gains less than half):
// shifted_transport's minimizer to about the last bits in ~10 steps instead of ~55 halvings.
Transport fast_shifted_transport(const ArmFamily& fi, double w_i, double mu_i, const ArmFamily& fj, double w_j,
                                 double mu_j, double epsilon, bool relative) {
  const double scale = relative ? 1.0 / (1.0 - epsilon) : 1.0;
  auto y_of = [&](double x) { return relative ? x * scale : x + epsilon; };
  if (y_of(mu_i) <= mu_j || !(w_i > 0.0) || !(w_j > 0.0)) return {0.0, mu_i};
  const bool bounded = fi.kind() != ArmFamily::Kind::Gaussian;  // Bernoulli, Poisson, Exponential: >= 0
  double lo = relative ? mu_j / scale : mu_j - epsilon, hi = mu_i;
  if (bounded) lo = std::max(lo, 0.0);
  if (fj.kind() == ArmFamily::Kind::Bernoulli) hi = std::min(hi, relative ? 1.0 / scale : 1.0 - epsilon);
  auto value = [&](double x) { return w_i * fi.kl(mu_i, x) + w_j * fj.kl(mu_j, y_of(x)); };
  if (hi < lo) return {kInfinity, mu_i};
  if (!(hi > lo)) return {value(lo), lo};
  auto phi = [&](double x) { return w_i * fi.kl_slope(mu_i, x) + w_j * scale * fj.kl_slope(mu_j, y_of(x)); };
  double f_lo = phi(lo), f_hi = phi(hi);
  if (!(f_lo < 0.0)) return {value(lo), lo};
  if (!(f_hi > 0.0)) return {value(hi), hi};
  // An end at the family's edge gives an infinite slope: one bisection first.
  int side = 0;
  IllinoisBracket bracket{lo, hi, f_lo, f_hi, side};
  double width = hi - lo;
  for (int step = 0; step < 200 && hi - lo > 4e-16 * std::max(1.0, std::abs(hi)); ++step) {
    double x = std::isfinite(f_lo) && std::isfinite(f_hi) ? (lo * f_hi - hi * f_lo) / (f_hi - f_lo) : 0.5 * (lo + hi);
    if (!(x > lo && x < hi)) x = 0.5 * (lo + hi);
    const double f = phi(x);
    if (f == 0.0) return {value(x), x};
    bracket.move(x, f, f < 0.0);
    if (hi - lo > 0.5 * width) {
      const double mid = 0.5 * (lo + hi);
      const double fm = phi(mid);
      (fm < 0.0 ? lo : hi) = mid;
      (fm < 0.0 ? f_lo : f_hi) = fm;
      side = 0;
    }
    width = hi - lo;
  }
  const double x = 0.5 * (lo + hi);
  return {value(x), x};
}

// A piece's value and closest point (x, y(x)).
struct PiecePoint {
  double value, x, y;
};
PiecePoint piece_point(const ArmFamily& fi, double w_i, double mu_i, const ArmFamily& fj, double w_j, double mu_j,
                       double epsilon, bool relative) {
  if (epsilon == 0.0 && !relative) {
    const Transport t = pair_transport(fi, w_i, mu_i, fj, w_j, mu_j);
    return {t.cost, t.point, t.point};
  }
  const bool fast = fi.kind() != ArmFamily::Kind::Gaussian && fi.exponential_family() && fj.exponential_family() &&
                    fj.kind() != ArmFamily::Kind::Gaussian && fi.kind() != ArmFamily::Kind::Exponential &&
                    fj.kind() != ArmFamily::Kind::Exponential;
  const Transport t = fast ? fast_shifted_transport(fi, w_i, mu_i, fj, w_j, mu_j, epsilon, relative)
                           : shifted_transport(fi, w_i, mu_i, fj, w_j, mu_j, epsilon, relative);
  return {t.cost, t.point, relative ? t.point / (1.0 - epsilon) : t.point + epsilon};
}

// The star: a root arm and its leaves, the pieces (root, leaf) oriented by where the root is.
struct Star {
  std::span<const double> mu;
  std::span<const ArmFamily> families;
  std::size_t root = 0;
  bool root_inside = true;
  std::span<const std::size_t> leaves;
  double epsilon = 0.0;
  bool relative = false;

  static Star of(std::span<const double> mu, std::span<const ArmFamily> families, const BipartitePieces& pieces) {
    const bool inside = pieces.inside.size() == 1;
    return {mu,
            families,
            inside ? pieces.inside.front() : pieces.outside.front(),
            inside,
            inside ? std::span<const std::size_t>(pieces.outside) : std::span<const std::size_t>(pieces.inside),
            pieces.epsilon,
            pieces.relative};
  }
  // The divergences of the root and of the leaf at their piece's closest point.
  void divergences(std::size_t leaf, double w_root, double w_leaf, double& d_root, double& d_leaf) const {
    const std::size_t r = root, a = leaves[leaf];
    if (root_inside) {
      const PiecePoint p = piece_point(families[r], w_root, mu[r], families[a], w_leaf, mu[a], epsilon, relative);
      d_root = families[r].kl(mu[r], p.x);
      d_leaf = families[a].kl(mu[a], p.y);
    } else {
      const PiecePoint p = piece_point(families[a], w_leaf, mu[a], families[r], w_root, mu[r], epsilon, relative);
      d_root = families[r].kl(mu[r], p.y);
      d_leaf = families[a].kl(mu[a], p.x);
    }
  }
  // Whether mu lies in the piece of `leaf` already (every weight gives it value 0).
  bool holds(std::size_t leaf) const {
    const std::size_t a = leaves[leaf];
    return root_inside ? shifted(mu[root], epsilon, relative) <= mu[a] : shifted(mu[a], epsilon, relative) <= mu[root];
  }
  // The piece's value at root weight 1 with the leaf pinned at its mean (infinite weight): the
  // root moved alone; +infinity when that point is outside the root's family.
  double limit(std::size_t leaf) const {
    const std::size_t a = leaves[leaf];
    const double z = root_inside ? unshifted(mu[a], epsilon, relative) : shifted(mu[a], epsilon, relative);
    return families[root].valid_mean(z) ? families[root].kl(mu[root], z) : kInfinity;
  }
  // The same with the roles swapped (the leaf moved alone).
  double leaf_limit(std::size_t leaf) const {
    const std::size_t a = leaves[leaf];
    const double z = root_inside ? shifted(mu[root], epsilon, relative) : unshifted(mu[root], epsilon, relative);
    return families[a].valid_mean(z) ? families[a].kl(mu[a], z) : kInfinity;
  }
};

}  // namespace

double StructuredTimeSolver::star_upper_bound(std::span<const double> w, std::span<const double> mu,
                                              std::span<const ArmFamily> families, const BipartitePieces& pieces) {
  const Star star = Star::of(mu, families, pieces);
  double root_cost = 0.0, mass = 0.0;
  for (std::size_t l = 0; l < star.leaves.size(); ++l) {
    double d_root = 0.0, d_leaf = 0.0;
    star.divergences(l, w[star.root], w[star.leaves[l]], d_root, d_leaf);
    if (!(d_leaf > 0.0) || !std::isfinite(d_leaf) || !std::isfinite(d_root)) return kInfinity;
    root_cost += d_root / d_leaf;
    mass += 1.0 / d_leaf;
  }
  return mass > 0.0 ? std::max(root_cost, 1.0) / mass : kInfinity;
}

double StructuredTimeSolver::star_time_bound(std::span<const double> mu, std::span<const ArmFamily> families,
                                             const BipartitePieces& pieces) {
  if (pieces.inside.size() != 1 && pieces.outside.size() != 1) return 0.0;
  const Star star = Star::of(mu, families, pieces);
  // Every piece's value is at most min(w_root L, w_leaf L') (each arm's limit: the other
  // pinned), so at level y the root needs y / min L and each leaf y / L': T* >= 1 / min L +
  // sum 1/L'.
  double least = kInfinity, leaves = 0.0;
  for (std::size_t l = 0; l < star.leaves.size(); ++l) {
    if (star.holds(l)) return kInfinity;
    least = std::min(least, star.limit(l));
    leaves += 1.0 / star.leaf_limit(l);
  }
  const double bound = 1.0 / least + leaves;
  return bound;
}

namespace {

// Top-m, the best arm and the epsilon-good arm as one sweep (structured_characteristic_time.hpp):
// the inside arms sorted by decreasing mean (rows), the outside arms alike (columns); from the
// first row's weight s, the staircase from (row 0, column 0) to the last of both, each step
// to the next row or column, every piece on it tight (g = 1): the next arm's weight solves
// its piece with the current arm of the other side. Each arm's stationarity
// sum_{pieces p at a} q_p d_a(mu_a, lambda^p) = 1 (the multipliers of min sum w s.t. g >= 1)
// is met along the way: the piece's multiplier q is the least that exhausts the residual of
// one of its two arms, which the staircase then leaves (the north-west corner rule of a
// transport). R(s): the rows' residual when the columns run out first, the last row's
// (negative) residual after serving the columns left when the rows run out first; s* solves
// R = 0 (a larger s: more weight on every row, less on every column, R increasing).
class Staircase {
 public:
  Staircase(std::span<const double> mu, std::span<const ArmFamily> families, const BipartitePieces& pieces)
      : mu_(mu), families_(families), epsilon_(pieces.epsilon), relative_(pieces.relative),
        rows_(pieces.inside), columns_(pieces.outside) {
    auto by_mean = [&](std::size_t a, std::size_t b) { return mu[a] > mu[b]; };
    std::stable_sort(rows_.begin(), rows_.end(), by_mean);
    std::stable_sort(columns_.begin(), columns_.end(), by_mean);
    w_row_.assign(rows_.size(), kNotReached);
    w_column_.assign(columns_.size(), kNotReached);
    cost_row_.assign(rows_.size(), 0.0);
    cost_column_.assign(columns_.size(), 0.0);
    idle_row_.assign(rows_.size(), 0);
    idle_column_.assign(columns_.size(), 0);
  }

  // The first row's weight below which its first piece cannot reach 1 (its column then
  // infinitely weighted).
  double least_start() const {
    const double z = unshifted(mu_[columns_.front()], epsilon_, relative_);
    const ArmFamily& f = families_[rows_.front()];
    return f.valid_mean(z) ? 1.0 / f.kl(mu_[rows_.front()], z) : 0.0;
  }

  // R(s) (see the class comment); fills the weights, the arms' costs and the multipliers' mass.
  double residual(double s) {
    const std::size_t m = rows_.size(), n = columns_.size();
    std::fill(w_row_.begin(), w_row_.end(), kNotReached);
    std::fill(w_column_.begin(), w_column_.end(), kNotReached);
    std::fill(cost_row_.begin(), cost_row_.end(), 0.0);
    std::fill(cost_column_.begin(), cost_column_.end(), 0.0);
    mass_ = 0.0;
    std::size_t i = 0, j = 0;
    w_row_[0] = s;
    idle_row_[0] = 0;
    w_column_[0] = solve_column(0, s, 0);
    double left_row = 1.0, left_column = demand(idle_column_[0]);  // the current arms' residuals
    while (true) {
      double di = 0.0, dj = 0.0;
      divergences(i, j, di, dj);
      const double qi = di > 0.0 ? left_row / di : kInfinity, qj = dj > 0.0 ? left_column / dj : kInfinity;
      const double q = std::min(qi, qj);
      if (!std::isfinite(q)) return std::numeric_limits<double>::quiet_NaN();  // a piece of value 0
      mass_ += q;
      cost_row_[i] += q * di;
      cost_column_[j] += q * dj;
      if (qi <= qj) {  // the row is exhausted: the next row, tight with this column
        left_column -= q * dj;
        if (++i == m) return overrun_columns(j, left_column);
        w_row_[i] = solve_row(i, w_column_[j], j);
        left_row = demand(idle_row_[i]);
      } else {  // the column is exhausted: the next column, tight with this row
        left_row -= q * di;
        if (++j == n) return std::max(0.0, left_row) + static_cast<double>(m - 1 - i);
        w_column_[j] = solve_column(j, w_row_[i], i);
        left_column = demand(idle_column_[j]);
      }
    }
  }

  // The arms the last sweep did not reach (a root found to the last bit may leave the last
  // arm of one side): their weight tight with the last arm of the other side.
  void complete() {
    std::size_t last_row = 0, last_column = 0;
    for (std::size_t i = 0; i < rows_.size(); ++i)
      if (w_row_[i] != kNotReached) last_row = i;
    for (std::size_t j = 0; j < columns_.size(); ++j)
      if (w_column_[j] != kNotReached) last_column = j;
    for (std::size_t i = 0; i < rows_.size(); ++i)
      if (w_row_[i] == kNotReached) w_row_[i] = solve_row(i, w_column_[last_column], last_column);
    for (std::size_t j = 0; j < columns_.size(); ++j)
      if (w_column_[j] == kNotReached) w_column_[j] = solve_column(j, w_row_[last_row], last_row);
  }

  // Writes the weights (unnormalized) and returns their sum.
  double weights(std::vector<double>& w) const {
    double total = 0.0;
    for (std::size_t i = 0; i < rows_.size(); ++i) total += w[rows_[i]] = w_row_[i];
    for (std::size_t j = 0; j < columns_.size(); ++j) total += w[columns_[j]] = w_column_[j];
    return total;
  }
  // After a sweep that reached every arm: (mixture bound) x (sum of the weights) - 1, the
  // relative gap were the staircase's pieces the least.
  double staircase_gap() const {
    double total = 0.0;
    for (double x : w_row_) total += x;
    for (double x : w_column_) total += x;
    return mixture_bound() * total - 1.0;
  }
  // The certificate's bound: the mixture of the staircase's pieces, max_a cost_a / sum q.
  double mixture_bound() const {
    double most = 0.0;
    for (double c : cost_row_) most = std::max(most, c);
    for (double c : cost_column_) most = std::max(most, c);
    return mass_ > 0.0 ? most / mass_ : kInfinity;
  }

 private:
  static constexpr double kNotReached = -1.0;

  // The rows exhausted first: the last row serves the columns left (column j with `left` of
  // its condition, then every later column, each tight with it), its residual going below 0:
  // returned (< 0; GK's 1 - F(y) for a star). With the columns exhausted first R is the rows'
  // residual (the current row's and 1 for each row not reached): near s* the last row is the
  // current one on both sides, and R, in its units, is continuous with a finite slope.
  double overrun_columns(std::size_t j, double left) {
    const std::size_t i = rows_.size() - 1;
    double residual = 0.0;
    for (std::size_t c = j; c < columns_.size(); ++c) {
      if (c > j) {
        w_column_[c] = solve_column(c, w_row_[i], i);
        left = demand(idle_column_[c]);
      }
      double di = 0.0, dj = 0.0;
      divergences(i, c, di, dj);
      if (!(dj > 0.0)) return -kInfinity;
      const double q = left / dj;
      mass_ += q;
      cost_row_[i] += q * di;
      cost_column_[c] += q * dj;
      residual -= q * di;
    }
    return residual;
  }
  // The divergences of row i and column j at their piece's closest point (an infinite weight
  // pins its arm at its mean).
  void divergences(std::size_t i, std::size_t j, double& di, double& dj) const {
    const std::size_t a = rows_[i], b = columns_[j];
    const double wa = w_row_[i], wb = w_column_[j];
    if (std::isinf(wa) && std::isinf(wb)) {
      di = dj = 0.0;
    } else if (std::isinf(wa)) {
      di = 0.0;
      dj = families_[b].kl(mu_[b], shifted(mu_[a], epsilon_, relative_));
    } else if (std::isinf(wb)) {
      di = families_[a].kl(mu_[a], unshifted(mu_[b], epsilon_, relative_));
      dj = 0.0;
    } else {
      const PiecePoint p = piece_point(families_[a], wa, mu_[a], families_[b], wb, mu_[b], epsilon_, relative_);
      di = families_[a].kl(mu_[a], p.x);
      dj = families_[b].kl(mu_[b], p.y);
    }
  }

  // The weight x of row i with g(x, w_column) = 1 (column j), and of column j with
  // g(w_row, x) = 1: g increasing and concave in x, from 0 to the limit with x pinned; Newton
  // (g'(x) = x's divergence at the point) inside a bisection bracket, from the Gaussian
  // solution W / (L - 1).
  double solve_row(std::size_t i, double w_other, std::size_t j) {
    bool idle = false;
    const double w = solve(rows_[i], w_other, columns_[j], true, idle);
    idle_row_[i] = idle;
    return w;
  }
  double solve_column(std::size_t j, double w_other, std::size_t i) {
    bool idle = false;
    const double w = solve(columns_[j], w_other, rows_[i], false, idle);
    idle_column_[j] = idle;
    return w;
  }
  // An arm's condition: 1; an idle arm's (weight 0 at the optimum, its condition an
  // inequality): nothing to meet.
  static double demand(char idle) { return idle ? 0.0 : 1.0; }
  double solve(std::size_t arm, double w_other, std::size_t other, bool arm_inside, bool& idle) const {
    const ArmFamily &fa = families_[arm], &fo = families_[other];
    // The other arm pinned (infinite weight): only this arm moves, to the piece's boundary.
    const double z = arm_inside ? unshifted(mu_[other], epsilon_, relative_) : shifted(mu_[other], epsilon_, relative_);
    if (std::isinf(w_other)) return fa.valid_mean(z) ? 1.0 / fa.kl(mu_[arm], z) : kInfinity;
    // This arm pinned: the limit of g.
    const double zo = arm_inside ? shifted(mu_[arm], epsilon_, relative_) : unshifted(mu_[arm], epsilon_, relative_);
    const double limit = fo.valid_mean(zo) ? w_other * fo.kl(mu_[other], zo) : kInfinity;
    if (!(limit > 1.0)) return kInfinity;
    double x = std::isfinite(limit) ? w_other / (limit - 1.0) : w_other;
    double lo = 0.0, hi = kInfinity;
    // The other arm alone may meet the piece (this arm cannot complete it inside its family):
    // when a weight of 1e-12 of the other's already gives 1, the arm is idle (its weight 0 at
    // the optimum; 1e-12 of the other's keeps the pieces' values exact for the certificate).
    const double least = 1e-12 * w_other;
    if (!fa.valid_mean(z) &&
        (arm_inside ? piece_point(fa, least, mu_[arm], fo, w_other, mu_[other], epsilon_, relative_)
                    : piece_point(fo, w_other, mu_[other], fa, least, mu_[arm], epsilon_, relative_))
                .value >= 1.0) {
      idle = true;
      return least;
    }
    for (int step = 0; step < 200; ++step) {
      const PiecePoint p = arm_inside ? piece_point(fa, x, mu_[arm], fo, w_other, mu_[other], epsilon_, relative_)
                                      : piece_point(fo, w_other, mu_[other], fa, x, mu_[arm], epsilon_, relative_);
      const double f = p.value - 1.0;
      if (f == 0.0) return x;
      (f < 0.0 ? lo : hi) = x;
      // g'(x) = this arm's divergence at the point (envelope theorem).
      const double slope = fa.kl(mu_[arm], arm_inside ? p.x : p.y);
      const double next = safeguarded(x, f, slope, lo, hi);
      if (std::abs(next - x) <= 1e-15 * next) return next;
      if (std::isfinite(hi) && hi - lo <= 1e-15 * hi) return 0.5 * (lo + hi);
      x = next;
    }
    return x;
  }

  std::span<const double> mu_;
  std::span<const ArmFamily> families_;
  double epsilon_;
  bool relative_;
  std::vector<std::size_t> rows_, columns_;
  std::vector<double> w_row_, w_column_, cost_row_, cost_column_;
  std::vector<char> idle_row_, idle_column_;
  double mass_ = 0.0;
};

}  // namespace

bool StructuredTimeSolver::solve(std::span<const double> mu, std::span<const ArmFamily> families,
                                 const BipartitePieces& pieces, double relative_gap, CharacteristicTime& out) {
  if (pieces.inside.empty() || pieces.outside.empty()) return false;
  const std::size_t k = mu.size();
  out.iterations = 0;
  out.weights.assign(k, 0.0);
  // No strict answer: an inside arm whose piece with an outside one holds mu already.
  double lowest_in = kInfinity, highest_out = -kInfinity;
  for (std::size_t i : pieces.inside) lowest_in = std::min(lowest_in, shifted(mu[i], pieces.epsilon, pieces.relative));
  for (std::size_t j : pieces.outside) highest_out = std::max(highest_out, mu[j]);
  if (!(lowest_in > highest_out)) {
    std::fill(out.weights.begin(), out.weights.end(), 1.0 / static_cast<double>(k));
    out.value = kInfinity;
    out.upper = 0.0;
    out.method = "no strict answer";
    return true;
  }
  Staircase staircase(mu, families, pieces);
  // R(s) < 0 below s*, > 0 above: a bracket by doubling from the least start (or the last
  // solve's s*), then the Illinois variant of regula falsi (a bisection every fourth step),
  // to the last bits.
  const double least = staircase.least_start();
  if (!(least > 0.0) || !std::isfinite(least)) return false;
  double lo = least, r_lo = -1.0;  // -1: the sentinel of the infinite-weight end
  double hi = warm_s_ > least ? warm_s_ : 2.0 * least;
  double r_hi = staircase.residual(hi);
  if (std::isnan(r_hi)) return false;
  // Moves the upper end `high` down through candidate(step) until a residual is negative,
  // the lower end `low` then; false on a NaN residual.
  auto descend = [&](int steps, auto candidate, auto residual_at, double& low, double& high) {
    for (int step = 0; step < steps; ++step, ++out.iterations) {
      const double next = candidate(step);
      const double r = residual_at(next);
      if (std::isnan(r)) return false;
      if (r < 0.0) {
        low = next;
        r_lo = r;
        return true;
      }
      high = next;
      r_hi = r;
    }
    return true;
  };
  if (r_hi < 0.0) {
    for (int step = 0; step < 200 && r_hi < 0.0; ++step, ++out.iterations) {
      lo = hi;
      r_lo = r_hi;
      hi *= 2.0;
      r_hi = staircase.residual(hi);
      if (std::isnan(r_hi)) return false;
    }
    if (!(r_hi >= 0.0)) return false;
  } else if (warm_s_ > least) {
    // The warm start lies above s*: a lower end near it (0.9 of it first, then halving the
    // distance to the least).
    const auto candidate = [&](int step) {
      return step == 0 && 0.9 * hi > least ? 0.9 * hi : least + 0.5 * (hi - least);
    };
    const auto residual = [&](double s) { return staircase.residual(s); };
    if (!descend(2000, candidate, residual, lo, hi)) return false;
  }
  // In tau = log(s - least) (the steep end at least moves to -infinity): regula falsi with
  // the Illinois halving, a bisection when a step gains less than half the bracket.
  auto tau_of = [&](double s) { return std::log(s - least); };
  double t_lo = lo > least ? tau_of(lo) : tau_of(hi) - 40.0, t_hi = tau_of(hi);
  if (!(lo > least)) {  // a finite lower end: below s*, by steps of 2^-k towards the least
    const auto candidate = [&](int step) { return t_hi - std::ldexp(1.0, step); };
    const auto residual = [&](double t) { return staircase.residual(least + std::exp(t)); };
    if (!descend(200, candidate, residual, t_lo, t_hi)) return false;
  }
  int side = 0;
  IllinoisBracket bracket{t_lo, t_hi, r_lo, r_hi, side};
  double width = t_hi - t_lo;
  for (int step = 0; step < 300 && r_hi != 0.0; ++step, ++out.iterations) {
    double next = (t_lo * r_hi - t_hi * r_lo) / (r_hi - r_lo);
    if (!(next > t_lo && next < t_hi)) next = 0.5 * (t_lo + t_hi);
    const double r = staircase.residual(least + std::exp(next));
    if (std::isnan(r)) return false;
    if (r == 0.0) {
      t_hi = next;
      break;
    }
    bracket.move(next, r, r < 0.0);
    // Every arm reached (r > 0) and the staircase's own gap (its pieces at 1, the mixture's
    // bound) below a quarter of the target: precise enough (the certificate is the caller's).
    if (r > 0.0 && r < 1.0 && staircase.staircase_gap() <= 0.25 * relative_gap) break;
    if (t_hi - t_lo > 0.5 * width) {  // too little progress: bisect
      const double mid = 0.5 * (t_lo + t_hi);
      const double rm = staircase.residual(least + std::exp(mid));
      ++out.iterations;
      if (std::isnan(rm)) return false;
      (rm < 0.0 ? t_lo : t_hi) = mid;
      (rm < 0.0 ? r_lo : r_hi) = rm;
      side = 0;
    }
    width = t_hi - t_lo;
    if (least + std::exp(t_hi) - (least + std::exp(t_lo)) <= 1e-15 * (least + std::exp(t_hi))) break;
  }
  hi = least + std::exp(t_hi);
  staircase.residual(hi);
  staircase.complete();
  const double total = staircase.weights(out.weights);
  if (!(total > 0.0) || !std::isfinite(total)) return false;
  for (double& x : out.weights) x /= total;
  warm_s_ = hi;
  out.value = total;  // min sum w s.t. every staircase piece >= 1 (the caller takes 1/lower)
  out.upper = staircase.mixture_bound();
  out.method = pieces.inside.size() == 1 || pieces.outside.size() == 1
                   ? "Garivier & Kaufmann's one-dimensional reduction (one arm against the others)"
                   : "the staircase sweep of the sorted arms (a one-dimensional reduction)";
  return true;
}

}  // namespace cpex::numerics
