// `top-two`: the EB-TCI / EB-TC top-two sampling rules of Jourdan, Degenne, Baudry, de Heide
// & Kaufmann ("Top Two Algorithms Revisited", NeurIPS 2022) for the best arm of Gaussian
// (known sigma) or Bernoulli arms, with the Chernoff stopping rule (chernoff_stopping.hpp).
//
// After one pull of every arm, each round t:
//   leader     B_t = argmax_a mu_hat_a (EB: the empirical best; smallest index among ties);
//   challenger C_t = argmin_{j != B_t} W_t(B_t, j) + log N_j   (challenger = tci, default)
//              C_t = argmin_{j != B_t} W_t(B_t, j)             (challenger = tc),
//              W_t(B, j) the transportation cost, here the GLR statistic Z_{B,j} of the
//              family (GK 2016 eq. (11); (mu_B - mu_j)^2 / (2 sigma^2 (1/N_B + 1/N_j)) for
//              Gaussian arms);
//   pull       B_t with probability beta, else C_t (selection = random, the 2022 paper;
//              the algorithm's own random stream), or deterministically
//              (selection = tracking, Jourdan & Degenne 2023's "K tracking procedures"):
//              L_B += 1, pull B_t if N^B_B <= beta L_B (N^B_B: pulls of B while it led),
//              else C_t.
// beta = 1/2 by default (the analysed choice). A round costs O(K). No w* is computed.
// See docs/algorithms/asymptotic.md.
#include <cmath>
#include <limits>
#include <optional>

#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "glr_identification.hpp"

namespace cpex::bestk {
namespace {

class TopTwo final : public GlrIdentification {
 public:
  explicit TopTwo(const ParamValues& p)
      : GlrIdentification(p, "top-two"),
        beta_(p.real("beta")),
        penalized_(p.text("challenger") == "tci"),
        tracking_(p.text("selection") == "tracking") {}

 protected:
  void begin(const AlgorithmContext& context) override {
    rng_ = context.rng;
    led_.assign(stats_.arms(), 0);
    pulled_leading_.assign(stats_.arms(), 0);
  }

  std::size_t sample(std::uint64_t, const GlrStatistic& z) override {
    const std::size_t leader = z.best;
    const std::size_t challenger = penalized_ ? penalized_challenger(leader) : z.challenger;
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
  // argmin_{j != leader} W(leader, j) + log N_j (TCI), smallest index among ties.
  std::size_t penalized_challenger(std::size_t leader) const {
    const double count_leader = static_cast<double>(stats_.count(leader));
    const double mean_leader = stats_.mean(leader);
    std::size_t arm = leader == 0 ? 1 : 0;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < stats_.arms(); ++j) {
      if (j == leader) continue;
      const double count = static_cast<double>(stats_.count(j));
      const double cost = family_->glr(count_leader, mean_leader, count, stats_.mean(j)) + std::log(count);
      if (cost < best) {
        best = cost;
        arm = j;
      }
    }
    return arm;
  }

  double beta_;
  bool penalized_, tracking_;
  RandomStream rng_;
  std::vector<std::uint64_t> led_, pulled_leading_;  // L_i and N^i_i of the tracking selection
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
  register_algorithm<TopTwo>(registry,
                             {"top-two", "top-two sampling (Jourdan et al. 2022: EB leader, TCI/TC "
                                         "challenger, beta = 1/2) with GLR stopping; Gaussian or "
                                         "Bernoulli arms, best arm"},
                             glr_identification_needs(), std::move(schema));
}

}  // namespace
}  // namespace cpex::bestk

CPEX_PLUGIN(cpex::bestk::register_top_two)
