// The exploration parameter a of UCB-E (Audibert, Bubeck & Munos 2010, Thm 1) and of UGapE's
// fixed-budget setting (Gabillon, Ghavamzadeh & Lazaric 2012, Thm 1): given as `a`, or from
// the problem's complexity `hardness` H as a = scale (T - K) / H, the scale the key
// `scale_key` (UCB-E's c, UGapE's eta).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "cpex/errors.hpp"
#include "cpex/params.hpp"

namespace cpex::fixed_budget {

// a for a budget T of samples and K arms; ParameterError naming the key at fault (with
// `needs` as its message) unless exactly one of a and hardness is given.
inline double exploration_parameter(const ParamValues& params, const char* scale_key, std::uint64_t budget,
                                    std::size_t arms, const std::string& needs) {
  const bool given_a = params.has("a"), given_h = params.has("hardness");
  if (given_a == given_h) throw ParameterError(given_a ? "hardness" : "a", needs);
  return given_a ? params.real("a")
                 : params.real(scale_key) * static_cast<double>(budget - arms) / params.real("hardness");
}

}  // namespace cpex::fixed_budget
