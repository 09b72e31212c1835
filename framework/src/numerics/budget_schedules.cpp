// Phase lengths of the fixed-budget elimination algorithms (see the header for the papers'
// formulas).
#include "cpex/numerics/budget_schedules.hpp"

#include <algorithm>
#include <cmath>

namespace cpex::numerics {

namespace {

// ceil(x) for x >= 0, with x within a relative 1e-12 of an integer taken as that integer.
std::uint64_t ceil_snapped(long double x) {
  const long double nearest = std::nearbyint(x);
  if (std::fabs(x - nearest) <= 1e-12L * std::max(1.0L, x)) return static_cast<std::uint64_t>(nearest);
  return static_cast<std::uint64_t>(std::ceil(x));
}

}  // namespace

long double successive_rejects_log(std::size_t arms) {
  long double sum = 0.5L;
  // Smallest terms first: the sum is then accurate to a few units of the last place.
  for (std::size_t i = arms; i >= 2; --i) sum += 1.0L / static_cast<long double>(i);
  return sum;
}

std::vector<std::uint64_t> successive_rejects_phases(std::size_t arms, std::uint64_t budget) {
  std::vector<std::uint64_t> n(arms, 0);
  if (arms < 2 || budget <= arms) return n;
  const long double log_bar = successive_rejects_log(arms);
  const auto spare = static_cast<long double>(budget - arms);
  for (std::size_t k = 1; k < arms; ++k)
    n[k] = ceil_snapped(spare / (log_bar * static_cast<long double>(arms + 1 - k)));
  return n;
}

std::uint64_t successive_rejects_total(std::size_t arms, std::uint64_t budget) {
  const auto n = successive_rejects_phases(arms, budget);
  std::uint64_t total = 0;
  for (std::size_t k = 1; k < n.size(); ++k) total += n[k];
  return n.size() >= 2 ? total + n.back() : total;
}

long double csar_log(std::size_t arms) {
  long double sum = 0.0L;
  for (std::size_t i = arms; i >= 1; --i) sum += 1.0L / static_cast<long double>(i);
  return sum;
}

std::vector<std::uint64_t> csar_phases(std::size_t arms, std::uint64_t budget) {
  std::vector<std::uint64_t> t(arms + 1, 0);
  if (arms < 1 || budget <= arms) return t;
  const long double log_tilde = csar_log(arms);
  const auto spare = static_cast<long double>(budget - arms);
  for (std::size_t phase = 1; phase <= arms; ++phase)
    t[phase] = ceil_snapped(spare / (log_tilde * static_cast<long double>(arms - phase + 1)));
  return t;
}

std::size_t halving_rounds(std::size_t arms) {
  std::size_t rounds = 0;
  while ((std::size_t{1} << rounds) < arms) ++rounds;
  return rounds;
}

std::uint64_t halving_pulls(std::uint64_t budget, std::size_t survivors, std::size_t rounds) {
  if (survivors == 0 || rounds == 0) return 0;
  return budget / (static_cast<std::uint64_t>(survivors) * rounds);
}

}  // namespace cpex::numerics
