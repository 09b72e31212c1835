// `sticky-track-and-stop`: Sticky Track-and-Stop (Degenne & Koolen, "Pure Exploration with
// Multiple Correct Answers", NeurIPS 2019) with the GLR stopping rule
// (cpex/identification/glr_sampler.hpp), for the queries with several correct answers: an epsilon-good arm
// (additive or relative) and "any arm above tau". Each round t (samples so far):
//   1. the confidence region C_t = {mu' : sum_a N_a d(mu_hat_a, mu'_a) <= log f(t)};
//   2. I_t = the answers i that are the oracle answer i_F(mu') (the correct answer of least
//      characteristic time) of some mu' in C_t; the sticky answer i_t = the first of I_t in a
//      fixed order: arm 0, 1, ..., K - 1 (the answer {a}), then "none above tau";
//   3. w_t = w*(mu_hat, Alt(i_t)) (numerics/characteristic_time.hpp, for that one answer),
//      projected onto {w_a >= eps_t}, eps_t = (K^2 + t)^(-1/2) / 2, and C-Tracked
//      (cpex/identification/tracking.hpp, as track-and-stop's tracking = c).
// The oracle answer: for Gaussian arms and an additive epsilon the best arm has the least
// characteristic time (the pieces of answer 1 dominate those of any other epsilon-good answer);
// we take i_F(mu') = argmax_a mu'_a for both epsilon-good forms, so a in I_t iff
//   min { sum_b N_b d(mu_hat_b, mu'_b) : mu'_a >= mu'_b for all b } <= log f(t),
// the arms above mu_hat_a and a itself meeting at their weighted mean (weights N_b / V_b, the
// families of one variance function); for "any arm above tau", i_F(mu') = {argmax mu'} when
// max mu' > tau (T*({a}) = 1/d(mu'_a, tau) is least for the largest mean), else {}: the same
// test with the meeting level raised to tau, and for {} the cost of lowering every arm above
// tau to tau. log f(t) = log t (Degenne & Koolen's analysis takes f(t) = C t^10, which at the
// deltas of experiments keeps every answer plausible for very long; log t is the level of the
// optimistic samplers, e.g. `game`). w* is solved again when i_t changes or t grew by a tenth
// since the last solve (track-and-stop's lazy schedule). Gaussian arms of unknown variance are
// refused (the meeting level has no closed form), as are queries with one correct answer
// (use track-and-stop). See docs/algorithms/identification-samplers.md.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>

#include "cpex/errors.hpp"
#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "cpex/identification/glr_sampler.hpp"
#include "cpex/identification/tracking.hpp"

namespace cpex::identification {
namespace {

class StickyTrackAndStop final : public GlrSampler {
 public:
  explicit StickyTrackAndStop(const ParamValues& p) : GlrSampler(p, "sticky-track-and-stop") {}

 protected:
  void begin(const AlgorithmContext& context) override {
    const Query query = context.oracles.front()->query();
    any_ = query.kind == Query::Kind::AnyAbove;
    tau_ = query.tau;
    const std::string problem_name = full_problem().name();
    if (!any_ && epsilon() <= 0.0)
      throw ParameterError("plugin", "needs a query with several correct answers (an epsilon-good arm: set "
                                     "epsilon > 0; any arm above tau), not the " + problem_name +
                                         " query: use track-and-stop");
    if (families().front().kind() == numerics::ArmFamily::Kind::GaussianUnknownVariance)
      throw ParameterError("plugin", "needs arms of a known variance function, not " +
                                         std::string(families().front().name()) + " arms (the " + problem_name +
                                         " query)");
    numerics::CharacteristicTimeOptions options;
    options.relative_gap = 1e-6;
    options.max_iterations = 300;
    options.certify = false;  // only the weights are tracked: no O(K) certificate per solve
    solver_.emplace(problem(), options);
    const std::size_t n = means().size();
    order_.resize(n);
    ordered_means_.clear();
    tracking_.reset(n, 1.0);
    sticky_ = Decision{};
    next_solve_ = 0;
    solved_certificates_ = 0;
  }

  std::size_t sample(std::uint64_t t) override {
    const std::size_t k = means().size();
    const Decision& sticky = sticky_answer(std::log(static_cast<double>(t)));
    if (t >= next_solve_ || !(sticky == solved_for_) || certificates() != solved_certificates_) {
      weights_ = solver_->solve_for(means(), families(), sticky).weights;
      solved_for_ = sticky;
      solved_certificates_ = certificates();
      next_solve_ = t + std::max<std::uint64_t>(1, t / 10);
    }
    return tracking_.track(weights_, c_tracking_floor(k, t), counts());
  }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override { return {}; }

