// The characteristic time of an identification problem (identification.hpp):
//
//   T*(mu)^{-1} = max_{i correct} max_{w in simplex} min_{lambda in Alt(i)} sum_a w_a d_a(mu_a, lambda_a),
//
// every delta-correct algorithm has E[tau] >= T*(mu) kl(delta, 1 - delta) (Garivier &
// Kaufmann 2016, Thm 1; Degenne & Koolen 2019 with several correct answers), and w*(mu) the
// maximizer. A problem's own closed form or dedicated solver is used where it has one
// (IdentificationProblem::known_allocation: thresholds, Garivier & Kaufmann's Theorem 5);
// else the structure of its alternative where every piece moves two arms, one on each side of
// BipartitePieces (best arm of any families, epsilon-good, top-m: a one-dimensional reduction or
// a sparse barrier method, structured_characteristic_time.hpp, thousands of arms in a fraction
// of a second); otherwise (matroids, listed classes, linear) a cutting-plane method with the best
// response: the inner minimum F(w) is concave (a minimum of linear functions of w), every
// best response lambda gives the cut F(v) <= sum_a v_a d_a(mu_a, lambda_a) for every v, and
// the linear program over the cuts (GLPK's simplex) proposes the next weights, queried
// between the program's maximizer and the best weights so far (in-out stabilisation).
// Certificate: F(w) at the returned weights is a lower bound on T*^{-1}; for any mixture q
// of the cuts' alternatives, max_a sum_j q_j d_a(mu_a, lambda^j_a) is an upper bound (the
// game's value, by minimax), computed from the program's dual solution. The solver stops when
// (upper - lower) <= relative_gap * upper, or when the bounds stall at the program's accuracy
// (a certified gap of a few 1e-9 at best; 1e-7 by default, in about 30 cuts for 6 arms).
// Every method is certified the same way: `lower` is the problem's best response at the
// returned weights, `upper` the value of a mixture of alternatives (the closed forms' and
// the structured solvers' own mixtures, the cutting planes' duals).
#pragma once

#include <cstddef>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "cpex/numerics/identification.hpp"

namespace cpex::numerics {

class StructuredTimeSolver;

struct CharacteristicTimeOptions {
  double relative_gap = 1e-7;  // certified relative gap at which the cutting planes stop
  int max_iterations = 2000;   // cutting planes per answer
  // Stop when neither bound moved (by 1e-13 relative) for this many cuts: the linear
  // program's own accuracy (about 1e-9 relative) is reached.
  int stall_iterations = 30;
  // Use the closed forms and the structured solvers (false: the cutting planes for every
  // problem, the independent computation the tests compare them with).
  bool structure = true;
  // The cutting planes only up to this many arms (above: a problem without structure, or
  // whose structured solve failed, gets T* = NaN, method "not solved: ...").
  std::size_t cutting_plane_arms = 2000;
  // Compute the closed forms' certificate (a best response and a mixture bound: O(K) more
  // per solve; a sampler that only tracks w* may skip it).
  bool certify = true;
};

struct CharacteristicTime {
  double value = std::numeric_limits<double>::infinity();  // T*(mu); +inf without a strict answer
  std::vector<double> weights;                             // w*(mu)
  Decision answer;                                         // the correct answer of least T*
  double lower = 0.0, upper = 0.0;                         // lower <= T*(mu)^{-1} <= upper
  int iterations = 0;  // cutting planes, Newton steps of the barrier or of the reduction (0: closed form)
  // How T* was solved and certified ("Garivier & Kaufmann's Theorem 5 ...", "closed form",
  // "log-barrier interior point ...", "cutting planes", "no strict answer").
  std::string method;
  double relative_gap() const { return upper > 0.0 ? (upper - lower) / upper : 0.0; }
};

// Solves repeatedly (a Track-and-Stop round): the previous weights start the next solve.
class CharacteristicTimeSolver {
 public:
  explicit CharacteristicTimeSolver(const IdentificationProblem& problem, CharacteristicTimeOptions options = {});
  ~CharacteristicTimeSolver();
  CharacteristicTimeSolver(const CharacteristicTimeSolver&) = delete;
  CharacteristicTimeSolver& operator=(const CharacteristicTimeSolver&) = delete;

  // Over every correct answer of mu (the least T*).
  const CharacteristicTime& solve(std::span<const double> mu, std::span<const ArmFamily> families);
  // For one answer only (T*(mu, answer); +inf when mu lies in Alt(answer)).
  const CharacteristicTime& solve_for(std::span<const double> mu, std::span<const ArmFamily> families,
                                      const Decision& answer);

 private:
  void cutting_planes(std::span<const double> mu, std::span<const ArmFamily> families, const Decision& answer,
                      CharacteristicTime& out);
  // The closed forms and the structured solvers; false: the cutting planes.
  bool structured(std::span<const double> mu, std::span<const ArmFamily> families, const Decision& answer,
                  CharacteristicTime& out);
  // A lower bound on T*(mu, answer) (0 when none is cheap): answers above the best so far
  // need no solve.
  double time_bound(std::span<const double> mu, std::span<const ArmFamily> families, const Decision& answer);

  const IdentificationProblem& problem_;
  CharacteristicTimeOptions options_;
  CharacteristicTime result_, candidate_;
  std::vector<Decision> answers_;
  BestResponse response_;
  std::vector<double> warm_;  // the last solve's weights
  std::unique_ptr<StructuredTimeSolver> structured_;
  BipartitePieces pieces_;
  std::vector<std::pair<double, std::size_t>> order_;
};

// One-shot form.
CharacteristicTime characteristic_time(const IdentificationProblem& problem, std::span<const double> mu,
                                       std::span<const ArmFamily> families, CharacteristicTimeOptions options = {});

}  // namespace cpex::numerics
