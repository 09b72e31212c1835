// `se-early-stopping`: successive elimination with early stopping for fixed-confidence best-arm
// identification in the Bayesian setting (Jang, Komiyama & Yamazaki, "Fixed Confidence Best Arm
// Identification in the Bayesian Setting", arXiv 2402.10429): the instance is drawn from a known
// prior H ([environment] prior = ...; Problem::prior) and the guarantee is the prior-averaged
// error, P_{mu ~ H}(answer != best arm of mu) <= delta. Frequentist algorithms must separate
// every gap, however small, and so take an infinite expected number of samples under H (the
// instances of gap Delta have prior density about L(H) at 0, and cost about 1 / Delta^2); this
// algorithm gives up on the instances whose gap is below eps, which the prior makes rare.
// Here, with sigma the rewards' sub-Gaussian constant and delta split in halves:
//   eps      the largest eps with P_H(Delta <= eps) <= delta / 2 (numerics/prior_gap.hpp);
//   rounds   r = 1, 2, ...: pull every active arm once; with the anytime radius
//            c_r = sqrt(2 sigma^2 log(8 K r^2 / delta) / r) (a union over the K arms and the
//            rounds: every empirical mean within c_r of its mean with probability >= 1 - delta/2),
//            eliminate the arms i with max_j mu_hat_j - mu_hat_i > 2 c_r;
//   stop     when one arm is left (the answer), or early, once 2 c_r <= eps: the empirical best
//            active arm, within 2 c_r <= eps of the best on the good event — wrong only on an
//            instance of gap at most eps (prior mass delta / 2) or off the event (delta / 2).
// The structure (elimination, and an early stop at a gap scale set by the prior and delta) is
// the paper's; the constants above are ours and are argued in docs/algorithms/bayesian.md.
// Its sample count is at most K r_max, r_max the first round with 2 c_r <= eps: always finite.
// Mid-run answer: the empirical best active arm.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>
#include <tuple>

#include "cpex/errors.hpp"
#include "cpex/numerics/prior_gap.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"

namespace cpex::bayesian {
namespace {

// eps of (prior, arms, delta), computed once per process (it takes about 10^6 evaluations).
double cached_gap_quantile(const Prior& prior, std::size_t arms, double q) {
  static std::mutex mutex;
  static std::map<std::tuple<int, double, double, std::size_t, double>, double> cache;
  const auto key = std::make_tuple(static_cast<int>(prior.kind), prior.a, prior.b, arms, q);
  {
    const std::lock_guard lock(mutex);
    if (const auto found = cache.find(key); found != cache.end()) return found->second;
  }
  const double eps = numerics::prior_gap_quantile(prior, arms, q);
  const std::lock_guard lock(mutex);
  cache.emplace(key, eps);
  return eps;
}

class SeEarlyStopping final : public Algorithm {
 public:
  explicit SeEarlyStopping(const ParamValues& p) : delta_(p.real("delta")) {}

  void start(const AlgorithmContext& context) override {
    const Problem& problem = *context.problem;
    if (problem.prior.kind == Prior::Kind::None)
      throw ParameterError("plugin", "se-early-stopping is a Bayesian algorithm: it needs the prior the instance is "
                                     "drawn from ([environment] prior = gaussian(M, S) or beta(A, B), with arms = K)");
    if (!numerics::prior_gap_supported(problem.prior))
      throw ParameterError("plugin", "se-early-stopping computes its early-stopping gap for Gaussian priors and "
                                     "Beta(A, B) priors with A, B >= 1, not " + to_string(problem.prior));
    if (context.oracles.front()->decision_size() != 1 || context.oracles.front()->query().kind != Query::Kind::Optimal)
      throw ParameterError("plugin", "se-early-stopping identifies the single best arm (top-k with k = 1)");
    sigma_ = problem.noise_sigma;
    const std::size_t k = problem.num_arms;
    eps_ = cached_gap_quantile(problem.prior, k, 0.5 * delta_);
    sums_.assign(k, 0.0);
    counts_.assign(k, 0);
    active_.resize(k);
    for (std::size_t a = 0; a < k; ++a) active_[a] = a;
    round_ = 0;
    position_ = k;  // the first round starts at the first next()
    done_ = false;
  }

  bool next(Action& action) override {
    if (done_) return false;
    if (position_ == active_.size()) {
      if (round_ > 0 && decide()) {
        done_ = true;
        return false;
      }
      ++round_;
      position_ = 0;
    }
    action.arm = active_[position_++];
    return true;
  }

  void observe(const Action& action, const Observation& observation) override {
    sums_[action.arm] += observation.reward;
    ++counts_[action.arm];
  }

  Recommendation recommend() const override {
    Recommendation out;
    std::size_t best = active_.front();
    for (std::size_t a : active_)
      if (counts_[a] > 0 && (counts_[best] == 0 || mean(a) > mean(best))) best = a;
    out.decision.arms = {best};
    return out;
  }

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"delta", delta_}, {"eps", eps_}, {"rounds", static_cast<std::int64_t>(round_)}};
  }

 private:
  double mean(std::size_t a) const { return sums_[a] / static_cast<double>(counts_[a]); }

  // The end of round r: eliminate; true when the run stops (one arm left, or 2 c_r <= eps).
  bool decide() {
    const double r = static_cast<double>(round_), k = static_cast<double>(counts_.size());
    const double radius = std::sqrt(2.0 * sigma_ * sigma_ * std::log(8.0 * k * r * r / delta_) / r);
    double top = -std::numeric_limits<double>::infinity();
    for (std::size_t a : active_) top = std::max(top, mean(a));
    std::erase_if(active_, [&](std::size_t a) { return top - mean(a) > 2.0 * radius; });
    return active_.size() <= 1 || 2.0 * radius <= eps_;
  }

  double delta_;
  double sigma_ = 1.0, eps_ = 0.0;
  std::vector<double> sums_;
  std::vector<std::uint64_t> counts_;
  std::vector<std::size_t> active_;
  std::uint64_t round_ = 0;
  std::size_t position_ = 0;
  bool done_ = false;
};

void register_bayesian(Registry& registry) {
  register_algorithm<SeEarlyStopping>(
      registry,
      {"se-early-stopping", "successive elimination with early stopping (Jang, Komiyama & Yamazaki 2024): best arm "
                            "with a prior-averaged error at most delta, finite expected samples under the prior"},
      {.feedback = {FeedbackKind::SingleArm}, .oracles = {{"oracle", 0u}}},
      ParamSchema().target_error(0.05, "confidence: the error averaged over the prior is at most delta"));
}

}  // namespace
}  // namespace cpex::bayesian

CPEX_PLUGIN(cpex::bayesian::register_bayesian)
