// Pareto sets of vector-valued arms. Means are K x D, arm-major (arm a's objective d at
// a * D + d), every objective oriented so that larger is better (orient() applies a query's
// directions). With M(i, j) = max_d (mu_i^d - mu_j^d) and m(i, j) = min_d (mu_j^d - mu_i^d)
// = -M(i, j) (Auer, Chiang, Ortner & Drugan, AISTATS 2016):
//   j dominates i          mu_j^d >= mu_i^d for every d, > for one (i is then not optimal);
//   Pareto set S*          the arms no other arm dominates;
//   epsilon-Pareto set     the arms i that no j dominates once every objective of i is raised
//                          by epsilon (S* is inside it; an epsilon-accurate answer S has
//                          S* <= S <= S*_epsilon: Auer et al. 2016, Kone, Kaufmann & Richert
//                          2023 (epsilon_1-PSI));
//   gaps                   for i outside S*: Delta_i = delta*_i = max_j m(i, j), the least
//                          amount to add to every objective of i to make it optimal; for i in
//                          S*: Delta_i = min_{j != i} min(M(i, j), M(j, i)^+ + (delta*_j)^+)
//                          (Kone, Kaufmann & Richert 2023, their Auer et al. gap in one
//                          formula), and H = sum_i Delta_i^-2 the complexity of both papers;
//   empirical gaps         the same on a subset of the arms (the active arms of EGE-SR and
//                          EGE-SH, Kone, Kaufmann & Richert 2023, arXiv 2311.03992).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "cpex/oracle.hpp"

namespace cpex::numerics {

// M(i, j) and m(i, j) of D-objective means.
double pareto_big_m(std::span<const double> mu, std::size_t d, std::size_t i, std::size_t j);
double pareto_small_m(std::span<const double> mu, std::size_t d, std::size_t i, std::size_t j);

// Whether arm j dominates arm i once i's every objective is raised by epsilon (>= 0).
bool dominates(std::span<const double> mu, std::size_t d, std::size_t j, std::size_t i, double epsilon = 0.0);

// The Pareto set (ascending arms) of the arms with active[a] (every arm when `active` is empty).
std::vector<std::size_t> pareto_set(std::span<const double> mu, std::size_t d, const std::vector<bool>& active = {});
// The epsilon-Pareto set: the arms no other arm dominates after raising them by epsilon.
std::vector<std::size_t> epsilon_pareto_set(std::span<const double> mu, std::size_t d, double epsilon);

// delta*_i = max_{j != i} m(i, j) over the active arms (> 0 exactly for the dominated ones).
std::vector<double> pareto_delta_star(std::span<const double> mu, std::size_t d, const std::vector<bool>& active = {});
// The gap of every active arm (inactive arms: 0), optimal meaning in the Pareto set of the
// active arms.
std::vector<double> pareto_gaps(std::span<const double> mu, std::size_t d, const std::vector<bool>& active = {});
// H = sum_i max(Delta_i, epsilon)^-2 (infinite when a gap is 0 and epsilon is 0).
double pareto_complexity(std::span<const double> mu, std::size_t d, double epsilon = 0.0);

// The means oriented by the query's directions: out[a * D + d] = direction_of(query, d) *
// raw[a * D + d].
void orient(std::span<const double> raw, std::size_t d, const Query& query, std::vector<double>& out);

}  // namespace cpex::numerics
