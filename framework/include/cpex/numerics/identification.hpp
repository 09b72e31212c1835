// Identification problems: an arm family (one numerics::ArmFamily per arm) times a query
// (best arm, top-m, epsilon-good arm, thresholds, a matroid or a listed class behind an
// oracle). A problem knows, for means mu:
//   - its answer i*(mu) (deterministic under ties; `unique` says whether it is the only one),
//     and which answers are correct (several for epsilon-good and "any arm above tau");
//   - the alternative Alt(i) = {lambda : i is not correct for lambda}, a union of `pieces`
//     on each of which the closest point to mu is computed exactly (the best response):
//       value(w) = min_{lambda in Alt(i)} sum_a w_a d_a(mu_a, lambda_a),
//     with the piece reached and the arms it moves. With w = the counts N and mu = the
//     empirical means this is the GLR statistic of the answer (Garivier & Kaufmann 2016
//     eq. (11) and its generalisations); with w in the simplex it is the inner problem of
//     the characteristic time T*(mu)^{-1} = max_w value(w) (characteristic_time.hpp).
// Pieces (the arms they move, |S_p|):
//   top-m (m = 1: best arm)   lambda_j >= lambda_i for i in the answer, j outside  (2)
//   epsilon-good (m = 1)      lambda_j - eps >= lambda_i, or (1 - eps) lambda_j >= lambda_i
//                             (relative), for the answer i and every j != i         (2)
//   threshold tau             lambda_a on the other side of tau, every arm a        (1)
//   any above tau             answer {a}: lambda_a <= tau (1 piece, 1 arm); answer {}:
//                             lambda_a >= tau for some arm a                        (1)
//   matroid (exchanges)       lambda_f >= lambda_e for every single exchange (e out, f in) of
//                             the answer basis (a basis is optimal iff no exchange improves
//                             it, so these pieces are the whole alternative)        (2)
//   listed class              sum_{S \ S*} lambda >= sum_{S* \ S} lambda for every other
//                             decision S of a class of at most kMaxListedDecisions  (|S ^ S*|)
//   Pareto set (D objectives) lambda_j at least as good as lambda_i on every objective, i != j
//                             both in the answer; or k outside the answer dominated by no
//                             arm of it (Crepon, Garivier & Koolen 2024)   (2; 1 + dominators)
//   constrained best arm      the answer infeasible on one constraint; or another arm
//                             feasible and at least as good on the objective (1; 2)
// Best responses in closed form or one-dimensional equations (docs/algorithms/identification.md).
// `offsets` (optional, indexed by the piece size |S_p|) turns the minimum into
// min_p value_p - offsets[|S_p|]: a stopping rule whose threshold depends on the piece size
// (Kaufmann & Koolen 2021) stops when that margin is positive. `penalties` (optional, one per
// arm) add penalty[a] for every arm a outside the answer that the piece moves (the log N_a of
// top-two's TCI challenger).
#pragma once

#include <cstddef>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "cpex/numerics/exponential_family.hpp"
#include "cpex/oracle.hpp"
#include "cpex/problem.hpp"

namespace cpex::numerics {

// The largest class the listed-class problem enumerates.
inline constexpr std::size_t kMaxListedDecisions = 100000;

// The closest alternative found by a best response (scratch reused between calls).
struct BestResponse {
  double value = 0.0;   // sum_a w_a d_a(mu_a, lambda_a) on the piece reached
  double margin = 0.0;  // value - offsets[|S_p|] + penalties (= value without them)
  // The arms the piece moves and lambda on them; every other arm keeps lambda_a = mu_a.
  std::vector<std::size_t> arms;
  std::vector<double> point;
  std::size_t piece = 0;  // the piece's index among the answer's pieces
};

// An alternative whose pieces are every pair (i, j), i in `inside`, j in `outside`, with the
// piece {y(lambda_i) <= lambda_j}, y(x) = x + epsilon (relative: x / (1 - epsilon)): top-m
// (the answer against the other arms, epsilon = 0; the best arm: one arm inside) and the
// epsilon-good arm (the answer against every other arm). The structured T* solvers of
// characteristic_time.hpp read it.
struct BipartitePieces {
  std::vector<std::size_t> inside, outside;
  double epsilon = 0.0;
  bool relative = false;
};

// One piece of Alt(answer) as for_each_piece reports it (the views live during visit() only).
struct PieceView {
  std::size_t index = 0;              // among the answer's pieces (BestResponse::piece)
  std::span<const std::size_t> arms;  // the arms it moves, in best_response's order
  std::span<const double> point;      // lambda on them
  double value = 0.0;                 // sum_a w_a d_a(mu_a, lambda_a), no offset or penalty
};

// Receives the pieces of an alternative one by one (the GLR samplers: the r-subdifferential
// of Frank-Wolfe sampling, the pieces an elimination rule has not certified yet).
class PieceVisitor {
 public:
  virtual ~PieceVisitor() = default;
  // Whether to compute the piece moving `arms` (its value is not computed when false).
  virtual bool wanted(std::size_t index, std::span<const std::size_t> arms) = 0;
  virtual void visit(const PieceView& piece) = 0;
  // A level above which the visitor wants no piece: a problem with a cheap lower bound on a
  // piece's value (top-m's pairs of one Bernoulli, Poisson or Exponential family:
  // pair_transport_lower_bound; the best arm's pairs of Gaussian arms of one sigma: their
  // exact values, all in one vector pass) skips, without asking wanted(), a piece whose bound
  // exceeds it. Asked before the first piece and again after each piece wanted() is asked of:
  // a visitor may lower it as it goes (FW sampling's r-active pieces), in wanted() or visit()
  // only. +infinity (the default) skips nothing.
  virtual double skip_above() const { return std::numeric_limits<double>::infinity(); }
};

class IdentificationProblem {
 public:
  virtual ~IdentificationProblem() = default;

