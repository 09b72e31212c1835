// The top-k oracle the fixture plugins build on (tests/fixture_plugins, tests/check_fixtures):
// the k arms of largest weight, arms ordered by a stable sort (ties: the lower index first).
// A fixture overrides maximize() to plant its own behaviour.
#pragma once

#include <algorithm>
#include <numeric>
#include <span>
#include <vector>

#include "cpex/oracle.hpp"

namespace cpex::test {

class SortingTopK : public Oracle {
 public:
  explicit SortingTopK(std::size_t k) : k_(k) {}
  void bind(const Problem&) override {}
  std::size_t decision_size() const override { return k_; }
  void maximize(std::span<const double> w, Decision& out) const override {
    const auto order = by_weight(w);
    out.arms.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k_));
    std::sort(out.arms.begin(), out.arms.end());
  }

 protected:
  // Every arm, by decreasing weight (ties: the lower index first).
  static std::vector<std::size_t> by_weight(std::span<const double> w) {
    std::vector<std::size_t> order(w.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return w[a] > w[b]; });
    return order;
  }
  std::size_t k_;
};

}  // namespace cpex::test
