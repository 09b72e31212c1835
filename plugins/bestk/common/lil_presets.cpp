// LIL preset resolution (see lil_presets.hpp).
#include "lil_presets.hpp"

#include <cmath>
#include <sstream>

#include "cpex/errors.hpp"
#include "cpex/numerics/confidence.hpp"

namespace cpex::bestk {

void add_lil_parameters(ParamSchema& schema) {
  schema
      .choice("preset", "heuristic", {"faithful", "heuristic", "heuristic-jamieson"},
              "faithful: epsilon, delta with a proven error <= nu; heuristic: epsilon = 0, "
              "delta = nu for every algorithm (seed 004 §5); heuristic-jamieson: the same but "
              "delta = nu/5 for lil'UCB (lil'UCB-heuristic of Jamieson et al. 2014)")
      .real("nu", 0.01, Range::open(0.0, 1.0), "target error probability")
      .role(ParamRole::Confidence)
      .optional_real("epsilon", Range{Bound{0.0, true}, Bound{1.0, false}},
                     "LIL parameter epsilon; overrides the preset")
      .optional_real("delta", Range::open(0.0, 1.0), "confidence parameter delta; overrides "
                     "the preset");
}

double faithful_delta(ErrorBound bound, double nu, double epsilon, std::size_t arms) {
  const double c = numerics::lil_c_epsilon(epsilon);
  switch (bound) {
    case ErrorBound::CEpsDelta: return nu / c;
    case ErrorBound::CEpsDeltaPowOverN:
      return std::pow(nu * std::pow(static_cast<double>(arms), epsilon) / c, 1.0 / (1.0 + epsilon));
    case ErrorBound::LilUcb: {
      // 4 s + 4 s^2 = nu with s = sqrt(c delta).
      const double s = (std::sqrt(1.0 + nu) - 1.0) / 2.0;
      return s * s / c;
    }
  }
  return nu;
}

double heuristic_delta(ErrorBound bound, double nu, const std::string& preset) {
  return preset == "heuristic-jamieson" && bound == ErrorBound::LilUcb ? nu / 5.0 : nu;
}

LilSettings resolve_lil(const ParamValues& params, ErrorBound bound, std::size_t arms) {
  LilSettings s;
  s.preset = params.text("preset");
  s.nu = params.real("nu");
  const bool faithful = s.preset == "faithful";
  s.epsilon = params.has("epsilon") ? params.real("epsilon") : (faithful ? kFaithfulEpsilon : 0.0);
  if (faithful && !(s.epsilon > 0.0 && s.epsilon < 1.0))
    throw ParameterError("epsilon", "the faithful preset needs epsilon in (0, 1), got " +
                                        to_string(ParamValue{s.epsilon}));
  s.delta = params.has("delta") ? params.real("delta")
                                : (faithful ? faithful_delta(bound, s.nu, s.epsilon, arms)
                                            : heuristic_delta(bound, s.nu, s.preset));
  return s;
}

void check_lemma_range(const LilSettings& s, double largest_omega) {
  if (s.preset != "faithful") return;
  const double limit = std::log(1.0 + s.epsilon) / std::exp(1.0);
  if (!(largest_omega > 0.0 && largest_omega < limit)) {
    std::ostringstream message;
    message << "with the faithful preset, Lemma 2.1 (seed 004) needs every confidence level "
               "omega in (0, log(1+epsilon)/e) = (0, "
            << limit << "), but delta = " << s.delta << " gives omega = " << largest_omega;
    throw ParameterError("delta", message.str());
  }
}

std::vector<std::pair<std::string, ParamValue>> describe(const LilSettings& s) {
  return {{"preset", s.preset}, {"nu", s.nu}, {"epsilon", s.epsilon}, {"delta", s.delta}};
}

}  // namespace cpex::bestk
