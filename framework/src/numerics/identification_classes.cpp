// The identification problems behind a combinatorial oracle: the optimal basis of a matroid
// (single exchanges) and the optimal decision of a listed class (identification.hpp).
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <tuple>

#include "best_response_pieces.hpp"
#include "cpex/numerics/identification.hpp"
#include "infinity.hpp"

namespace cpex::numerics {

namespace {

double sum_of(std::span<const double> mu, const Decision& d) {
  double total = 0.0;
  for (std::size_t a : d.arms) total += mu[a];
  return total;
}

class Matroid final : public IdentificationProblem {
 public:
  Matroid(std::size_t arms, const Oracle& oracle) : IdentificationProblem(arms), oracle_(oracle) {}

  std::string name() const override { return "optimal basis"; }

  bool answer(std::span<const double> mu, Decision& out) const override {
    oracle_.maximize(mu, out);
    refresh(out);
    for (const auto& [e, f] : exchanges_)
      if (!(mu[f] < mu[e])) return false;
    return true;
  }

  bool correct(std::span<const double> mu, const Decision& candidate) const override {
    Decision best;
    oracle_.maximize(mu, best);
    const double top = sum_of(mu, best);
    return candidate.arms.size() == best.arms.size() && sum_of(mu, candidate) >= top - 1e-12 * (1.0 + std::abs(top));
  }

  std::size_t pieces(const Decision& answer) const override {
    refresh(answer);
    return exchanges_.size();
  }
  std::size_t largest_piece(const Decision&) const override { return 2; }

  void for_each_piece(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                      const Decision& answer, PieceVisitor& visitor) const override {
    refresh(answer);
    std::size_t pair[2];
    double point[2];
    for (std::size_t p = 0; p < exchanges_.size(); ++p) {
      std::tie(pair[0], pair[1]) = exchanges_[p];
      if (!visitor.wanted(p, pair)) continue;
      const Transport t = pair_transport(families[pair[0]], w[pair[0]], mu[pair[0]], families[pair[1]], w[pair[1]],
                                         mu[pair[1]]);
      point[0] = point[1] = t.point;
      visitor.visit({p, pair, point, t.cost});
    }
  }

  void best_response(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                     const Decision& answer, BestResponse& out, std::span<const double> offsets,
                     std::span<const double> penalties) const override {
    refresh(answer);
    PieceMinimum least{out};
    const double shift = offset_of(offsets, 2);
    for (std::size_t p = 0; p < exchanges_.size(); ++p) {
      const auto [e, f] = exchanges_[p];
      least.offer_pair(pair_transport(families[e], w[e], mu[e], families[f], w[f], mu[f]), shift,
                       penalty_of(penalties, f), p, e, f);
    }
  }

 private:
  // The exchanges of `basis`, listed once per basis.
  void refresh(const Decision& basis) const {
    if (cached_ && basis.arms == basis_.arms) return;
    basis_ = basis;
    oracle_.exchanges(basis_, exchanges_);
    cached_ = true;
  }

  const Oracle& oracle_;
  mutable bool cached_ = false;
  mutable Decision basis_;
  mutable std::vector<std::pair<std::size_t, std::size_t>> exchanges_;
};

class ListedClass final : public IdentificationProblem {
 public:
  ListedClass(std::size_t arms, const Oracle& oracle) : IdentificationProblem(arms), oracle_(oracle) {
    const bool complete =
        oracle.enumerate(kMaxListedDecisions, [&](const Decision& d) { decisions_.push_back(d.arms); });
    if (!complete)
      throw std::length_error("the class has more than " + std::to_string(kMaxListedDecisions) +
                              " decisions: too large for the exact best response");
    if (decisions_.size() < 2) throw std::invalid_argument("the class has fewer than 2 decisions");
  }

  std::string name() const override { return "optimal decision"; }

  bool answer(std::span<const double> mu, Decision& out) const override {
    oracle_.maximize(mu, out);
    const double best = sum_of(mu, out);
    for (const auto& arms : decisions_)
      if (arms != out.arms && !(sum(mu, arms) < best)) return false;
    return true;
  }

  bool correct(std::span<const double> mu, const Decision& candidate) const override {
    if (std::find(decisions_.begin(), decisions_.end(), candidate.arms) == decisions_.end()) return false;
    Decision best;
    oracle_.maximize(mu, best);
    const double top = sum_of(mu, best);
    return sum_of(mu, candidate) >= top - 1e-12 * (1.0 + std::abs(top));
  }

