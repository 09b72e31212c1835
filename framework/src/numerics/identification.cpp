// The identification problems over independent arms: top-m (best arm), epsilon-good arm,
// thresholds (identification.hpp).
#include "cpex/numerics/identification.hpp"

#include "best_response_pieces.hpp"
#include "cpex/numerics/optimal_weights.hpp"
#include "cpex/numerics/vector_passes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

#include "infinity.hpp"

namespace cpex::numerics {

namespace {

// The index of the largest mean (the smallest index among ties).
std::size_t argmax(std::span<const double> mu) {
  std::size_t best = 0;
  for (std::size_t a = 1; a < mu.size(); ++a)
    if (mu[a] > mu[best]) best = a;
  return best;
}

// Top-m's pruned best response by rows keeps every row's bounds up to this many values (32 MB).
constexpr std::size_t kKeptBounds = std::size_t{1} << 22;

class TopM final : public IdentificationProblem {
 public:
  TopM(std::size_t arms, std::size_t m) : IdentificationProblem(arms), m_(m) {}

  std::string name() const override { return m_ == 1 ? "best arm" : "top-" + std::to_string(m_); }
  std::size_t m() const { return m_; }

  bool answer(std::span<const double> mu, Decision& out) const override {
    out.values.clear();
    if (m_ == 1) {
      const std::size_t best = argmax(mu);
      out.arms.assign(1, best);
      for (std::size_t a = 0; a < mu.size(); ++a)
        if (a != best && !(mu[a] < mu[best])) return false;
      return true;
    }
    // The first m + 1 arms in the order of larger mean, then smaller index (a stable sort's by
    // mean, descending), kept in one pass: an arm met later goes after every kept arm of its
    // mean or more. O(K) plus O(m) per arm that enters (O(m log K) of them on random order).
    const std::size_t kept = std::min(m_ + 1, mu.size());
    order_.clear();
    for (std::size_t a = 0; a < mu.size(); ++a) {
      if (order_.size() == kept && !(mu[a] > mu[order_.back()])) continue;
      std::size_t at = order_.size();
      while (at > 0 && mu[a] > mu[order_[at - 1]]) --at;
      if (order_.size() == kept) order_.pop_back();
      order_.insert(order_.begin() + static_cast<std::ptrdiff_t>(at), a);
    }
    out.arms.assign(order_.begin(),
                    order_.begin() + static_cast<std::ptrdiff_t>(std::min(m_, order_.size())));
    out.values.clear();
    std::sort(out.arms.begin(), out.arms.end());
    return order_.size() > m_ && mu[order_[m_ - 1]] > mu[order_[m_]];
  }

  bool correct(std::span<const double> mu, const Decision& candidate) const override {
    if (candidate.arms.size() != m_) return false;
    mark(candidate);
    double lowest_in = kInfinity, highest_out = -kInfinity;
    for (std::size_t a = 0; a < mu.size(); ++a)
      (member_[a] ? lowest_in = std::min(lowest_in, mu[a]) : highest_out = std::max(highest_out, mu[a]));
    return lowest_in >= highest_out;
  }

  bool has_known_allocation(std::span<const ArmFamily> families) const override {
    return m_ == 1 && families.front().exponential_family() &&
           std::all_of(families.begin(), families.end(), [&](const ArmFamily& f) { return f == families.front(); });
  }

  bool has_structured_time(std::span<const ArmFamily>) const override { return true; }

  // The best arm of one exponential family: Garivier & Kaufmann's Theorem 5.
  bool known_allocation(std::span<const double> mu, std::span<const ArmFamily> families, const Decision& answer,
                        std::vector<double>& weights, double& time) const override {
    if (!has_known_allocation(families)) return false;
    if (!solver_ || !(solver_->family() == families.front())) solver_.emplace(families.front());
    const OptimalWeights& r = solver_->solve(mu);
    if (r.best != answer.arms.front()) return false;
    weights = r.weights;
    time = r.characteristic_time;
    return true;
  }

