// `best-challenger`: the "Best Challenger" sampling rule, the baseline of Garivier & Kaufmann
// (COLT 2016; their code's BestChallenger, after Chernoff's 1959 procedure), with the GLR
// stopping rule (cpex/identification/glr_sampler.hpp), on any identification problem of the pipeline. Each
// round t after the initial pass:
//   1. (forced exploration, `exploration = forced`, default) if some arm has N_a < sqrt(t) - K/2,
//      pull the least-sampled one (Track-and-Stop's D-Tracking rate);
//   2. the challenger: the closest piece of the empirical answer's alternative (for the best arm
//      b = argmin_{j != a} Z_{a,j}, the transportation cost of GK eq. (11)), moving the arms to
//      lambda; with i the least-sampled arm it moves inside the answer (the empirical best a) and
//      j outside (b): pull i if d(mu_hat_i, lambda_i) > d(mu_hat_j, lambda_j), else j (the arm
//      whose mean is the farther from the meeting point, per sample: GK's comparison of the
//      transportation costs). A piece moving arms on one side only pulls the least-sampled.
// Without forced exploration (exploration = none) an arm can be starved and the rule never
// stop; it is offered as the code's variant. O(K) per round for the best arm (one best
// response). See docs/algorithms/identification-samplers.md.
#include <algorithm>
#include <cmath>

#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "cpex/identification/glr_sampler.hpp"
#include "cpex/identification/tracking.hpp"

namespace cpex::identification {
namespace {

class BestChallenger final : public GlrSampler {
 public:
  explicit BestChallenger(const ParamValues& p)
      : GlrSampler(p, "best-challenger"), forced_(p.text("exploration") == "forced") {}

 protected:
  void begin(const AlgorithmContext&) override {}

  std::size_t sample(std::uint64_t t) override {
    const std::size_t k = means().size();
    if (forced_) {
      const std::size_t starved = forced_exploration_arm(counts(), t);
      if (starved < k) return starved;
    }
    const numerics::BestResponse& piece = least_piece();
    std::size_t in = k, out = k;
    double d_in = 0.0, d_out = 0.0;
    for (std::size_t p = 0; p < piece.arms.size(); ++p) {
      const std::size_t a = piece.arms[p];
      const bool inside = std::binary_search(answer().arms.begin(), answer().arms.end(), a);
      std::size_t& side = inside ? in : out;
      if (side != k && counts()[a] >= counts()[side]) continue;
      side = a;
      (inside ? d_in : d_out) = families()[a].kl(means()[a], piece.point[p]);
    }
    if (in == k && out == k) return answer().arms.empty() ? 0 : answer().arms.front();
    if (in == k) return out;
    if (out == k) return in;
    return d_in > d_out ? in : out;
  }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override {
    return {{"exploration", std::string(forced_ ? "forced" : "none")}};
  }

 private:
  bool forced_;
};

void register_best_challenger(Registry& registry) {
  register_glr_sampler<BestChallenger>(
      registry,
      {"best-challenger",
       "Best Challenger (Garivier & Kaufmann 2016's baseline: the empirical answer against its closest "
       "alternative) with GLR stopping; any identification problem",
       "1.0"},
      {.keys = [](ParamSchema& schema) {
        schema.choice("exploration", "forced", {"forced", "none"},
                      "forced: pull an arm with N_a < sqrt(t) - K/2 first (D-Tracking's rate); none: the bare rule");
      }});
}

}  // namespace
}  // namespace cpex::identification

CPEX_PLUGIN(cpex::identification::register_best_challenger)
