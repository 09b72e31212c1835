// The stage constants of the batched algorithms (bbai_constants.hpp).
#include "bbai_constants.hpp"

#include <algorithm>
#include <cmath>

namespace cpex::batched {

void add_bbai_parameters(ParamSchema& schema) {
  schema.target_error(0.05, "confidence: error probability at most delta (Stage III's test; the stages' sizes)")
      .real("epsilon", 0.01, Range::closed(0.0, 1.0),
            "Stage II plans with b: the empirical best arm's mean minus epsilon, the others' plus epsilon "
            "(the authors' 0.01)")
      .real("alpha", 1.001, Range::greater_than(1.0),
            "Stage II pulls arm i min(alpha w_i(b) T*(b) log(1/delta), L2) times (the authors' 1.001)")
      .optional_real("l1", Range::at_least(1.0),
                     "Stage I pulls per arm; none: the authors' ceil(2 log K sqrt(log(1/delta)))")
      .optional_real("l2", Range::at_least(1.0),
                     "the cap of a Stage II allocation; none: the authors' ceil(80 log(1/delta) log log(1/delta) / K)")
      .optional_real("l3", Range::at_least(1.0),
                     "Stage IV pulls every arm up to this; none: the authors' ceil(log(1/delta)^2)")
      .choice("threshold", "gk-experiments", {"gk-experiments", "paper", "gk-theorem", "kk2021"},
              "Stage III's beta(t, delta): gk-experiments log((log t + 1)/delta) (the authors' code), paper "
              "log(2 log(1/delta) t^alpha / delta), gk-theorem log(2 t (K - 1)/delta) (delta-correct for any "
              "sampling), kk2021 (Kaufmann & Koolen 2021)")
      .choice("stage-two", "once", {"once", "doubling"},
              "once: one Stage II batch (the paper's structure); doubling: the authors' code, two Stage II "
              "batches of 2 and 4 times the allocation");
}

BbaiConstants bbai_constants(const ParamValues& params, std::size_t arms) {
  const double log_inverse = std::log(1.0 / params.real("delta"));
  const double k = static_cast<double>(arms);
  auto given = [&](const char* key, double fallback) {
    const double value = params.has(key) ? std::floor(params.real(key)) : std::ceil(fallback);
    return static_cast<std::uint64_t>(std::max(value, 1.0));
  };
  BbaiConstants c;
  c.l1 = given("l1", 2.0 * std::log(k) * std::sqrt(log_inverse));
  c.l2 = given("l2", 80.0 * log_inverse * std::log(log_inverse) / k);
  c.l3 = given("l3", log_inverse * log_inverse);
  c.epsilon = params.real("epsilon");
  c.alpha = params.real("alpha");
  return c;
}

}  // namespace cpex::batched