  bool bipartite_pieces(const Decision& answer, BipartitePieces& out) const override {
    mark(answer);
    out.inside = answer.arms;
    out.outside.clear();
    for (std::size_t a = 0; a < arms_; ++a)
      if (!member_[a]) out.outside.push_back(a);
    out.epsilon = 0.0;
    out.relative = false;
    return answer.arms.size() == m_ && !out.outside.empty();
  }

  std::size_t pieces(const Decision&) const override { return m_ * (arms_ - m_); }
  std::size_t largest_piece(const Decision&) const override { return 2; }

  void best_response(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                     const Decision& answer, BestResponse& out, std::span<const double> offsets,
                     std::span<const double> penalties) const override {
    mark(answer);
    PieceMinimum least{out};
    const double shift = offset_of(offsets, 2);
    if (m_ == 1 && answer.arms.size() == 1 && arms_ >= 2 && offsets.empty() && penalties.empty() &&
        one_gaussian_family(families)) {
      // The best arm's pieces on Gaussian arms of one sigma: every piece's cost in one vector
      // pass (the scan's values, bit for bit), the least (first among ties, as the scan takes
      // it) offered alone.
      const std::size_t i = answer.arms.front();
      floors_.resize(arms_);
      const std::size_t least_j = gaussian_transport_costs(families.front().sigma(), i, w.data(),
                                                           mu.data(), floors_.data(), arms_);
      least.offer_pair(pair_transport_inline(families[i], w[i], mu[i], families[least_j],
                                             w[least_j], mu[least_j]),
                       shift, 0.0, least_j - (least_j > i ? 1 : 0), i, least_j);
      return;
    }
    if (m_ == 1 && answer.arms.size() == 1 && arms_ >= 2 && offsets.empty() && penalties.empty() &&
        (one_family_of_kind(families, ArmFamily::Kind::Bernoulli) ||
         one_family_of_kind(families, ArmFamily::Kind::Poisson))) {
      // The pruned scan below for the best arm of one Bernoulli or Poisson family: every
      // piece's lower bound in one vector pass (pair_transport_lower_bound's bits), the exact
      // cost of the least bound's piece as the ceiling, then the pieces at or below it.
      const std::size_t i = answer.arms.front();
      floors_.resize(arms_);
      const std::size_t lowest =
          transport_floors(families.front().kind() == ArmFamily::Kind::Bernoulli, i, w.data(),
                           mu.data(), floors_.data(), arms_);
      const double ceiling =
          pair_transport(families[i], w[i], mu[i], families[lowest], w[lowest], mu[lowest]).cost;
      for (std::size_t j = 0; j < arms_; ++j) {
        if (j == i || !(floors_[j] <= ceiling)) continue;
        // A piece that pair_transport gives the cost 0 (a weight 0, or mu_j >= mu_i) has the
        // margin 0: once a margin <= 0 is held it is not better (ties keep the first).
        if (!least.first && least.out.margin <= 0.0 &&
            (!(w[j] > 0.0) || !(w[i] > 0.0) || !(mu[i] > mu[j])))
          continue;
        least.offer_pair(pair_transport(families[i], w[i], mu[i], families[j], w[j], mu[j]), shift,
                         0.0, j - (j > i ? 1 : 0), i, j);
      }
      return;
    }
    if (answer.arms.size() == m_ && arms_ >= 2 && one_gaussian_family(families)) {
      // Top-m's pieces on Gaussian arms of one sigma: each answer arm's transports in one vector
      // pass (pair_transport's costs, bit for bit), then the scan's choice among the margins
      // cost - shift + penalty (the first piece, then a strictly smaller margin: ties and NaN
      // as offer_pair takes them), and the chosen piece offered alone.
      // Each row's margins are finite (finite weights, means and penalties: a Gaussian
      // transport is never NaN), so the row's first least margin comes from a vector pass
      // (the answer's arms at +inf) and the rows are compared as the scan compares pieces.
      row_.resize(arms_);
      const double sigma = families.front().sigma();
      const std::size_t outside = arms_ - answer.arms.size();
      bool none = true;
      double best = 0.0;
      std::size_t best_piece = 0, best_i = 0, best_j = 0;
      for (std::size_t r = 0; r < answer.arms.size(); ++r) {
        const std::size_t i = answer.arms[r];
        gaussian_transport_costs(sigma, i, w.data(), mu.data(), row_.data(), arms_, false);
        if (!penalties.empty())
          for (std::size_t j = 0; j < arms_; ++j) row_[j] = row_[j] - shift + penalties[j];
        else if (shift != 0.0)
          for (std::size_t j = 0; j < arms_; ++j) row_[j] = row_[j] - shift;
        for (std::size_t a : answer.arms) row_[a] = kInfinity;
        std::size_t j = first_least(row_.data(), arms_);
        if (j == arms_) {  // every margin +inf: the scan keeps the first piece, if no other
          if (!none) continue;
          for (j = 0; member_[j];) ++j;
        } else if (!none && !(row_[j] < best)) {
          continue;
        }
        none = false;
        best = row_[j];
        best_piece = r * outside + rank_outside(answer, j);
        best_i = i;
        best_j = j;
      }
      if (!none)
        least.offer_pair(pair_transport_inline(families[best_i], w[best_i], mu[best_i],
                                               families[best_j], w[best_j], mu[best_j]),
                         shift, penalty_of(penalties, best_j), best_piece, best_i, best_j);
      return;
    }
    if (answer.arms.size() != m_ || !prunable(families)) {
      std::size_t piece = 0;
      for (std::size_t i : answer.arms)
        for (std::size_t j = 0; j < arms_; ++j) {
          if (member_[j]) continue;
          least.offer_pair(
              pair_transport_inline(families[i], w[i], mu[i], families[j], w[j], mu[j]), shift,
              penalty_of(penalties, j), piece, i, j);
          ++piece;
        }
      return;
    }
    // Exact pruning (the same piece, value and point as the scan above, ties included): a
    // lower bound of every piece's margin (pair_transport_lower_bound: no logarithm), the
    // exact margin of the piece of least bound as a ceiling, then, in piece order, the exact
    // transport of the pieces whose bound is at most the ceiling only. A piece skipped has
    // margin >= bound > ceiling >= the least margin: it is neither the least nor tied with it.
    // (On one Bernoulli or Poisson family each answer arm's bounds come from one vector pass,
    // pair_transport_lower_bound's bits.)
    const bool bernoulli = one_family_of_kind(families, ArmFamily::Kind::Bernoulli);
    const bool vector_floors = bernoulli || one_family_of_kind(families, ArmFamily::Kind::Poisson);
    if (vector_floors) {
      pruned_by_rows(bernoulli, w, mu, families, answer, shift, penalties, least);
      return;
    }
    floors_.resize(pieces(answer));
    if (vector_floors) row_.resize(arms_);
    std::size_t piece = 0, lowest_i = answer.arms.front(), lowest_j = arms_;
    double lowest = kInfinity;
    for (std::size_t i : answer.arms) {
      if (vector_floors)
        transport_floors(bernoulli, i, w.data(), mu.data(), row_.data(), arms_, false);
      for (std::size_t j = 0; j < arms_; ++j) {
        if (member_[j]) continue;
        const double pair_bound =
            vector_floors
                ? row_[j]
                : pair_transport_lower_bound(families[i], w[i], mu[i], families[j], w[j], mu[j]);
        const double bound = pair_bound - shift + penalty_of(penalties, j);
        floors_[piece++] = bound;
        if (lowest_j == arms_ || bound < lowest) {
          lowest = bound;
          lowest_i = i;
          lowest_j = j;
        }
      }
    }
    const double ceiling = pair_transport(families[lowest_i], w[lowest_i], mu[lowest_i], families[lowest_j],
                                          w[lowest_j], mu[lowest_j])
                               .cost -
                           shift + penalty_of(penalties, lowest_j);
    piece = 0;
    for (std::size_t i : answer.arms)
      for (std::size_t j = 0; j < arms_; ++j) {
        if (member_[j]) continue;
        if (floors_[piece] <= ceiling)
          least.offer_pair(pair_transport(families[i], w[i], mu[i], families[j], w[j], mu[j]), shift,
                           penalty_of(penalties, j), piece, i, j);
        ++piece;
      }
  }

