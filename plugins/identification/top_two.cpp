// `top-two`: the EB-TCI / EB-TC top-two sampling rules of Jourdan, Degenne, Baudry, de Heide
// & Kaufmann ("Top Two Algorithms Revisited", NeurIPS 2022) with the GLR stopping rule
// (common/glr_sampler.hpp), on any identification problem of the pipeline.
//
// After the initial pass, each round t:
//   leader     the empirical answer (EB; for the best arm argmax_a mu_hat_a, smallest index);
//   challenger the piece of the alternative of least GLR (challenger = tc), or of least GLR +
//              log N_j over the arms j it moves outside the answer (challenger = tci, default)
//              — for the best arm C_t = argmin_{j != B_t} W_t(B_t, j) (+ log N_j), W_t the
//              transportation cost (GK 2016 eq. (11));
//   pull       on the challenger piece, the least-sampled arm it moves inside the answer (the
//              leader arm; for the best arm B_t) with probability beta, else the least-sampled
//              arm it moves outside the answer (C_t) (selection = random, the 2022 paper; the
//              algorithm's own random stream), or deterministically (selection = tracking,
//              Jourdan & Degenne 2023's "K tracking procedures"): L_B += 1, pull the leader
//              arm B if N^B_B <= beta L_B (N^B_B: pulls of B while it led), else the other.
//              A piece moving arms on one side only (thresholds) pulls the least-sampled of them.
// beta = 1/2 by default (the analysed choice). A round costs one best response (O(K) for the
// best arm); no w* is computed. See docs/algorithms/identification.md.
#include <cmath>
#include <limits>

#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "feedback_dispatch.hpp"
#include "glr_sampler.hpp"
#include "linear_samplers.hpp"

namespace cpex::identification {
namespace {

class TopTwo final : public GlrSampler {
 public:
  explicit TopTwo(const ParamValues& p)
      : GlrSampler(p, "top-two"),
        beta_(p.real("beta")),
        penalized_(p.text("challenger") == "tci"),
        tracking_(p.text("selection") == "tracking") {}

 protected:
  void begin(const AlgorithmContext& context) override {
    rng_ = context.rng;
    const std::size_t n = means().size();
    led_.assign(n, 0);
    pulled_leading_.assign(n, 0);
    penalties_.assign(n, 0.0);
  }

  std::size_t sample(std::uint64_t) override {
    const numerics::BestResponse& piece = challenger_piece();
    std::size_t leader = none(), challenger = none();
    split(piece, leader, challenger);
    if (leader == none()) return challenger;
    if (challenger == none()) return leader;
    if (!tracking_) return rng_.uniform01() < beta_ ? leader : challenger;
    ++led_[leader];
    const bool lead = static_cast<double>(pulled_leading_[leader]) <= beta_ * static_cast<double>(led_[leader]);
    if (lead) ++pulled_leading_[leader];
    return lead ? leader : challenger;
  }

  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override {
    return {{"beta", beta_},
            {"challenger", std::string(penalized_ ? "tci" : "tc")},
            {"selection", std::string(tracking_ ? "tracking" : "random")}};
  }

 private:
  std::size_t none() const { return means().size(); }

  // The closest piece (tc: the stopping rule's, computed without a piece-size threshold when
  // the pieces differ in size), or with the log N_j penalties (tci).
  const numerics::BestResponse& challenger_piece() {
    if (!penalized_)
      return problem().pieces_of_one_size(answer()) ? stopping_response() : closest();
    for (std::size_t j = 0; j < penalties_.size(); ++j) penalties_[j] = std::log(counts()[j]);
    return closest(penalties_);
  }

  // The least-sampled arm the piece moves inside the answer (leader) and outside (challenger).
  void split(const numerics::BestResponse& piece, std::size_t& leader, std::size_t& challenger) const {
    const Decision& a = answer();
    for (std::size_t arm : piece.arms) {
      const bool in = std::binary_search(a.arms.begin(), a.arms.end(), arm);
      std::size_t& side = in ? leader : challenger;
      if (side == none() || stats_.count(arm) < stats_.count(side)) side = arm;
    }
    if (leader == none() && challenger == none()) leader = a.arms.empty() ? 0 : a.arms.front();
  }

  double beta_;
  bool penalized_, tracking_;
  RandomStream rng_;
  std::vector<std::uint64_t> led_, pulled_leading_;  // L_i and N^i_i of the tracking selection
  std::vector<double> penalties_;
};

void register_top_two(Registry& registry) {
  ParamSchema schema;
  add_glr_parameters(schema);
  schema.real("beta", 0.5, Range::open(0.0, 1.0), "probability (or share) of pulling the leader")
      .choice("challenger", "tci", {"tci", "tc"},
              "tci: argmin transportation cost + log N_j; tc: argmin transportation cost")
      .choice("selection", "random", {"random", "tracking"},
              "random: leader with probability beta; tracking: per-leader deterministic tracking "
              "of beta (Jourdan & Degenne 2023)");
  linear::add_linear_top_two_parameters(schema);
  // Linear and transductive best arm: plugins/linear/samplers/linear_top_two.cpp.
  AlgorithmNeeds needs = glr_sampler_needs();
  needs.feedback.push_back(FeedbackKind::LinearArm);
  needs.transductive = true;
  register_algorithm(registry,
                     {"top-two",
                      "top-two sampling (Jourdan et al. 2022: EB leader, TCI/TC challenger, beta = 1/2) "
                      "with GLR stopping; any identification problem, and linear / transductive best arm",
                      "2.0"},
                     std::move(needs), std::move(schema), [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
                       return std::make_unique<FeedbackDispatch>(
                           p, std::vector<std::pair<FeedbackKind, FeedbackDispatch::Factory>>{
                                  {FeedbackKind::SingleArm,
                                   [](const ParamValues& q) { return std::make_unique<TopTwo>(q); }},
                                  {FeedbackKind::LinearArm, linear::make_linear_top_two}});
                     });
}

}  // namespace
}  // namespace cpex::identification

CPEX_PLUGIN(cpex::identification::register_top_two)
