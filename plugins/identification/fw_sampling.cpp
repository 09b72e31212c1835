// `fw-sampling`: Frank-Wolfe sampling (Wang, Tzeng & Proutiere, "Fast Pure Exploration via
// Frank-Wolfe", NeurIPS 2021) with the GLR stopping rule (cpex/identification/glr_sampler.hpp), on
// any identification problem of the pipeline. The sampler keeps an iterate x in the simplex
// (uniform after the initial pass) and, each round t (samples so far), with i the empirical
// answer and F(x) = min_j f_j(x), f_j(x) = inf_{lambda in piece j of Alt(i)} sum_a x_a
// d(mu_hat_a, lambda_a), whose gradient is g_j = (d(mu_hat_a, lambda^j_a))_a (envelope theorem):
//   1. forced exploration z = uniform when floor(t / K) is a perfect square or mu_hat has no
//      unique strict answer (the paper's "mu_hat not in Lambda");
//   2. otherwise the r-subdifferential, r_t = t^(-9/10) / K (the authors' code; the paper asks
//      r_t -> 0 on average and t r_t -> infinity): the pieces with f_j(x) < F(x) + r_t. One
//      piece: z = the vertex e_a of its largest gradient entry (ties: smallest a); several:
//      z = argmax_{z in simplex} min_{j active} <z - x, g_j> (numerics/matrix_game.hpp, on the
//      arms the active pieces move: any other arm adds nothing to any <z, g_j>; a star-shaped
//      game — the best arm's pieces all move the leader and each its own challenger — by water
//      filling, solve_star_game, any other by GLPK's simplex);
//   3. x <- ((t - 1) x + z) / t, the authors' step (rctzeng/NeurIPS2021-FWS, standard/
//      samplingrules.jl: x (t-1)/t + z/t with t = sum N; the linear sampler's too); this
//      plugin earlier took (t x + z) / (t + 1), a step of 1/(t+1): the measured effect is in
//      docs/algorithms/identification-samplers.md;
//   4. pull argmax_a x_a / N_a (the iterate over the empirical proportions; ties: smallest a).
// Per round: every piece of Alt(i) once (O(K) for the best arm, O(m (K - m)) for top-m), plus a
// linear program of |active| rows and at most 2 |active| columns when several pieces are
// r-active (for the best arm, O(|active| log |active|) by water filling instead). See
// docs/algorithms/identification-samplers.md. Linear and transductive best arm: the same plugin
// name, plugins/identification/linear/ linear_fw_sampling.cpp, chosen by the problem's feedback
// (cpex/identification/feedback_dispatch.hpp).
#include <algorithm>
#include <cmath>
#include <limits>

#include "cpex/identification/feedback_dispatch.hpp"
#include "cpex/identification/glr_sampler.hpp"
#include "cpex/identification/tracking.hpp"
#include "cpex/numerics/matrix_game.hpp"
#include "cpex/numerics/vector_passes.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "linear/linear_samplers.hpp"

namespace cpex::identification {
namespace {

// The pieces whose value is within r of the least so far (the r-active set and some more,
// filtered once the least is known).
class ActiveSet final : public numerics::PieceVisitor {
 public:
  struct Piece {
    double value;
    std::size_t first;  // its (arm, gradient) entries in arms/gradients
    std::size_t size;
  };

  // Empties the set for a new round (keeping its buffers: no allocation per round once they
  // have grown). `ceiling`: a value at least the least piece's (+infinity when unknown).
  void reset(std::span<const double> mu, std::span<const numerics::ArmFamily> families, double r, double ceiling) {
    least = ceiling;
    mu_ = mu;
    families_ = families;
    r_ = r;
    pieces.clear();
    arms.clear();
    gradients.clear();
  }