  // The pruned scan above on one Bernoulli or Poisson family, by rows: each answer arm's bounds
  // (floor - shift + penalty, as the scan computes them) over every arm, the floors from one
  // vector pass, the members at +inf, the least of a row by a vector pass; the same least bound (the first piece, then a
  // strictly smaller one; where no bound is NaN), the same ceiling, and the same pieces offered
  // (bound <= ceiling), the rows' runs of bounds above the ceiling skipped a vector at a time.
  void pruned_by_rows(bool bernoulli, std::span<const double> w, std::span<const double> mu,
                      std::span<const ArmFamily> families, const Decision& answer, double shift,
                      std::span<const double> penalties, PieceMinimum& least) const {
    const std::size_t m = answer.arms.size(), outside = arms_ - m;
    // Row r's bounds into `row`: the floors, - shift + penalty, the answer's arms at +inf.
    const auto fill = [&](std::size_t r, double* row) {
      transport_floors(bernoulli, answer.arms[r], w.data(), mu.data(), row, arms_, false);
      if (!penalties.empty())
        for (std::size_t j = 0; j < arms_; ++j) row[j] = row[j] - shift + penalties[j];
      else if (shift != 0.0)
        for (std::size_t j = 0; j < arms_; ++j) row[j] = row[j] - shift;
      for (std::size_t a : answer.arms) row[a] = kInfinity;
    };
    // The rows are kept for the second pass up to kKeptBounds values, else filled again (a
    // large m: top-5,000 of 10^4 would keep 400 MB).
    const bool keep = m * arms_ <= kKeptBounds;
    floors_.resize(keep ? m * arms_ : arms_);
    std::size_t lowest_row = 0, lowest_j = arms_;
    double lowest = kInfinity;
    for (std::size_t r = 0; r < m; ++r) {
      double* row = floors_.data() + (keep ? r * arms_ : 0);
      fill(r, row);
      const std::size_t j = first_least(row, arms_);
      if (j < arms_ && (lowest_j == arms_ || row[j] < lowest)) {
        lowest = row[j];
        lowest_row = r;
        lowest_j = j;
      }
    }
    if (lowest_j == arms_) {  // every bound +inf or NaN: the scan's first piece sets the ceiling
      lowest_row = 0;
      for (lowest_j = 0; lowest_j < arms_ && member_[lowest_j];) ++lowest_j;
    }
    const std::size_t li = answer.arms[lowest_row];
    const double ceiling =
        pair_transport(families[li], w[li], mu[li], families[lowest_j], w[lowest_j], mu[lowest_j])
            .cost -
        shift + penalty_of(penalties, lowest_j);
    for (std::size_t r = 0; r < m; ++r) {
      const std::size_t i = answer.arms[r];
      double* row = floors_.data() + (keep ? r * arms_ : 0);
      if (!keep) fill(r, row);
      for (std::size_t j = 0; j < arms_; ++j) {
        // A piece whose bound is at least the least margin held is not taken (its margin is at
        // least its bound; ties keep the first): the level falls to just below that margin (at
        // the cost-0 pieces of weights 0, the game's, below every bound of the rows left).
        const double level = !least.first && least.out.margin <= ceiling
                                 ? std::nextafter(least.out.margin, -kInfinity)
                                 : ceiling;
        j = first_not_above(row, j, arms_, level);
        if (j == arms_) break;
        if (member_[j] || !(row[j] <= level)) continue;
        least.offer_pair(pair_transport(families[i], w[i], mu[i], families[j], w[j], mu[j]), shift,
                         penalty_of(penalties, j), r * outside + rank_outside(answer, j), i, j);
      }
    }
  }

