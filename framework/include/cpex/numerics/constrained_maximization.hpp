// The constrained oracle of CSAR (Chen, Lin, King, Lyu & Chen, NIPS 2014, Alg. 2):
//   COracle(w, A, B) = argmax { w(M) : M in the decision class, A subset of M, M disjoint
//   from B },  or "no decision" (their ⊥) when no decision satisfies the constraints,
// computed with ONE call of the class's linear-maximization oracle on modified weights:
// w_e + L for e in A (forced in), w_e - L for e in B (forced out), w_e otherwise, with
// L = 4 (1 + sum_e |w_e|). Any decision meeting the constraints then scores at least
// |A| L - sum|w|, any other at most |A| L - L + sum|w| < that, so the oracle returns a
// feasible decision if there is one, and among those the best under w (every feasible
// decision is shifted by the same |A| L). The returned decision
// is checked against the constraints (none feasible: false). Ties among feasible
// decisions follow the oracle's own deterministic tie rule on the shifted weights. The
// same device gives the gaps of cpe_gaps.hpp.
#pragma once

#include <span>
#include <vector>

#include "cpex/oracle.hpp"

namespace cpex::numerics {

// What a constraint says about one arm.
enum class ArmConstraint : signed char { Free = 0, In = 1, Out = -1 };

// L = 4 (1 + sum_e |w_e|): larger than twice the total weight of any decision.
double forcing_weight(std::span<const double> weights);

// COracle(weights, A, B) with A = {e : constraint[e] == In}, B = {e : ... == Out}.
// `scratch` is resized to the number of arms and overwritten. Returns false (and leaves
// `out` holding the oracle's infeasible answer) when no decision satisfies the constraints.
// `big` is forcing_weight(weights), passed in so that callers making many calls with the
// same weights compute it once.
bool constrained_maximize(const Oracle& oracle, std::span<const double> weights,
                          std::span<const ArmConstraint> constraint, double big,
                          std::vector<double>& scratch, Decision& out);

// Whether `decision` (arms sorted ascending) contains every In arm and no Out arm.
bool satisfies(const Decision& decision, std::span<const ArmConstraint> constraint);

}  // namespace cpex::numerics