  bool wanted(std::size_t, std::span<const std::size_t>) override { return true; }
  // A piece of value least + r or more is not r-active (the least only falls): the problem
  // may skip it uncomputed.
  double skip_above() const override { return least + r_; }
  void visit(const numerics::PieceView& piece) override {
    least = std::min(least, piece.value);
    if (!(piece.value < least + r_)) return;
    pieces.push_back({piece.value, arms.size(), piece.arms.size()});
    for (std::size_t k = 0; k < piece.arms.size(); ++k) {
      const std::size_t a = piece.arms[k];
      arms.push_back(a);
      gradients.push_back(families_[a].kl(mu_[a], piece.point[k]));
    }
  }

  double least = 0.0;
  std::vector<Piece> pieces;
  std::vector<std::size_t> arms;
  std::vector<double> gradients;

 private:
  std::span<const double> mu_;
  std::span<const numerics::ArmFamily> families_;
  double r_ = 0.0;
};

class FwSampling final : public GlrSampler {
 public:
  explicit FwSampling(const ParamValues& p) : GlrSampler(p, "fw-sampling") {}

 protected:
  void begin(const AlgorithmContext&) override {
    const std::size_t k = means().size();
    x_.assign(k, 1.0 / static_cast<double>(k));
  }

  std::size_t sample(std::uint64_t t) override {
    direction(t);
    // The step and the argmax of the ratios x_a / N_a (the first of the largest) in one vector
    // pass, the scalar loop's bits (numerics/vector_passes.hpp).
    return numerics::frank_wolfe_step(x_.data(), z_.data(), counts().data(), static_cast<double>(t),
                                      x_.size());
  }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override { return {}; }

 private:
  // z of round t: forced exploration, the vertex of the one r-active piece, or the game's.
  void direction(std::uint64_t t) {
    const std::size_t k = means().size();
    z_.assign(k, 0.0);
    if (is_perfect_square(t / k) || !answer_is_strict(strict_)) {
      std::fill(z_.begin(), z_.end(), 1.0 / static_cast<double>(k));
      return;
    }
    const double r = std::pow(static_cast<double>(t), -0.9) / static_cast<double>(k);
    ActiveSet& set = set_;
    set.reset(means(), families(), r, ceiling());
    problem().for_each_piece(x_, means(), families(), answer(), set);
    active_.clear();
    for (const auto& p : set.pieces)
      if (p.value < set.least + r) active_.push_back(p);
    if (active_.empty()) {  // no piece of finite value: explore
      std::fill(z_.begin(), z_.end(), 1.0 / static_cast<double>(k));
      return;
    }
    if (active_.size() == 1) {
      const auto& p = active_.front();
      std::size_t best = set.arms[p.first];
      double most = -1.0;
      for (std::size_t j = p.first; j < p.first + p.size; ++j)
        if (set.gradients[j] > most || (set.gradients[j] == most && set.arms[j] < best)) {
          most = set.gradients[j];
          best = set.arms[j];
        }
      z_[best] = 1.0;
      return;
    }
    if (star_game(set)) return;
    // The arms the active pieces move, and the game max_z min_j <z, g_j> - <x, g_j> on them.
    support_.clear();
    for (const auto& p : active_)
      support_.insert(support_.end(), set.arms.begin() + static_cast<std::ptrdiff_t>(p.first),
                      set.arms.begin() + static_cast<std::ptrdiff_t>(p.first + p.size));
    std::sort(support_.begin(), support_.end());
    support_.erase(std::unique(support_.begin(), support_.end()), support_.end());
    payoff_.assign(active_.size() * support_.size(), 0.0);
    offsets_.assign(active_.size(), 0.0);
    for (std::size_t row = 0; row < active_.size(); ++row) {
      const auto& p = active_[row];
      for (std::size_t j = p.first; j < p.first + p.size; ++j) {
        const auto col = static_cast<std::size_t>(
            std::lower_bound(support_.begin(), support_.end(), set.arms[j]) - support_.begin());
        payoff_[row * support_.size() + col] += set.gradients[j];
        offsets_[row] -= x_[set.arms[j]] * set.gradients[j];
      }
    }
    numerics::solve_matrix_game(payoff_, active_.size(), support_.size(), offsets_, strategy_);
    for (std::size_t c = 0; c < support_.size(); ++c) z_[support_[c]] = strategy_[c];
  }

