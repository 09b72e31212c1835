// Building an algorithm's Recommendation (problem.hpp) from a set of arms: the one
// construction the algorithms that answer with a set at a promised accuracy share.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "cpex/problem.hpp"

namespace cpex {

// The recommendation of the arm set `arms` (sorted ascending), promised at accuracy `epsilon`.
inline Recommendation recommend_arms(std::vector<std::size_t> arms, double epsilon) {
  Recommendation answer;
  answer.decision.arms = std::move(arms);
  answer.epsilon = epsilon;
  return answer;
}

}  // namespace cpex