  void for_each_piece(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                      const Decision& answer, PieceVisitor& visitor) const override {
    mark(answer);
    std::size_t piece = 0, pair[2];
    double point[2];
    const bool gaussian = one_gaussian_family(families);
    const bool bernoulli = !gaussian && one_family_of_kind(families, ArmFamily::Kind::Bernoulli);
    if (answer.arms.size() == m_ && arms_ > m_ &&
        (gaussian || bernoulli || one_family_of_kind(families, ArmFamily::Kind::Poisson))) {
      // The pieces of the best arm and top-m on arms of one Gaussian sigma, one Bernoulli or one
      // Poisson family: each answer arm's row in one vector pass — the Gaussian transports
      // (pair_transport's bits), else the lower bounds (pair_transport_lower_bound's bits, the
      // scan below's pruning) — then, in piece order, the pieces whose row value is at or below
      // the visitor's level visited (with their points and exact costs), those above it skipped
      // as the visitor allows (+inf, the answer's own arm, is above any finite level).
      row_.resize(arms_);
      inside_.assign(answer.arms.begin(), answer.arms.end());
      std::sort(inside_.begin(), inside_.end());
      const std::size_t outside = arms_ - answer.arms.size();
      double level = visitor.skip_above();  // (asked again after each piece wanted() is asked of)
      for (std::size_t r = 0; r < answer.arms.size(); ++r) {
        const std::size_t i = answer.arms[r];
        if (gaussian)
          gaussian_transport_costs(families.front().sigma(), i, w.data(), mu.data(), row_.data(),
                                   arms_, false);
        else
          transport_floors(bernoulli, i, w.data(), mu.data(), row_.data(), arms_, false);
        pair[0] = i;
        std::size_t below = 0;  // the answer's arms below j: j's rank among the arms outside
        for (std::size_t j = 0; j < arms_; ++j) {
          if (level < kInfinity) j = first_not_above(row_.data(), j, arms_, level);
          if (j == arms_) break;
          if (member_[j]) continue;
          while (below < inside_.size() && inside_[below] < j) ++below;
          pair[1] = j;
          piece = r * outside + j - below;
          if (visitor.wanted(piece, pair)) {
            const Transport t =
                gaussian ? pair_transport_inline(families[i], w[i], mu[i], families[j], w[j], mu[j])
                         : pair_transport(families[i], w[i], mu[i], families[j], w[j], mu[j]);
            point[0] = point[1] = t.point;
            visitor.visit({piece, pair, point, t.cost});
          }
          level = visitor.skip_above();
        }
      }
      return;
    }
    const bool prune = answer.arms.size() == m_ && prunable(families);
    double level = prune ? visitor.skip_above() : kInfinity;  // (asked again after wanted())
    for (std::size_t i : answer.arms)
      for (std::size_t j = 0; j < arms_; ++j) {
        if (member_[j]) continue;
        pair[0] = i;
        pair[1] = j;
        if (level < kInfinity && pair_transport_lower_bound(families[i], w[i], mu[i], families[j],
                                                            w[j], mu[j]) > level) {
          ++piece;
          continue;
        }
        if (visitor.wanted(piece, pair)) {
          const Transport t = pair_transport(families[i], w[i], mu[i], families[j], w[j], mu[j]);
          point[0] = point[1] = t.point;
          visitor.visit({piece, pair, point, t.cost});
        }
        if (prune) level = visitor.skip_above();
        ++piece;
      }
  }

