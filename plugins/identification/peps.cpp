// `peps`: posterior-sampling exploration with an online allocation learner, after Li,
// Jamieson & Jain ("Optimal Exploration is no harder than Thompson Sampling", AISTATS 2024):
// the alternative is reached through posterior samples and the argmax oracle only, and a
// no-regret learner over the arms plays the max-min game whose value is T*(mu)^{-1}; GLR
// stopping (cpex/identification/glr_sampler.hpp), on any decision class with linear maximization.
//
// Each round t (after one pull of every arm), with S_hat the empirical answer:
//   w_t      the learner's allocation (AdaHedge over the arms, numerics/ada_hedge.hpp);
//   sample   8 posterior samples theta ~ N(mu_a, c V_a / N_a), each giving a competitor when the
//            oracle's argmax S~ beats S_hat under it (cpex/identification/posterior_competitor.hpp):
//            the sample lies in the alternative of S_hat. c starts at 1; after 8 draws without a
//            competitor it is multiplied by 4 (up to 2^40), and halves (down to 1) after each
//            round with one;
//   response lambda_t: mu projected, under the weights w_t, on the half-space
//            {lambda : lambda(S~) >= lambda(S_hat)} of the closest of the round's competitors
//            (numerics::sum_transport; the least cost sum_a w_a d_a(mu_a, lambda_a));
//            the learner gains g_a = d_a(mu_a, lambda_t,a) (the game's payoff, linear in w);
//   pull     cumulative tracking of sum_s w_s: argmax_a (sum_s w_s,a - N_a), ties to the
//            smaller index, after a forced pull of any arm with N_a < sqrt(t) - K/2 (GK 2016).
// Choices (the paper's pseudo-code could not be read here, only its abstract and the authors'
// code, whose gains are the posterior samples' own and every arm's: the differences and their
// measured effects are in docs/algorithms/identification-oracle.md, with why K = 1,000 is at
// ~2x the limit: the learner's allocation converges slowly): the projection onto the
// competitor's half-space (one closed-form transport, no enumeration); the closest of the round's competitors, not the
// first (with the first, an inflated posterior's far competitor — the worst arm entering the
// top-m — drew the learner's allocation onto that arm: 5 of 60 top-2 runs took 45k-466k
// samples, T* log(1/delta) = 1,080); AdaHedge as the learner, the inflation
// schedule that keeps the rejection sampling cheap as the posterior concentrates (without
// it, the probability of the alternative falls like exp(-GLR)), and the fallback: when no
// competitor appears at the largest inflation, the problem's best response at w_t.
// A round costs (on average a few) posterior samples and oracle calls, one transport over
// |S~ ^ S_hat| arms, and O(K) for the learner and the tracking.
#include <cmath>
#include <limits>

#include "cpex/numerics/ada_hedge.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "cpex/identification/glr_sampler.hpp"
#include "cpex/identification/posterior_competitor.hpp"
#include "cpex/identification/tracking.hpp"

namespace cpex::identification {
namespace {

constexpr int kDrawsPerInflation = 8;
constexpr double kLargestInflation = 1099511627776.0;  // 2^40

class Peps final : public GlrSampler {
 public:
  explicit Peps(const ParamValues& p) : GlrSampler(p, "peps") {}

 protected:
  void begin(const AlgorithmContext& context) override {
    oracle_ = &draw_.bind(context, name());
    rng_ = context.rng;
    const std::size_t n = means().size();
    learner_.reset(n);
    cumulative_.assign(n, 0.0);
    gains_.assign(n, 0.0);
    inflation_ = 1.0;
    started_ = false;
    fallbacks_ = 0;
  }

  std::size_t sample(std::uint64_t t) override {
    const std::size_t n = means().size();
    if (!started_) {
      cumulative_ = counts();  // the initial pass counts as allocated
      started_ = true;
    }
    const std::vector<double>& w = learner_.weights();
    respond(w);
    for (std::size_t a = 0; a < n; ++a) cumulative_[a] += w[a];
    learner_.gain(gains_);
    // Forced exploration, then cumulative tracking.
    std::size_t pick = forced_exploration_arm(counts(), t);
    if (pick < n) return pick;
    pick = 0;
    for (std::size_t a = 1; a < n; ++a)
      if (cumulative_[a] - counts()[a] > cumulative_[pick] - counts()[pick]) pick = a;
    return pick;
  }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override { return {}; }

 private:
  // The round's alternative point from posterior competitors, and the learner's gains: of the
  // draws at the first inflation that yields a competitor, the competitor whose half-space is
  // closest under w (the min player of the game over the alternatives the posterior reached).
  void respond(const std::vector<double>& w) {
    while (true) {
      draw_.refresh(means(), counts(), families(), inflation_);
      double closest = std::numeric_limits<double>::infinity();
      for (int i = 0; i < kDrawsPerInflation; ++i) {
        if (!draw_.draw(*oracle_, answer(), rng_)) continue;
        const double cost = numerics::sum_transport(draw_.up(), draw_.down(), w, means(), families(), point_);
        if (!(cost < closest)) continue;
        closest = cost;
        std::fill(gains_.begin(), gains_.end(), 0.0);
        std::size_t j = 0;
        for (std::size_t a : draw_.up()) gains_[a] = families()[a].kl(means()[a], point_[j++]);
        for (std::size_t a : draw_.down()) gains_[a] = families()[a].kl(means()[a], point_[j++]);
      }
      if (closest < std::numeric_limits<double>::infinity()) {
        inflation_ = std::max(1.0, inflation_ / 2.0);
        return;
      }
      if (inflation_ >= kLargestInflation) break;
      inflation_ *= 4.0;
    }
    ++fallbacks_;
    std::fill(gains_.begin(), gains_.end(), 0.0);
    problem().best_response(w, means(), families(), answer(), response_);
    for (std::size_t i = 0; i < response_.arms.size(); ++i) {
      const std::size_t a = response_.arms[i];
      gains_[a] = families()[a].kl(means()[a], response_.point[i]);
    }
  }

  const Oracle* oracle_ = nullptr;
  RandomStream rng_;
  numerics::AdaHedge learner_;
  PosteriorCompetitor draw_;
  std::vector<double> cumulative_, gains_, point_;
  numerics::BestResponse response_;
  double inflation_ = 1.0;
  bool started_ = false;
  std::uint64_t fallbacks_ = 0;
};

void register_peps(Registry& registry) {
  register_glr_sampler<Peps>(
      registry,
      {"peps",
       "PEPS (Li, Jamieson & Jain 2024): posterior samples and the argmax oracle reach the "
       "alternative, an AdaHedge learner allocates, cumulative tracking; GLR stopping",
       "1.1"},  // 1.1: AdaHedge's fused exponential (2026-11-30)
      {.needs = needs_argmax_oracle});
}

}  // namespace
}  // namespace cpex::identification

CPEX_PLUGIN(cpex::identification::register_peps)
