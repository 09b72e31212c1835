// Means with a planted gap between the best and second-best decision of a class.
#include "planted_gap.hpp"

#include <algorithm>
#include <cmath>

#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/numerics/cpe_gaps.hpp"
#include "cpex/random.hpp"

namespace cpex::environments {

namespace {

class PlantedGap : public Environment {
 public:
  PlantedGap(std::vector<double> means, bool gaussian, double sigma, const RunSeed& seed,
             std::vector<std::pair<std::string, ParamValue>> described)
      : means_(std::move(means)), gaussian_(gaussian), sigma_(sigma),
        described_(std::move(described)) {
    problem_.num_arms = means_.size();
    problem_.noise_sigma = gaussian ? sigma : 0.5;
    problem_.rewards = gaussian ? RewardModel::gaussian() : RewardModel::bernoulli();
    streams_ = arm_noise_streams(seed, means_.size());
  }

  const Problem& problem() const override { return problem_; }
  std::span<const double> truth() const override { return means_; }
  void pull(const Action& action, Observation& out) override {
    RandomStream& stream = streams_[action.arm];
    const double mean = means_[action.arm];
    out.reward = gaussian_ ? mean + sigma_ * stream.normal() : (stream.uniform01() < mean ? 1.0 : 0.0);
  }
  std::vector<std::pair<std::string, ParamValue>> resolved() const override { return described_; }

 private:
  Problem problem_;
  std::vector<double> means_;
  bool gaussian_;
  double sigma_;
  std::vector<RandomStream> streams_;
  std::vector<std::pair<std::string, ParamValue>> described_;
};

}  // namespace

double plant_gap(const Oracle& oracle, std::vector<double>& w, double gap) {
  Decision best, rival;
  oracle.maximize(w, best);
  std::vector<char> in_best(w.size(), 0);
  for (std::size_t e : best.arms) in_best[e] = 1;
  std::vector<double> mu = w;
  double c = 0.0, reached = 0.0;
  for (int step = 0; step < 200; ++step) {
    for (std::size_t e = 0; e < w.size(); ++e) mu[e] = in_best[e] ? w[e] + c : w[e] - c;
    if (!oracle.second_best(mu, best, rival))
      throw ParameterError("gap", "the decision class holds a single decision; no gap to plant");
    reached = oracle.value(mu, best) - oracle.value(mu, rival);
    std::size_t differ = 0;  // |rival xor best|
    for (std::size_t e : rival.arms) differ += in_best[e] ? 0 : 1;
    for (std::size_t e : best.arms)
      differ += std::binary_search(rival.arms.begin(), rival.arms.end(), e) ? 0 : 1;
    if (std::abs(reached - gap) <= 1e-12 * (1.0 + gap)) break;
    c += (gap - reached) / static_cast<double>(differ);
  }
  w = mu;
  return reached;
}

void add_planted_gap_parameters(ParamSchema& schema) {
  schema.real("gap", 0.1, Range::greater_than(0.0), "Delta: mean of the best decision minus the second best")
      .real("low", 0.0, Range::any(), "base weights are drawn uniformly from [low, high)")
      .real("high", 1.0, Range::any(), "upper end of the base weights")
      .integer("arms", 0, Range::closed(0, static_cast<double>(kMaxArms)),
               "number of arms; 0: the oracle's ground set (a graph's edges, a partition)")
      .choice("noise", "gaussian", {"gaussian", "bernoulli"}, "reward distribution")
      .real("sigma", 0.5, Range::greater_than(0.0), "Gaussian noise standard deviation")
      .integer("instance-seed", 0, Range::at_least(0),
               "0: a new instance per run (instance stream); else one instance for every run")
      .choice("hardness", "yes", {"yes", "no"},
              "report the instance's H = sum_e Delta_e^-2 (one oracle call per arm)");
}

constexpr std::size_t kMaxHardnessArms = 10'000;

std::unique_ptr<Environment> make_planted_gap(const ParamValues& p, const EnvironmentContext& context) {
  const Oracle* oracle = context.decision_oracle;
  if (!oracle) throw ParameterError("gap", "needs the pipeline's decision oracle");
  std::size_t arms = static_cast<std::size_t>(p.integer("arms"));
  if (arms == 0) arms = oracle->ground_set_size();
  if (arms == 0)
    throw ParameterError("arms", "the oracle does not fix its arms; give their number");
  if (arms < 2) throw ParameterError("arms", "needs at least 2 arms");
  // The oracle is called below, before the framework's own arm-count check and bind().
  if (oracle->ground_set_size() != 0 && arms != oracle->ground_set_size())
    throw ParameterError("arms", "arms = " + std::to_string(arms) + ", but the oracle's ground set has " +
                                     std::to_string(oracle->ground_set_size()) + " arms");
  if (oracle->decision_size() >= arms)
    throw ParameterError("arms", "arms = " + std::to_string(arms) + " must exceed the oracle's decision size " +
                                     std::to_string(oracle->decision_size()));
  if (p.text("hardness") == "yes" && arms > kMaxHardnessArms)
    throw ParameterError("hardness", "hardness = yes costs one oracle call per arm in every run; with " +
                                         std::to_string(arms) + " arms (more than " +
                                         std::to_string(kMaxHardnessArms) + ") set hardness = no");
  const double low = p.real("low"), high = p.real("high");
  if (!(low < high)) throw ParameterError("high", "must exceed low");
  const auto instance_seed = static_cast<std::uint64_t>(p.integer("instance-seed"));
  RandomStream rng = instance_seed == 0
                         ? RandomStream(context.seed, StreamRole::EnvironmentInstance)
                         : RandomStream(RunSeed{instance_seed, 0, 0}, StreamRole::EnvironmentInstance);
  std::vector<double> means(arms);
  for (auto& m : means) m = low + (high - low) * rng.uniform01();
  const double reached = plant_gap(*oracle, means, p.real("gap"));
  const bool gaussian = p.text("noise") == "gaussian";
  if (!gaussian)
    for (double m : means)
      if (m < 0.0 || m > 1.0)
        throw ParameterError("gap", "Bernoulli means must lie in [0, 1], but planting this gap "
                                    "gives a mean of " + std::to_string(m) + "; lower `gap` or narrow [low, high)");
  std::vector<std::pair<std::string, ParamValue>> described = {{"instance_gap", reached}};
  if (p.text("hardness") == "yes")
    described.emplace_back("hardness", numerics::cpe_hardness(numerics::cpe_gaps(*oracle, means)));
  return std::make_unique<PlantedGap>(std::move(means), gaussian, p.real("sigma"), context.seed,
                                      std::move(described));
}

}  // namespace cpex::environments