 private:
  // Arm j's rank among the arms outside `answer` (j outside it): j less the answer's arms below
  // j, the piece's index within its row.
  static std::size_t rank_outside(const Decision& answer, std::size_t j) {
    std::size_t below = 0;
    for (std::size_t a : answer.arms) below += a < j ? 1 : 0;
    return j - below;
  }

  // member_[a]: whether arm a is in d (the arms marked before unmarked: O(m) a call).
  void mark(const Decision& d) const {
    if (member_.size() != arms_) member_.assign(arms_, 0);
    for (std::size_t a : marked_) member_[a] = 0;
    marked_.clear();
    for (std::size_t a : d.arms)
      if (a < arms_) {
        member_[a] = 1;
        marked_.push_back(a);
      }
  }

  // Whether pair_transport_lower_bound may say something about these families' pairs (a
  // Bernoulli, Poisson or Exponential first arm): the best response prunes its scan. (A pair
  // of other or different families has the bound 0, which prunes nothing but stays exact.)
  static bool prunable(std::span<const ArmFamily> families) {
    using Kind = ArmFamily::Kind;
    const Kind kind = families.front().kind();
    return kind == Kind::Bernoulli || kind == Kind::Poisson || kind == Kind::Exponential;
  }

  std::size_t m_;
  mutable std::optional<OptimalWeightsSolver> solver_;
  mutable std::vector<std::size_t>
      order_;  // scratch (answer's m + 1 first arms): a problem serves one run at a time
  mutable std::vector<char> member_;
  mutable std::vector<std::size_t> marked_;  // the arms member_ holds
  mutable std::vector<std::size_t> inside_;  // scratch: the answer's arms, increasing
  mutable std::vector<double> floors_;  // scratch: each piece's lower bound on its margin
  mutable std::vector<double> row_;     // scratch: one answer arm's pair bounds (all arms)
};

class EpsilonGood final : public IdentificationProblem {
 public:
  EpsilonGood(std::size_t arms, double epsilon, bool relative)
      : IdentificationProblem(arms), epsilon_(epsilon), relative_(relative) {}

