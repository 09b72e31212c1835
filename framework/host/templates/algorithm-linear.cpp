// @NAME@: a CPEx linear-bandit algorithm (written by `cpex new algorithm @NAME@ --kind
// linear`): best-arm identification with linear-arm feedback (a pull of arm x observes
// x^T theta + noise) on the SDK's linear GLR sampler (cpex/identification/linear_glr_sampler.hpp),
// which keeps the least-squares estimate theta_hat over span(X), samples each arm once and
// stops with the linear GLR statistic against the threshold (`threshold`) at confidence `delta`,
// answering argmax_z z^T theta_hat (transductive problems too). This sampler pulls the arm
// whose least-squares variance ||x||^2_{V^-1} is largest (a greedy G-optimal design); write your
// own sample(t) from arms(), design(), theta(), stopping_response() and counts().
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "cpex/identification/linear_glr_sampler.hpp"  // LinearGlrSampler, register_linear_glr_sampler
#include "cpex/plugin.hpp"                               // CPEX_PLUGIN: the entry point and ABI version

namespace {

using namespace cpex;
using namespace cpex::identification;

class @CLASS@ final : public LinearGlrSampler {
 public:
  explicit @CLASS@(const ParamValues& p) : LinearGlrSampler(p, "@NAME@") {}

 protected:
  void begin(const AlgorithmContext& /*context*/) override {}

  // The arm of largest ||x||^2 under the inverse design (ties: the smallest index).
  std::size_t sample(std::uint64_t /*t*/) override {
    const Eigen::MatrixXd& inverse = design().inverse();
    std::size_t best = 0;
    double widest = -1.0;
    for (std::size_t a = 0; a < arm_count(); ++a) {
      const Eigen::VectorXd x = arms().col(static_cast<Eigen::Index>(a));
      const double width = x.dot(inverse * x);
      if (width > widest) {
        widest = width;
        best = a;
      }
    }
    return best;
  }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override { return {}; }
};

// The registration: the linear GLR keys (delta, threshold) and needs (linear-arm feedback, a
// decision-class oracle, transductive answer sets accepted); no keys of its own.
void register_@IDENT@(Registry& registry) {
  register_linear_glr_sampler<@CLASS@>(
      registry, {"@NAME@", "greedy G-optimal sampling with the linear GLR stop (linear best arm)", "0.1"},
      [](ParamSchema&) {});
}

}  // namespace

CPEX_PLUGIN(register_@IDENT@)
