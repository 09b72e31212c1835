// `uniform`: uniform sampling with the GLR stopping rule (cpex/identification/glr_sampler.hpp), the
// baseline of every fixed-confidence experiment table (e.g. Garivier & Kaufmann 2016; Degenne,
// Koolen & Menard 2019), on any identification problem of the pipeline: after the initial
// pass, round robin over the arms (arm t mod K at round t, t the samples so far). With
// `elimination = sampling`, the round robin is over the arms that the uncertified pieces of
// the empirical answer's alternative still move (the least-sampled of them, smallest index
// first: the racing form of uniform sampling). O(1) per round (O(pieces) with elimination).
// See docs/algorithms/identification-samplers.md.
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "cpex/identification/glr_sampler.hpp"

namespace cpex::identification {
namespace {

// Marks the arms the pieces offered move, without computing any piece.
class MovedArms final : public numerics::PieceVisitor {
 public:
  explicit MovedArms(std::vector<char>& moved) : moved_(moved) {}
  bool wanted(std::size_t, std::span<const std::size_t> arms) override {
    for (std::size_t a : arms) moved_[a] = 1;
    return false;
  }
  void visit(const numerics::PieceView&) override {}

 private:
  std::vector<char>& moved_;
};

class Uniform final : public GlrSampler {
 public:
  explicit Uniform(const ParamValues& p) : GlrSampler(p, "uniform") {}

 protected:
  void begin(const AlgorithmContext&) override {}

  std::size_t sample(std::uint64_t t) override {
    const std::size_t k = counts().size();
    if (elimination() != Elimination::Sampling) return static_cast<std::size_t>(t % k);
    moved_.assign(k, 0);
    MovedArms mark(moved_);
    problem().for_each_piece(counts(), means(), families(), answer(), mark);
    std::size_t arm = k;
    for (std::size_t a = 0; a < k; ++a)
      if (moved_[a] && (arm == k || counts()[a] < counts()[arm])) arm = a;
    return arm == k ? static_cast<std::size_t>(t % k) : arm;
  }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override { return {}; }

 private:
  std::vector<char> moved_;
};

void register_uniform(Registry& registry) {
  register_glr_sampler<Uniform>(
      registry,
      {"uniform", "uniform sampling (round robin) with GLR stopping; any identification problem (vector-valued "
                  "arms too)",
       "1.1"},
      {.needs = [](AlgorithmNeeds& needs) { needs.feedback.push_back(FeedbackKind::MultiObjective); }});
}

}  // namespace
}  // namespace cpex::identification

CPEX_PLUGIN(cpex::identification::register_uniform)
