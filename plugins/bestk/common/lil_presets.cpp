// LIL preset resolution (see lil_presets.hpp).
#include "lil_presets.hpp"

#include <cmath>
#include <sstream>

#include "cpex/errors.hpp"
#include "cpex/numerics/confidence.hpp"

namespace cpex::bestk {

// `delta` is the run's target error (the papers' nu) as in every algorithm; the LIL bound's
// own (epsilon, delta) are `lil-epsilon` and `lil-delta`, tuned to meet it.
void add_lil_parameters(ParamSchema& schema) {
  schema
      .choice("preset", "heuristic", {"faithful", "heuristic", "heuristic-jamieson"},
              "faithful: lil-epsilon, lil-delta with a proven error <= delta; heuristic: "
              "lil-epsilon = 0, lil-delta = delta for every algorithm (seed 004 §5); "
              "heuristic-jamieson: the same but lil-delta = delta/5 for lil'UCB "
              "(lil'UCB-heuristic of Jamieson et al. 2014)")
      .target_error(0.01,
                    "target error probability (the papers' nu): the answer is wrong with "
                    "probability at most delta under the faithful preset")
      .optional_real("lil-epsilon", Range{Bound{0.0, true}, Bound{1.0, false}},
                     "the LIL bound's epsilon (the papers' epsilon); overrides the preset")
      .optional_real("lil-delta", Range::open(0.0, 1.0),
                     "the LIL bound's confidence level (the papers' delta, tuned so that the "
                     "error stays below the target `delta`); overrides the preset")
      .renamed("nu", "renamed to 'delta', the run's target error as in every algorithm (the "
                     "LIL bound's own confidence level is 'lil-delta')")
      .renamed("epsilon", "renamed to 'lil-epsilon', the LIL bound's epsilon ('epsilon' is the "
                          "accuracy of the algorithms that have one)");
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
  s.nu = params.real("delta");
  const bool faithful = s.preset == "faithful";
  s.epsilon = params.has("lil-epsilon") ? params.real("lil-epsilon") : (faithful ? kFaithfulEpsilon : 0.0);
  if (faithful && !(s.epsilon > 0.0 && s.epsilon < 1.0))
    throw ParameterError("lil-epsilon", "the faithful preset needs lil-epsilon in (0, 1), got " +
                                            to_string(ParamValue{s.epsilon}));
  s.delta = params.has("lil-delta") ? params.real("lil-delta")
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
            << limit << "), but lil-delta = " << s.delta << " gives omega = " << largest_omega;
    throw ParameterError("lil-delta", message.str());
  }
}

std::vector<std::pair<std::string, ParamValue>> describe(const LilSettings& s) {
  return {{"preset", s.preset}, {"delta", s.nu}, {"lil-epsilon", s.epsilon}, {"lil-delta", s.delta}};
}

}  // namespace cpex::bestk
