// The `full-bandit` environment (seeds 000/001): pull a super arm of exactly k distinct
// arms, observe one number, theta(M) plus noise. Noise models:
//   additive  one N(0, sigma^2) term per pull (the seeds' experiments);
//             announced sub-Gaussian constant sigma;
//   per-arm   every member's N(0, sigma^2) summed; announced sqrt(k) sigma (the sum of k
//             independent sigma-sub-Gaussian terms);
//   bernoulli every member's Bernoulli(theta_i) outcome summed (theta in [0, 1]); announced
//             sqrt(k) / 2.
// Seed 000 writes sigma = kR for per-arm noise bounded by R (Prop. 1); we announce the
// sub-Gaussian constant of the observation itself, which is what Prop. 1 needs (the
// algorithms use Problem::noise_sigma as the paper's sigma). See docs/algorithms/full-bandit.md.
// theta comes from `means` or from `generator = synthetic` (seed 000 §5): the top-k means
// uniform in [0, 1], the (k+1)-th at theta_min-k - delta-min, the rest uniform in
// [-1, theta_min-k - delta-min]; positions shuffled (instance stream).
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "arm_set_environment.hpp"

namespace cpex::environments {
namespace {

enum class Noise { Additive, PerArm, Bernoulli };

class FullBandit final : public ArmSetEnvironment {
 public:
  FullBandit(std::vector<double> theta, std::size_t k, Noise noise, double sigma, const RunSeed& seed)
      : ArmSetEnvironment(std::move(theta), "full-bandit", "arm"), noise_(noise), sigma_(sigma) {
    const std::size_t n = theta_.size();
    if (k >= n)
      throw ParameterError("k", "k = " + std::to_string(k) + " must be smaller than the number of arms (" +
                                    std::to_string(n) + ")");
    if (noise == Noise::Bernoulli)
      for (std::size_t i = 0; i < n; ++i)
        if (!(theta_[i] >= 0.0 && theta_[i] <= 1.0))
          throw ParameterError("noise", "noise = bernoulli needs every theta in [0, 1], but theta_" +
                                            std::to_string(i) + " = " + std::to_string(theta_[i]));
    problem_.num_arms = n;
    problem_.k = k;
    const double root_k = std::sqrt(static_cast<double>(k));
    problem_.noise_sigma = noise == Noise::Additive ? sigma : noise == Noise::PerArm ? root_k * sigma : 0.5 * root_k;
    // Both Gaussian models give a Gaussian sum; k Bernoulli outcomes sum to [0, k].
    problem_.rewards = noise == Noise::Bernoulli ? RewardModel::bounded(0.0, static_cast<double>(k))
                                                 : RewardModel::gaussian();
    streams_ = arm_noise_streams(seed, noise == Noise::Additive ? 1 : n);
  }

  void pull(const Action& action, Observation& out) override {
    const auto& members = action.super_arm;
    if (members.size() != problem_.k)
      throw Error("full-bandit: a pull must name exactly k = " + std::to_string(problem_.k) +
                  " arms, got " + std::to_string(members.size()));
    members_.begin();
    double total = 0.0;
    for (std::size_t arm : members) {
      members_.mark(arm);
      switch (noise_) {
        case Noise::Additive: total += theta_[arm]; break;
        case Noise::PerArm: total += theta_[arm] + sigma_ * streams_[arm].normal(); break;
        case Noise::Bernoulli: total += streams_[arm].uniform01() < theta_[arm] ? 1.0 : 0.0; break;
      }
    }
    if (noise_ == Noise::Additive) total += sigma_ * streams_[0].normal();
    out.reward = total;
  }

 private:
  Noise noise_;
  double sigma_;
};

std::vector<double> synthetic_means(std::size_t n, std::size_t k, double gap, const RunSeed& seed) {
  if (k >= n)
    throw ParameterError("k", "k = " + std::to_string(k) + " must be smaller than n = " + std::to_string(n));
  RandomStream rng(seed, StreamRole::EnvironmentInstance);
  std::vector<double> theta(n);
  double lowest_top = 1.0;
  for (std::size_t i = 0; i < k; ++i) {
    theta[i] = rng.uniform01();
    lowest_top = std::min(lowest_top, theta[i]);
  }
  const double next = lowest_top - gap;
  theta[k] = next;
  for (std::size_t i = k + 1; i < n; ++i) theta[i] = -1.0 + (next + 1.0) * rng.uniform01();
  for (std::size_t i = n - 1; i > 0; --i) std::swap(theta[i], theta[rng.below(i + 1)]);
  return theta;
}

std::unique_ptr<Environment> make(const ParamValues& p, const EnvironmentContext& c) {
  const std::string& noise_name = p.text("noise");
  const Noise noise = noise_name == "additive" ? Noise::Additive
                      : noise_name == "per-arm" ? Noise::PerArm
                                                : Noise::Bernoulli;
  const auto k = static_cast<std::size_t>(p.integer("k"));
  std::vector<double> theta;
  if (p.text("generator") == "synthetic") {
    if (p.has("means")) throw ParameterError("means", "give either means or generator = synthetic, not both");
    theta = synthetic_means(static_cast<std::size_t>(p.integer("n")), k, p.real("delta-min"), c.seed);
  } else {
    if (!p.has("means")) throw ParameterError("means", "generator = explicit needs the list of means");
    theta = p.reals("means");
    if (theta.size() > static_cast<std::size_t>(kMaxDimension))
      throw ParameterError("means", "lists " + std::to_string(theta.size()) +
                                        " arms, more than the full-bandit limit of " + std::to_string(kMaxDimension) +
                                        " (the algorithms keep n x n matrices)");
  }
  return std::make_unique<FullBandit>(std::move(theta), k, noise, p.real("sigma"), c.seed);
}

void register_full_bandit(Registry& registry) {
  register_environment(
      registry, {"full-bandit", "pull k arms, observe the noisy sum of their means (seeds 000/001)"},
      FeedbackKind::FullBanditSum,
      ParamSchema()
          .choice("generator", "explicit", {"explicit", "synthetic"},
                  "explicit: `means`; synthetic: seed 000 §5 instance with n, k, delta-min")
          .real_list("means", Range::any(), "mean of each arm (generator = explicit)")
          .optional()
          .integer("n", 10, Range::closed(3, static_cast<double>(kMaxDimension)),
                   "number of arms (generator = synthetic); at most 1000: the algorithms keep n x n matrices")
          .integer("k", std::nullopt, Range::at_least(2),
                   "super-arm size, 2 <= k < n (seed 000 assumes k >= 2)")
          .real("delta-min", 0.1, Range::at_least(0.0), "gap between the k-th and (k+1)-th means (synthetic)")
          .choice("noise", "additive", {"additive", "per-arm", "bernoulli"},
                  "additive: one N(0, sigma^2) per pull; per-arm: each member's N(0, sigma^2); "
                  "bernoulli: each member's Bernoulli(theta_i)")
          .real("sigma", 1.0, Range::greater_than(0.0), "noise standard deviation (additive, per-arm)"),
      make);
}

}  // namespace
}  // namespace cpex::environments

CPEX_PLUGIN(cpex::environments::register_full_bandit)