  std::size_t pieces(const Decision&) const override { return decisions_.size() - 1; }
  std::size_t largest_piece(const Decision& answer) const override {
    std::size_t largest = 0;
    for (const auto& arms : decisions_) largest = std::max(largest, difference(arms, answer.arms));
    return largest;
  }

  bool pieces_of_one_size(const Decision& answer) const override {
    std::size_t size = 0;
    for (const auto& arms : decisions_) {
      if (arms == answer.arms) continue;
      const std::size_t d = difference(arms, answer.arms);
      if (size != 0 && d != size) return false;
      size = d;
    }
    return true;
  }

  // Pieces of more than two arms are convex only for Gaussian, Bernoulli and Poisson arms
  // (Exponential and unknown-variance pieces are exact only between single arms).
  bool exact_for(const ArmFamily& family) const override {
    using Kind = ArmFamily::Kind;
    if (family.kind() == Kind::Gaussian || family.kind() == Kind::Bernoulli || family.kind() == Kind::Poisson)
      return true;
    return std::all_of(decisions_.begin(), decisions_.end(), [](const auto& d) { return d.size() <= 1; });
  }

  void best_response(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                     const Decision& answer, BestResponse& out, std::span<const double> offsets,
                     std::span<const double> penalties) const override {
    PieceMinimum least{out};
    std::size_t piece = 0;
    for (const auto& arms : decisions_) {
      if (arms == answer.arms) continue;
      up_.clear();
      down_.clear();
      std::set_difference(arms.begin(), arms.end(), answer.arms.begin(), answer.arms.end(), std::back_inserter(up_));
      std::set_difference(answer.arms.begin(), answer.arms.end(), arms.begin(), arms.end(), std::back_inserter(down_));
      const double value = sum_transport(up_, down_, w, mu, families, point_);
      double margin = value - offset_of(offsets, up_.size() + down_.size());
      if (!penalties.empty())
        for (std::size_t a : up_) margin += penalties[a];
      if (least.better(margin)) {
        least.take(value, margin, piece);
        out.arms.assign(up_.begin(), up_.end());
        out.arms.insert(out.arms.end(), down_.begin(), down_.end());
        out.point = point_;
      }
      ++piece;
    }
  }

  // The pieces in best_response's order; each one's arms are the decision's own arms
  // (S \ S*), then the answer's (S* \ S), as best_response reports them.
  void for_each_piece(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                      const Decision& answer, PieceVisitor& visitor) const override {
    std::size_t piece = 0;
    for (const auto& arms : decisions_) {
      if (arms == answer.arms) continue;
      moved_.clear();
      std::set_difference(arms.begin(), arms.end(), answer.arms.begin(), answer.arms.end(), std::back_inserter(moved_));
      const std::size_t ups = moved_.size();
      std::set_difference(answer.arms.begin(), answer.arms.end(), arms.begin(), arms.end(),
                          std::back_inserter(moved_));
      if (visitor.wanted(piece, moved_)) {
        const std::span<const std::size_t> all(moved_);
        const double value = sum_transport(all.first(ups), all.subspan(ups), w, mu, families, point_);
        visitor.visit({piece, moved_, point_, value});
      }
      ++piece;
    }
  }

 private:
  static double sum(std::span<const double> mu, const std::vector<std::size_t>& arms) {
    double total = 0.0;
    for (std::size_t a : arms) total += mu[a];
    return total;
  }
  // |A ^ B| of two sorted arm lists.
  static std::size_t difference(const std::vector<std::size_t>& a, const std::vector<std::size_t>& b) {
    std::size_t common = 0, i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
      if (a[i] == b[j]) {
        ++common;
        ++i;
        ++j;
      } else if (a[i] < b[j]) {
        ++i;
      } else {
        ++j;
      }
    }
    return a.size() + b.size() - 2 * common;
  }

  const Oracle& oracle_;
  std::vector<std::vector<std::size_t>> decisions_;
  mutable std::vector<std::size_t> up_, down_, moved_;  // scratch: a problem serves one run at a time
  mutable std::vector<double> point_;
};

}  // namespace

std::unique_ptr<IdentificationProblem> matroid_problem(std::size_t arms, const Oracle& oracle) {
  return std::make_unique<Matroid>(arms, oracle);
}

std::unique_ptr<IdentificationProblem> listed_class_problem(std::size_t arms, const Oracle& oracle) {
  return std::make_unique<ListedClass>(arms, oracle);
}

}  // namespace cpex::numerics
