// Parameter presets of the LIL-based Best-K algorithms (seed 004 §5). `faithful` picks
// epsilon and delta so that the algorithm's proven error probability is at most nu;
// `heuristic` uses epsilon = 0 and delta = nu for every algorithm, lil'UCB included (seed 004
// §5); `heuristic-jamieson` differs only for lil'UCB, delta = nu/5 (the lil'UCB-heuristic of
// Jamieson et al. 2014).
// The keys: `delta` is the run's target error (the papers' nu; one `delta` means the target
// error in every algorithm), `lil-epsilon` / `lil-delta` the LIL bound's own epsilon and
// delta (overriding the preset's choice); the former keys `nu` and `epsilon` are refused
// with what they became.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "cpex/params.hpp"

namespace cpex::bestk {

// Which theorem bounds the error probability, as a function of (epsilon, delta, N).
enum class ErrorBound {
  CEpsDelta,          // c_eps * delta (seed 004 Thm 3.1: lil'RandLUCB; also LUCB++)
  CEpsDeltaPowOverN,  // c_eps * delta^(1+eps) / N^eps (seed 004 Thm 4.1: lil'CLUCB; lil'LUCB)
  LilUcb,             // 4 sqrt(c_eps delta) + 4 c_eps delta (lil'UCB, Jamieson et al. 2014)
};

// In the papers' symbols: nu the target error (key `delta`), epsilon and delta the LIL
// bound's (keys `lil-epsilon`, `lil-delta`).
struct LilSettings {
  std::string preset;
  double nu = 0.01;
  double epsilon = 0.0;
  double delta = 0.01;
};

inline constexpr double kFaithfulEpsilon = 0.01;

// Adds `preset`, `delta` (the target error), and the optional overrides `lil-epsilon`,
// `lil-delta`.
void add_lil_parameters(ParamSchema& schema);

// The delta for which `bound` equals nu.
double faithful_delta(ErrorBound bound, double nu, double epsilon, std::size_t arms);

// The heuristic presets' delta: nu; nu/5 for lil'UCB under `heuristic-jamieson`.
double heuristic_delta(ErrorBound bound, double nu, const std::string& preset);

// Resolve the preset. Throws ParameterError when the faithful preset is given an epsilon
// outside (0, 1).
LilSettings resolve_lil(const ParamValues& params, ErrorBound bound, std::size_t arms);

// Lemma 2.1 holds for omega in (0, log(1+eps)/e): with the faithful preset, every
// confidence level `largest_omega` the algorithm uses must lie there (ParameterError
// naming `delta` otherwise). The heuristic preset is not checked.
void check_lemma_range(const LilSettings& settings, double largest_omega);

// (name, value) pairs for the results: preset, nu, epsilon, delta.
std::vector<std::pair<std::string, ParamValue>> describe(const LilSettings& settings);

// What a LIL algorithm keeps of its parameters: they are resolved at each start, once the
// number of arms is known (the faithful preset's lil-delta depends on it), against the
// algorithm's error bound.
class LilParameters {
 public:
  LilParameters(ParamValues params, ErrorBound bound) : params_(std::move(params)), bound_(bound) {}

  // resolve_lil for `arms` arms; the settings until the next start.
  const LilSettings& resolve(std::size_t arms) {
    settings_ = resolve_lil(params_, bound_, arms);
    return settings_;
  }
  const LilSettings& settings() const { return settings_; }
  // The parameters as given (an algorithm's own keys).
  const ParamValues& params() const { return params_; }
  // describe(settings()): the results' resolved values.
  std::vector<std::pair<std::string, ParamValue>> resolved() const { return describe(settings_); }

 private:
  ParamValues params_;
  ErrorBound bound_;
  LilSettings settings_;
};

}  // namespace cpex::bestk
