// `ape`: Adaptive Pareto Exploration (Kone, Kaufmann & Richert, "Adaptive Algorithms for Relaxed
// Pareto Set Identification", NeurIPS 2023, Alg. 1) with its stopping rule for epsilon_1-PSI
// (epsilon_1 = `epsilon`, 0: the exact Pareto set). With oriented empirical means, M(i, j) =
// max_d (mu_i^d - mu_j^d), m(i, j) = -M(i, j) and the pairwise width beta_{i,j}
// (common/vector_arms.hpp), after one pull of every arm, each round t:
//   h_i = min_{j != i} M(i, j) - beta_{i,j} + epsilon_1   (> 0: i is certainly eps_1-optimal)
//   g_i = max_{j != i} m(i, j) - beta_{i,j}                (> 0: i is certainly dominated)
//   S(t) the empirical Pareto set; stop when Z1 = min_{i in S(t)} h_i > 0 and
//   Z2 = min_{i not in S(t)} max(h_i, g_i) > 0, answering {i : g_i <= 0} (S(t) and the arms
//   not shown dominated: every one of them eps_1-optimal, and S* among them, on the event);
//   otherwise, OPT(t) = {i : h_i > 0},
//   b_t = argmax_{i not in OPT(t)} min_{j != i} M(i, j) + beta_{i,j}  (the most optimistic
//         arm not yet shown optimal; argmax over every arm when OPT(t) holds them all),
//   c_t = argmin_{j != b_t} M(b_t, j) - beta_{b_t,j}                    (its closest threat),
//   and pull the less sampled of b_t and c_t (b_t on a tie). Ties in the argmax/argmin go to the
//   smaller index. The anytime answer is the stopping answer at the current statistics.
#include <algorithm>
#include <limits>

#include "common/vector_arms.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/pareto.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"

namespace cpex::pareto {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

class Ape final : public PairwiseParetoAlgorithm {
 public:
  explicit Ape(const ParamValues& p) : PairwiseParetoAlgorithm(p) {}

  void start(const AlgorithmContext& context) override {
    start_pairwise(context, "ape");
    next_initial_ = 0;
  }

  bool next(Action& action) override {
    const std::size_t k = setting_.arms;
    if (next_initial_ < k) {
      action.arm = next_initial_++;
      return true;
    }
    indices(h_, g_);
    const std::vector<std::size_t> front = numerics::pareto_set(stats_.means(), setting_.objectives);
    std::vector<bool> in_front(k, false);
    for (std::size_t a : front) in_front[a] = true;
    double z1 = kInfinity, z2 = kInfinity;
    for (std::size_t i = 0; i < k; ++i) {
      if (in_front[i])
        z1 = std::min(z1, h_[i]);
      else
        z2 = std::min(z2, std::max(h_[i], g_[i]));
    }
    if (z1 > 0.0 && z2 > 0.0) return false;
    // b_t among the arms not yet shown optimal.
    const bool any_open = std::any_of(h_.begin(), h_.end(), [](double h) { return !(h > 0.0); });
    std::size_t b = k;
    double most = -kInfinity;
    for (std::size_t i = 0; i < k; ++i) {
      if (any_open && h_[i] > 0.0) continue;
      double optimistic = kInfinity;
      for (std::size_t j = 0; j < k; ++j)
        if (j != i) optimistic = std::min(optimistic, big_m(i, j) + width(i, j));
      if (b == k || optimistic > most) {
        most = optimistic;
        b = i;
      }
    }
    std::size_t c = k;
    double least = kInfinity;
    for (std::size_t j = 0; j < k; ++j) {
      if (j == b) continue;
      const double pessimistic = big_m(b, j) - width(b, j);
      if (c == k || pessimistic < least) {
        least = pessimistic;
        c = j;
      }
    }
    action.arm = stats_.count(c) < stats_.count(b) ? c : b;
    return true;
  }

  Recommendation recommend() const override {
    Recommendation out;
    out.epsilon = epsilon_;
    const std::size_t k = setting_.arms;
    if (stats_.total() < k) {  // not every arm seen: the empirical Pareto set of what is known
      out.decision.arms = numerics::pareto_set(stats_.means(), setting_.objectives);
      return out;
    }
    std::vector<double> h, g;
    indices(h, g);
    for (std::size_t i = 0; i < k; ++i)
      if (!(g[i] > 0.0)) out.decision.arms.push_back(i);
    return out;
  }

 private:
  // h_i (with epsilon_1) and g_i of every arm.
  void indices(std::vector<double>& h, std::vector<double>& g) const {
    const std::size_t k = setting_.arms;
    h.assign(k, kInfinity);
    g.assign(k, -kInfinity);
    for (std::size_t i = 0; i < k; ++i)
      for (std::size_t j = 0; j < k; ++j) {
        if (i == j) continue;
        const double beta = width(i, j), m = big_m(i, j);
        h[i] = std::min(h[i], m - beta + epsilon_);
        g[i] = std::max(g[i], -m - beta);
      }
  }

  std::size_t next_initial_ = 0;
  std::vector<double> h_, g_;
};

}  // namespace

void register_ape(Registry& registry) {
  register_algorithm<Ape>(
      registry,
      {"ape", "APE (Kone, Kaufmann & Richert 2023): adaptive Pareto exploration, the Pareto set (epsilon_1-PSI) of "
              "vector-valued arms, fixed confidence"},
      pareto_needs(kFixedConfidence),
      ParamSchema()
          .target_error(0.05, "confidence: the returned set is wrong with probability at most delta")
          .accuracy(0.0, "epsilon_1: the answer holds the Pareto set and only arms optimal once improved by "
                         "epsilon_1 on every objective (0: the exact Pareto set)"));
}

}  // namespace cpex::pareto
