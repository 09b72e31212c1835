// `planted-gap`: independent arms whose means make the pipeline's decision class have a
// chosen gap Delta between its best and second-best decision. Construction: base weights
// w_e ~ U[low, high) from the instance stream; M* = Oracle(w); then the means are
//   mu_e(c) = w_e + c  (e in M*),   w_e - c  (e not in M*),
// so that every decision M loses c |M xor M*| against M*: the gap
//   f(c) = mu(M*) - max_{M != M*} mu(M) = min_M ( g_M + c |M xor M*| )
// is concave, increasing and piecewise linear in c, and c is found by Newton steps on the
// active piece (the second best from Oracle::second_best), which reach f(c) = Delta in
// finitely many steps (each step lands on or below Delta, so they never oscillate). M*
// is then the unique optimum. Works with every oracle that offers kSecondBest.
#pragma once

#include <memory>

#include "cpex/environment.hpp"
#include "cpex/registry.hpp"

namespace cpex::environments {

void add_planted_gap_parameters(ParamSchema& schema);

std::unique_ptr<Environment> make_planted_gap(const ParamValues& params,
                                              const EnvironmentContext& context);

// The means described above for base weights `w` (exposed for tests). Returns the gap
// reached (Delta up to rounding). Throws ParameterError("gap") when the class holds a
// single decision.
double plant_gap(const Oracle& oracle, std::vector<double>& w, double gap);

}  // namespace cpex::environments
