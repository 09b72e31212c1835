// The `water-planning` oracle (seed 003 §4.1): decisions are BOD removal vectors y on a
// grid (Decision::values); reward sum_i theta_i y_i - f_i(y_i). Bi-monotone (Lemma 3) only
// when every cost is convex; otherwise it withdraws kBiMonotone and COCI refuses it.
#pragma once

#include "cpex/capabilities.hpp"
#include "cpex/oracle.hpp"
#include "water_planning.hpp"

namespace cpex::oracles {

class WaterOracle : public Oracle {
 public:
  explicit WaterOracle(WaterPlanning plan) : plan_(std::move(plan)) {}

  void bind(const Problem&) override {}
  std::size_t ground_set_size() const override { return plan_.arms(); }
  unsigned withdrawn_capabilities() const override { return plan_.convex() ? 0u : kBiMonotone; }
  void optimal(std::span<const double> theta, Decision& out) const override;
  double value(std::span<const double> theta, const Decision& decision) const override;
  // epsilon = 0: the same vector as the leading optimum; otherwise within epsilon.
  bool acceptable(std::span<const double> theta, const Decision& optimal,
                  const Decision& candidate, double epsilon) const override;

 private:
  WaterPlanning plan_;
};

}  // namespace cpex::oracles
