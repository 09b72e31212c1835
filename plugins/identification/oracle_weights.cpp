// `oracle-weights`: the benchmark of optimality — tracks the true optimal proportions w*(mu)
// (numerics/characteristic_time.hpp at the environment's means, the correct answer of least
// T*), with the GLR stopping rule (cpex/identification/glr_sampler.hpp): after the initial pass, C-Tracking
// of w* projected onto {w_a >= eps_t}, eps_t = (K^2 + t)^(-1/2) / 2 (cpex/identification/tracking.hpp, as
// track-and-stop's tracking = c), the "Oracle" of Tirinzoni & Degenne's and Degenne et al.'s
// experiments. (Their oracle tracks w* itself; without the floor an arm of zero weight keeps
// its first sample, and the GLR rule, which certifies the empirical answer, can wait for ever:
// e.g. "any arm above tau", w* = e_a, while another arm's one sample sits above tau.) It reads
// the truth (AlgorithmNeeds::reads_truth): a baseline, not an algorithm. With `elimination = sampling`
// the weights are those of the problem without its certified pieces, solved again whenever a
// piece is certified. Gaussian arms of unknown variance are refused (the environment does not
// tell the variances that w* needs). O(K) per round. See
// docs/algorithms/identification-samplers.md.
#include <cmath>
#include <limits>
#include <optional>

#include "cpex/errors.hpp"
#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "cpex/identification/glr_sampler.hpp"
#include "cpex/identification/tracking.hpp"

namespace cpex::identification {
namespace {

class OracleWeights final : public GlrSampler {
 public:
  explicit OracleWeights(const ParamValues& p) : GlrSampler(p, "oracle-weights") {}

 protected:
  void begin(const AlgorithmContext& context) override {
    if (families().front().kind() == numerics::ArmFamily::Kind::GaussianUnknownVariance)
      throw ParameterError("plugin", "needs the arms' variances, which the environment does not tell "
                                     "(gaussian with variance = unknown, the " + full_problem().name() + " query)");
    truth_.assign(context.truth.begin(), context.truth.end());
    solver_.emplace(problem());
    solved_certificates_ = std::numeric_limits<std::uint64_t>::max();
    tracking_.reset(truth_.size(), 1.0);
  }

  std::size_t sample(std::uint64_t t) override {
    if (certificates() != solved_certificates_) {
      weights_ = solver_->solve(truth_, families()).weights;
      solved_certificates_ = certificates();
    }
    return tracking_.track(weights_, c_tracking_floor(weights_.size(), t), counts());
  }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override { return {}; }

 private:
  std::vector<double> truth_, weights_;
  std::optional<numerics::CharacteristicTimeSolver> solver_;
  CumulativeTracking tracking_;
  std::uint64_t solved_certificates_ = 0;
};

void register_oracle_weights(Registry& registry) {
  register_glr_sampler<OracleWeights>(
      registry,
      {"oracle-weights",
       "tracks the true optimal proportions w*(mu) (reads the truth: the benchmark of optimality) with GLR "
       "stopping; any identification problem"},
      {.needs = [](AlgorithmNeeds& needs) { needs.reads_truth = true; }});
}

}  // namespace
}  // namespace cpex::identification

CPEX_PLUGIN(cpex::identification::register_oracle_weights)
