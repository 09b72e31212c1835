// `ts-explore`: TS-Explore (Wang & Zhu, "Thompson Sampling for (Combinatorial) Pure
// Exploration", ICML 2022), on any decision class with linear maximization, with the GLR
// stopping rule of the identification problems (cpex/identification/glr_sampler.hpp).
//
// Each round t, with S_hat the empirical answer (the oracle's argmax of the empirical means):
//   draw `samples` (M) posterior samples theta^k, theta^k_a ~ N(mu_a, C V_a / N_a)
//   (cpex/identification/posterior_competitor.hpp; C = `inflation`), and ask the oracle S^k = argmax theta^k;
//   among the samples whose S^k beats S_hat under theta^k, take the one of largest advantage
//   theta^k(S^k) - theta^k(S_hat) (the paper's choice of k*), and pull the least-sampled arm
//   of S^k* ^ S_hat.
// Choices (docs/algorithms/identification-oracle.md):
//   - one base arm per pull (Chen et al. 2014's CPE-L model, as CLUCB here): the paper pulls
//     every arm of S^k* ^ S_hat in a round (semi-bandit); we pull the least-sampled of them;
//   - stopping: the paper stops when all M samples return S_hat, with M and C set from delta
//     by its Theorem 1 for the guarantee; here the GLR rule stops (delta-correct by the
//     threshold) and M, C are plain parameters (M = 10, C = 1: the posterior itself). A round
//     in which every sample returns S_hat (the paper would stop, the GLR rule does not yet)
//     pulls the least-sampled arm moved by the GLR's closest alternative.
// A round costs M posterior samples and M oracle calls (plus the stopping rule's best response).
#include <limits>

#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "cpex/identification/glr_sampler.hpp"
#include "cpex/identification/posterior_competitor.hpp"

namespace cpex::identification {
namespace {

class TsExplore final : public GlrSampler {
 public:
  explicit TsExplore(const ParamValues& p)
      : GlrSampler(p, "ts-explore"),
        samples_(static_cast<std::size_t>(p.integer("samples"))),
        inflation_(p.real("inflation")) {}

 protected:
  void begin(const AlgorithmContext& context) override {
    oracle_ = &draw_.bind(context, name());
    rng_ = context.rng;
  }

  std::size_t sample(std::uint64_t) override {
    draw_.refresh(means(), counts(), families(), inflation_);
    double best = -std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < samples_; ++k) {
      if (!draw_.draw(*oracle_, answer(), rng_)) continue;
      if (draw_.advantage() > best) {
        best = draw_.advantage();
        chosen_ = draw_.up();
        chosen_.insert(chosen_.end(), draw_.down().begin(), draw_.down().end());
      }
    }
    const std::vector<std::size_t>& arms = best > -std::numeric_limits<double>::infinity()
                                               ? chosen_
                                               : stopping_response().arms;
    std::size_t pick = arms.empty() ? 0 : arms.front();
    for (std::size_t a : arms)
      if (counts()[a] < counts()[pick]) pick = a;
    return pick;
  }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override {
    return {{"samples", static_cast<std::int64_t>(samples_)}, {"inflation", inflation_}};
  }

 private:
  std::size_t samples_;
  double inflation_;
  const Oracle* oracle_ = nullptr;
  RandomStream rng_;
  PosteriorCompetitor draw_;
  std::vector<std::size_t> chosen_;
};

void register_ts_explore(Registry& registry) {
  const auto keys = [](ParamSchema& schema) {
    schema.integer("samples", 10, Range::at_least(1), "posterior samples M per round")
        .real("inflation", 1.0, Range::open(0.0, 1e12), "posterior variance scale C (1: the posterior itself)");
  };
  register_glr_sampler<TsExplore>(registry,
                                  {"ts-explore",
                                   "TS-Explore (Wang & Zhu 2022): posterior samples and the argmax oracle pick the "
                                   "competing decision; one arm of the symmetric difference per pull; GLR stopping"},
                                  {.keys = keys, .needs = needs_argmax_oracle});
}

}  // namespace
}  // namespace cpex::identification

CPEX_PLUGIN(cpex::identification::register_ts_explore)
