// Philox4x64-10 block generation for RandomStream, and the derived distributions.
#include "cpex/random.hpp"

#include <Random123/philox.h>
#include <boost/random/exponential_distribution.hpp>
#include <boost/random/gamma_distribution.hpp>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/poisson_distribution.hpp>

namespace cpex {

RandomStream::RandomStream(const RunSeed& seed, StreamRole role, std::uint64_t index)
    : key_{seed.seed, seed.point},
      counter_{seed.repetition, (static_cast<std::uint64_t>(role) << 56) ^ index, 0, 0} {}

void RandomStream::refill() {
  r123::Philox4x64 philox;
  const r123::Philox4x64::key_type key = {{key_[0], key_[1]}};
  const r123::Philox4x64::ctr_type ctr = {{counter_[0], counter_[1], counter_[2], counter_[3]}};
  const auto out = philox(ctr, key);
  for (std::size_t i = 0; i < 4; ++i) block_[i] = out.v[i];
  ++counter_[2];
  used_ = 0;
}

double RandomStream::normal() {
  boost::random::normal_distribution<double> standard;
  return standard(*this);
}

void RandomStream::normals(std::span<double> out) {
  boost::random::normal_distribution<double> standard;  // (no state kept between draws)
  for (double& x : out) x = standard(*this);
}

double RandomStream::exponential() {
  boost::random::exponential_distribution<double> standard;
  return standard(*this);
}

double RandomStream::gamma(double shape) {
  boost::random::gamma_distribution<double> draw(shape, 1.0);
  return draw(*this);
}

double RandomStream::beta(double a, double b) {
  const double x = gamma(a), y = gamma(b);
  return x / (x + y);
}

std::uint64_t RandomStream::poisson(double mean) {
  boost::random::poisson_distribution<std::uint64_t, double> draw(mean);
  return draw(*this);
}

std::uint64_t RandomStream::below(std::uint64_t n) {
  // Lemire's method would be faster; rejection keeps it obviously unbiased.
  const std::uint64_t limit = max() - max() % n;
  std::uint64_t x;
  do {
    x = (*this)();
  } while (x >= limit);
  return x % n;
}

std::vector<RandomStream> arm_noise_streams(const RunSeed& seed, std::size_t arms) {
  std::vector<RandomStream> streams;
  streams.reserve(arms);
  for (std::size_t i = 0; i < arms; ++i) streams.emplace_back(seed, StreamRole::EnvironmentNoise, i);
  return streams;
}

}  // namespace cpex
