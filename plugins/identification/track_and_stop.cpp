// `track-and-stop`: Track-and-Stop of Garivier & Kaufmann (COLT 2016) on any identification
// problem of the pipeline (cpex/identification/glr_sampler.hpp: best arm, top-m, epsilon-good arm,
// thresholds, matroid bases, listed classes; Gaussian, Bernoulli, Poisson, Exponential or
// unknown-variance arms).
//
// Sampling (their §3.1), after the initial pass:
//   tracking = d  D-Tracking: if U_t = {a : N_a(t) < sqrt(t) - K/2} is not empty, pull
//                 argmin_{a in U_t} N_a(t); else argmax_a t w*_a(mu_hat(t)) - N_a(t).
//   tracking = c  C-Tracking: pull argmax_a sum_{s <= t} w^{eps_s}_a(mu_hat(s)) - N_a(t),
//                 w^eps the L-infinity projection of w* onto {w in simplex : w_a >= eps},
//                 eps_s = (K^2 + s)^{-1/2} / 2. The projection we use raises the weights
//                 below eps to eps and lowers the others by a common amount (water
//                 filling), which moves no weight further than any other projection. The
//                 sum starts at the initial counts (one per arm) (cpex/identification/tracking.hpp).
//   forced-exploration = sqrt-t (the paper): the floors above; k-aware: D-Tracking
//                 forces the arms below 3 sqrt(t/K), C-Tracking's eps_s is multiplied by
//                 min(1, 3/sqrt(K)) (each arm's floor sum_s eps_s ~ 3 sqrt(t/K)): the forced pulls
//                 total ~3 sqrt(K t) rather than K sqrt(t), from the first rounds on; GK's proof of
//                 asymptotic optimality (Theorem 14) holds with any floor c sqrt(t) - b
//                 (cpex/identification/tracking.hpp; docs/algorithms/asymptotic.md); auto
//                 (default): k-aware for D-Tracking from kKAwareFromArms = 20 arms, sqrt-t otherwise (GK's
//                 -K/2 delays forcing to round K^2/4, and its K sqrt(t) forced pulls weigh: on
//                 1,000 Gaussian arms 5.2 x T* log(1/delta) against 1.5 k-aware; C-Tracking's
//                 smaller floor did not help it: 1.99 against 1.90 on 50 arms).
// w*(mu_hat) from numerics::CharacteristicTimeSolver: Garivier & Kaufmann's Theorem 5 for the
// best arm of one exponential family (tolerance 1e-12), closed forms for thresholds, cutting
// planes otherwise; with several correct answers (epsilon-good) the weights of the answer of
// least T* (their epsilon-Track-and-Stop). `recompute`:
//   every  w* solved every round (the paper);
//   lazy   solved again only when the empirical answer changes or t reaches 1001/1000 of the
//          round of the last solve (D-Tracking where w* has a closed form or a dedicated
//          solver), 101/100 (cutting planes; C-Tracking) (a geometric schedule in the spirit of Jedra & Proutière 2020's
//          lazy updates: about 1000 ln(t) or 100 ln(t) solves in t rounds instead of t; stale
//          weights cost D-Tracking samples: on 1,000 Gaussian arms at delta = 1e-6, 1.50 x
//          T* log(1/delta) with 1/100, 1.36 with 1/1000, 1.30 solving every round; with 11/10,
//          20% more samples on 100 Bernoulli arms);
//   auto   (default) every for problems with a closed form or a dedicated solver (the best arm
//          of one exponential family, thresholds: microseconds a solve) and fewer than 100 arms,
//          lazy for those solved by cutting planes (a fraction of a millisecond to milliseconds a
//          solve) and from 100 arms on (a dedicated solve is O(K)).
// Ties of the argmin / argmax go to the smallest index. See docs/algorithms/identification.md.
#include <cmath>
#include <limits>
#include <optional>

#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "cpex/identification/glr_sampler.hpp"
#include "cpex/identification/tracking.hpp"

namespace cpex::identification {
namespace {

// From this many arms `recompute = auto` solves w* lazily even where a solve is closed-form.
constexpr std::size_t kLazyFromArms = 100;
// The lazy schedule's step: a solve once t has grown by 1/kLazySteps since the last one, by
// 1/1000 for D-Tracking where w* has a closed form or a dedicated solver (O(K) a solve), by
// 1/100 where it takes cutting planes (milliseconds a solve) and for C-Tracking, whose running
// sum averages the weights over the run and barely depends on the step (an independent
// C-Tracking: 2.40 x T* log(1/delta) with a 5% step, 2.39 solving every round, on 1,000 arms).
constexpr std::uint64_t kLazyStepsDedicated = 1000, kLazyStepsCuttingPlanes = 100;

class TrackAndStop final : public GlrSampler {
 public:
  explicit TrackAndStop(const ParamValues& p)
      : GlrSampler(p, "track-and-stop"),
        c_tracking_(p.text("tracking") == "c"),
        forced_option_(p.text("forced-exploration")),
        recompute_(p.text("recompute")) {}