  // "best arm", "top-3", "0.1-good arm", "arms above 0.5", ...
  virtual std::string name() const = 0;
  std::size_t arms() const { return arms_; }
  // Values per arm (vector-valued arms: D objectives; 1 otherwise). With D > 1 the means mu
  // and the families span arms() x D entries arm-major (arm a's objective d at a * D + d), the
  // weights w one per arm, and a best response's `point` D values per moved arm (every
  // objective of the arm, unmoved ones at mu); a piece moving s arms moves s x D values (the
  // size `offsets` are indexed by).
  virtual std::size_t objectives() const { return 1; }

  // The answer for mu (ties to smaller indices); returns whether it is the only correct one
  // and mu is away from every boundary (a unique, strictly correct answer).
  virtual bool answer(std::span<const double> mu, Decision& out) const = 0;
  // Whether `candidate` is a correct answer for mu.
  virtual bool correct(std::span<const double> mu, const Decision& candidate) const = 0;
  // Every correct answer whose characteristic time counts (one, but for multiple-answer
  // queries every correct answer; T* is the least over them).
  virtual void correct_answers(std::span<const double> mu, std::vector<Decision>& out) const;

  // The number of pieces of Alt(answer) (the union bound of a stopping threshold) and the
  // largest number of arms a piece moves.
  virtual std::size_t pieces(const Decision& answer) const = 0;
  virtual std::size_t largest_piece(const Decision& answer) const = 0;
  // Whether every piece moves the same number of arms (a threshold that depends on the piece
  // size is then one number).
  virtual bool pieces_of_one_size(const Decision&) const { return true; }

  // The best response to weights w (>= 0; counts or proportions) at means mu for `answer`:
  // the piece of least value (least margin with offsets), ties to the first piece. 0 with
  // an empty `arms` when mu itself lies in Alt(answer).
  virtual void best_response(std::span<const double> w, std::span<const double> mu,
                             std::span<const ArmFamily> families, const Decision& answer, BestResponse& out,
                             std::span<const double> offsets = {}, std::span<const double> penalties = {}) const = 0;

  // Every piece of Alt(answer), in best_response's order, with its value and closest point
  // at (w, mu): best_response is the least of them (with offsets and penalties). Pieces the
  // visitor does not want are skipped before their value is computed. (The default throws
  // std::logic_error: a problem that does not list its pieces.)
  virtual void for_each_piece(std::span<const double> w, std::span<const double> mu,
                              std::span<const ArmFamily> families, const Decision& answer,
                              PieceVisitor& visitor) const;

  // w*(mu) and T*(mu) (`time`, +infinity without a strict answer) for `answer` in closed form
  // or by a dedicated solver,
  // when the problem has one (thresholds; the best arm of one exponential family by
  // Garivier & Kaufmann's Theorem 5); false: characteristic_time.hpp's generic solver.
  virtual bool known_allocation(std::span<const double> mu, std::span<const ArmFamily> families,
                                const Decision& answer, std::vector<double>& weights, double& time) const;

  // Whether known_allocation answers for these families (at any means).
  virtual bool has_known_allocation(std::span<const ArmFamily> families) const;
  // Whether T* is solved by the problem's structure for these families (a closed form, a
  // dedicated solver, or pieces that are pairs: characteristic_time.hpp), at thousands of arms.
  virtual bool has_structured_time(std::span<const ArmFamily> families) const;

