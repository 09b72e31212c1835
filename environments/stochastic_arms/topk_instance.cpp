// Seed 004's instance generators and the shuffled `topk-instance` environment.
#include "topk_instance.hpp"

#include <cmath>
#include <utility>

#include "cpex/errors.hpp"
#include "independent_arms.hpp"

namespace cpex::environments {

std::vector<double> ranked_means(const std::string& generator, std::size_t n, std::size_t k,
                                 double alpha) {
  std::vector<double> mu(n);
  const double nd = static_cast<double>(n), kd = static_cast<double>(k);
  for (std::size_t r = 1; r <= n; ++r) {
    const double i = static_cast<double>(r);
    double& m = mu[r - 1];
    if (generator == "one-sparse") {
      m = r <= k ? 0.5 : 0.0;
    } else if (generator == "alpha-exponential") {
      m = r <= k ? (nd - kd) / nd + (kd / nd) * std::pow((kd - i) / kd, alpha)
                 : (nd - kd) / nd - ((nd - kd) / nd) * std::pow((i - kd) / (nd - kd), alpha);
    } else {  // lil-exponential
      m = r == 1 ? 1.0 : 1.0 - std::pow((i - 1.0) / nd, alpha);
    }
  }
  return mu;
}

std::unique_ptr<Environment> make_topk_instance(const ParamValues& params, const RunSeed& seed) {
  const auto n = static_cast<std::size_t>(params.integer("n"));
  const auto k = static_cast<std::size_t>(params.integer("k"));
  if (k >= n)
    throw ParameterError("k", "k = " + std::to_string(k) + " must be smaller than n = " +
                                  std::to_string(n));
  const std::vector<double> ranked =
      ranked_means(params.text("generator"), n, k, params.real("alpha"));
  // Fisher-Yates with the instance stream: arm j gets the mean of rank order[j].
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  RandomStream shuffle(seed, StreamRole::EnvironmentInstance);
  for (std::size_t i = n - 1; i > 0; --i) std::swap(order[i], order[shuffle.below(i + 1)]);
  std::vector<double> means(n);
  for (std::size_t j = 0; j < n; ++j) means[j] = ranked[order[j]];
  const bool gaussian = params.text("noise") == "gaussian";
  return std::make_unique<IndependentArms>(
      gaussian ? IndependentArms::Noise::Gaussian : IndependentArms::Noise::Bernoulli,
      std::move(means), std::vector<double>{std::sqrt(params.real("variance"))}, seed, k);
}

}  // namespace cpex::environments
