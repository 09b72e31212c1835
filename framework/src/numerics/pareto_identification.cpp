// The identification problems of vector-valued arms (identification.hpp): the Pareto set and
// the best arm under constraints on the other objectives. Means are arm-major (arm a's
// objective d at a * D + d) in the environment's units; each objective's direction says which
// way is better, so that every comparison, transport and level is made in the raw units and
// the arm families stay those of the rewards (a Bernoulli objective to minimize stays
// Bernoulli).
//
// Pareto set S of mu. The alternative (the means whose Pareto set is not S) is the union of
// (Crepon, Garivier & Koolen, "Sequential learning of the Pareto front for multi-objective
// bandits", AISTATS 2024):
//   (A) for i != j both in S: lambda_j at least as good as lambda_i on every objective (i is
//       then dominated): per objective where j is worse, the two arms meet at one mean
//       (the pair transport of the best arm);
//   (B) for k outside S: no arm of S dominates lambda_k: every arm j of S that beats k on
//       every objective is assigned an objective c(j) on which lambda_k is at least as good;
//       per objective, k is raised to a level and the arms assigned to it lowered to it
//       (level_transport), the least over the assignments (a branch and bound; the arms of S
//       that do not beat k on some objective cost nothing).
// These are all: when no arm of S is dominated by another and every arm outside S is
// dominated by one of S, the Pareto set of lambda is S. Pieces: |S|(|S| - 1) + (K - |S|).
//
// Constrained best arm (feasible: better than bounds[d] on every objective d but the optimized
// one o). Answer {i}: (a) i infeasible on one constraint d (lambda_{i,d} at the bound), D - 1
// pieces of one arm; (b) another arm j feasible and at least as good as i on o (j's violated
// constraints moved to their bounds, the pair transport on o), K - 1 pieces of two arms.
// Answer {} (no feasible arm): some arm j feasible, K pieces of one arm.
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "best_response_pieces.hpp"
#include "cpex/numerics/identification.hpp"
#include "infinity.hpp"

namespace cpex::numerics {

namespace {

std::vector<double> padded(std::vector<double> directions, std::size_t d) {
  directions.resize(d, 1.0);
  for (double& s : directions) s = s < 0.0 ? -1.0 : 1.0;
  return directions;
}

// One piece computed: its moved arms (the answer's arms first as the problem lists them), the
// point (D values per moved arm) and value.
struct Piece {
  std::size_t index = 0;
  std::vector<std::size_t> arms;
  std::vector<double> point;
  double value = 0.0;
};

// The base of the two problems: directions, the cost of bringing lambda_j level with or
// better than lambda_i on objective c.
class VectorProblem : public IdentificationProblem {
 public:
  VectorProblem(std::size_t arms, std::size_t d, std::vector<double> directions)
      : IdentificationProblem(arms), d_(d), s_(padded(std::move(directions), d)) {}

  std::size_t objectives() const override { return d_; }
  bool pieces_of_one_size(const Decision&) const override { return false; }
  bool exact_for(const ArmFamily& family) const override { return family.exponential_family(); }

  void best_response(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                     const Decision& answer, BestResponse& out, std::span<const double> offsets,
                     std::span<const double> penalties) const override {
    PieceMinimum least{out};
    visit_pieces(w, mu, families, answer, nullptr, [&](const Piece& p) {
      double margin = p.value - offset_of(offsets, p.arms.size() * d_);
      for (std::size_t a : p.arms)
        if (!std::binary_search(answer.arms.begin(), answer.arms.end(), a)) margin += penalty_of(penalties, a);
      if (least.better(margin)) {
        least.take(p.value, margin, p.index);
        out.arms = p.arms;
        out.point = p.point;
      }
    });
  }

  void for_each_piece(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                      const Decision& answer, PieceVisitor& visitor) const override {
    visit_pieces(w, mu, families, answer, &visitor,
                 [&](const Piece& p) { visitor.visit({p.index, p.arms, p.point, p.value}); });
  }

 protected:
  // Calls `take` with every piece of Alt(answer) the visitor wants (every piece without one).
  virtual void visit_pieces(std::span<const double> w, std::span<const double> mu,
                            std::span<const ArmFamily> families, const Decision& answer, PieceVisitor* visitor,
                            const std::function<void(const Piece&)>& take) const = 0;

