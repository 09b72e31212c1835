// The constants of Tri-BBAI's and Opt-BBAI's stages: L1 (Stage I pulls per arm), L2 (the cap
// of a Stage II allocation per arm), L3 (the pulls per arm Stage IV reaches), the shift
// epsilon of the means Stage II plans with and the factor alpha > 1 of its allocation. The
// default is the authors' experiments (panxulab/Optimal-Batched-Best-Arm-Identification,
// TriBBAI.py and OptBBAI.py): K arms, L = log(1/delta),
//   L1 = ceil(2 log K sqrt(L)),  L2 = ceil(80 L log L / K),  L3 = ceil(L^2),
//   epsilon = 0.01, alpha = 1.001;
// each may be given instead (`l1`, `l2`, `l3`). L2 is at least 1 (80 L log L < 0 for
// delta > 1/e).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cpex/params.hpp"

namespace cpex::batched {

struct BbaiConstants {
  std::uint64_t l1 = 1, l2 = 1, l3 = 1;
  double epsilon = 0.01, alpha = 1.001;
};

// `delta`, `epsilon`, `alpha`, `l1`, `l2`, `l3`, `threshold`, `stage-two` (staged_batches.hpp).
void add_bbai_parameters(ParamSchema& schema);
BbaiConstants bbai_constants(const ParamValues& params, std::size_t arms);

}  // namespace cpex::batched
