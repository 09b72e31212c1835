// `game`: pure exploration as a game (Degenne, Koolen & Menard, "Non-Asymptotic Pure
// Exploration by Solving Games", NeurIPS 2019), with the GLR stopping rule
// (cpex/identification/glr_sampler.hpp), on any identification problem of the pipeline. Each round
// t (samples so far) after the initial pass, with i the empirical answer:
//   1. the learner of i (one AdaHedge learner per answer met, numerics/ada_hedge.hpp with
//      Koolen's initial gap 0.01 — the paper's "k-learner" version, as in Koolen's
//      implementation) plays w_t in the simplex;
//   2. the lambda-player best-responds: lambda_t = argmin_{lambda in Alt(i)} sum_a w_a
//      d(mu_hat_a, lambda_a) (the problem's exact best response; lambda_a = mu_hat_a for the
//      arms the piece does not move);
//   3. the learner is given the optimistic gains U_a = max(d(hi_a, lambda_a), d(lo_a, lambda_a),
//      f / N_a), [lo_a, hi_a] the KL confidence interval {q : N_a d(mu_hat_a, q) <= f}
//      (cpex/identification/optimistic_gains.hpp: the bounds to 1e-12 on the interval's outside,
//      each round's from the round before's, Gaussian ones in closed form):
//      the largest divergence to lambda_a of a plausible mean, at least the interval's own level
//      (Koolen's code; the paper's f(t - 1) with f(t) = log t). The level f is log t rounded up
//      to a multiple of 1/64 (`level-grid = 64`, a reading: at most 1/64 more optimistic than
//      log t, and the same for ~t/64 rounds, so that a round recomputes the KL bounds of the
//      arm pulled since only; `level-grid = 0`: log t every round, Koolen's);
//   4. C-Tracking of the played weights: pull argmax_a sum_{s <= t} w_a(s) - N_a(t), the sum
//      started at the counts when the game starts (Koolen's CTracking(N);
//      cpex/identification/tracking.hpp; no forced exploration, as the optimism explores).
// Before the game starts, an arm whose empirical mean is at an end of the family's means
// (Bernoulli 0 or 1, Poisson 0: lambda_a = mu_hat_a there makes the divergence of a plausible
// mean infinite) is pulled, the least-sampled first, until none is (Koolen's code: Bernoulli
// arms are pulled until 0 < S_a < N_a); a gain that is still not finite is clipped at
// kLargestGain. Options, not the paper's: `optimism = none` (the empirical gains
// d(mu_hat_a, lambda_a)), `tracking = d` (D-Tracking of w_t, Koolen's DTracking). Per round: one
// best response (O(K) for the best arm, O(m (K - m)) for top-m), the pulled arm's KL bounds (all
// 2K when the level moves) and AdaHedge's O(K).
// See docs/algorithms/identification-samplers.md.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "cpex/numerics/ada_hedge.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "cpex/identification/glr_sampler.hpp"
#include "cpex/identification/optimistic_gains.hpp"
#include "cpex/identification/tracking.hpp"

namespace cpex::identification {
namespace {

constexpr double kLargestGain = 1e6;
constexpr double kInfiniteGain = std::numeric_limits<double>::infinity();
constexpr double kInitialGap = 0.01;

class Game final : public GlrSampler {
 public:
  explicit Game(const ParamValues& p)
      : GlrSampler(p, "game"),
        optimistic_(p.text("optimism") == "log-t"),
        cumulative_(p.text("tracking") == "c"),
        level_grid_(static_cast<std::uint64_t>(p.integer("level-grid"))) {}

 protected:
  void begin(const AlgorithmContext&) override {
    learners_.clear();
    started_ = false;
    degenerate_left_ = true;
    gains_.assign(means().size(), 0.0);
    gains_of_.reset(means().size());  // no bound yet: the first are computed afresh
  }

