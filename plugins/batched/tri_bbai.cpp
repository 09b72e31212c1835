// `tri-bbai`: Tri-BBAI, the three-batch best arm identification of Jin, Yang, Tang, Xiao & Xu
// ("Optimal Batched Best Arm Identification", NeurIPS 2024, arXiv 2310.14129, Algorithm 1), as
// the authors' code runs it (panxulab/Optimal-Batched-Best-Arm-Identification, Algorithm.py
// `Tri_BBAI`; docs/algorithms/batched.md says what of the paper could be read here).
// Stages I-III: BbaiStages (staged_batches.hpp); constants L1, L2, L3, epsilon, alpha:
// bbai_constants.hpp. Then
//   Stage IV   (a batch) pull every arm up to L3; recommend the empirical best (no test).
//              `stage-four = until-certified` (ours, not the paper's): then test as Stage III
//              and, while it fails, double L3 and pull again (delta-correct at every delta with
//              a threshold valid for any sampling rule, at the price of batches).
// Batches with no pull are not batches here (the authors count Stage IV even when no arm is
// below L3).
#include <cstdint>

#include "cpex/registration.hpp"
#include "staged_batches.hpp"

namespace cpex::batched {
namespace {

class TriBbai final : public BbaiStages {
 public:
  explicit TriBbai(const ParamValues& params)
      : BbaiStages(params), certified_(params.text("stage-four") == "until-certified") {}

  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    auto out = resolved_constants(true);
    out.emplace_back("stage-four", std::string(certified_ ? "until-certified" : "once"));
    // how this run ended: Stage III's test, or after Stage IV (a run outcome, not a key)
    out.emplace_back("ended-by", std::string(stage_ == Stage::Four ? "stage-iv" : "stage-iii"));
    return out;
  }

 protected:
  void begin(const AlgorithmContext& context) override {
    begin_stages(context, "tri-bbai");
    stage_ = Stage::Three;
    l3_ = c_.l3;
  }

  bool plan() override {
    if (plan_stages_one_two()) return true;
    if (stage_ == Stage::Three) {
      if (stage_three_passes()) return false;
      stage_ = Stage::Four;
      top_up();
      return true;
    }
    if (!certified_ || stage_three_passes()) return false;
    l3_ *= 2;
    top_up();
    return true;
  }

 private:
  enum class Stage { Three, Four };  // after Stage II: Stage III's test next, or Stage IV done

  void top_up() {
    for (std::size_t k = 0; k < arms_; ++k)
      if (stats_.count(k) < l3_) plan_pulls(k, l3_ - stats_.count(k));
  }

  bool certified_;
  Stage stage_ = Stage::Three;
  std::uint64_t l3_ = 1;
};

}  // namespace

void register_tri_bbai(Registry& registry) {
  ParamSchema schema;
  add_bbai_parameters(schema);
  schema.choice("stage-four", "once", {"once", "until-certified"},
                "once: pull every arm up to L3 and recommend (the paper); until-certified: then repeat Stage "
                "III's test, doubling L3 until it passes");
  register_algorithm<TriBbai>(
      registry,
      {"tri-bbai", "Tri-BBAI (Jin, Yang, Tang, Xiao & Xu 2024): batched best arm, asymptotically optimal "
                   "samples in three batches"},
      staged_batches_needs(), std::move(schema));
}

}  // namespace cpex::batched
