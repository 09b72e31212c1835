// Three LUCB-skeleton algorithms with finite-LIL radii U(T, omega) (seed 004 Lemma 2.1,
// with the experiments' "+2"), which differ only in their radii and sampling rule:
//
//   lil-lucb       (Jamieson & Nowak 2014, generalized to K): omega = delta/N for every
//                  arm; samples both h_t and l_t.
//   lucb-pp        (LUCB++, Simchowitz, Jamieson & Recht 2017): omega = delta/(2(N-K)) in
//                  High, delta/(2K) in Low; samples both h_t and l_t.
//   lil-rand-lucb  (seed 004 Alg. 1): LUCB++'s radii; samples h_t with probability
//                  T_l/(T_h+T_l), otherwise l_t.
//
// All stop when LCB(h_t) >= UCB(l_t) and return High_t.
#include <algorithm>

#include "cpex/capabilities.hpp"
#include "cpex/numerics/confidence.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "lil_presets.hpp"
#include "lucb_skeleton.hpp"

namespace cpex::bestk {
namespace {

struct Variant {
  const char* name;
  const char* summary;
  LucbSkeleton::Sampling sampling;
  bool asymmetric;  // LUCB++ radii
  ErrorBound bound;
};

const Variant kVariants[] = {
    {"lil-lucb", "lil'LUCB (Jamieson & Nowak 2014) for top-K: LIL radii, samples h_t and l_t",
     LucbSkeleton::Sampling::Both, false, ErrorBound::CEpsDeltaPowOverN},
    {"lucb-pp", "LUCB++ (Simchowitz et al. 2017): asymmetric LIL radii, samples h_t and l_t",
     LucbSkeleton::Sampling::Both, true, ErrorBound::CEpsDelta},
    {"lil-rand-lucb", "lil'RandLUCB (seed 004 Alg. 1): LUCB++ radii, randomized sampling rule",
     LucbSkeleton::Sampling::Randomized, true, ErrorBound::CEpsDelta},
};

class LilLucb final : public LucbSkeleton {
 public:
  LilLucb(const Variant& variant, ParamValues params)
      : LucbSkeleton(variant.sampling), variant_(variant), lil_(std::move(params), variant.bound) {}

  std::vector<std::pair<std::string, ParamValue>> resolved() const override { return lil_.resolved(); }

 private:
  void prepare(std::size_t n, std::size_t k, double sigma) override {
    const LilSettings& settings = lil_.resolve(n);
    const double delta = settings.delta;
    omega_high_ = variant_.asymmetric ? delta / (2.0 * static_cast<double>(n - k)) : delta / static_cast<double>(n);
    omega_low_ = variant_.asymmetric ? delta / (2.0 * static_cast<double>(k)) : delta / static_cast<double>(n);
    check_lemma_range(settings, std::max(omega_high_, omega_low_));
    radius_high_ = numerics::LilRadius(omega_high_, settings.epsilon, sigma);
    radius_low_ = numerics::LilRadius(omega_low_, settings.epsilon, sigma);
  }
  double scale(std::uint64_t) const override { return 1.0; }
  bool constant_scale() const override { return true; }
  double unit(std::uint64_t pulls, bool high) const override {
    return (high ? radius_high_ : radius_low_)(static_cast<double>(pulls));
  }
  bool separated(double lcb_h, double ucb_l) const override { return lcb_h >= ucb_l; }

  const Variant& variant_;
  LilParameters lil_;
  double omega_high_ = 0, omega_low_ = 0;
  numerics::LilRadius radius_high_, radius_low_;  // U(T, omega_high / omega_low)
};

void register_family(Registry& registry) {
  for (const Variant& variant : kVariants) {
    ParamSchema schema;
    add_lil_parameters(schema);
    register_algorithm(
        registry, {variant.name, variant.summary},
        one_oracle_needs(FeedbackKind::SingleArm, kLinearMaximization | kCardinality),
        std::move(schema), [&variant](const ParamValues& p) -> std::unique_ptr<Algorithm> {
          return std::make_unique<LilLucb>(variant, p);
        });
  }
}

}  // namespace
}  // namespace cpex::bestk

CPEX_PLUGIN(cpex::bestk::register_family)