  std::size_t sample(std::uint64_t t) override {
    const std::size_t k = means().size();
    if (degenerate_left_) {
      const std::size_t degenerate = degenerate_arm();
      if (degenerate < k) return degenerate;
      // No arm is at an end, and none comes back to one: a Bernoulli arm with 0 < S < N keeps
      // 0 < S' < N' whatever it draws, a Poisson arm with S > 0 keeps S' > 0.
      degenerate_left_ = false;
    }
    if (!started_) {
      tracking_.reset(counts());  // the counts when the game starts, end-of-range pulls included
      started_ = true;
    }
    numerics::AdaHedge& learner = learners_.try_emplace(answer().arms, k, kInitialGap).first->second;
    const std::vector<double>& played = learner.weights();  // w_t, until learner.gain below
    problem().best_response(played, means(), families(), answer(), response_);
    lambda_.assign(means().begin(), means().end());
    for (std::size_t j = 0; j < response_.arms.size(); ++j) lambda_[response_.arms[j]] = response_.point[j];
    if (optimistic_) {
      gains_of_.compute(families(), means(), counts(), optimism_level_on_grid(t, level_grid_),
                        lambda_, gains_);
    } else {
      // optimism = none: the empirical gains d(mu_hat_a, lambda_a) (0 on the arms lambda does not move).
      for (std::size_t a = 0; a < k; ++a) gains_[a] = families()[a].kl(means()[a], lambda_[a]);
    }
    // A gain not finite, or above kLargestGain, is kLargestGain (one vector pass).
    for (double& gain : gains_)
      gain = gain < kLargestGain && gain > -kInfiniteGain ? gain : kLargestGain;
    const std::size_t arm =
        track(played, t);  // the arm that tracks w_t (before the learner moves on)
    learner.gain(gains_);
    return arm;
  }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override {
    return {{"optimism", std::string(optimistic_ ? "log-t" : "none")},
            {"tracking", std::string(cumulative_ ? "c" : "d")},
            {"level-grid", static_cast<std::int64_t>(level_grid_)}};
  }

 private:
  // The arm that tracks the round's weights: C-Tracking of their running sum (the paper's), or
  // D-Tracking of the weights themselves (tracking = d; t the samples so far).
  std::size_t track(const std::vector<double>& weights, std::uint64_t t) {
    return cumulative_ ? tracking_.track(weights, 0.0, counts())
                       : direct_tracking(weights, counts(), t);
  }

  // The least-sampled arm whose mean is at an end of the family's means (Bernoulli 0 or 1,
  // Poisson 0), where a plausible mean's divergence to it is infinite; K when none.
  std::size_t degenerate_arm() const {
    const std::size_t k = means().size();
    std::size_t arm = k;
    for (std::size_t a = 0; a < k; ++a) {
      const auto kind = families()[a].kind();
      const double m = means()[a];
      const bool end = (kind == numerics::ArmFamily::Kind::Bernoulli && (m <= 0.0 || m >= 1.0)) ||
                       (kind == numerics::ArmFamily::Kind::Poisson && m <= 0.0);
      if (end && (arm == k || counts()[a] < counts()[arm])) arm = a;
    }
    return arm;
  }

  std::map<std::vector<std::size_t>, numerics::AdaHedge> learners_;
  CumulativeTracking tracking_;
  bool optimistic_;  // optimism = log-t (the paper's gains) or none (the empirical gains)
  bool cumulative_;  // tracking = c (the paper's C-Tracking) or d (D-Tracking)
  std::uint64_t level_grid_;  // the level's grid points per unit (0: log t every round)
  bool started_ = false;
  bool degenerate_left_ = true;  // whether an arm may still be at an end of its family's means
  numerics::BestResponse response_;
  std::vector<double> lambda_, gains_;
  OptimisticGains gains_of_;  // each arm's KL confidence bounds of the last round
};

void register_game(Registry& registry) {
  register_glr_sampler<Game>(
      registry,
      {"game",
       "game-based sampling (Degenne, Koolen & Menard 2019: AdaHedge per answer against the best "
       "response, "
       "optimistic gains, C-tracking) with GLR stopping; any identification problem",
       "1.1"},  // 1.1: the level on a grid, AdaHedge's fused exponential (2026-11-30)
      {.keys = [](ParamSchema& schema) {
        schema.choice("optimism", "log-t", {"log-t", "none"},
                      "log-t: the paper's optimistic gains, KL box of level log t (Koolen's code); none: the "
                      "empirical gains d(mu_hat_a, lambda_a), not the paper's algorithm (no exploration, no guarantee)");
        schema.choice("tracking", "c", {"c", "d"},
                      "c: C-Tracking of the learner's weights (the paper's; Koolen's CTracking); d: D-Tracking, "
                      "argmax_a t w_a - N_a (Koolen's DTracking, which his code also takes; no forced exploration)");
        schema.integer(
            "level-grid", 64, Range::closed(0, 1 << 20),
            "the optimism's level log t rounded up to a multiple of 1/level-grid (at most that "
            "much more optimistic; the KL bounds of unpulled arms kept until it moves); 0: log t "
            "every round (Koolen's code)");
      }});
}

}  // namespace
}  // namespace cpex::identification

CPEX_PLUGIN(cpex::identification::register_game)
