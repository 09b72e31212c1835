// Greedy maximization and single-exchange second best on partition matroids.
#include "partition_matroid.hpp"

#include <algorithm>
#include <numeric>

#include "decision_check.hpp"

namespace cpex::oracles {

PartitionMatroid::PartitionMatroid(std::vector<std::size_t> parts,
                                   std::vector<std::size_t> capacities)
    : parts_(std::move(parts)), capacities_(std::move(capacities)) {
  rank_ = std::accumulate(capacities_.begin(), capacities_.end(), std::size_t{0});
  part_start_.assign(capacities_.size() + 1, 0);
  for (std::size_t p : parts_) ++part_start_[p + 1];
  for (std::size_t j = 0; j < capacities_.size(); ++j) part_start_[j + 1] += part_start_[j];
  arms_by_part_.resize(parts_.size());
  std::vector<std::size_t> next(part_start_.begin(), part_start_.end() - 1);
  for (std::size_t arm = 0; arm < parts_.size(); ++arm) arms_by_part_[next[parts_[arm]]++] = arm;
}

void PartitionMatroid::maximize(std::span<const double> weights, Decision& out) const {
  // The greedy basis takes, in every part, its c_j arms first in the order (weight
  // descending, index ascending): a selection per part, O(N) in total.
  auto better = [&](std::size_t a, std::size_t b) {
    return weights[a] > weights[b] || (weights[a] == weights[b] && a < b);
  };
  out.arms.clear();
  out.values.clear();
  order_ = arms_by_part_;
  for (std::size_t j = 0; j < capacities_.size(); ++j)
    select(order_.begin() + static_cast<std::ptrdiff_t>(part_start_[j]),
           order_.begin() + static_cast<std::ptrdiff_t>(part_start_[j + 1]), capacities_[j], better, out);
  std::sort(out.arms.begin(), out.arms.end());
}

void PartitionMatroid::exchanges(const Decision& basis, std::vector<std::pair<std::size_t, std::size_t>>& out) const {
  out.clear();
  std::vector<char> member(parts_.size(), 0);
  for (std::size_t arm : basis.arms) member[arm] = 1;
  for (std::size_t leaving : basis.arms) {
    const std::size_t j = parts_[leaving];
    for (std::size_t i = part_start_[j]; i < part_start_[j + 1]; ++i)
      if (!member[arms_by_part_[i]]) out.emplace_back(leaving, arms_by_part_[i]);
  }
}

bool PartitionMatroid::enumerate(std::size_t limit, const std::function<void(const Decision&)>& visit) const {
  const std::size_t parts = capacities_.size();
  // prod_j C(n_j, c_j), each factor by the multiplicative formula over min(c_j, n_j - c_j)
  // terms (partial products never pass the total), stopped past the limit.
  double count = 1.0;
  for (std::size_t j = 0; j < parts; ++j) {
    const std::size_t n = part_start_[j + 1] - part_start_[j];
    for (std::size_t i = 0; i < std::min(capacities_[j], n - capacities_[j]); ++i) {
      count = count * static_cast<double>(n - i) / static_cast<double>(i + 1);
      if (count > static_cast<double>(limit)) return false;
    }
  }
  if (count > static_cast<double>(limit)) return false;  // one basis against a limit of 0
  // choice[j]: positions (inside part j) of its members, ascending.
  std::vector<std::vector<std::size_t>> choice(parts);
  for (std::size_t j = 0; j < parts; ++j)
    for (std::size_t i = 0; i < capacities_[j]; ++i) choice[j].push_back(i);
  Decision d;
  while (true) {
    d.arms.clear();
    for (std::size_t j = 0; j < parts; ++j)
      for (std::size_t i : choice[j]) d.arms.push_back(arms_by_part_[part_start_[j] + i]);
    std::sort(d.arms.begin(), d.arms.end());
    visit(d);
    // Advance the last part that can advance; reset the parts after it.
    std::size_t j = parts;
    for (; j > 0; --j) {
      auto& c = choice[j - 1];
      const std::size_t n = part_start_[j] - part_start_[j - 1], k = c.size();
      std::size_t i = k;
      while (i > 0 && c[i - 1] == n - k + i - 1) --i;
      if (i == 0) continue;
      ++c[i - 1];
      for (std::size_t r = i; r < k; ++r) c[r] = c[r - 1] + 1;
      break;
    }
    if (j == 0) return true;
    for (std::size_t r = j; r < parts; ++r)
      for (std::size_t i = 0; i < choice[r].size(); ++i) choice[r][i] = i;
  }
}

bool PartitionMatroid::second_best(std::span<const double> weights, const Decision& excluded,
                                   Decision& out) const {
  maximize(weights, out);
  if (out.arms != excluded.arms) return true;
  const std::size_t none = weights.size();
  std::vector<std::size_t> weakest(capacities_.size(), none), strongest(capacities_.size(), none);
  std::size_t member = 0;
  for (std::size_t arm = 0; arm < weights.size(); ++arm) {
    const std::size_t j = parts_[arm];
    if (member < out.arms.size() && out.arms[member] == arm) {
      ++member;
      if (weakest[j] == none || weights[arm] <= weights[weakest[j]]) weakest[j] = arm;
    } else if (strongest[j] == none || weights[arm] > weights[strongest[j]]) {
      strongest[j] = arm;
    }
  }
  std::size_t best_part = capacities_.size();
  double best_gain = 0.0;
  for (std::size_t j = 0; j < capacities_.size(); ++j) {
    if (weakest[j] == none || strongest[j] == none) continue;
    const double gain = weights[strongest[j]] - weights[weakest[j]];
    if (best_part == capacities_.size() || gain > best_gain) {
      best_part = j;
      best_gain = gain;
    }
  }
  if (best_part == capacities_.size()) return false;
  *std::find(out.arms.begin(), out.arms.end(), weakest[best_part]) = strongest[best_part];
  std::sort(out.arms.begin(), out.arms.end());
  return true;
}

bool PartitionMatroid::acceptable(std::span<const double> theta, const Decision& optimal,
                                  const Decision& candidate, double epsilon) const {
  if (!well_formed(candidate.arms, theta.size()) || candidate.arms.size() != rank_) return false;
  std::vector<std::size_t> count(capacities_.size(), 0);
  for (std::size_t arm : candidate.arms)
    if (++count[parts_[arm]] > capacities_[parts_[arm]]) return false;
  return Oracle::acceptable(theta, optimal, candidate, epsilon);
}

}  // namespace cpex::oracles