 private:
  // The first answer, in the fixed order, that is the oracle answer of a plausible mean.
  const Decision& sticky_answer(double level) {
    sort_by_mean();
    for (std::size_t a = 0; a < means().size(); ++a)
      if (cost_to_lead(a, level) <= level) {
        sticky_.arms.assign(1, a);
        return sticky_;
      }
    sticky_.arms.clear();  // "none above tau" (or, for epsilon-good, unreachable: a leader exists)
    if (!any_) sticky_.arms.assign(1, order_.front());
    return sticky_;
  }

  // order_ = the arms by decreasing empirical mean, ties by index (a stable sort of 0 ... K - 1
  // by mean: one order, whatever way it is reached). Kept from round to round: the arms whose
  // mean changed since (the one pulled) are taken out and put back at their place (O(K) moves,
  // not a sort of the K arms each round).
  void sort_by_mean() {
    const std::vector<double>& mu = means();
    const auto before = [&](std::size_t a, std::size_t b) { return mu[a] > mu[b] || (mu[a] == mu[b] && a < b); };
    moved_.clear();
    if (ordered_means_.size() == mu.size())
      for (std::size_t a = 0; a < mu.size() && moved_.size() <= kFewMoved; ++a)
        if (mu[a] != ordered_means_[a]) moved_.push_back(a);
    if (ordered_means_.size() != mu.size() || moved_.size() > kFewMoved) {
      std::iota(order_.begin(), order_.end(), std::size_t{0});
      std::sort(order_.begin(), order_.end(), before);
    } else {
      for (std::size_t a : moved_) order_.erase(std::find(order_.begin(), order_.end(), a));
      for (std::size_t a : moved_) order_.insert(std::lower_bound(order_.begin(), order_.end(), a, before), a);
    }
    ordered_means_.assign(mu.begin(), mu.end());
  }

  // min sum_b N_b d(mu_hat_b, mu'_b) over the mu' where a is the largest mean (and above tau
  // for "any arm above tau"): a and the arms above the meeting level, at their weighted mean.
  // Past `limit` the sum is returned as it stands (its terms are >= 0, and a rounded sum of
  // non-negative terms never decreases, so it stays above: the same test, fewer divergences).
  double cost_to_lead(std::size_t a, double limit) const {
    const double mu_a = means()[a];
    double weight = precision(a), pooled = mu_a * weight;
    double level = mu_a;
    for (std::size_t b : order_) {
      if (b == a) continue;
      if (!(means()[b] > level)) break;
      weight += precision(b);
      pooled += means()[b] * precision(b);
      level = pooled / weight;
    }
    if (any_) level = std::max(level, tau_);
    double cost = counts()[a] * families()[a].kl(mu_a, std::max(mu_a, level));
    for (std::size_t b : order_) {
      if (cost > limit) return cost;
      if (b == a) continue;
      if (!(means()[b] > level)) break;
      cost += counts()[b] * families()[b].kl(means()[b], level);
    }
    return cost;
  }

  // N_b / V_b: the weight of arm b in the meeting level (V common to the arms unless Gaussian).
  double precision(std::size_t b) const {
    const numerics::ArmFamily& f = families()[b];
    return f.kind() == numerics::ArmFamily::Kind::Gaussian ? counts()[b] / (f.sigma() * f.sigma()) : counts()[b];
  }

  bool any_ = false;
  double tau_ = 0.0;
  std::optional<numerics::CharacteristicTimeSolver> solver_;
  CumulativeTracking tracking_;
  static constexpr std::size_t kFewMoved = 8;  // more moved arms than this: sort again
  std::vector<std::size_t> order_, moved_;
  std::vector<double> ordered_means_;  // the means order_ is sorted by
  std::vector<double> weights_;
  Decision sticky_, solved_for_;
  std::uint64_t next_solve_ = 0, solved_certificates_ = 0;
};

void register_sticky_track_and_stop(Registry& registry) {
  register_glr_sampler<StickyTrackAndStop>(
      registry, {"sticky-track-and-stop",
                 "Sticky Track-and-Stop (Degenne & Koolen 2019: track w* of the first plausible oracle answer) "
                 "with GLR stopping; queries with several correct answers (epsilon-good arm, any arm above tau)"});
}

}  // namespace
}  // namespace cpex::identification

CPEX_PLUGIN(cpex::identification::register_sticky_track_and_stop)
