// The base of the oracles whose decisions answer a question other than "which decision
// maximizes the sum of its means" (threshold and good-arm, pareto-set, constrained-best): it
// keeps the Query the oracle answers, built once from its parameters (completed at bind()
// where the question depends on the problem), and judges a decision optimal when it is correct
// at accuracy 0. Such an oracle offers no linear maximization: it says its own optimum, value
// and acceptable decisions (the identification problems and the algorithms read the question
// through query()).
#pragma once

#include <span>
#include <utility>

#include "cpex/oracle.hpp"

namespace cpex::oracles {

class QueryOracle : public Oracle {
 public:
  explicit QueryOracle(Query query) : query_(std::move(query)) {}

  Query query() const final { return query_; }
  bool is_optimal(std::span<const double> theta, const Decision& optimal, const Decision& candidate) const override {
    return acceptable(theta, optimal, candidate, 0.0);
  }

 protected:
  Query query_;
};

}  // namespace cpex::oracles
