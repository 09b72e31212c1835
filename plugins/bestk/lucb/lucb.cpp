// `lucb`: LUCB1 of Kalyanakrishnan, Tewari, Auer and Stone (ICML 2012; docs/algorithms/
// bestk.md). Radius beta(u, t) = sqrt(2 sigma^2 log(k1 N t^4 / delta) / u) with
// k1 = 5/4, where t counts rounds (t = 1 at the first check after every arm was sampled
// once). Each round samples both h_t and l_t; the run stops when
// UCB(l_t) - LCB(h_t) < epsilon, and the result is (epsilon, K)-optimal w.p. >= 1 - delta.
#include "cpex/capabilities.hpp"
#include "cpex/numerics/confidence.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "lucb_skeleton.hpp"

#include <cmath>

namespace cpex::bestk {
namespace {

class Lucb1 final : public LucbSkeleton {
 public:
  Lucb1(double delta, double epsilon)
      : LucbSkeleton(Sampling::Both), delta_(delta), epsilon_(epsilon) {}

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return {{"delta", delta_}, {"epsilon", epsilon_}, {"k1", 1.25}};
  }

 private:
  void prepare(std::size_t arms, std::size_t, double sigma) override {
    bound_ = numerics::Lucb1Bound(arms, delta_, sigma);
  }
  double scale(std::uint64_t round) const override { return std::sqrt(bound_.log_term(round)); }
  double unit(std::uint64_t pulls, bool) const override {
    // beta(u, t) = scale(t) * sqrt(2 sigma^2 / u): the radius with log term 1.
    return bound_.radius(static_cast<double>(pulls), 1.0);
  }
  bool separated(double lcb_h, double ucb_l) const override { return ucb_l - lcb_h < epsilon_; }
  double epsilon() const override { return epsilon_; }

  double delta_, epsilon_;
  numerics::Lucb1Bound bound_;  // lucb1_log_term / lucb1_radius with N, delta, sigma folded
};

void register_lucb(Registry& registry) {
  ParamSchema schema;
  schema.target_error(0.05, "confidence: error probability at most delta")
      .accuracy(0.0, "accuracy: every returned arm is within epsilon of the K-th best mean");
  register_algorithm(
      registry, {"lucb", "LUCB1 (Kalyanakrishnan et al. 2012): samples both h_t and l_t each round"},
      one_oracle_needs(FeedbackKind::SingleArm, kLinearMaximization | kCardinality),
      std::move(schema), [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
        return std::make_unique<Lucb1>(p.real("delta"), p.real("epsilon"));
      });
}

}  // namespace
}  // namespace cpex::bestk

CPEX_PLUGIN(cpex::bestk::register_lucb)
