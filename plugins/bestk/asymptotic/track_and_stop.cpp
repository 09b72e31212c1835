// `track-and-stop`: Track-and-Stop of Garivier & Kaufmann (COLT 2016), best arm of Gaussian
// (known sigma = Problem::noise_sigma) or Bernoulli arms.
//
// Sampling (their §3.1), after one pull of every arm (their code's initialisation; the
// paper leaves the first K rounds to the forced exploration):
//   tracking = d  D-Tracking: if U_t = {a : N_a(t) < sqrt(t) - K/2} is not empty, pull
//                 argmin_{a in U_t} N_a(t); else argmax_a t w*_a(mu_hat(t)) - N_a(t).
//   tracking = c  C-Tracking: pull argmax_a sum_{s <= t} w^{eps_s}_a(mu_hat(s)) - N_a(t),
//                 w^eps the L-infinity projection of w* onto {w in simplex : w_a >= eps},
//                 eps_s = (K^2 + s)^{-1/2} / 2. The projection we use raises the weights
//                 below eps to eps and lowers the others by a common amount (water
//                 filling), which moves no weight further than any other projection. The
//                 sum starts at the initial counts (one per arm).
// w*(mu_hat) comes from numerics::OptimalWeightsSolver (GK Thm 5; tolerance 1e-12); with
// tied empirical best arms it is uniform over them (their code samples one of them).
// Stopping: the Chernoff rule of chernoff_stopping.hpp (threshold parameter). Ties of the
// argmin / argmax go to the smallest index. A round costs O(K) plus the w* solve
// (O(K) closed-form inner steps for Gaussian arms, a few Newton steps per arm for
// Bernoulli arms). See docs/algorithms/asymptotic.md.
#include <cmath>
#include <limits>
#include <optional>

#include "cpex/errors.hpp"
#include "cpex/numerics/optimal_weights.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "glr_identification.hpp"

namespace cpex::bestk {
namespace {

class TrackAndStop final : public GlrIdentification {
 public:
  explicit TrackAndStop(const ParamValues& p)
      : GlrIdentification(p, "track-and-stop"), c_tracking_(p.text("tracking") == "c") {}

  void observe(const Action& action, const Observation& observation) override {
    GlrIdentification::observe(action, observation);
    means_[action.arm] = stats_.mean(action.arm);
  }

 protected:
  void begin(const AlgorithmContext&) override {
    solver_.emplace(*family_, numerics::OptimalWeightsOptions{});
    const std::size_t n = stats_.arms();
    means_.assign(n, 0.0);
    tracked_.assign(n, 1.0);  // C-tracking's sum of weights, started at the initial counts
    projected_.assign(n, 0.0);
  }

  std::size_t sample(std::uint64_t t, const GlrStatistic&) override {
    return c_tracking_ ? c_tracking(t) : d_tracking(t);
  }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override {
    return {{"tracking", std::string(c_tracking_ ? "c" : "d")}};
  }

 private:
  std::size_t d_tracking(std::uint64_t t) {
    const std::size_t k = stats_.arms();
    const double floor = std::sqrt(static_cast<double>(t)) - 0.5 * static_cast<double>(k);
    std::size_t forced = k;
    for (std::size_t a = 0; a < k; ++a)
      if (static_cast<double>(stats_.count(a)) < floor && (forced == k || stats_.count(a) < stats_.count(forced)))
        forced = a;
    if (forced < k) return forced;
    const std::vector<double>& w = solver_->solve(means_).weights;
    std::size_t arm = 0;
    double best = -std::numeric_limits<double>::infinity();
    for (std::size_t a = 0; a < k; ++a) {
      const double deficit = static_cast<double>(t) * w[a] - static_cast<double>(stats_.count(a));
      if (deficit > best) {
        best = deficit;
        arm = a;
      }
    }
    return arm;
  }

  std::size_t c_tracking(std::uint64_t t) {
    const std::size_t k = stats_.arms();
    const double eps = 0.5 / std::sqrt(static_cast<double>(k * k) + static_cast<double>(t));
    project(solver_->solve(means_).weights, eps);
    std::size_t arm = 0;
    double best = -std::numeric_limits<double>::infinity();
    for (std::size_t a = 0; a < k; ++a) {
      tracked_[a] += projected_[a];
      const double deficit = tracked_[a] - static_cast<double>(stats_.count(a));
      if (deficit > best) {
        best = deficit;
        arm = a;
      }
    }
    return arm;
  }

  // projected_ = max(w - eta, eps) with eta >= 0 such that the sum is 1 (eps <= 1/(2K)).
  void project(const std::vector<double>& w, double eps) {
    const std::size_t k = w.size();
    double lo = 0.0, hi = 1.0;  // eta = 1 gives sum k eps <= 1/2 < 1
    auto total = [&](double eta) {
      double sum = 0.0;
      for (double v : w) sum += std::max(v - eta, eps);
      return sum;
    };
    if (total(0.0) <= 1.0) {
      for (std::size_t a = 0; a < k; ++a) projected_[a] = std::max(w[a], eps);
      return;
    }
    // total(eta) is piecewise linear and decreasing: bisect to machine precision, then
    // renormalize the few ulps away.
    for (int step = 0; step < 100 && hi - lo > 1e-17; ++step) {
      const double mid = 0.5 * (lo + hi);
      (total(mid) > 1.0 ? lo : hi) = mid;
    }
    double sum = 0.0;
    for (std::size_t a = 0; a < k; ++a) sum += projected_[a] = std::max(w[a] - hi, eps);
    for (double& v : projected_) v /= sum;
  }

  bool c_tracking_;
  std::optional<numerics::OptimalWeightsSolver> solver_;
  std::vector<double> means_, tracked_, projected_;
};

void register_track_and_stop(Registry& registry) {
  ParamSchema schema;
  add_glr_parameters(schema);
  schema.choice("tracking", "d", {"d", "c"},
                "d: D-Tracking with forced exploration (sqrt(t) - K/2); c: C-Tracking of the "
                "projected weights");
  register_algorithm<TrackAndStop>(registry,
                                   {"track-and-stop", "Track-and-Stop (Garivier & Kaufmann 2016): "
                                                      "track w*(mu_hat), GLR stopping; Gaussian or "
                                                      "Bernoulli arms, best arm"},
                                   glr_identification_needs(), std::move(schema));
}

}  // namespace
}  // namespace cpex::bestk

CPEX_PLUGIN(cpex::bestk::register_track_and_stop)