  std::string name() const override {
    return number_text(epsilon_) + (relative_ ? "-good arm (relative)" : "-good arm");
  }

  bool answer(std::span<const double> mu, Decision& out) const override {
    out.arms = {argmax(mu)};
    out.values.clear();
    return good(mu, out.arms.front(), true);
  }

  bool correct(std::span<const double> mu, const Decision& candidate) const override {
    return candidate.arms.size() == 1 && candidate.arms.front() < mu.size() && good(mu, candidate.arms.front(), false);
  }

  void correct_answers(std::span<const double> mu, std::vector<Decision>& out) const override {
    out.clear();
    for (std::size_t a = 0; a < mu.size(); ++a)
      if (good(mu, a, false)) out.push_back(Decision{{a}, {}});
  }

  bool bipartite_pieces(const Decision& answer, BipartitePieces& out) const override {
    if (answer.arms.size() != 1 || answer.arms.front() >= arms_) return false;
    out.inside = answer.arms;
    out.outside.clear();
    for (std::size_t a = 0; a < arms_; ++a)
      if (a != answer.arms.front()) out.outside.push_back(a);
    out.epsilon = epsilon_;
    out.relative = relative_;
    return !out.outside.empty();
  }

  bool has_structured_time(std::span<const ArmFamily>) const override { return true; }

  std::size_t pieces(const Decision&) const override { return arms_ - 1; }
  std::size_t largest_piece(const Decision&) const override { return 2; }

  void best_response(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                     const Decision& answer, BestResponse& out, std::span<const double> offsets,
                     std::span<const double> penalties) const override {
    const std::size_t i = answer.arms.front();
    PieceMinimum least{out};
    const double shift = offset_of(offsets, 2);
    std::size_t piece = 0;
    for (std::size_t j = 0; j < arms_; ++j) {
      if (j == i) continue;
      const Transport t = shifted_transport(families[i], w[i], mu[i], families[j], w[j], mu[j], epsilon_, relative_);
      const double margin = t.cost - shift + penalty_of(penalties, j);
      if (least.better(margin)) {
        least.take(t.cost, margin, piece);
        out.arms = {i, j};
        out.point = {t.point, relative_ ? t.point / (1.0 - epsilon_) : t.point + epsilon_};
      }
      ++piece;
    }
  }

