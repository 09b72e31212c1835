// The problem complexity of a full-bandit instance (seed 000 §4 before Thm 3; seed 001
// §4.1): H_eps = rho(p) / (Delta_min + eps)^2, with Delta_min = theta(M*) - max_{M != M*}
// theta(M) (the decision oracle's optimum and its second best, kSecondBest) and
// rho(p) = max_M ||chi_M||^2_{A_p^{-1}} for the G-optimal design p, which is n
// (Kiefer-Wolfowitz; the lower bound numerics::g_optimal_design certifies).
#pragma once

#include <span>

#include "cpex/oracle.hpp"

namespace cpex::numerics {

struct FullBanditHardness {
  double delta_min = 0.0;  // +infinity when the class holds one decision
  double rho = 0.0;        // n
  double h = 0.0;          // rho / (delta_min + epsilon)^2
};

FullBanditHardness full_bandit_hardness(const Oracle& oracle, std::span<const double> theta, double epsilon);

}  // namespace cpex::numerics