 protected:
  void begin(const AlgorithmContext&) override {
    // w* is tracked, not reported: a certified relative gap of 1e-6 is plenty.
    numerics::CharacteristicTimeOptions options;
    options.relative_gap = 1e-6;
    options.max_iterations = 300;
    options.certify = false;  // only the weights are tracked: no O(K) certificate per solve
    solver_.emplace(problem(), options);
    lazy_ = recompute_ == "lazy";
    // auto: lazy unless w* has a closed form or a dedicated solver for these families and
    // there are fewer than kLazyFromArms arms (a dedicated solve is O(K) Newton steps: 65 us
    // a round at K = 100 Bernoulli arms, 1 ms at K = 1,000; lazy: 3.8 us and 44 us).
    if (recompute_ == "auto")
      lazy_ = !problem().has_known_allocation(families()) || counts().size() >= kLazyFromArms;
    lazy_steps_ = !c_tracking_ && problem().has_known_allocation(families()) ? kLazyStepsDedicated
                                                                             : kLazyStepsCuttingPlanes;
    const std::size_t n = counts().size();
    forced_ = forced_option_ == "k-aware" || (forced_option_ == "auto" && !c_tracking_ && n >= kKAwareFromArms)
                  ? ForcedExploration::KAware
                  : ForcedExploration::SqrtT;
    tracking_.reset(n, 1.0);  // C-tracking's sum of weights, started at the initial counts
    next_solve_ = 0;
    solved_for_ = Decision{};
    solved_certificates_ = 0;
  }

  std::size_t sample(std::uint64_t t) override { return c_tracking_ ? c_tracking(t) : d_tracking(t); }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override {
    std::vector<std::pair<std::string, ParamValue>> out = {{"tracking", std::string(c_tracking_ ? "c" : "d")}};
    if (lazy_) out.emplace_back("recompute", std::string("lazy"));
    if (forced_ == ForcedExploration::KAware) out.emplace_back("forced-exploration", std::string("k-aware"));
    return out;
  }

 private:
  // w*(mu_hat(t)), solved again as `recompute` says.
  const std::vector<double>& weights(std::uint64_t t) {
    same_weights_ = true;
    if (!lazy_ || t >= next_solve_ || !(answer() == solved_for_) || certificates() != solved_certificates_) {
      same_weights_ = false;
      weights_ = solver_->solve(means(), families()).weights;
      solved_for_ = answer();
      solved_certificates_ = certificates();
      next_solve_ = t + std::max<std::uint64_t>(1, t / lazy_steps_);
    }
    return weights_;
  }

  // D-Tracking (the SDK's): w* is solved only when no arm is forced.
  std::size_t d_tracking(std::uint64_t t) {
    const std::size_t forced = forced_exploration_arm(counts(), t, forced_);
    if (forced < counts().size()) return forced;
    return identification::d_tracking(weights(t), counts(), t, forced_);
  }

  std::size_t c_tracking(std::uint64_t t) {
    const std::size_t k = counts().size();
    const std::vector<double>& w = weights(t);
    return tracking_.track(w, c_tracking_floor(k, t, forced_), counts(), same_weights_);
  }

  bool c_tracking_;
  std::string forced_option_;
  ForcedExploration forced_ = ForcedExploration::SqrtT;
  std::string recompute_;
  bool lazy_ = false;
  std::uint64_t lazy_steps_ = kLazyStepsCuttingPlanes;  // the lazy schedule: a solve once t grew by 1/lazy_steps_
  std::optional<numerics::CharacteristicTimeSolver> solver_;
  std::vector<double> weights_;
  bool same_weights_ = false;  // whether the last weights() returned the weights of the call before
  CumulativeTracking tracking_;
  std::uint64_t solved_certificates_ = 0;
  std::uint64_t next_solve_ = 0;
  Decision solved_for_;
};

void register_track_and_stop(Registry& registry) {
  const auto keys = [](ParamSchema& schema) {
    schema
        .choice("tracking", "d", {"d", "c"},
                "d: D-Tracking with forced exploration (sqrt(t) - K/2); c: C-Tracking of the projected weights")
        .choice("forced-exploration", "auto", {"auto", "sqrt-t", "k-aware"},
                "sqrt-t: the paper's floors (D: N_a >= sqrt(t) - K/2; C: eps_s = (K^2 + s)^(-1/2) / 2); "
                "k-aware: each arm's floor times min(1, 3/sqrt(K)) (D: N_a >= 3 sqrt(t/K)), from the first round; "
                "auto: k-aware for D-Tracking from 20 arms, sqrt-t otherwise")
        .choice("recompute", "auto", {"auto", "every", "lazy"},
                "every: solve w*(mu_hat) every round; lazy: when the empirical answer changes or t grew by "
                "0.1% (D-Tracking, closed form or dedicated solver) or 1% (cutting planes; C-Tracking) since the last solve; auto: every where w* has a closed form or a dedicated solver "
                "(best arm of one family, thresholds) and K < 100, lazy where it takes cutting planes or K >= 100");
  };
  register_glr_sampler<TrackAndStop>(
      registry,
      {"track-and-stop", "Track-and-Stop (Garivier & Kaufmann 2016): track w*(mu_hat), GLR stopping; any "
                         "identification problem (best arm, top-m, epsilon-good, thresholds, matroids, the Pareto "
                         "set and the constrained best arm of vector-valued arms)",
       "2.2"},
      {.keys = keys, .needs = [](AlgorithmNeeds& needs) { needs.feedback.push_back(FeedbackKind::MultiObjective); }});
}

}  // namespace
}  // namespace cpex::identification

CPEX_PLUGIN(cpex::identification::register_track_and_stop)