  void for_each_piece(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                      const Decision& answer, PieceVisitor& visitor) const override {
    const std::size_t i = answer.arms.front();
    std::size_t pair[2] = {i, 0};
    double point[2];
    for (std::size_t j = 0, piece = 0; j < arms_; ++j) {
      if (j == i) continue;
      pair[1] = j;
      if (visitor.wanted(piece, pair)) {
        const Transport t = shifted_transport(families[i], w[i], mu[i], families[j], w[j], mu[j], epsilon_, relative_);
        point[0] = t.point;
        point[1] = relative_ ? t.point / (1.0 - epsilon_) : t.point + epsilon_;
        visitor.visit({piece, pair, point, t.cost});
      }
      ++piece;
    }
  }

 private:
  // mu_a >= max - eps (relative: >= (1 - eps) max); strictly when `strict`.
  bool good(std::span<const double> mu, std::size_t a, bool strict) const {
    const double top = mu[argmax(mu)];
    const double floor = relative_ ? (1.0 - epsilon_) * top : top - epsilon_;
    return strict ? mu[a] > floor : mu[a] >= floor;
  }

  double epsilon_;
  bool relative_;
};

class Threshold final : public IdentificationProblem {
 public:
  Threshold(std::size_t arms, double tau, bool any) : IdentificationProblem(arms), tau_(tau), any_(any) {}

  std::string name() const override {
    return (any_ ? "any arm above " : "arms above ") + number_text(tau_);
  }

  bool answer(std::span<const double> mu, Decision& out) const override {
    out.arms.clear();
    out.values.clear();
    bool strict = true;
    if (any_) {
      const std::size_t best = argmax(mu);
      if (mu[best] > tau_) out.arms.push_back(best);
      return mu[best] != tau_;
    }
    for (std::size_t a = 0; a < mu.size(); ++a) {
      if (mu[a] > tau_) out.arms.push_back(a);
      strict = strict && mu[a] != tau_;
    }
    return strict;
  }

  bool correct(std::span<const double> mu, const Decision& candidate) const override {
    if (any_) {
      if (candidate.arms.empty()) return std::all_of(mu.begin(), mu.end(), [&](double x) { return x <= tau_; });
      return candidate.arms.size() == 1 && candidate.arms.front() < mu.size() && mu[candidate.arms.front()] > tau_;
    }
    std::size_t member = 0;
    for (std::size_t a = 0; a < mu.size(); ++a) {
      const bool in = member < candidate.arms.size() && candidate.arms[member] == a;
      if (in) ++member;
      if (in ? mu[a] < tau_ : mu[a] > tau_) return false;
    }
    return member == candidate.arms.size();
  }

  void correct_answers(std::span<const double> mu, std::vector<Decision>& out) const override {
    out.clear();
    if (!any_) {
      out.emplace_back();
      answer(mu, out.back());
      return;
    }
    for (std::size_t a = 0; a < mu.size(); ++a)
      if (mu[a] > tau_) out.push_back(Decision{{a}, {}});
    if (out.empty()) out.emplace_back();
  }

  bool has_known_allocation(std::span<const ArmFamily>) const override { return true; }

  // Every piece moves one arm to tau: w_a proportional to 1/d(mu_a, tau) equalizes them,
  // T* = sum_a 1/d(mu_a, tau); "any arm above tau" answered {a}: all weight on a, T* =
  // 1/d(mu_a, tau).
  bool known_allocation(std::span<const double> mu, std::span<const ArmFamily> families, const Decision& answer,
                        std::vector<double>& weights, double& time) const override {
    weights.assign(arms_, 0.0);
    time = kInfinity;
    if (any_ && !answer.arms.empty()) {
      const std::size_t a = answer.arms.front();
      weights[a] = 1.0;
      if (mu[a] > tau_) time = 1.0 / families[a].kl(mu[a], tau_);
      return true;
    }
    double total = 0.0;
    for (std::size_t a = 0; a < arms_; ++a) {
      const double d = families[a].kl(mu[a], tau_);
      if (!(d > 0.0)) {  // an arm at tau: no strict answer
        std::fill(weights.begin(), weights.end(), 1.0 / static_cast<double>(arms_));
        return true;
      }
      weights[a] = 1.0 / d;
      total += weights[a];
    }
    for (double& x : weights) x /= total;
    time = total;
    return true;
  }

