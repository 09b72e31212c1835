// Top-two sampling on linear and transductive best-arm problems, with the GLR stopping rule
// of the linear samplers: the top-two family's leader and challenger (Jourdan, Degenne,
// Baudry, de Heide & Kaufmann 2022) computed with the linear GLR, as L-T3C of Shang's
// LinBAI.jl (linear/samplingrules.jl, LT3C) does. Each round t (after one pull per arm):
//   leader      `leader = eb`: the empirical answer z_hat; `leader = ts`: argmax_z z^T theta~ for
//               one draw theta~ ~ N(theta_hat, sigma^2 V^{-1}) (L-T3C's Thompson leader; the code
//               draws a fresh theta~ per item, we draw one);
//   challenger  argmin_{z != leader} of the transportation cost
//               W(leader, z) = (theta_hat^T (z_L - z))^2_+ / (2 sigma^2 ||z_L - z||^2_{V^{-1}})
//               (`challenger = tc`), + log N_z (`tci`, Z = X only: the items are the arms);
//   pull        `pull = pair` (Z = X only): the leader arm with probability beta, else the
//               challenger arm (`selection = random`), or the per-leader tracking of beta
//               (`selection = tracking`), as the unstructured top-two and L-T3C's "N" rule;
//               `pull = greedy`: the arm whose pull shrinks ||z_L - z_C||_{V^{-1}} most,
//               argmax_a (y^T V^{-1} x_a)^2 / (1 + x_a^T V^{-1} x_a) (L-T3C's "G" rule, LinGapE's
//               greedy arm; the default: the optimal allocation of a linear problem often
//               rests on arms that are never leader nor challenger, e.g. Soare's e_2).
// Cost of a round: O(M d^2) (challenger) + O(K d^2) (greedy).
#include <cstdlib>
#include <cmath>
#include <limits>

#include <Eigen/Cholesky>

#include "cpex/errors.hpp"
#include "cpex/identification/linear_glr_sampler.hpp"
#include "linear_samplers.hpp"

namespace cpex::identification {
namespace {

// beta of the shared `top-two` schema (text: a number in (0, 1) or ids); linear problems take
// a number, and the leaders / challengers the linear sampler has (eb, ts; tci, tc).
double linear_beta(const ParamValues& p) {
  const std::string text = p.text("beta");
  if (p.text("leader") != "eb" && p.text("leader") != "ts")
    throw ParameterError("leader", "'" + p.text("leader") + "' is a leader of unstructured arms; linear problems take eb or ts");
  if (p.text("challenger") != "tci" && p.text("challenger") != "tc")
    throw ParameterError("challenger",
                         "'" + p.text("challenger") + "' is a challenger of unstructured arms; linear problems take tci or tc");
  char* end = nullptr;
  const double beta = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0' || !(beta > 0.0 && beta < 1.0))
    throw ParameterError("beta", "linear problems take a fixed beta in (0, 1), not '" + text + "'");
  return beta;
}

class LinearTopTwo final : public LinearGlrSampler {
 public:
  explicit LinearTopTwo(const ParamValues& p)
      : LinearGlrSampler(p, "top-two"),
        beta_(linear_beta(p)),
        penalized_(p.text("challenger") == "tci"),
        tracking_(p.text("selection") == "tracking"),
        thompson_(p.text("leader") == "ts"),
        pull_(p.text("pull")) {}

 protected:
  void begin(const AlgorithmContext& context) override {
    rng_ = context.rng;
    transductive_ = context.problem->answers.cols() > 0;
    if (transductive_ && penalized_)
      throw ParameterError("challenger", "tci penalizes the challenger by log N_z, the pulls of an arm: with an answer "
                                         "set Z != X take challenger = tc");
    pair_ = pull_ == "pair";
    if (transductive_ && pair_)
      throw ParameterError("pull", "pair pulls the leader or the challenger, items of the answer set that are not "
                                   "arms here: take pull = greedy");
    led_.assign(item_count(), 0);
    pulled_leading_.assign(item_count(), 0);
  }

  std::size_t sample(std::uint64_t) override {
    const std::size_t leader = thompson_ ? thompson_leader() : answer();
    const std::size_t challenger = challenger_of(leader);
    if (challenger == leader) return leader % arm_count();  // no other item: any pull
    if (!pair_) return greedy(leader, challenger);
    if (!tracking_) return rng_.uniform01() < beta_ ? leader : challenger;
    ++led_[leader];
    const bool lead = static_cast<double>(pulled_leading_[leader]) <= beta_ * static_cast<double>(led_[leader]);
    if (lead) ++pulled_leading_[leader];
    return lead ? leader : challenger;
  }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override {
    return {{"beta", beta_},
            {"challenger", std::string(penalized_ ? "tci" : "tc")},
            {"selection", std::string(tracking_ ? "tracking" : "random")},
            {"leader", std::string(thompson_ ? "ts" : "eb")},
            {"pull", std::string(pair_ ? "pair" : "greedy")}};
  }

 private:
  std::size_t thompson_leader() {
    const Eigen::MatrixXd root = design().inverse().llt().matrixL();
    Eigen::VectorXd draw(theta().size());
    for (Eigen::Index i = 0; i < draw.size(); ++i) draw(i) = rng_.normal();
    return numerics::linear_answer(items(), theta() + sigma() * (root * draw));
  }

  std::size_t challenger_of(std::size_t leader) const {
    const auto l = static_cast<Eigen::Index>(leader);
    const double scale = 2.0 * sigma() * sigma();
    std::size_t best = leader;
    double best_cost = std::numeric_limits<double>::infinity();
    for (Eigen::Index j = 0; j < items().cols(); ++j) {
      if (j == l || items().col(j) == items().col(l)) continue;
      const Eigen::VectorXd y = items().col(l) - items().col(j);
      const double gap = std::max(0.0, y.dot(theta()));
      double cost = gap * gap / (scale * y.dot(design().inverse() * y));
      if (penalized_) cost += std::log(static_cast<double>(counts()[static_cast<std::size_t>(j)]));
      if (cost < best_cost) {
        best_cost = cost;
        best = static_cast<std::size_t>(j);
      }
    }
    return best;
  }

  std::size_t greedy(std::size_t leader, std::size_t challenger) const {
    const Eigen::VectorXd y = items().col(static_cast<Eigen::Index>(leader)) - items().col(static_cast<Eigen::Index>(challenger));
    const Eigen::VectorXd u = design().inverse() * y;
    std::size_t best = 0;
    double best_gain = -1.0;
    for (std::size_t a = 0; a < arm_count(); ++a) {
      const auto x = arms().col(static_cast<Eigen::Index>(a));
      const double along = u.dot(x);
      const double gain = along * along / (1.0 + x.dot(design().inverse() * x));
      if (gain > best_gain) {
        best_gain = gain;
        best = a;
      }
    }
    return best;
  }

  double beta_;
  bool penalized_, tracking_, thompson_;
  std::string pull_;
  bool pair_ = true, transductive_ = false;
  RandomStream rng_;
  std::vector<std::uint64_t> led_, pulled_leading_;
};

}  // namespace

void add_linear_top_two_parameters(ParamSchema& schema) {
  schema.choice("pull", "greedy", {"greedy", "pair"},
              "linear problems: greedy pulls the arm shrinking ||z_leader - z_challenger|| most (L-T3C's G rule); "
              "pair the leader or the challenger arm (Z = X only; beta, selection)");
}

std::unique_ptr<Algorithm> make_linear_top_two(const ParamValues& p) { return std::make_unique<LinearTopTwo>(p); }

}  // namespace cpex::identification
