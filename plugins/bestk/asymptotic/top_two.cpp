// `top-two`: the EB-TCI / EB-TC top-two sampling rules of Jourdan, Degenne, Baudry, de Heide
// & Kaufmann ("Top Two Algorithms Revisited", NeurIPS 2022) for the best arm of Gaussian
// (known sigma) or Bernoulli arms, with the Chernoff stopping rule (chernoff_stopping.hpp).
//
// After one pull of every arm, each round t:
//   leader     B_t = argmax_a mu_hat_a (EB: the empirical best; smallest index among ties);
//   challenger C_t = argmin_{j != B_t} W_t(B_t, j) + log N_j   (challenger = tci, default)
//              C_t = argmin_{j != B_t} W_t(B_t, j)             (challenger = tc),
//              W_t(B, j) the transportation cost, here the GLR statistic Z_{B,j} of the
//              family (GK 2016 eq. (11); (mu_B - mu_j)^2 / (2 sigma^2 (1/N_B + 1/N_j)) for
//              Gaussian arms);
//   pull       B_t with probability beta, else C_t (selection = random, the 2022 paper;
//              the algorithm's own random stream), or deterministically
//              (selection = tracking, Jourdan & Degenne 2023's "K tracking procedures"):
//              L_B += 1, pull B_t if N^B_B <= beta L_B (N^B_B: pulls of B while it led),
//              else C_t.
// beta = 1/2 by default (the analysed choice). A round costs O(K). No w* is computed.
// See docs/algorithms/asymptotic.md.
#include <cmath>
#include <limits>
#include <optional>

#include "arm_statistics.hpp"
#include "chernoff_stopping.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/plugin.hpp"
#include "identification_checks.hpp"

namespace cpex::bestk {
namespace {

class TopTwo final : public Algorithm {
 public:
  explicit TopTwo(const ParamValues& p)
      : delta_(p.real("delta")),
        threshold_(glr_threshold(p.text("threshold"))),
        beta_(p.real("beta")),
        penalized_(p.text("challenger") == "tci"),
        tracking_(p.text("selection") == "tracking") {}

  void start(const AlgorithmContext& context) override {
    family_ = best_arm_family(context, "top-two");
    rng_ = context.rng;
    trace_ = context.trace;
    const std::size_t n = context.problem->num_arms;
    stats_.reset(n);
    led_.assign(n, 0);
    pulled_leading_.assign(n, 0);
  }

  bool next(Action& action) override {
    if (stats_.initial_arm(action.arm)) return true;
    const std::uint64_t t = stats_.total();
    const GlrStatistic z = glr_statistic(stats_, *family_);
    const double beta = glr_threshold_value(threshold_, t, delta_, stats_.arms());
    if (trace_) {
      trace_->record("glr", z.value);
      trace_->record("threshold", beta);
    }
    if (z.value > beta) return false;
    const std::size_t leader = z.best;
    const std::size_t challenger = penalized_ ? penalized_challenger(leader) : z.challenger;
    if (tracking_) {
      ++led_[leader];
      const bool lead = static_cast<double>(pulled_leading_[leader]) <= beta_ * static_cast<double>(led_[leader]);
      if (lead) ++pulled_leading_[leader];
      action.arm = lead ? leader : challenger;
    } else {
      action.arm = rng_.uniform01() < beta_ ? leader : challenger;
    }
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    stats_.add(action.arm, observation.reward);
  }

  Recommendation recommend() const override {
    Recommendation answer;
    answer.decision.arms = {empirical_best(stats_)};
    return answer;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"delta", delta_},
            {"threshold", std::string(to_string(threshold_))},
            {"beta", beta_},
            {"challenger", std::string(penalized_ ? "tci" : "tc")},
            {"selection", std::string(tracking_ ? "tracking" : "random")},
            {"family", std::string(family_ ? family_->name() : "")}};
  }

 private:
  // argmin_{j != leader} W(leader, j) + log N_j (TCI), smallest index among ties.
  std::size_t penalized_challenger(std::size_t leader) const {
    const double count_leader = static_cast<double>(stats_.count(leader));
    const double mean_leader = stats_.mean(leader);
    std::size_t arm = leader == 0 ? 1 : 0;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < stats_.arms(); ++j) {
      if (j == leader) continue;
      const double count = static_cast<double>(stats_.count(j));
      const double cost = family_->glr(count_leader, mean_leader, count, stats_.mean(j)) + std::log(count);
      if (cost < best) {
        best = cost;
        arm = j;
      }
    }
    return arm;
  }

  double delta_;
  GlrThreshold threshold_;
  double beta_;
  bool penalized_, tracking_;
  std::optional<numerics::ArmFamily> family_;
  RandomStream rng_;
  TraceSink* trace_ = nullptr;
  ArmStatistics stats_;
  std::vector<std::uint64_t> led_, pulled_leading_;  // L_i and N^i_i of the tracking selection
};

void register_top_two(Registry& registry) {
  AlgorithmEntry entry;
  entry.name = "top-two";
  entry.summary = "top-two sampling (Jourdan et al. 2022: EB leader, TCI/TC challenger, beta = 1/2) "
                  "with GLR stopping; Gaussian or Bernoulli arms, best arm";
  entry.needs.feedback = {FeedbackKind::SingleArm};
  entry.needs.oracles = {{"oracle", kLinearMaximization | kCardinality}};
  entry.needs.rewards = RewardRequirement::families_of({RewardFamily::Gaussian, RewardFamily::Bernoulli});
  add_glr_parameters(entry.schema);
  entry.schema.real("beta", 0.5, Range::open(0.0, 1.0), "probability (or share) of pulling the leader")
      .choice("challenger", "tci", {"tci", "tc"},
              "tci: argmin transportation cost + log N_j; tc: argmin transportation cost")
      .choice("selection", "random", {"random", "tracking"},
              "random: leader with probability beta; tracking: per-leader deterministic tracking "
              "of beta (Jourdan & Degenne 2023)");
  entry.create = [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
    return std::make_unique<TopTwo>(p);
  };
  registry.add(std::move(entry));
}

}  // namespace
}  // namespace cpex::bestk

CPEX_PLUGIN(cpex::bestk::register_top_two)