  std::size_t pieces(const Decision& answer) const override {
    return any_ && !answer.arms.empty() ? 1 : arms_;
  }
  std::size_t largest_piece(const Decision&) const override { return 1; }

  void best_response(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                     const Decision& answer, BestResponse& out, std::span<const double> offsets,
                     std::span<const double> penalties) const override {
    PieceMinimum least{out};
    const double shift = offset_of(offsets, 1);
    auto consider = [&](std::size_t a, bool above, std::size_t piece) {
      // The piece moves arm a to the other side of tau; nothing to pay if it is there.
      const bool there = above ? mu[a] <= tau_ : mu[a] >= tau_;
      const double value = there || !(w[a] > 0.0) ? 0.0 : w[a] * families[a].kl(mu[a], tau_);
      const double margin = value - shift + (above ? 0.0 : penalty_of(penalties, a));
      if (least.better(margin)) {
        least.take(value, margin, piece);
        out.arms = {a};
        out.point = {tau_};
      }
    };
    if (any_ && !answer.arms.empty()) {
      consider(answer.arms.front(), true, 0);
      return;
    }
    std::size_t member = 0;
    for (std::size_t a = 0; a < arms_; ++a) {
      const bool in = member < answer.arms.size() && answer.arms[member] == a;
      if (in) ++member;
      consider(a, in, a);
    }
  }

  void for_each_piece(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                      const Decision& answer, PieceVisitor& visitor) const override {
    const double point[1] = {tau_};
    auto offer = [&](std::size_t a, bool above, std::size_t piece) {
      const std::size_t arm[1] = {a};
      if (!visitor.wanted(piece, arm)) return;
      const bool there = above ? mu[a] <= tau_ : mu[a] >= tau_;
      visitor.visit({piece, arm, point, there || !(w[a] > 0.0) ? 0.0 : w[a] * families[a].kl(mu[a], tau_)});
    };
    if (any_ && !answer.arms.empty()) return offer(answer.arms.front(), true, 0);
    for (std::size_t a = 0, member = 0; a < arms_; ++a) {
      const bool in = member < answer.arms.size() && answer.arms[member] == a;
      if (in) ++member;
      offer(a, in, a);
    }
  }

 private:
  double tau_;
  bool any_;
};

}  // namespace

void IdentificationProblem::correct_answers(std::span<const double> mu, std::vector<Decision>& out) const {
  out.assign(1, Decision{});
  answer(mu, out.front());
}

bool IdentificationProblem::exact_for(const ArmFamily&) const { return true; }

void IdentificationProblem::for_each_piece(std::span<const double>, std::span<const double>,
                                           std::span<const ArmFamily>, const Decision&, PieceVisitor&) const {
  throw std::logic_error("the " + name() + " problem does not list the pieces of its alternatives");
}

bool IdentificationProblem::has_known_allocation(std::span<const ArmFamily>) const { return false; }

bool IdentificationProblem::bipartite_pieces(const Decision&, BipartitePieces&) const { return false; }

bool IdentificationProblem::has_structured_time(std::span<const ArmFamily> families) const {
  return has_known_allocation(families);
}

bool IdentificationProblem::known_allocation(std::span<const double>, std::span<const ArmFamily>, const Decision&,
                                             std::vector<double>&, double&) const {
  return false;
}

std::unique_ptr<IdentificationProblem> top_m_problem(std::size_t arms, std::size_t m) {
  return std::make_unique<TopM>(arms, m);
}

std::size_t top_m_of(const IdentificationProblem& problem) {
  const auto* top_m = dynamic_cast<const TopM*>(&problem);
  return top_m ? top_m->m() : 0;
}

std::unique_ptr<IdentificationProblem> epsilon_good_problem(std::size_t arms, double epsilon, bool relative) {
  return std::make_unique<EpsilonGood>(arms, epsilon, relative);
}

std::unique_ptr<IdentificationProblem> threshold_problem(std::size_t arms, double tau, bool any) {
  return std::make_unique<Threshold>(arms, tau, any);
}

}  // namespace cpex::numerics
