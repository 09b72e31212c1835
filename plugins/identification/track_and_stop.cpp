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
// w*(mu_hat) from numerics::CharacteristicTimeSolver: Garivier & Kaufmann's Theorem 5 for the
// best arm of one exponential family (tolerance 1e-12), closed forms for thresholds, cutting
// planes otherwise; with several correct answers (epsilon-good) the weights of the answer of
// least T* (their epsilon-Track-and-Stop). `recompute`:
//   every  w* solved every round (the paper);
//   lazy   solved again only when the empirical answer changes or t reaches 101/100 of the
//          round of the last solve (a geometric schedule in the spirit of Jedra & Proutière
//          2020's lazy updates: about 100 ln(t) solves in t rounds instead of t; with 11/10 the
//          weights went stale enough to cost 20% more samples on 100 Bernoulli arms);
//   auto   (default) every for problems with a closed form or a dedicated solver (the best arm
//          of one exponential family, thresholds: microseconds a solve), lazy for those solved
//          by cutting planes (a fraction of a millisecond to milliseconds a solve).
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

class TrackAndStop final : public GlrSampler {
 public:
  explicit TrackAndStop(const ParamValues& p)
      : GlrSampler(p, "track-and-stop"), c_tracking_(p.text("tracking") == "c"), recompute_(p.text("recompute")) {}

 protected:
  void begin(const AlgorithmContext&) override {
    // w* is tracked, not reported: a certified relative gap of 1e-6 is plenty.
    numerics::CharacteristicTimeOptions options;
    options.relative_gap = 1e-6;
    options.max_iterations = 300;
    solver_.emplace(problem(), options);
    lazy_ = recompute_ == "lazy";
    // auto: lazy unless w* has a closed form or a dedicated solver for these families.
    if (recompute_ == "auto") lazy_ = !problem().has_known_allocation(families());
    const std::size_t n = counts().size();
    tracking_.reset(n, 1.0);  // C-tracking's sum of weights, started at the initial counts
    next_solve_ = 0;
    solved_for_ = Decision{};
    solved_certificates_ = 0;
  }

  std::size_t sample(std::uint64_t t) override { return c_tracking_ ? c_tracking(t) : d_tracking(t); }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override {
    std::vector<std::pair<std::string, ParamValue>> out = {{"tracking", std::string(c_tracking_ ? "c" : "d")}};
    if (lazy_) out.emplace_back("recompute", std::string("lazy"));
    return out;
  }

 private:
  // w*(mu_hat(t)), solved again as `recompute` says.
  const std::vector<double>& weights(std::uint64_t t) {
    if (!lazy_ || t >= next_solve_ || !(answer() == solved_for_) || certificates() != solved_certificates_) {
      weights_ = solver_->solve(means(), families()).weights;
      solved_for_ = answer();
      solved_certificates_ = certificates();
      next_solve_ = t + std::max<std::uint64_t>(1, t / 100);
    }
    return weights_;
  }

  // D-Tracking (the SDK's): w* is solved only when no arm is forced.
  std::size_t d_tracking(std::uint64_t t) {
    const std::size_t forced = forced_exploration_arm(counts(), t);
    if (forced < counts().size()) return forced;
    return identification::d_tracking(weights(t), counts(), t);
  }

  std::size_t c_tracking(std::uint64_t t) {
    const std::size_t k = counts().size();
    const double eps = 0.5 / std::sqrt(static_cast<double>(k * k) + static_cast<double>(t));
    return tracking_.track(weights(t), eps, counts());
  }

  bool c_tracking_;
  std::string recompute_;
  bool lazy_ = false;
  std::optional<numerics::CharacteristicTimeSolver> solver_;
  std::vector<double> weights_;
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
        .choice("recompute", "auto", {"auto", "every", "lazy"},
                "every: solve w*(mu_hat) every round; lazy: when the empirical answer changes or t grew by "
                "1% since the last solve; auto: every where w* has a closed form or a dedicated solver "
                "(best arm of one family, thresholds), lazy where it takes cutting planes");
  };
  register_glr_sampler<TrackAndStop>(
      registry,
      {"track-and-stop", "Track-and-Stop (Garivier & Kaufmann 2016): track w*(mu_hat), GLR stopping; any "
                         "identification problem (best arm, top-m, epsilon-good, thresholds, matroids, the Pareto "
                         "set and the constrained best arm of vector-valued arms)",
       "2.1"},
      {.keys = keys, .needs = [](AlgorithmNeeds& needs) { needs.feedback.push_back(FeedbackKind::MultiObjective); }});
}

}  // namespace
}  // namespace cpex::identification

CPEX_PLUGIN(cpex::identification::register_track_and_stop)