  double at(std::span<const double> mu, std::size_t a, std::size_t c) const { return mu[a * d_ + c]; }
  // Whether x is strictly better than y on objective c.
  bool better(std::size_t c, double x, double y) const { return s_[c] * (x - y) > 0.0; }

  // The arms' means, D per arm, appended to `point`.
  void append_means(std::span<const double> mu, std::size_t a, std::vector<double>& point) const {
    point.insert(point.end(), mu.begin() + static_cast<std::ptrdiff_t>(a * d_),
                 mu.begin() + static_cast<std::ptrdiff_t>((a + 1) * d_));
  }

  // lambda_j at least as good as lambda_i on objective c, both moved to one mean: the cost and
  // the mean (both stay when j is already as good).
  Transport level_pair(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                       std::size_t i, std::size_t j, std::size_t c, double& lambda_i, double& lambda_j) const {
    const double mi = at(mu, i, c), mj = at(mu, j, c);
    lambda_i = mi;
    lambda_j = mj;
    if (!better(c, mi, mj)) return {0.0, mi};
    if (!(w[i] > 0.0)) {
      lambda_i = mj;  // i moves for free
      return {0.0, mj};
    }
    if (!(w[j] > 0.0)) {
      lambda_j = mi;
      return {0.0, mi};
    }
    const ArmFamily& fi = families[i * d_ + c];
    const ArmFamily& fj = families[j * d_ + c];
    // Larger better: lambda_j >= lambda_i; smaller better: lambda_j <= lambda_i.
    const Transport t = s_[c] > 0.0 ? shifted_transport(fi, w[i], mi, fj, w[j], mj, 0.0, false)
                                    : shifted_transport(fj, w[j], mj, fi, w[i], mi, 0.0, false);
    lambda_i = lambda_j = t.point;
    return t;
  }

  std::size_t d_;
  std::vector<double> s_;
};

// ---- The Pareto set ----

class ParetoSet final : public VectorProblem {
 public:
  using VectorProblem::VectorProblem;

  std::string name() const override { return "Pareto set of " + std::to_string(d_) + " objectives"; }

  bool answer(std::span<const double> mu, Decision& out) const override {
    out.arms.clear();
    out.values.clear();
    for (std::size_t i = 0; i < arms_; ++i) {
      bool dominated = false;
      for (std::size_t j = 0; j < arms_ && !dominated; ++j) dominated = j != i && dominates(mu, j, i);
      if (!dominated) out.arms.push_back(i);
    }
    // Strict: every pair of the set apart on some objective, every other arm beaten on every
    // objective by an arm of the set.
    for (std::size_t i : out.arms)
      for (std::size_t j : out.arms) {
        if (i == j) continue;
        bool apart = false;
        for (std::size_t c = 0; c < d_ && !apart; ++c) apart = better(c, at(mu, i, c), at(mu, j, c));
        if (!apart) return false;
      }
    for (std::size_t k = 0; k < arms_; ++k) {
      if (std::binary_search(out.arms.begin(), out.arms.end(), k)) continue;
      bool beaten = false;
      for (std::size_t j : out.arms) beaten = beaten || beats_everywhere(mu, j, k);
      if (!beaten) return false;
    }
    return true;
  }

  bool correct(std::span<const double> mu, const Decision& candidate) const override {
    Decision truth;
    answer(mu, truth);
    std::vector<std::size_t> arms = candidate.arms;
    std::sort(arms.begin(), arms.end());
    return arms == truth.arms;
  }

  std::size_t pieces(const Decision& answer) const override {
    const std::size_t p = answer.arms.size();
    return p * (p - std::min<std::size_t>(p, 1)) + (arms_ - p);
  }
  std::size_t largest_piece(const Decision& answer) const override {
    const std::size_t p = answer.arms.size();
    return std::max<std::size_t>(p >= 2 ? 2 : 1, p < arms_ ? 1 + p : 1);
  }