  // Whether Alt(answer) is the union of the pairs of `out` (its pieces in best_response's
  // order: inside-major); false (the default): a problem of another structure.
  virtual bool bipartite_pieces(const Decision& answer, BipartitePieces& out) const;

  // Whether the best response is exact for these families (false: the problem refuses to run;
  // e.g. a listed class with pieces of more than 2 arms under exponential or unknown-variance
  // families, where the piece's problem is not convex).
  virtual bool exact_for(const ArmFamily& family) const;

 protected:
  explicit IdentificationProblem(std::size_t arms) : arms_(arms) {}
  std::size_t arms_;
};

// Top-m identification (m = 1: best arm): the m largest means.
std::unique_ptr<IdentificationProblem> top_m_problem(std::size_t arms, std::size_t m);
// m when `problem` is top_m_problem's (the best arm: 1), else 0.
std::size_t top_m_of(const IdentificationProblem& problem);
// An epsilon-good arm: mu_i >= max mu - eps (relative: mu_i >= (1 - eps) max mu).
std::unique_ptr<IdentificationProblem> epsilon_good_problem(std::size_t arms, double epsilon, bool relative);
// The arms above tau; `any`: whether some arm is above tau ({} or {a}).
std::unique_ptr<IdentificationProblem> threshold_problem(std::size_t arms, double tau, bool any);
// The optimal basis of the matroid behind `oracle` (kMatroid; kept by reference).
std::unique_ptr<IdentificationProblem> matroid_problem(std::size_t arms, const Oracle& oracle);
// The optimal decision of the class behind `oracle` (kEnumerable), listed once (at most
// kMaxListedDecisions decisions; throws std::length_error beyond).
std::unique_ptr<IdentificationProblem> listed_class_problem(std::size_t arms, const Oracle& oracle);
// Vector-valued arms (pareto_identification.cpp): the Pareto set of `objectives` objectives
// oriented by `directions` (+1 larger is better, -1 smaller; empty: all +1), and the best arm
// on `objective` among the arms better than bounds[d] on every other objective d ({} when no
// arm is).
std::unique_ptr<IdentificationProblem> pareto_problem(std::size_t arms, std::size_t objectives,
                                                      std::vector<double> directions);
std::unique_ptr<IdentificationProblem> constrained_problem(std::size_t arms, std::size_t objectives,
                                                           std::vector<double> directions, std::size_t objective,
                                                           std::vector<double> bounds);

// The cut of a best response (characteristic_time.hpp, the samplers' gains): for each arm a,
// the divergence of its means to the response's point, sum_d d_{a,d}(mu_{a,d}, lambda_{a,d})
// over its objectives (0 for an arm the piece does not move).
void response_divergences(const IdentificationProblem& problem, std::span<const double> mu,
                          std::span<const ArmFamily> families, const BestResponse& response, std::vector<double>& out);

// One-dimensional best responses shared by the problems, in numerics so they are tested
// alone: the least of w_i d_i(mu_i, x) + w_j d_j(mu_j, y) subject to y >= x + eps
// (relative: (1 - eps) y >= x), with its minimizer x; 0 when mu_j >= mu_i + eps already.
Transport shifted_transport(const ArmFamily& fi, double w_i, double mu_i, const ArmFamily& fj, double w_j,
                            double mu_j, double epsilon, bool relative);
// One arm against several (the Pareto set's pieces): the least of w_0 d_0(mu_0, x) +
// sum_j w_j d_j(mu_j, y_j) with y_j <= x for every j when direction = +1 (arm 0 raised to the
// level x, every arm above it lowered to x), y_j >= x when direction = -1 (the mirror image);
// {0, mu_0} when no arm is on the wrong side. Exact for the one-parameter exponential families
// (a convex problem in x; Gaussian arms in closed form).
struct LevelArm {
  ArmFamily family = ArmFamily::gaussian(1.0);
  double w = 0.0;
  double mu = 0.0;
};
Transport level_transport(const ArmFamily& f0, double w0, double mu0, std::span<const LevelArm> others,
                          double direction = 1.0);

// The least of sum_{a in up} w_a d_a(mu_a, l_a) + sum_{b in down} w_b d_b(mu_b, l_b) subject
// to sum_up l >= sum_down l (a listed-class piece); fills `point` (up arms, then down arms).
double sum_transport(std::span<const std::size_t> up, std::span<const std::size_t> down, std::span<const double> w,
                     std::span<const double> mu, std::span<const ArmFamily> families, std::vector<double>& point);

}  // namespace cpex::numerics
