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
// (use track-and-stop). The scan for i_t (plausibility-scan = pruned, the default, for arms of
// one exponential family) skips the arms whose cost to lead is certified above the level: a
// certificate from prefix sums over the arms sorted by mean (O(log K)), kept from round to
// round less what each pull can lower any arm's cost (Bregman's identity, observe()), so a
// round tests a few arms exactly instead of every arm before i_t; every-arm tests each in turn
// (the same answers, for verification). See docs/algorithms/identification-samplers.md.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <optional>
#include <utility>
#include <vector>

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
  explicit StickyTrackAndStop(const ParamValues& p)
      : GlrSampler(p, "sticky-track-and-stop"),
        scan_pruned_(p.text("plausibility-scan") == "pruned") {}

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
    pruned_ = scan_pruned_ && families().front().exponential_family() &&
              std::all_of(families().begin(), families().end(),
                          [&](const numerics::ArmFamily& f) { return f == families().front(); });
    prefix_.reserve(means().size() + 1);
    phi_.assign(means().size(), 0.0);
    phi_mean_.assign(means().size(), std::numeric_limits<double>::quiet_NaN());
    verdicts_.assign(kVerdictSlots, Verdict{});
    round_ = 0;
    centre_ = std::numeric_limits<double>::quiet_NaN();
    certified_.assign(means().size(), -std::numeric_limits<double>::infinity());
    drop_at_.assign(means().size(), 0.0);
    certified_round_.assign(means().size(), 0);
    drop_ = 0.0;
    const std::size_t n = means().size();
    ordered_ = false;
    observed_.clear();
    tracking_.reset(n, 1.0);
    sticky_ = Decision{};
    next_solve_ = 0;
    solved_certificates_ = 0;
  }

  std::size_t sample(std::uint64_t t) override {
    const std::size_t k = means().size();
    const Decision& sticky = sticky_answer(std::log(static_cast<double>(t)));
    const bool solve =
        t >= next_solve_ || !(sticky == solved_for_) || certificates() != solved_certificates_;
    if (solve) {
      weights_ = solver_->solve_for(means(), families(), sticky).weights;
      solved_for_ = sticky;
      solved_certificates_ = certificates();
      next_solve_ = t + std::max<std::uint64_t>(1, t / 10);
    }
    return tracking_.track(weights_, c_tracking_floor(k, t), counts(), !solve);
  }

  // A pull of arm b with reward x moves its (mean, count) from (m, N) to (m', N + 1), and its
  // term N d(m, l) [m > l] of any arm's cost (the arms above the level l) by at least -V,
  // V = N d(m, m') + d(x, m') (Bregman's identity (N + 1) d(m', l) = N d(m, l) + d(x, l) - V;
  // and where only m is above l, N d(m, l) <= N d(m, m') <= V): no other arm's cost to lead
  // drops by more. drop_ sums V (rounded up); the pulled arm's own certificate is dropped.
  void observe(const Action& action, const Observation& observation) override {
    const std::size_t b = action.arm;
    const bool per_arm = b < means().size();
    const double m = per_arm ? means()[b] : 0.0, n = per_arm ? counts()[b] : 0.0;
    GlrSampler::observe(action, observation);
    if (!per_arm) return;
    // order_'s list of arms to move (past kFewMoved, a full sort; not kept before the first).
    if (ordered_ && observed_.size() <= kFewMoved &&
        std::none_of(observed_.begin(), observed_.end(),
                     [&](const auto& o) { return o.first == b; }))
      observed_.emplace_back(b, m);
    if (!pruned_) return;
    certified_[b] = -std::numeric_limits<double>::infinity();
    if (!(n > 0.0)) return;  // a first sample only adds terms
    const numerics::ArmFamily& family = families()[b];
    const double moved = means()[b];
    const double v = n * family.kl(m, moved) + family.kl(observation.reward, moved);
    if (std::isfinite(v)) {
      drop_ += v * (1.0 + 1e-9) + 1e-12 * (n + 1.0);
    } else {  // no bound: every certificate void
      std::fill(certified_.begin(), certified_.end(), -std::numeric_limits<double>::infinity());
    }
  }

  // The scan's key only when not the default (the same resolved column as before it existed).
  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override {
    if (scan_pruned_) return {};
    return {{"plausibility-scan", std::string("every-arm")}};
  }

 private:
  // The first answer, in the fixed order, that is the oracle answer of a plausible mean.
  // With plausibility-scan = pruned an arm whose cost surely exceeds the level (surely_implausible)
  // is not tested: the same answer, fewer pooling walks.
  const Decision& sticky_answer(double level) {
    sort_by_mean();
    prefix_.clear();
    ++round_;
    const double above = level * (1.0 + kMargin);
    for (std::size_t a = 0; a < means().size(); ++a) {
      if (pruned_) {
        // The arm's certified cost of an earlier round, less what the pulls since can have
        // lowered it, or a fresh one.
        if (certified_[a] - (drop_ - drop_at_[a]) > above &&
            round_ - certified_round_[a] <= kCertificateRounds)
          continue;
        certified_[a] = certified_cost(means()[a], counts()[a], level);
        drop_at_[a] = drop_;
        certified_round_[a] = round_;
        if (certified_[a] > above) continue;
      }
      if (cost_to_lead(a, level) <= level) {
        sticky_.arms.assign(1, a);
        return sticky_;
      }
    }
    sticky_.arms.clear();  // "none above tau" (or, for epsilon-good, unreachable: a leader exists)
    if (!any_) sticky_.arms.assign(1, order_.front());
    return sticky_;
  }

  // order_ = the arms by decreasing empirical mean, ties by index (a stable sort of 0 ... K - 1
  // by mean: one order, whatever way it is reached). Kept from round to round: the arms
  // observed since (observe(): the one pulled) are taken out and put back at their place (O(K)
  // moves, not a sort of the K arms each round); a lone one is found by a binary search at its
  // mean before.
  void sort_by_mean() {
    const std::vector<double>& mu = means();
    const auto before = [&](std::size_t a, std::size_t b) { return mu[a] > mu[b] || (mu[a] == mu[b] && a < b); };
    if (!ordered_ || observed_.size() > kFewMoved) {
      order_.resize(mu.size());
      std::iota(order_.begin(), order_.end(), std::size_t{0});
      std::sort(order_.begin(), order_.end(), before);
      ordered_ = true;
    } else {
      for (const auto& [a, was] : observed_) {
        auto at = order_.end();
        if (observed_.size() == 1) {  // order_ is sorted by the means before this observation
          at = std::partition_point(order_.begin(), order_.end(),
                                    [&, a = a, was = was](std::size_t x) {
                                      const double m = x == a ? was : mu[x];
                                      return m > was || (m == was && x < a);
                                    });
        }
        if (at == order_.end() || *at != a) at = std::find(order_.begin(), order_.end(), a);
        order_.erase(at);
      }
      for (const auto& observed : observed_)
        order_.insert(std::lower_bound(order_.begin(), order_.end(), observed.first, before),
                      observed.first);
    }
    observed_.clear();
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

  // A lower bound of the cost to lead (cost_to_lead) of an arm of mean mu and count n (of the
  // arms' one family), from prefix sums over order_ in O(log K): the pooled level of the arm
  // and the first k arms of order_ is l_k = (n mu + S_k) / (n + W_k), W_k = sum N_b, S_k = sum
  // N_b mu_hat_b; the walk stops at the first k whose arm is not above l_k (once so, so are all
  // after: a search by doubling and bisection), and the cost of the arms above l is the Bregman
  // form Phi - W phi(l) - phi'(l) (S - l W), Phi = sum N_b phi(mu_hat_b)
  // (ArmFamily::bregman_generator; Gaussian arms centred at a mean of the run). Sums in another
  // order round otherwise than cost_to_lead's: the value less kMargin times the terms'
  // magnitude (the rounding is ~K u of it); -inf where not finite. Kept for the round by
  // (mean, count): arms that share both (many early in a Bernoulli run) share it.
  double certified_cost(double mu, double n, double level) {
    if (!(n > 0.0)) return -std::numeric_limits<double>::infinity();
    Verdict& slot = verdicts_[verdict_slot(mu, n)];
    if (slot.round == round_ && slot.mean == mu && slot.count == n) return slot.cost;
    slot = {mu, n, round_, cost_at_least(mu, n, level)};
    return slot.cost;
  }

  static std::size_t verdict_slot(double mean, double count) {
    const std::uint64_t key = std::bit_cast<std::uint64_t>(mean) * 0x9E3779B97F4A7C15ULL ^
                              std::bit_cast<std::uint64_t>(count);
    return static_cast<std::size_t>((key * 0xBF58476D1CE4E5B9ULL) >> 55) % kVerdictSlots;
  }

  double cost_at_least(double mu, double n, double level) {
    const std::size_t k_max = order_.size();
    const auto pooled = [&](std::size_t k) {
      const Prefix p = prefix(k);
      return (n * mu + p.mean_sum) / (n + p.weight_sum);
    };
    const auto stops = [&](std::size_t k) {
      return k == k_max || !(means()[order_[k]] > pooled(k));
    };
    std::size_t lo = 0, hi = 0;  // the first k that stops is in (lo, hi] (or 0)
    if (!stops(0)) {
      hi = 1;
      while (!stops(hi)) {
        lo = hi;
        hi = std::min(k_max, 2 * hi);
      }
      while (hi - lo > 1) {
        const std::size_t mid = lo + (hi - lo) / 2;
        (stops(mid) ? hi : lo) = mid;
      }
    }
    double l = pooled(hi);
    if (any_) l = std::max(l, tau_);
    // The arms above l: the first `above` of order_ (the means descend; the one at hi is not).
    std::size_t above = 0, last = hi;
    while (above < last) {
      const std::size_t mid = above + (last - above) / 2;
      if (means()[order_[mid]] > l) {
        above = mid + 1;
      } else {
        last = mid;
      }
    }
    const Prefix p = prefix(above);
    const numerics::ArmFamily& family = families().front();
    const double phi = family.bregman_generator(l - centre_),
                 slope = family.bregman_generator_slope(l - centre_);
    const double rest = p.phi_sum - p.weight_sum * phi - slope * (p.mean_sum - l * p.weight_sum);
    const double cost = n * family.kl(mu, std::max(mu, l)) + rest;
    const double magnitude = std::abs(p.phi_sum) + p.weight_sum * std::abs(phi) +
                             std::abs(slope) * (std::abs(p.mean_sum) + std::abs(l) * p.weight_sum) +
                             std::abs(cost);
    if (!std::isfinite(cost) || !std::isfinite(magnitude))
      return -std::numeric_limits<double>::infinity();
    return cost - kMargin * (magnitude + level);
  }

  // The sums over the first k arms of order_ (built as far as asked, afresh each round).
  struct Prefix {
    double weight_sum = 0.0, mean_sum = 0.0, phi_sum = 0.0;
  };
  Prefix prefix(std::size_t k) {
    if (prefix_.empty()) {
      prefix_.push_back(Prefix{});
      // Gaussian arms: centred at the first round's largest mean, kept for the run (phi_ too).
      if (std::isnan(centre_))
        centre_ = families().front().kind() == numerics::ArmFamily::Kind::Gaussian
                      ? means()[order_.front()]
                      : 0.0;
    }
    while (prefix_.size() <= k) {
      const std::size_t b = order_[prefix_.size() - 1];
      const double n = counts()[b], mu = means()[b];
      const Prefix last = prefix_.back();
      if (!(phi_mean_[b] == mu)) {  // phi(mu_hat_b - centre), kept while the mean is
        phi_[b] = families()[b].bregman_generator(mu - centre_);
        phi_mean_[b] = mu;
      }
      prefix_.push_back({last.weight_sum + n, last.mean_sum + n * mu, last.phi_sum + n * phi_[b]});
    }
    return prefix_[k];
  }

  // N_b / V_b: the weight of arm b in the meeting level (V common to the arms unless Gaussian).
  double precision(std::size_t b) const {
    const numerics::ArmFamily& f = families()[b];
    return f.kind() == numerics::ArmFamily::Kind::Gaussian ? counts()[b] / (f.sigma() * f.sigma()) : counts()[b];
  }

  bool scan_pruned_;  // plausibility-scan = pruned (else every-arm)
  bool any_ = false;
  double tau_ = 0.0;
  std::optional<numerics::CharacteristicTimeSolver> solver_;
  CumulativeTracking tracking_;
  static constexpr std::size_t kFewMoved = 8;  // more moved arms than this: sort again
  static constexpr double kMargin = 1e-9;      // cost_at_least's relative margin
  // A certificate is kept this many rounds at most (the drops' own rounding stays far below
  // kMargin of the level).
  static constexpr std::uint64_t kCertificateRounds = 64;
  bool pruned_ = true;  // plausibility-scan = pruned (one family of arms, an exponential family)
  std::vector<Prefix> prefix_;
  std::vector<double> phi_, phi_mean_;  // phi(mu_hat_b) and the mean it was computed at
  // certified_cost's values of the round by (mean, count), direct-mapped, stamped with the round.
  struct Verdict {
    double mean = 0.0, count = 0.0;
    std::uint64_t round = 0;
    double cost = 0.0;
  };
  static constexpr std::size_t kVerdictSlots = 512;
  std::vector<Verdict> verdicts_;
  std::uint64_t round_ = 0;
  double centre_ = 0.0;  // the prefix sums' centre (NaN: not chosen yet)
  // Each arm's certified cost (-inf: none), the drop_ and the round it was certified at; drop_
  // sums what each pull can have lowered any arm's cost by (observe()).
  std::vector<double> certified_, drop_at_;
  std::vector<std::uint64_t> certified_round_;
  double drop_ = 0.0;
  std::vector<std::size_t> order_;
  bool ordered_ = false;  // whether order_ holds the arms sorted (as of the last round)
  // The arms observed since order_ was sorted, each once, with its mean then.
  std::vector<std::pair<std::size_t, double>> observed_;
  std::vector<double> weights_;
  Decision sticky_, solved_for_;
  std::uint64_t next_solve_ = 0, solved_certificates_ = 0;
};

void register_sticky_track_and_stop(Registry& registry) {
  register_glr_sampler<StickyTrackAndStop>(
      registry,
      {"sticky-track-and-stop",
       "Sticky Track-and-Stop (Degenne & Koolen 2019: track w* of the first plausible oracle "
       "answer) "
       "with GLR stopping; queries with several correct answers (epsilon-good arm, any arm above "
       "tau)"},
      {.keys = [](ParamSchema& schema) {
        schema.choice("plausibility-scan", "pruned", {"pruned", "every-arm"},
                      "pruned: arms whose cost to lead surely exceeds the level (prefix sums over "
                      "the order by "
                      "mean) are not tested; every-arm: the exact test on each arm in turn (the "
                      "same answers, "
                      "for verification)");
      }});
}

}  // namespace
}  // namespace cpex::identification

CPEX_PLUGIN(cpex::identification::register_sticky_track_and_stop)
