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

#include "cpex/oracle.hpp"

namespace cpex::oracles {

class ThresholdOracle : public Oracle {
 public:
  ThresholdOracle(double tau, bool any) : tau_(tau), any_(any) {}

  void bind(const Problem&) override {}
  Query query() const override {
    Query q;
    q.kind = any_ ? Query::Kind::AnyAbove : Query::Kind::Threshold;
    q.tau = tau_;
    return q;
  }
  void optimal(std::span<const double> theta, Decision& out) const override;
  double value(std::span<const double> theta, const Decision& decision) const override;
  bool acceptable(std::span<const double> theta, const Decision& optimal, const Decision& candidate,
                  double epsilon) const override;
  bool is_optimal(std::span<const double> theta, const Decision& optimal, const Decision& candidate) const override;

 private:
  double tau_;
  bool any_;
};

}  // namespace cpex::oracles
