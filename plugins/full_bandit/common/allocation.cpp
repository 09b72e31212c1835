// Uniform and G-allocations over supports of super arms, and the tracking rule.
#include "allocation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>
#include <sstream>

#include "cpex/errors.hpp"
#include "cpex/numerics/apportionment.hpp"
#include "cpex/numerics/super_arm_least_squares.hpp"

namespace cpex::full_bandit {
namespace {

std::vector<SuperArm> windows(std::size_t n, std::size_t k, bool gap) {
  std::vector<SuperArm> out;
  for (std::size_t i = 0; i < n; ++i) {
    SuperArm m;
    for (std::size_t j = 0; j + 1 < k; ++j) m.push_back((i + j) % n);
    m.push_back((i + k - 1 + (gap ? 1 : 0)) % n);
    std::sort(m.begin(), m.end());
    out.push_back(std::move(m));
  }
  return out;
}

// {0..k} minus {j} for j = 0..k, and {0..k-2} + {j} for j > k: always of rank n.
std::vector<SuperArm> anchored(std::size_t n, std::size_t k) {
  std::vector<SuperArm> out;
  for (std::size_t j = 0; j <= k; ++j) {
    SuperArm m;
    for (std::size_t i = 0; i <= k; ++i)
      if (i != j) m.push_back(i);
    out.push_back(std::move(m));
  }
  for (std::size_t j = k + 1; j < n; ++j) {
    SuperArm m;
    for (std::size_t i = 0; i + 1 < k; ++i) m.push_back(i);
    m.push_back(j);
    out.push_back(std::move(m));
  }
  return out;
}

std::vector<SuperArm> parse(std::size_t n, std::size_t k, const std::string& spec) {
  std::vector<SuperArm> out;
  std::stringstream groups(spec);
  std::string group;
  while (std::getline(groups, group, ';')) {
    std::replace(group.begin(), group.end(), ',', ' ');
    std::istringstream in(group);
    SuperArm m;
    std::string token;
    while (in >> token) {
      std::size_t used = 0;
      long long arm = -1;
      try {
        arm = std::stoll(token, &used);
      } catch (...) {
        used = 0;
      }
      if (used != token.size() || arm < 0 || static_cast<std::size_t>(arm) >= n)
        throw ParameterError("support", "super arm " + std::to_string(out.size() + 1) + ": '" + token +
                                            "' is not an arm index in 0.." + std::to_string(n - 1));
      m.push_back(static_cast<std::size_t>(arm));
    }
    std::sort(m.begin(), m.end());
    if (std::adjacent_find(m.begin(), m.end()) != m.end() || m.size() != k)
      throw ParameterError("support", "super arm " + std::to_string(out.size() + 1) + " must name k = " +
                                          std::to_string(k) + " distinct arms");
    out.push_back(std::move(m));
  }
  if (out.empty()) throw ParameterError("support", "the explicit support names no super arm");
  return out;
}

void append_new(std::vector<SuperArm>& to, const std::vector<SuperArm>& from) {
  std::set<SuperArm> have(to.begin(), to.end());
  for (const SuperArm& m : from)
    if (have.insert(m).second) to.push_back(m);
}

}  // namespace

std::vector<SuperArm> random_support(std::size_t n, std::size_t k, RandomStream& rng, double multiple) {
  // ceil(multiple n) members (2n by default); a class with fewer k-subsets takes them all.
  const double log_classes = std::lgamma(static_cast<double>(n) + 1.0) - std::lgamma(static_cast<double>(k) + 1.0) -
                             std::lgamma(static_cast<double>(n - k) + 1.0);
  const auto size = static_cast<std::size_t>(std::ceil(multiple * static_cast<double>(n) - 1e-9));
  const std::size_t wanted =
      log_classes < std::log(static_cast<double>(size)) ? static_cast<std::size_t>(std::llround(std::exp(log_classes)))
                                                        : size;
  std::vector<std::size_t> arms(n);
  std::set<SuperArm> seen;
  std::vector<SuperArm> out;
  for (std::size_t tries = 0; out.size() < wanted && tries < 1000 * wanted; ++tries) {
    std::iota(arms.begin(), arms.end(), std::size_t{0});
    for (std::size_t j = 0; j < k; ++j) std::swap(arms[j], arms[j + rng.below(n - j)]);  // partial Fisher-Yates
    SuperArm m(arms.begin(), arms.begin() + static_cast<std::ptrdiff_t>(k));
    std::sort(m.begin(), m.end());
    if (seen.insert(m).second) out.push_back(std::move(m));
  }
  // A family that leaves an arm uncovered (likely for small k: ~n e^{-2k} arms) or is
  // otherwise singular is completed by the anchored family, which has rank n on its own.
  if (numerics::support_rank(n, out).rank < n) append_new(out, anchored(n, k));
  return out;
}

std::vector<SuperArm> uniform_support(std::size_t n, std::size_t k, const std::string& spec, RandomStream* rng,
                                      double random_multiple) {
  if (spec == "cyclic") return windows(n, k, false);
  if (spec == "random") {
    if (rng == nullptr) throw ParameterError("support", "support = random needs the algorithm's random stream");
    return random_support(n, k, *rng, random_multiple);
  }
  if (spec != "auto") {
    std::vector<SuperArm> distinct;
    append_new(distinct, parse(n, k, spec));
    return distinct;
  }
  std::vector<SuperArm> support = windows(n, k, false);
  if (numerics::support_rank(n, support).rank == n) return support;
  append_new(support, windows(n, k, true));
  if (numerics::support_rank(n, support).rank == n) return support;
  append_new(support, anchored(n, k));
  return support;
}

StaticAllocation uniform_allocation(std::size_t n, std::vector<SuperArm> support) {
  const numerics::SupportRank rank = numerics::support_rank(n, support);
  if (rank.rank < n)
    throw ParameterError("support", "the support (" + std::to_string(support.size()) +
                                        " super arms) has rank " + std::to_string(rank.rank) + " < n = " +
                                        std::to_string(n) + ", so A can never become invertible");
  StaticAllocation out;
  out.weights.assign(support.size(), 1.0 / static_cast<double>(support.size()));
  out.support = std::move(support);
  out.basis = rank.basis;
  return out;
}

StaticAllocation g_allocation(std::size_t n, const StaticAllocation& start,
                              const WorstDirection& worst_direction, const GDesignOptions& options,
                              std::uint64_t rounding_horizon) {
  GDesign design = solve_g_design(n, start.support, worst_direction, options);
  const std::vector<std::uint64_t> counts = numerics::efficient_apportionment(design.weights, rounding_horizon);
  // solve_g_design keeps the starting support first, in order: the basis indices still hold.
  StaticAllocation out;
  std::vector<std::uint64_t> kept;
  std::vector<char> in_basis(start.support.size(), 0);
  for (std::size_t b : start.basis) in_basis[b] = 1;
  for (std::size_t i = 0; i < design.support.size(); ++i) {
    std::uint64_t c = counts[i];
    if (i < in_basis.size() && in_basis[i]) c = std::max<std::uint64_t>(c, 1);
    if (c == 0) continue;
    if (i < in_basis.size() && in_basis[i]) out.basis.push_back(out.support.size());
    out.support.push_back(design.support[i]);
    kept.push_back(c);
  }
  const double total = static_cast<double>(std::accumulate(kept.begin(), kept.end(), std::uint64_t{0}));
  for (std::uint64_t c : kept) out.weights.push_back(static_cast<double>(c) / total);
  out.design_value = design.value;
  return out;
}

AllocationTracker::AllocationTracker(const StaticAllocation* allocation)
    : allocation_(allocation), counts_(allocation->support.size(), 0) {}

std::size_t AllocationTracker::next() {
  std::size_t chosen = 0;
  if (initial_ < allocation_->basis.size()) {
    chosen = allocation_->basis[initial_++];
  } else {
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < counts_.size(); ++i) {
      const double ratio = static_cast<double>(counts_[i]) / allocation_->weights[i];
      if (ratio < best) {
        best = ratio;
        chosen = i;
      }
    }
  }
  ++counts_[chosen];
  return chosen;
}

}  // namespace cpex::full_bandit
