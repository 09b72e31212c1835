// Pareto sets, domination and the gaps of vector-valued arms (pareto.hpp).
#include "cpex/numerics/pareto.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "infinity.hpp"

namespace cpex::numerics {

namespace {

bool is_active(const std::vector<bool>& active, std::size_t a) { return active.empty() || active[a]; }

}  // namespace

double pareto_big_m(std::span<const double> mu, std::size_t d, std::size_t i, std::size_t j) {
  double out = -kInfinity;
  for (std::size_t k = 0; k < d; ++k) out = std::max(out, mu[i * d + k] - mu[j * d + k]);
  return out;
}

double pareto_small_m(std::span<const double> mu, std::size_t d, std::size_t i, std::size_t j) {
  double out = kInfinity;
  for (std::size_t k = 0; k < d; ++k) out = std::min(out, mu[j * d + k] - mu[i * d + k]);
  return out;
}

bool dominates(std::span<const double> mu, std::size_t d, std::size_t j, std::size_t i, double epsilon) {
  bool strict = false;
  for (std::size_t k = 0; k < d; ++k) {
    const double raised = mu[i * d + k] + epsilon, other = mu[j * d + k];
    if (other < raised) return false;
    strict = strict || other > raised;
  }
  return strict;
}

std::vector<std::size_t> pareto_set(std::span<const double> mu, std::size_t d, const std::vector<bool>& active) {
  const std::size_t k = mu.size() / d;
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < k; ++i) {
    if (!is_active(active, i)) continue;
    bool dominated = false;
    for (std::size_t j = 0; j < k && !dominated; ++j)
      dominated = j != i && is_active(active, j) && dominates(mu, d, j, i);
    if (!dominated) out.push_back(i);
  }
  return out;
}

std::vector<std::size_t> epsilon_pareto_set(std::span<const double> mu, std::size_t d, double epsilon) {
  const std::size_t k = mu.size() / d;
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < k; ++i) {
    bool dominated = false;
    for (std::size_t j = 0; j < k && !dominated; ++j) dominated = j != i && dominates(mu, d, j, i, epsilon);
    if (!dominated) out.push_back(i);
  }
  return out;
}

std::vector<double> pareto_delta_star(std::span<const double> mu, std::size_t d, const std::vector<bool>& active) {
  const std::size_t k = mu.size() / d;
  std::vector<double> out(k, -kInfinity);
  for (std::size_t i = 0; i < k; ++i) {
    if (!is_active(active, i)) continue;
    for (std::size_t j = 0; j < k; ++j)
      if (j != i && is_active(active, j)) out[i] = std::max(out[i], pareto_small_m(mu, d, i, j));
  }
  return out;
}

std::vector<double> pareto_gaps(std::span<const double> mu, std::size_t d, const std::vector<bool>& active) {
  const std::size_t k = mu.size() / d;
  const std::vector<double> star = pareto_delta_star(mu, d, active);
  std::vector<bool> optimal(k, false);
  for (std::size_t a : pareto_set(mu, d, active)) optimal[a] = true;
  std::vector<double> out(k, 0.0);
  for (std::size_t i = 0; i < k; ++i) {
    if (!is_active(active, i)) continue;
    if (!optimal[i]) {
      out[i] = star[i];
      continue;
    }
    double gap = kInfinity;
    for (std::size_t j = 0; j < k; ++j) {
      if (j == i || !is_active(active, j)) continue;
      const double other = std::max(pareto_big_m(mu, d, j, i), 0.0) + std::max(star[j], 0.0);
      gap = std::min(gap, std::min(pareto_big_m(mu, d, i, j), other));
    }
    out[i] = gap;
  }
  return out;
}

double pareto_complexity(std::span<const double> mu, std::size_t d, double epsilon) {
  double total = 0.0;
  for (double gap : pareto_gaps(mu, d)) {
    const double g = std::max(gap, epsilon);
    if (!(g > 0.0)) return kInfinity;
    total += 1.0 / (g * g);
  }
  return total;
}

void orient(std::span<const double> raw, std::size_t d, const Query& query, std::vector<double>& out) {
  out.resize(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) out[i] = direction_of(query, i % d) * raw[i];
}

}  // namespace cpex::numerics