 protected:
  void visit_pieces(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                    const Decision& answer, PieceVisitor* visitor,
                    const std::function<void(const Piece&)>& take) const override {
    const auto& front = answer.arms;
    const std::size_t p = front.size();
    Piece piece;
    std::size_t index = 0;
    // (A) i in S dominated by j in S.
    for (std::size_t i : front)
      for (std::size_t j : front) {
        if (i == j) continue;
        piece.index = index++;
        piece.arms = {i, j};
        if (visitor && !visitor->wanted(piece.index, piece.arms)) continue;
        piece.point.assign(2 * d_, 0.0);
        piece.value = 0.0;
        for (std::size_t c = 0; c < d_; ++c)
          piece.value += level_pair(w, mu, families, i, j, c, piece.point[c], piece.point[d_ + c]).cost;
        take(piece);
      }
    index = p * (p - std::min<std::size_t>(p, 1));
    // (B) k outside S undominated by S.
    for (std::size_t k = 0; k < arms_; ++k) {
      if (std::binary_search(front.begin(), front.end(), k)) continue;
      piece.index = index++;
      dominators_.clear();
      for (std::size_t j : front)
        if (beats_everywhere(mu, j, k)) dominators_.push_back(j);
      piece.arms.assign(1, k);
      piece.arms.insert(piece.arms.end(), dominators_.begin(), dominators_.end());
      if (visitor && !visitor->wanted(piece.index, piece.arms)) continue;
      lift(w, mu, families, k, piece);
      take(piece);
    }
  }

 private:
  // j dominates i (at least as good everywhere, better somewhere).
  bool dominates(std::span<const double> mu, std::size_t j, std::size_t i) const {
    bool strict = false;
    for (std::size_t c = 0; c < d_; ++c) {
      if (better(c, at(mu, i, c), at(mu, j, c))) return false;
      strict = strict || better(c, at(mu, j, c), at(mu, i, c));
    }
    return strict;
  }
  // j strictly better than k on every objective.
  bool beats_everywhere(std::span<const double> mu, std::size_t j, std::size_t k) const {
    for (std::size_t c = 0; c < d_; ++c)
      if (!better(c, at(mu, j, c), at(mu, k, c))) return false;
    return true;
  }

  // Piece (B) for k and its dominators (dominators_): the least cost over the assignments of
  // the dominators to objectives, by a depth-first branch and bound (the cost of a partial
  // assignment only grows as arms are added to it).
  void lift(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
            std::size_t k, Piece& piece) const {
    const std::size_t m = dominators_.size();
    groups_.assign(d_, {});
    costs_.assign(d_, 0.0);
    levels_.assign(d_, 0.0);
    for (std::size_t c = 0; c < d_; ++c) levels_[c] = at(mu, k, c);
    best_cost_ = kInfinity;
    assignment_.assign(m, 0);
    best_assignment_.assign(m, 0);
    best_levels_ = levels_;
    search(w, mu, families, k, 0, 0.0);
    piece.value = best_cost_;
    piece.point.clear();
    piece.point.reserve((m + 1) * d_);
    piece.point.insert(piece.point.end(), best_levels_.begin(), best_levels_.end());
    for (std::size_t r = 0; r < m; ++r) {
      const std::size_t j = dominators_[r];
      append_means(mu, j, piece.point);
      const std::size_t c = best_assignment_[r];
      double& value = piece.point[(r + 1) * d_ + c];
      // Lowered (raised, for an objective to minimize) to k's level when beyond it.
      if (better(c, value, best_levels_[c])) value = best_levels_[c];
    }
  }

