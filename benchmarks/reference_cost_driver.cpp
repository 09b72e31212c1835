// The hand-tight references (benchmarks/reference/) on the Best-K benchmark instance of
// bestk_instance.hpp, with the same set-up and warm-up as sample_cost_driver.cpp: runs a
// fixed number of samples inside `measured_reference_samples`, so that
// `valgrind --tool=callgrind --toggle-collect='*measured_reference_samples*'` counts exactly
// those samples (benchmarks/instructions_per_sample.sh prints them beside the plugins').
//
// usage: cpex-reference-cost-driver ALGORITHM N SAMPLES
#include <cstdlib>
#include <iostream>
#include <string>

#include "bestk_instance.hpp"
#include "driver_arguments.hpp"
#include "reference/lil_clucb.hpp"
#include "reference/lil_lucb_family.hpp"
#include "reference/lil_ucb.hpp"
#include "reference/lucb1.hpp"

template <typename Reference>
__attribute__((noinline)) std::size_t measured_reference_samples(Reference& ref, std::size_t samples) {
  for (std::size_t i = 0; i < samples; ++i)
    if (!ref.step()) return i;
  return samples;
}

template <typename Reference>
int measure(Reference ref, std::size_t n, std::size_t samples) {
  for (std::size_t i = 0; i < 4 * n; ++i)  // the initial pass and 3N warm-up samples
    if (!ref.step()) break;
  const std::size_t done = measured_reference_samples(ref, samples);
  std::cout << done << '\n';
  return done == samples ? 0 : 1;
}

int main(int argc, char** argv) {
  using namespace cpex::reference;
  cpex::bench::DriverArguments args;
  if (!cpex::bench::driver_arguments(argc, argv, 2, "cpex-reference-cost-driver ALGORITHM N SAMPLES", args)) return 2;
  const std::string& algorithm = args.algorithm;
  const std::size_t n = args.numbers[0], samples = args.numbers[1];
  GaussianArms env(cpex::bench::instance_means(n), cpex::bench::kInstanceSigma, cpex::RunSeed{1, 0, 0});
  // The plugins' defaults: heuristic preset (epsilon 0, delta = nu = 0.01); LUCB1 delta 0.05;
  // lil'UCB beta 1/2, lambda 1 + 10/N.
  const double delta = 0.01;
  if (algorithm == "lucb") return measure(Lucb1(env, 2, 0.05, 0.0), n, samples);
  if (algorithm == "lil-lucb")
    return measure(LilLucbFamily<LilVariant::LilLucb>(env, 2, delta, 0.0, {1, 0, 0}), n, samples);
  if (algorithm == "lucb-pp")
    return measure(LilLucbFamily<LilVariant::LucbPlusPlus>(env, 2, delta, 0.0, {1, 0, 0}), n, samples);
  if (algorithm == "lil-rand-lucb")
    return measure(LilLucbFamily<LilVariant::LilRandLucb>(env, 2, delta, 0.0, {1, 0, 0}), n, samples);
  if (algorithm == "lil-clucb") return measure(LilClucb(env, 2, delta, 0.0), n, samples);
  if (algorithm == "lil-ucb")
    return measure(LilUcb(env, delta, 0.0, 0.5, 1.0 + 10.0 / static_cast<double>(n)), n, samples);
  std::cerr << "cpex-reference-cost-driver: no reference for '" << algorithm << "'\n";
  return 2;
}
