// The linear versions of samplers that also exist for unstructured problems, built here and
// reached under the same plugin names through the dispatch on the problem's feedback
// (cpex/identification/feedback_dispatch.hpp): `fw-sampling` and `top-two`.
// Each adds its linear-only keys to the shared schema; the shared keys (delta, threshold,
// beta, challenger, selection) mean the same thing on both kinds of problem.
#pragma once

#include <memory>

#include "cpex/algorithm.hpp"
#include "cpex/params.hpp"

namespace cpex::identification {

// Frank-Wolfe sampling (Wang, Tzeng & Proutière 2021) on linear and transductive best-arm
// problems; no keys beyond delta and threshold.
std::unique_ptr<Algorithm> make_linear_fw_sampling(const ParamValues& p);

// Top-two sampling on linear and transductive best-arm problems (L-T3C of LinBAI.jl, with the
// leader and challenger of the top-two family); adds `leader` and `pull`.
void add_linear_top_two_parameters(ParamSchema& schema);
std::unique_ptr<Algorithm> make_linear_top_two(const ParamValues& p);

}  // namespace cpex::identification
