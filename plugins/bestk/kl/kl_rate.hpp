// What kl-lucb and kl-racing share: the exploration rate beta(t, delta) of Kaufmann &
// Kalyanakrishnan (COLT 2013) or of LUCB1, its keys, the per-arm families of the
// problem's rewards, the start()-time checks and the registration.
//
//   rate = kk2013, kl-lucb:   beta(t, delta) = log(k1 K t^alpha / delta) + log log(k1 K t^alpha / delta)
//                  (KK 2013's KL-LUCB rate: alpha > 1, k1 > 2e + 1 + e/(alpha-1) + (e+1)/(alpha-1)^2;
//                  alpha = 1.1, k1 = 405.5 by default, the value for alpha = 1.1)
//   rate = kk2013, kl-racing: beta(t, delta) = log(k1 K t^alpha / delta)
//                  (KK 2013's racing rate: alpha > 1, k1 > 1 + 1/(alpha-1); alpha = 1.1,
//                  k1 = 11.1 by default)
//   rate = lucb1:  beta(t, delta) = log(k1 K t^alpha / delta) with k1 = 5/4, alpha = 4
//                  (Kalyanakrishnan et al. 2012's LUCB1 rate)
//   rate = gk2016: beta(t, delta) = log((log t + 1) / delta) with t the number of samples
//                  taken so far: the rate Garivier & Kaufmann (COLT 2016, §6) ran every
//                  algorithm of their Table 1 with (KL-LUCB and KL-Racing included; their
//                  code calls rate(t, N_a, delta) with t the global time). Not covered by
//                  KK 2013's guarantee: an empirical choice, as in the paper; alpha and k1
//                  are not used.
//
// t is the round (kl-lucb: t = 1 at the first check after every arm was sampled once;
// kl-racing: the number of samples of every surviving arm), except for gk2016 (the samples
// so far: kl-lucb K + 2(t - 1) at round t, kl-racing the sum of every arm's samples).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cpex/algorithm.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/numerics/exponential_family.hpp"
#include "cpex/params.hpp"
#include "cpex/registration.hpp"

namespace cpex::bestk::kl {

class ExplorationRate {
 public:
  // `racing`: the kk2013 rate is KL-Racing's (no log log, k1 = 11.1), else KL-LUCB's.
  ExplorationRate(const ParamValues& params, bool racing);

  // Fixes K (the number of arms) and delta.
  void prepare(std::size_t arms, double delta);
  // beta(t, delta) for round t >= 1 with `samples` taken so far (gk2016 reads only those).
  double operator()(std::uint64_t round, std::uint64_t samples) const;

  std::vector<std::pair<std::string, ParamValue>> resolved() const;

 private:
  bool log_log_ = true;  // kk2013 adds log log(...)
  bool global_time_ = false;  // gk2016: log((log t + 1) / delta) in the samples t
  double log_inverse_delta_ = 0.0;
  std::string name_;
  double alpha_ = 1.1, k1_ = 405.5, log_scale_ = 0.0;  // log(k1 K / delta)
};

// The settings of a KL algorithm: the rate, delta, epsilon, and per run the families.
struct KlSettings {
  KlSettings(const ParamValues& params, bool racing);
  // At start(): k of the oracle (0 < k < number of arms, else ParameterError naming
  // `name`), the per-arm families of the problem's rewards, the rate prepared.
  std::size_t start(const AlgorithmContext& context, const std::string& name);
  std::vector<std::pair<std::string, ParamValue>> resolved() const;

  ExplorationRate rate;
  double delta, epsilon;
  std::vector<numerics::ArmFamily> families;  // one per arm
};

// What KL-LUCB and KL-Racing register with: keys delta, epsilon, rate, alpha, k1; single-arm
// feedback, the top-k oracle (cardinality), Gaussian, Bernoulli, Poisson or Exponential rewards.
ParamSchema kl_schema();
AlgorithmNeeds kl_needs();

}  // namespace cpex::bestk::kl
