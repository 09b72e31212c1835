// `clucb-ex`: CLUCB-Ex, seed 001 App. E.3 (Algorithm 11, lost in our copy): "CLUCB-Ex
// adaptively pulls super arms based on CLUCB strategy as in CLUCB and CLUCB-QM" and "the
// stopping condition used in CLUCB-Ex and SA-Ex is the same". So: CLUCB-QM's paired pulls,
// least squares and sampling rule (clucb_ellipsoid.hpp), and SA-Ex's exhaustive stop
//   Z*_t = max_{M != M_hat} theta_hat(M) + C_t ||chi_M - chi_{M_hat}||_{A^{-1}} - theta_hat(M_hat) < epsilon
// by enumeration of all C(n, k) super arms (exact_gap_maximum, O(C(n, k) k) per decision).
// C_t is the Abbasi-Yadkori width of CLUCB-QM, not SA-Ex's Prop. 1 width: Prop. 1 holds for
// a design fixed in advance, and CLUCB-Ex's is adaptive (a choice; the seed does not say).
// On the event that theta lies in the ellipsoid for every t, every M != M_hat has
// theta(M) - theta(M_hat) <= Z*_t < epsilon at the stop, so the answer is epsilon-optimal.
// Refuses C(n, k) > 1e7 at start (numerics::kMaxEnumeratedSubsets).
#include <cmath>
#include <string>

#include "clucb_ellipsoid.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/k_subset_enumeration.hpp"
#include "cpex/registration.hpp"
#include "stopping_rules.hpp"

namespace cpex::full_bandit {
namespace {

class ClucbEx final : public ClucbEllipsoid {
 public:
  using ClucbEllipsoid::ClucbEllipsoid;

 protected:
  void on_ellipsoid_start() override {
    if (numerics::log_binomial(n_, k_) > std::log(static_cast<double>(numerics::kMaxEnumeratedSubsets)))
      throw ParameterError("plugin", "clucb-ex enumerates all super arms: C(" + std::to_string(n_) + ", " +
                                         std::to_string(k_) + ") exceeds the enumeration limit of 1e7");
  }

  bool stop_now(double width) override {
    return exhaustive_stop(ls_, best_.arms, ls_.estimate_of(best_.arms), k_, width, epsilon_, trace_);
  }
};

}  // namespace

void register_clucb_ex(Registry& registry) {
  register_algorithm<ClucbEx>(
      registry,
      {"clucb-ex",
       "CLUCB-Ex (seed 001 App. E.3): CLUCB-QM's adaptive paired pulls, SA-Ex's exhaustive stop "
       "(exponential time)"},
      one_oracle_needs(FeedbackKind::FullBanditSum, kLinearMaximization),
      ellipsoid_paired_parameters());
}

}  // namespace cpex::full_bandit
