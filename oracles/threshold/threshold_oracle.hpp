// The `threshold` oracle: the thresholding query of Locatelli, Gutzeit & Carpentier (ICML
// 2016) — which arms have a mean above tau — and, with `query = any`, whether any arm does.
//
//   query = all  the decision is the set {a : theta_a > tau}; a candidate is correct at
//                accuracy eps when it holds every arm with theta_a > tau + eps and no arm with
//                theta_a < tau - eps (Locatelli et al.'s eps-precision; eps = 0: the set
//                itself); optimal when it is the set itself.
//   query = any  the decision is {} ("no arm above tau") or {a} ("yes", arm a the witness):
//                {} is correct when every theta_a <= tau + eps, {a} when theta_a > tau - eps.
//                The optimum names the arm of largest mean (smallest index among ties) when it
//                exceeds tau; any correct answer at eps = 0 is optimal.
// value(theta, S) = sum_{a in S} (theta_a - tau). The oracle offers no linear maximization
// to algorithms (its decisions are not judged by a plain sum of means); the identification
// problems read the query through query().
#pragma once

#include "query_oracle.hpp"

namespace cpex::oracles {

class ThresholdOracle : public QueryOracle {
 public:
  ThresholdOracle(double tau, bool any)
      : QueryOracle({.kind = any ? Query::Kind::AnyAbove : Query::Kind::Threshold, .tau = tau}) {}

  void bind(const Problem&) override {}
  void optimal(std::span<const double> theta, Decision& out) const override;
  double value(std::span<const double> theta, const Decision& decision) const override;
  bool acceptable(std::span<const double> theta, const Decision& optimal, const Decision& candidate,
                  double epsilon) const override;

 private:
  bool any() const { return query_.kind == Query::Kind::AnyAbove; }
};

}  // namespace cpex::oracles