  void search(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
              std::size_t k, std::size_t r, double total) const {
    if (!(total < best_cost_)) return;
    if (r == dominators_.size()) {
      best_cost_ = total;
      best_assignment_ = assignment_;
      best_levels_ = levels_;
      return;
    }
    const std::size_t j = dominators_[r];
    // Objectives in the order of j's lead over k (the cheapest first: better bounds early).
    order_stack_.resize((r + 1) * d_);
    std::size_t* order = order_stack_.data() + r * d_;
    std::iota(order, order + d_, std::size_t{0});
    std::sort(order, order + d_, [&](std::size_t a, std::size_t b) {
      return s_[a] * (at(mu, j, a) - at(mu, k, a)) < s_[b] * (at(mu, j, b) - at(mu, k, b));
    });
    for (std::size_t t = 0; t < d_; ++t) {
      const std::size_t c = order_stack_[r * d_ + t];
      const double old_cost = costs_[c], old_level = levels_[c];
      groups_[c].push_back(LevelArm{families[j * d_ + c], w[j], at(mu, j, c)});
      const Transport level = level_transport(families[k * d_ + c], w[k], at(mu, k, c), groups_[c], s_[c]);
      costs_[c] = level.cost;
      levels_[c] = level.point;
      assignment_[r] = c;
      search(w, mu, families, k, r + 1, total - old_cost + level.cost);
      groups_[c].pop_back();
      costs_[c] = old_cost;
      levels_[c] = old_level;
    }
  }

  // Scratch of the branch and bound (one problem serves one sampler at a time).
  mutable std::vector<std::size_t> dominators_, assignment_, best_assignment_, order_stack_;
  mutable std::vector<std::vector<LevelArm>> groups_;
  mutable std::vector<double> costs_, levels_, best_levels_;
  mutable double best_cost_ = kInfinity;
};

// ---- The constrained best arm ----

class ConstrainedBest final : public VectorProblem {
 public:
  ConstrainedBest(std::size_t arms, std::size_t d, std::vector<double> directions, std::size_t objective,
                  std::vector<double> bounds)
      : VectorProblem(arms, d, std::move(directions)), o_(objective), bounds_(std::move(bounds)) {
    bounds_.resize(d_, 0.0);
  }

  std::string name() const override {
    return "best arm on objective " + std::to_string(o_) + " under " + std::to_string(d_ - 1) + " constraints";
  }

  bool answer(std::span<const double> mu, Decision& out) const override {
    out.arms.clear();
    out.values.clear();
    bool strict = true;
    std::size_t best = arms_;
    for (std::size_t a = 0; a < arms_; ++a) {
      for (std::size_t c = 0; c < d_; ++c)
        if (c != o_ && at(mu, a, c) == bounds_[c]) strict = false;
      if (!feasible(mu, a)) continue;
      if (best == arms_ || better(o_, at(mu, a, o_), at(mu, best, o_))) {
        best = a;
      } else if (at(mu, a, o_) == at(mu, best, o_)) {
        strict = false;
      }
    }
    if (best < arms_) {
      out.arms.push_back(best);
      for (std::size_t a = 0; a < arms_; ++a)
        if (a != best && feasible(mu, a) && at(mu, a, o_) == at(mu, best, o_)) strict = false;
    }
    return strict;
  }

  bool correct(std::span<const double> mu, const Decision& candidate) const override {
    Decision truth;
    answer(mu, truth);
    if (truth.arms.empty()) return candidate.arms.empty();
    if (candidate.arms.size() != 1 || candidate.arms.front() >= arms_ || !feasible(mu, candidate.arms.front()))
      return false;
    return !better(o_, at(mu, truth.arms.front(), o_), at(mu, candidate.arms.front(), o_));
  }

  std::size_t pieces(const Decision& answer) const override {
    return answer.arms.empty() ? arms_ : (d_ - 1) + (arms_ - 1);
  }
  std::size_t largest_piece(const Decision& answer) const override { return answer.arms.empty() ? 1 : 2; }

