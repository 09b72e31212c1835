// Counter-based random streams (Random123 Philox4x64-10). A run's randomness is a pure
// function of (pipeline seed, sweep point, repetition, stream role, stream index): no
// state is shared between runs or threads, so results do not depend on the thread count
// or on the order in which runs execute.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace cpex {

// Identifies one run: the Philox key is (seed, point), the counter starts at repetition.
struct RunSeed {
  std::uint64_t seed = 0;
  std::uint64_t point = 0;  // hash of the sweep point (see sweep.hpp)
  std::uint64_t repetition = 0;
};

// Independent streams within a run. Environments draw their instance (e.g. an arm
// shuffle) from EnvironmentInstance and arm i's noise from EnvironmentNoise with index i,
// so algorithms compared at the same sweep point and repetition see the same instance and
// the same reward sequence per arm (common random numbers).
enum class StreamRole : std::uint64_t {
  EnvironmentInstance = 1,
  EnvironmentNoise = 2,
  Algorithm = 3,
  Oracle = 4,
};

// A UniformRandomBitGenerator producing 64-bit words.
class RandomStream {
 public:
  using result_type = std::uint64_t;

  RandomStream() : RandomStream(RunSeed{}, StreamRole::Algorithm, 0) {}
  RandomStream(const RunSeed& seed, StreamRole role, std::uint64_t index = 0);

  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

  result_type operator()() {
    if (used_ == block_.size()) refill();
    return block_[used_++];
  }

  // Uniform on [0, 1) with 53 random bits.
  double uniform01() { return static_cast<double>((*this)() >> 11) * 0x1.0p-53; }
  // Standard normal draw (Boost.Random's ziggurat, identical on every platform).
  double normal();
  // out.size() standard normal draws: those of as many normal() calls, in order, in one call.
  void normals(std::span<double> out);
  // Uniform integer in [0, n) without modulo bias.
  std::uint64_t below(std::uint64_t n);
  // Draws of Boost.Random's distributions (the same numbers on every platform): standard
  // exponential (mean 1); Gamma(shape, scale 1) for shape > 0; Beta(a, b) as
  // G_a / (G_a + G_b); Poisson of the given mean (> 0).
  double exponential();
  double gamma(double shape);
  double beta(double a, double b);
  std::uint64_t poisson(double mean);

 private:
  void refill();

  std::array<std::uint64_t, 2> key_{};
  std::array<std::uint64_t, 4> counter_{};
  std::array<std::uint64_t, 4> block_{};
  std::size_t used_ = 4;
};

// One noise stream per arm (StreamRole::EnvironmentNoise, index = the arm), as every
// environment with independent arms keeps them.
std::vector<RandomStream> arm_noise_streams(const RunSeed& seed, std::size_t arms);

}  // namespace cpex
