// AdaHedge: exponential weights with the mixability-gap learning rate (ada_hedge.hpp).
#include "cpex/numerics/ada_hedge.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "vector_dispatch.hpp"

namespace cpex::numerics {
namespace {

namespace hedge_sse2 {
using V = vectors::Doubles2;
using L = vectors::Longs2;
// a b + c rounded once, lane by lane (std::fma: the FMA3 instruction's bits).
inline V fused(V a, V b, V c) { return V{std::fma(a[0], b[0], c[0]), std::fma(a[1], b[1], c[1])}; }
#define CPEX_HEDGE_FMA(a, b, c) fused(a, b, c)
#include "ada_hedge_passes.inc"
#undef CPEX_HEDGE_FMA
}  // namespace hedge_sse2

#if defined(CPEX_VECTOR_AVX2)
#pragma GCC push_options
#pragma GCC target("avx2,fma")
namespace hedge_avx2 {
using V = vectors::Doubles4;
using L = vectors::Longs4;
#define CPEX_HEDGE_FMA(a, b, c) __builtin_ia32_vfmaddpd256(a, b, c)
#include "ada_hedge_passes.inc"
#undef CPEX_HEDGE_FMA
}  // namespace hedge_avx2
#pragma GCC pop_options
#endif

// The passes of the processor (vector_dispatch.hpp).
struct Passes {
  void (*gain)(const double*, const double*, double*, std::size_t, double&, double&, double&);
  double (*mix)(const double*, const double*, std::size_t, double, double);
  void (*weights)(const double*, double*, std::size_t, double, double);
  void (*exp)(const double*, double*, std::size_t);
};

const Passes& passes() {
  static const Passes chosen = [] {
#if defined(CPEX_VECTOR_AVX2)
    if (vectors::use_avx2())
      return Passes{hedge_avx2::gain_pass, hedge_avx2::mix_pass, hedge_avx2::weights_pass,
                    hedge_avx2::exp_pass};
#endif
    return Passes{hedge_sse2::gain_pass, hedge_sse2::mix_pass, hedge_sse2::weights_pass,
                  hedge_sse2::exp_pass};
  }();
  return chosen;
}

}  // namespace

void AdaHedge::reset(std::size_t experts, double initial_gap) {
  cumulative_.assign(experts, 0.0);
  weights_.assign(experts, experts ? 1.0 / static_cast<double>(experts) : 0.0);
  gap_ = initial_gap;
}

double AdaHedge::learning_rate() const {
  if (!(gap_ > 0.0)) return std::numeric_limits<double>::infinity();
  return std::log(static_cast<double>(std::max<std::size_t>(cumulative_.size(), 2))) / gap_;
}

void AdaHedge::gain(std::span<const double> gains) {
  const double eta = learning_rate();
  double expected = 0.0, top = 0.0, cumulative_top = 0.0;  // top: the largest gain of a weight > 0
  passes().gain(weights_.data(), gains.data(), cumulative_.data(), gains.size(), expected, top,
                cumulative_top);
  // Mix loss of the losses -g: -(1/eta) ln sum w exp(eta g), computed around its largest term.
  double mix = top;
  if (std::isfinite(eta))
    mix = top + std::log(passes().mix(weights_.data(), gains.data(), gains.size(), eta, top)) / eta;
  // h - m with h = -expected and m = -mix: the gap is mix - expected >= 0.
  gap_ += std::max(0.0, mix - expected);
  refresh(cumulative_top);
}

void AdaHedge::refresh(double top) {
  const double eta = learning_rate();
  if (std::isfinite(eta)) {
    passes().weights(cumulative_.data(), weights_.data(), cumulative_.size(), eta, top);
    return;
  }
  double sum = 0.0;
  for (std::size_t i = 0; i < cumulative_.size(); ++i)
    sum += weights_[i] = cumulative_[i] == top ? 1.0 : 0.0;
  for (double& w : weights_) w /= sum;
}

void vector_exp(std::span<const double> x, std::span<double> out) {
  if (out.size() < x.size())
    throw std::invalid_argument("vector_exp: the output is shorter than the input");
  passes().exp(x.data(), out.data(), x.size());
}

}  // namespace cpex::numerics
