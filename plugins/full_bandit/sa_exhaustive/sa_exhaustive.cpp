// `sa-exhaustive`: Exhaustive, seed 000 Algorithm 5 (App. E; SA-Ex of seed 001): the
// linear-bandit static algorithm with exact maximization over all K = C(n, k) super arms:
//   Z*_t = max_{M != M_hat} (theta_hat(M) + C_t ||chi_M - chi_{M_hat}||_{A^{-1}}) - theta_hat(M_hat),
// C_t of Prop. 1; stop when Z*_t < eps (Alg. 5: "while Z*_t >= eps"). O(K k) per round; the
// baseline of Fig. 2. Refuses C(n, k) > 1e7 at start with a one-line error.
#include "full_bandit_algorithm.hpp"
#include "confidence_bounds.hpp"
#include "stopping_rules.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/registration.hpp"

namespace cpex::full_bandit {
namespace {

class SaExhaustive final : public FullBanditAlgorithm {
 public:
  using FullBanditAlgorithm::FullBanditAlgorithm;

 protected:
  void on_start() override { require_enumerable("plugin", "sa-exhaustive"); }

  bool should_stop(std::uint64_t t) override {
    const double width = ellipsoid_width(sigma_, t, log_k_, delta_);
    const double best_value = update_best();
    return exhaustive_stop(ls_, best_.arms, best_value, k_, width, epsilon_, trace_);
  }
};

}  // namespace

void register_sa_exhaustive(Registry& registry) {
  register_algorithm<SaExhaustive>(
      registry,
      {"sa-exhaustive",
       "Exhaustive (seed 000 Alg. 5): static allocation, exact search over all C(n, k) <= 1e7 super arms"},
      one_oracle_needs(FeedbackKind::FullBanditSum, kLinearMaximization | kCardinality), common_parameters());
}

}  // namespace cpex::full_bandit
