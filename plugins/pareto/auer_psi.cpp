// `auer-psi`: epsilon-accurate Pareto front identification of Auer, Chiang, Ortner & Drugan
// ("Pareto Front Identification from Stochastic Bandit Feedback", AISTATS 2016, Alg. 1), with
// the pairwise width beta_{i,j} of APE (common/vector_arms.hpp; Kone, Kaufmann & Richert 2023
// ran it so). Rounds over the active set A (every arm at first): pull each arm of A once, then
//   discard i from A if some j in A has m(i, j) - beta_{i,j} > 0 (i certainly dominated);
//   P1 = {i in A : M(i, j) + epsilon - beta_{i,j} > 0 for every j in A, j != i}
//        (i certainly epsilon-optimal among the active arms);
//   P2 = {i in P1 : M(j, i) - beta_{i,j} > 0 for every j in A \ P1} (no undecided arm can be
//        dominated by i alone; P2 = P1 when A \ P1 is empty);
//   move P2 from A to the answer P; stop when A is empty and answer P.
// The answer holds the Pareto set and only epsilon-Pareto-optimal arms with probability 1 - delta.
// Mid-run answer: P and the empirical Pareto set of A.
#include <algorithm>
#include <limits>

#include "common/vector_arms.hpp"
#include "cpex/numerics/pareto.hpp"
#include "cpex/plugin.hpp"
#include "cpex/recommendation.hpp"
#include "cpex/registration.hpp"

namespace cpex::pareto {
namespace {

class AuerPsi final : public PairwiseParetoAlgorithm {
 public:
  explicit AuerPsi(const ParamValues& p) : PairwiseParetoAlgorithm(p) {}

  void start(const AlgorithmContext& context) override {
    start_pairwise(context, "auer-psi");
    active_.resize(setting_.arms);
    for (std::size_t a = 0; a < active_.size(); ++a) active_[a] = a;
    accepted_.clear();
    round_ = active_;
    position_ = 0;
  }

  bool next(Action& action) override {
    while (position_ == round_.size()) {
      if (!round_.empty()) decide();
      if (active_.empty()) return false;
      round_ = active_;
      position_ = 0;
    }
    action.arm = round_[position_++];
    return true;
  }

  Recommendation recommend() const override {
    return recommend_arms(accepted_and_front(stats_, accepted_, member_mask(setting_.arms, active_)), epsilon_);
  }

 private:
  // The end of a round: discard, then accept P2.
  void decide() {
    std::vector<std::size_t> kept;
    for (std::size_t i : active_) {
      bool dominated = false;
      for (std::size_t j : active_) dominated = dominated || (j != i && -big_m(i, j) - width(i, j) > 0.0);
      if (!dominated) kept.push_back(i);
    }
    active_ = kept;
    std::vector<std::size_t> p1, rest;
    for (std::size_t i : active_) {
      bool optimal = true;
      for (std::size_t j : active_) optimal = optimal && (j == i || big_m(i, j) + epsilon_ - width(i, j) > 0.0);
      (optimal ? p1 : rest).push_back(i);
    }
    std::vector<std::size_t> p2;
    for (std::size_t i : p1) {
      bool clear = true;
      for (std::size_t j : rest) clear = clear && big_m(j, i) - width(i, j) > 0.0;
      if (clear) p2.push_back(i);
    }
    for (std::size_t i : p2) {
      accepted_.push_back(i);
      active_.erase(std::find(active_.begin(), active_.end(), i));
    }
    std::sort(accepted_.begin(), accepted_.end());
  }

  std::vector<std::size_t> active_, accepted_, round_;
  std::size_t position_ = 0;
};

}  // namespace

void register_auer_psi(Registry& registry) {
  register_algorithm<AuerPsi>(
      registry,
      {"auer-psi", "epsilon-accurate Pareto set identification of Auer, Chiang, Ortner & Drugan 2016 (Alg. 1): "
                   "uniform rounds over the undecided arms, elimination and acceptance, fixed confidence"},
      pareto_needs(kFixedConfidence),
      ParamSchema()
          .target_error(0.05, "confidence: the returned set is wrong with probability at most delta")
          .accuracy(0.0, "epsilon: the answer holds the Pareto set and only epsilon-Pareto-optimal arms (0: the "
                         "exact Pareto set)"));
}

}  // namespace cpex::pareto