  // The game of the active pieces when it is a star — each moves two arms, one of them common
  // to all (the hub: the best arm's pieces move the empirical best arm and each its own
  // challenger), the others all different — by water filling (numerics::solve_star_game)
  // without forming the matrix: z_ set and true; false for any other game.
  bool star_game(const ActiveSet& set) {
    const std::size_t k = means().size();
    for (const auto& p : active_)
      if (p.size != 2) return false;
    const std::size_t* first = &set.arms[active_[0].first];
    const std::size_t* second = &set.arms[active_[1].first];
    const std::size_t hub = first[0] == second[0] || first[0] == second[1] ? first[0] : first[1];
    hub_row_.clear();
    own_row_.clear();
    own_arm_.clear();
    offsets_.clear();
    seen_.resize(k, 0);
    bool star = true;
    for (const auto& p : active_) {
      const std::size_t at = set.arms[p.first] == hub ? 0 : set.arms[p.first + 1] == hub ? 1 : 2;
      if (at == 2) {
        star = false;
        break;
      }
      const std::size_t own = set.arms[p.first + 1 - at];
      const double hub_gradient = set.gradients[p.first + at],
                   own_gradient = set.gradients[p.first + 1 - at];
      if (seen_[own] || !(own_gradient >= 0.0)) {
        star = false;
        break;
      }
      seen_[own] = 1;
      own_arm_.push_back(own);
      hub_row_.push_back(hub_gradient);
      own_row_.push_back(own_gradient);
      offsets_.push_back(-(x_[hub] * hub_gradient) - x_[own] * own_gradient);
    }
    for (std::size_t a : own_arm_) seen_[a] = 0;
    if (!star) return false;
    double hub_weight = 0.0;
    numerics::solve_star_game(hub_row_, own_row_, offsets_, hub_weight, strategy_);
    z_[hub] = hub_weight;
    for (std::size_t j = 0; j < own_arm_.size(); ++j) z_[own_arm_[j]] = strategy_[j];
    return true;
  }

  // An upper bound on F(x): the value at x of the stopping check's closest point (a point of
  // its piece, so at least that piece's value f_p(x) >= F(x)), raised by a relative 1e-9 for
  // the rounding; +infinity when the check saw other pieces than problem() (elimination) or
  // the arms are vector-valued. Lets the problem skip the pieces that cannot be r-active.
  double ceiling() const {
    const numerics::BestResponse& stop = stopping_response();
    if (elimination() != Elimination::None || objectives() != 1 || stop.arms.empty() ||
        stop.point.size() != stop.arms.size())
      return std::numeric_limits<double>::infinity();
    double value = 0.0;
    for (std::size_t k = 0; k < stop.arms.size(); ++k) {
      const std::size_t a = stop.arms[k];
      value += x_[a] * families()[a].kl(means()[a], stop.point[k]);
    }
    return std::isfinite(value) ? value * (1.0 + 1e-9) : std::numeric_limits<double>::infinity();
  }

  std::vector<double> x_, z_, payoff_, offsets_, strategy_;
  std::vector<double> hub_row_, own_row_;  // star_game's rows
  std::vector<std::size_t> own_arm_;
  std::vector<char> seen_;  // star_game's own arms met (all 0 between calls)
  ActiveSet set_;  // this round's near-least pieces (kept: its buffers are reused)
  std::vector<ActiveSet::Piece> active_;
  std::vector<std::size_t> support_;
  Decision strict_;
};

void register_fw_sampling(Registry& registry) {
  ParamSchema schema;
  add_glr_parameters(schema);
  register_with_linear<FwSampling>(registry,
                                   {"fw-sampling",
                                    "Frank-Wolfe sampling (Wang, Tzeng & Proutiere 2021: FW steps on the r-subdifferential, "
                                    "forced exploration, ratio tracking) with GLR stopping; any identification problem, and "
                                    "linear / transductive best arm",
                                    "1.0"},
                                   std::move(schema), make_linear_fw_sampling);
}

}  // namespace
}  // namespace cpex::identification

CPEX_PLUGIN(cpex::identification::register_fw_sampling)
