// The Chernoff (GLR) stopping rule of Garivier & Kaufmann (COLT 2016, §3.1), shared by
// track-and-stop and top-two: with a = the empirical best arm,
//
//   Z(t) = min_{b != a} Z_{a,b}(t)  (eq. (11), numerics::ArmFamily::glr),
//   stop at the first t with Z(t) > beta(t, delta) and recommend a.
//
// Thresholds (the `threshold` parameter):
//   gk-experiments  beta(t, delta) = log((log(t) + 1) / delta), the threshold of GK's §6
//                   experiments (and of their code, `explo(t, n, delta)`); GK note it is
//                   smaller than what their theory covers but empirically delta-correct;
//                   our statistical tests check that on every instance they use.
//   gk-theorem      beta(t, delta) = log(2 t (K - 1) / delta), their Theorem 10 (delta-PAC
//                   for any sampling rule, exponential families).
// t is the number of samples so far.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arm_statistics.hpp"
#include "cpex/numerics/exponential_family.hpp"
#include "cpex/params.hpp"

namespace cpex::bestk {

enum class GlrThreshold { GkExperiments, GkTheorem };

// Adds `delta` and `threshold` to an algorithm's schema.
void add_glr_parameters(ParamSchema& schema);
GlrThreshold glr_threshold(const std::string& name);
const char* to_string(GlrThreshold threshold);

// beta(t, delta) for `arms` arms after t >= 1 samples.
double glr_threshold_value(GlrThreshold threshold, std::uint64_t t, double delta, std::size_t arms);

// The empirical best arm (the smallest index among equal means) and Z(t) (0 when another
// arm has the same empirical mean). `challenger` receives argmin_b Z_{a,b}.
struct GlrStatistic {
  std::size_t best = 0;
  std::size_t challenger = 0;
  double value = 0.0;
};
GlrStatistic glr_statistic(const ArmStatistics& stats, const numerics::ArmFamily& family);

}  // namespace cpex::bestk