 protected:
  void visit_pieces(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                    const Decision& answer, PieceVisitor* visitor,
                    const std::function<void(const Piece&)>& take) const override {
    Piece piece;
    if (answer.arms.empty()) {
      for (std::size_t j = 0; j < arms_; ++j) {
        piece.index = j;
        piece.arms.assign(1, j);
        if (visitor && !visitor->wanted(j, piece.arms)) continue;
        piece.point.clear();
        append_means(mu, j, piece.point);
        piece.value = make_feasible(w, mu, families, j, piece.point.data());
        take(piece);
      }
      return;
    }
    const std::size_t i = answer.arms.front();
    std::size_t index = 0;
    // (a) i infeasible on constraint c.
    for (std::size_t c = 0; c < d_; ++c) {
      if (c == o_) continue;
      piece.index = index++;
      piece.arms.assign(1, i);
      if (visitor && !visitor->wanted(piece.index, piece.arms)) continue;
      piece.point.clear();
      append_means(mu, i, piece.point);
      const double m = at(mu, i, c);
      // Nothing to pay when i already violates the constraint (then mu is in the alternative).
      piece.value = !better(c, m, bounds_[c]) || !(w[i] > 0.0) ? 0.0 : w[i] * families[i * d_ + c].kl(m, bounds_[c]);
      if (better(c, m, bounds_[c])) piece.point[c] = bounds_[c];
      take(piece);
    }
    // (b) j feasible and at least as good as i on the objective.
    for (std::size_t j = 0; j < arms_; ++j) {
      if (j == i) continue;
      piece.index = index++;
      piece.arms = {i, j};
      if (visitor && !visitor->wanted(piece.index, piece.arms)) continue;
      piece.point.clear();
      append_means(mu, i, piece.point);
      append_means(mu, j, piece.point);
      piece.value = make_feasible(w, mu, families, j, piece.point.data() + d_);
      piece.value += level_pair(w, mu, families, i, j, o_, piece.point[o_], piece.point[d_ + o_]).cost;
      take(piece);
    }
  }

 private:
  bool feasible(std::span<const double> mu, std::size_t a) const {
    for (std::size_t c = 0; c < d_; ++c)
      if (c != o_ && !better(c, at(mu, a, c), bounds_[c])) return false;
    return true;
  }

  // Moves arm j's violated constraints to their bounds in `point` (its D values); the cost.
  double make_feasible(std::span<const double> w, std::span<const double> mu, std::span<const ArmFamily> families,
                       std::size_t j, double* point) const {
    double cost = 0.0;
    for (std::size_t c = 0; c < d_; ++c) {
      if (c == o_ || better(c, at(mu, j, c), bounds_[c])) continue;
      point[c] = bounds_[c];
      if (w[j] > 0.0) cost += w[j] * families[j * d_ + c].kl(at(mu, j, c), bounds_[c]);
    }
    return cost;
  }

  std::size_t o_;
  std::vector<double> bounds_;
};

}  // namespace

std::unique_ptr<IdentificationProblem> pareto_problem(std::size_t arms, std::size_t objectives,
                                                      std::vector<double> directions) {
  if (objectives < 2) throw std::invalid_argument("a Pareto set needs at least 2 objectives");
  return std::make_unique<ParetoSet>(arms, objectives, std::move(directions));
}

std::unique_ptr<IdentificationProblem> constrained_problem(std::size_t arms, std::size_t objectives,
                                                           std::vector<double> directions, std::size_t objective,
                                                           std::vector<double> bounds) {
  if (objectives < 2) throw std::invalid_argument("a constrained best arm needs at least 2 objectives");
  if (objective >= objectives)
    throw std::invalid_argument("objective " + std::to_string(objective) + " is not one of the " +
                                std::to_string(objectives) + " objectives");
  if (bounds.size() != objectives)
    throw std::invalid_argument("the constraints need one bound per objective (" + std::to_string(objectives) + ")");
  for (std::size_t c = 0; c < objectives; ++c)
    if (c != objective && !std::isfinite(bounds[c]))
      throw std::invalid_argument("the bound of objective " + std::to_string(c) + " is " + number_text(bounds[c]));
  return std::make_unique<ConstrainedBest>(arms, objectives, std::move(directions), objective, std::move(bounds));
}

void response_divergences(const IdentificationProblem& problem, std::span<const double> mu,
                          std::span<const ArmFamily> families, const BestResponse& response, std::vector<double>& out) {
  const std::size_t d = problem.objectives();
  out.assign(problem.arms(), 0.0);
  for (std::size_t i = 0; i < response.arms.size(); ++i) {
    const std::size_t a = response.arms[i];
    double total = 0.0;
    for (std::size_t c = 0; c < d && i * d + c < response.point.size(); ++c)
      total += families[a * d + c].kl(mu[a * d + c], response.point[i * d + c]);
    out[a] = total;
  }
}

}  // namespace cpex::numerics
