// `top-two`: the top-two family with the GLR stopping rule, on the SDK's leader/challenger base
// (cpex/identification/top_two_sampler.hpp), on any identification problem of the pipeline. Each
// round after the initial pass picks a leader answer B, a challenger (a piece of Alt(B), or
// another answer), the least-sampled arm the challenger moves inside B (the leader arm) and
// outside B (the challenger arm), and pulls the leader arm with probability (or share) beta:
//
//   leader = eb   (default) the empirical answer (EB; for the best arm argmax mu_hat, smallest
//                 index) — Jourdan, Degenne, Baudry, de Heide & Kaufmann, NeurIPS 2022;
//            ts   the answer of one posterior draw (cpex/identification/posterior.hpp) — Russo 2016/2020, and
//                 Shang, de Heide, Kaufmann, Menard & Valko, AISTATS 2020; for the best arm or
//                 the top-m of 256+ Gaussian or Bernoulli arms only the draw's m largest values
//                 are drawn (cpex/identification/posterior_top.hpp, beta_top_draw.hpp: the same
//                 law, other random numbers);
//            ucb  the answer of the KL-UCB indices at level alpha (1 + s) log t, alpha = s = 1.2
//                 (for Gaussian arms the index mu_hat + sqrt(g(t)/N) of Jourdan & Degenne,
//                 NeurIPS 2023, g(t) = 2 alpha (1 + s) log t with sigma = 1), each by
//                 Newton's method from the round before's (numerics::kl_upper_bound_from); for
//                 the best arm of 256+ Bernoulli arms the argmax of the bisection indices
//                 (numerics::kl_upper_bound) by cpex/identification/kl_index_argmax.hpp, which
//                 computes only the indices that can win;
//            ei   argmax_i of the expected improvement s_i f((mu_hat_i - max mu_hat)/s_i),
//                 s_i = sigma_i / sqrt(N_i), f(x) = x Phi(x) + phi(x) — TTEI (Qin, Klabjan &
//                 Russo, NeurIPS 2017; best arm of Gaussian arms of known variance).
//   challenger = tci (default) the piece of Alt(B) of least GLR + log N_j over the arms j it
//                 moves outside B (TCI); for the best arm argmin_{j != B} W(B, j) + log N_j;
//                tc   the piece of least GLR (TC; W(B, j) = 0 when mu_hat_j >= mu_hat_B);
//                ts   posterior draws until the draw's answer C differs from B (Russo's
//                 re-sampling, TTTS), the challenger moving the arms of B \ C and C \ B; after
//                 kMaxResamples draws without one, the TC piece (a cap the papers do not have:
//                 a concentrated posterior could otherwise loop for ever). For the best arm
//                 the same law by a faster sampler (cpex/identification/ttts_challenger.hpp:
//                 two re-draws, then Karp-Luby-Madras's union of the events theta_j >
//                 theta_B, exact for Gaussian and Bernoulli arms), so the random stream, not
//                 the law, differs from plain re-drawing (a reading: runs are not the same);
//                 from 256 Gaussian or Bernoulli arms each re-draw is a top-1 draw;
//                ei   argmax_{j != B} of s_Bj f((mu_hat_j - mu_hat_B)/s_Bj), s_Bj^2 = s_B^2 + s_j^2
//                 (TTEI; best arm of Gaussian arms).
//   beta = 0.5   (default, the analysed choice) a fixed proportion in (0, 1); beta = ids:
//                information-directed selection (You, Qin, Wang & Yang, ICML 2023): for leader
//                arm i and challenger arm j moved to lambda, beta = N_i d(mu_i, lambda_i) /
//                (N_i d(mu_i, lambda_i) + N_j d(mu_j, lambda_j)) (= N_j / (N_i + N_j) for
//                Gaussian arms of one variance: the EB-TCeps and TTUCB posters' form).
//   selection = sampling (default; `random`, its old name, is accepted and reported) the
//                leader arm with probability beta from the algorithm's own stream; tracking:
//                Jourdan & Degenne 2023's per-leader tracking, L_i += 1 and pull the leader arm
//                i if N^i_i <= beta L_i (with ids: the sum of the betas of i's rounds), N^i_i its
//                pulls while leading.
// A piece moving arms on one side only (thresholds) pulls the least-sampled of them.
// Named combinations: TTTS = ts, ts; T3C = ts, tc; TTEI = ei, ei; EB-TCI = the defaults;
// EB-TC = eb, tc; TTUCB = ucb, tc, tracking; EB-TCeps = eb, tc, tracking with `epsilon` (the
// epsilon-good problem's pieces are the TCeps challenger's). A round is O(K) for the best arm
// (one best response; ts: one draw per arm and per re-sample). See
// docs/algorithms/identification-samplers.md.
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <optional>
#include <sstream>

#include "cpex/errors.hpp"
#include "cpex/numerics/kl_confidence.hpp"
#include "cpex/numerics/normal_distribution.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "cpex/identification/feedback_dispatch.hpp"
#include "cpex/identification/top_two_sampler.hpp"
#include "linear/linear_samplers.hpp"
#include "cpex/identification/posterior.hpp"
#include "cpex/identification/posterior_top.hpp"
#include "cpex/identification/beta_top_draw.hpp"
#include "cpex/identification/kl_index_argmax.hpp"
#include "cpex/identification/ttts_challenger.hpp"

namespace cpex::identification {
namespace {

// Posterior draws before the TTTS challenger falls back to TC.
constexpr int kMaxResamples = 1000;
// Jourdan & Degenne's UCB leader: alpha = s = 1.2, level alpha (1 + s) log t.
constexpr double kUcbLevel = 1.2 * (1.0 + 1.2);

enum class Leader { Eb, Ts, Ucb, Ei };
enum class Challenger { Tc, Tci, Ts, Ei };

Leader parse_leader(const std::string& s) {
  return s == "ts" ? Leader::Ts : s == "ucb" ? Leader::Ucb : s == "ei" ? Leader::Ei : Leader::Eb;
}
Challenger parse_challenger(const std::string& s) {
  return s == "tc" ? Challenger::Tc : s == "ts" ? Challenger::Ts : s == "ei" ? Challenger::Ei : Challenger::Tci;
}
const char* leader_name(Leader l) {
  const char* names[] = {"eb", "ts", "ucb", "ei"};
  return names[static_cast<int>(l)];
}
const char* challenger_name(Challenger c) {
  const char* names[] = {"tc", "tci", "ts", "ei"};
  return names[static_cast<int>(c)];
}

// f(x) = x Phi(x) + phi(x): E[(Z + x)^+] for a standard normal Z.
double improvement(double x) {
  return x * numerics::normal_cdf(x) + numerics::normal_pdf(x);
}

// beta = ids (the fixed beta is then unused: 0.5), or a number in (0, 1) (the key is text so
// that it can say ids).
double parse_beta(const std::string& text) {
  if (text == "ids") return 0.5;
  std::istringstream in(text);
  double beta = 0.0;
  if (!(in >> beta) || !(in >> std::ws).eof() || !(beta > 0.0 && beta < 1.0))
    throw ParameterError("beta", "beta = '" + text + "' is neither a number in (0, 1) nor 'ids'");
  return beta;
}

class TopTwo final : public TopTwoSampler {
 public:
  explicit TopTwo(const ParamValues& p)
      : TopTwoSampler(p, "top-two", parse_beta(p.text("beta"))),
        ids_(p.text("beta") == "ids"),
        leader_kind_(parse_leader(p.text("leader"))),
        challenger_kind_(parse_challenger(p.text("challenger"))),
        tracking_(p.text("selection") == "tracking") {}

 protected:
  void begin(const AlgorithmContext& context) override {
    TopTwoSampler::begin(context);
    refuse_expected_improvement();
    refuse_on_vectors();
    const std::size_t n = counts().size();
    led_.assign(n, 0);
    pulled_leading_.assign(n, 0);
    beta_sums_.assign(n, 0.0);
    top_of_posterior_ = -1;
    bernoulli_best_arm_ = -1;
    ucb_argmax_.reset(0);
  }

  std::size_t select(std::size_t in, std::size_t out, std::uint64_t) override {
    return pulls_leader(in, ids_ ? ids_beta(in, out) : beta()) ? in : out;
  }

  // TTTS on the best arm: the coin first, the challenger's re-draws only when it is pulled
  // (Russo's order; the same law, other random numbers than challenger-then-coin).
  std::optional<bool> select_first(const Decision& leader, std::uint64_t) override {
    if (challenger_kind_ != Challenger::Ts || ids_ || &problem() != &full_problem() || problem().name() != "best arm")
      return std::nullopt;
    return pulls_leader(leader.arms.front(), beta());
  }

 private:
  // Whether leader arm `in` is pulled at proportion `share`: a coin from the algorithm's stream,
  // or the per-leader tracking.
  bool pulls_leader(std::size_t in, double share) {
    if (!tracking_) return rng().uniform01() < share;
    ++led_[in];
    bool lead_pull;
    if (ids_) {
      beta_sums_[in] += share;
      lead_pull = static_cast<double>(pulled_leading_[in]) <= beta_sums_[in];
    } else {
      lead_pull = static_cast<double>(pulled_leading_[in]) <= beta() * static_cast<double>(led_[in]);
    }
    if (lead_pull) ++pulled_leading_[in];
    return lead_pull;
  }

 protected:
  // The UCB leader's grouped argmax follows each pull (when in use).
  void observe(const Action& action, const Observation& observation) override {
    TopTwoSampler::observe(action, observation);
    if (action.arm < ucb_argmax_.size()) ucb_argmax_.set(action.arm, means()[action.arm], counts()[action.arm]);
  }

  // The keys as they were before leader and ids existed (the same `resolved` column for the
  // default settings); the new ones only when they are not the default.
  std::vector<std::pair<std::string, ParamValue>> own_resolved() const override {
    std::vector<std::pair<std::string, ParamValue>> out;
    if (leader_kind_ != Leader::Eb) out.emplace_back("leader", std::string(leader_name(leader_kind_)));
    out.emplace_back("beta", ids_ ? ParamValue(std::string("ids")) : ParamValue(beta()));
    out.emplace_back("challenger", std::string(challenger_name(challenger_kind_)));
    out.emplace_back("selection", std::string(tracking_ ? "tracking" : "random"));
    return out;
  }

 private:
  std::size_t none() const { return counts().size(); }

  // TTEI's expected improvement is Gaussian and for the best arm: anything else is refused.
  void refuse_expected_improvement() const {
    const bool leader = leader_kind_ == Leader::Ei, challenger = challenger_kind_ == Challenger::Ei;
    if (!leader && !challenger) return;
    const bool gaussian = std::all_of(families().begin(), families().end(), [](const numerics::ArmFamily& f) {
      return f.kind() == numerics::ArmFamily::Kind::Gaussian;
    });
    if (gaussian && full_problem().name() == "best arm") return;
    throw ParameterError(leader ? "leader" : "challenger",
                         std::string(leader ? "leader" : "challenger") +
                             " = ei (TTEI, Qin, Klabjan & Russo 2017) is defined for the best arm of Gaussian "
                             "arms of known variance, not for the " + full_problem().name() + " query of " +
                             families().front().name() + " arms");
  }

  // Vector-valued arms (the Pareto set, the constrained best arm): the EB leader, the TC or TCI
  // challenger and a fixed beta, whose rules read only the closest pieces; posterior draws,
  // UCB indices and ids take one mean per arm and are refused.
  void refuse_on_vectors() const {
    if (objectives() <= 1) return;
    const char* key = leader_kind_ != Leader::Eb ? "leader"
                      : (challenger_kind_ == Challenger::Ts || challenger_kind_ == Challenger::Ei) ? "challenger"
                      : ids_                                                                       ? "beta"
                                                                                                   : nullptr;
    if (!key) return;
    throw ParameterError(key, std::string("on vector-valued arms (the ") + full_problem().name() +
                                  " problem) top-two runs with leader = eb, challenger = tc or tci and a numeric beta");
  }

  // The leader answer of this round.
  const Decision& leader(std::uint64_t t) override {
    switch (leader_kind_) {
      case Leader::Eb: return answer();
      case Leader::Ts:
        if (const int family = top_of_posterior(); family != kEveryArm) {
          // The answer of a draw is its m largest arms: only those drawn (the same law).
          const std::size_t m = answer().arms.size();
          const std::vector<std::size_t>* top = nullptr;
          if (family == kGaussianTop) {
            leader_top_.refresh(means(), counts(), families());
            top = &leader_top_.draw_top(m, 1.0, rng());
          } else {
            beta_top_.refresh(means(), counts());
            top = &beta_top_.draw_top(m, rng());
          }
          leader_.arms.assign(top->begin(), top->end());
          std::sort(leader_.arms.begin(), leader_.arms.end());
          leader_.values.clear();
          return leader_;
        }
        draws_.draw(families(), means(), counts(), rng(), draw_);
        problem().answer(draw_, leader_);
        return leader_;
      case Leader::Ucb: {
        const double level = kUcbLevel * std::log(static_cast<double>(t));
        if (bernoulli_best_arm()) {
          // The best arm of many Bernoulli arms: the argmax of the bisection indices without
          // computing most of them (KlIndexArgmax: groups of equal counts, Pinsker's caps).
          if (ucb_argmax_.size() != means().size()) {
            ucb_argmax_.reset(means().size());
            for (std::size_t a = 0; a < means().size(); ++a) ucb_argmax_.set(a, means()[a], counts()[a]);
          }
          leader_.arms.assign(1, ucb_argmax_.argmax(families().front(), level));
          leader_.values.clear();
          return leader_;
        }
        // Each index by Newton's method from the arm's index of the round before (closed form
        // for Gaussian arms): the same 1e-12 guarantee as bisection, not the same last bits.
        if (ucb_.size() != means().size()) ucb_.assign(means().size(), std::numeric_limits<double>::quiet_NaN());
        for (std::size_t a = 0; a < ucb_.size(); ++a)
          ucb_[a] = numerics::kl_upper_bound_from(families()[a], means()[a], counts()[a], level, ucb_[a]);
        problem().answer(ucb_, leader_);
        return leader_;
      }
      case Leader::Ei: {
        const double top = *std::max_element(means().begin(), means().end());
        std::size_t best = 0;
        double most = -1.0;
        for (std::size_t a = 0; a < means().size(); ++a) {
          const double s = spread(a), v = s * improvement((means()[a] - top) / s);
          if (v > most) {
            most = v;
            best = a;
          }
        }
        leader_.arms.assign(1, best);
        leader_.values.clear();
        return leader_;
      }
    }
    return answer();
  }

  // The UCB leader on the best arm of KlIndexArgmax::kFromArms or more Bernoulli arms (the
  // pipeline's problem) reads KlIndexArgmax. Read once a run.
  bool bernoulli_best_arm() {
    if (&problem() != &full_problem()) return false;
    if (bernoulli_best_arm_ < 0)
      bernoulli_best_arm_ = means().size() >= KlIndexArgmax::kFromArms && problem().name() == "best arm" &&
                            std::all_of(families().begin(), families().end(), [](const numerics::ArmFamily& f) {
                              return f.kind() == numerics::ArmFamily::Kind::Bernoulli;
                            });
    return bernoulli_best_arm_ == 1;
  }

  // Whether the Thompson-sampling leader reads only the top of its draw: the best arm or the
  // top-m (the answer of a draw is its m largest arms), from PosteriorTop::kFromArms arms on,
  // Gaussian arms of known variance (whose posterior N(mu_a, sigma_a^2 / N_a) PosteriorTop
  // draws exactly: kGaussianTop) or Bernoulli arms (Beta(1 + S_a, 1 + N_a - S_a), BetaTopDraw:
  // kBetaTop). Below, or for the other families, every arm is drawn (kEveryArm). The problem's
  // name and the families' kinds are the run's: read once (at the first leader), not every round.
  static constexpr int kEveryArm = 0, kGaussianTop = 1, kBetaTop = 2;
  int top_of_posterior() {
    if (&problem() != &full_problem()) return kEveryArm;
    if (top_of_posterior_ < 0) {
      const std::string name = problem().name();
      const auto all = [&](numerics::ArmFamily::Kind kind) {
        return std::all_of(families().begin(), families().end(),
                           [&](const numerics::ArmFamily& f) { return f.kind() == kind; });
      };
      top_of_posterior_ = kEveryArm;
      if (means().size() >= PosteriorTop::kFromArms && (name == "best arm" || name.rfind("top-", 0) == 0))
        top_of_posterior_ = all(numerics::ArmFamily::Kind::Gaussian)    ? kGaussianTop
                            : all(numerics::ArmFamily::Kind::Bernoulli) ? kBetaTop
                                                                         : kEveryArm;
    }
    return top_of_posterior_;
  }

  // s_a = sigma_a / sqrt(N_a), the posterior standard deviation of a Gaussian arm.
  double spread(std::size_t a) const { return families()[a].sigma() / std::sqrt(counts()[a]); }

  // The arms the challenger moves (piece_ holds its best response when it is one).
  std::span<const std::size_t> challenger(const Decision& leader, std::uint64_t) override {
    has_point_ = false;
    switch (challenger_kind_) {
      case Challenger::Tc: return piece(&leader == &answer() ? least_piece() : closest_to(leader));
      case Challenger::Tci: return piece(closest_with_log_counts(leader));
      case Challenger::Ts:
        if (&problem() == &full_problem() && problem().name() == "best arm") {
          const std::size_t b = leader.arms.front();
          // From 256 Gaussian or Bernoulli arms a plain re-draw is a top-1 draw (the same law).
          const int family = top_of_posterior();
          if (leader_kind_ != Leader::Ts) {  // the leader's draw did not refresh the posterior
            if (family == kGaussianTop) leader_top_.refresh(means(), counts(), families());
            if (family == kBetaTop) beta_top_.refresh(means(), counts());
          }
          const std::function<std::size_t()> top_one =
              family == kGaussianTop ? std::function<std::size_t()>([&] { return leader_top_.draw_top(1, 1.0, rng()).front(); })
              : family == kBetaTop   ? std::function<std::size_t()>([&] { return beta_top_.draw_top(1, rng()).front(); })
                                     : std::function<std::size_t()>();
          const std::size_t c = ttts_.draw(families(), means(), counts(), b, rng(), true, top_one);
          if (c == none()) return piece(closest_to(leader));
          moved_.assign({std::min(b, c), std::max(b, c)});
          return moved_;
        }
        for (int draw = 0; draw < kMaxResamples; ++draw) {
          draws_.draw(families(), means(), counts(), rng(), draw_);
          problem().answer(draw_, other_);
          if (other_.arms == leader.arms) continue;
          moved_.clear();
          std::set_symmetric_difference(leader.arms.begin(), leader.arms.end(), other_.arms.begin(),
                                        other_.arms.end(), std::back_inserter(moved_));
          return moved_;
        }
        return piece(closest_to(leader));
      case Challenger::Ei: {
        const std::size_t b = leader.arms.front();
        std::size_t best = none();
        double most = -1.0;
        for (std::size_t j = 0; j < means().size(); ++j) {
          if (j == b) continue;
          const double s = std::hypot(spread(b), spread(j)), v = s * improvement((means()[j] - means()[b]) / s);
          if (v > most) {
            most = v;
            best = j;
          }
        }
        moved_.assign({b, best});
        return moved_;
      }
    }
    return {};
  }

  std::span<const std::size_t> piece(const numerics::BestResponse& response) {
    piece_ = &response;
    has_point_ = true;
    return response.arms;
  }

  // Information-directed selection: the leader arm's share of the transport cost of the pair
  // (the piece's point when it moved both with a positive cost, else the pair moved to one mean).
  double ids_beta(std::size_t i, std::size_t j) const {
    double lambda_i = std::nan(""), lambda_j = std::nan("");
    if (has_point_ && piece_->value > 0.0)
      for (std::size_t k = 0; k < piece_->arms.size(); ++k) {
        if (piece_->arms[k] == i) lambda_i = piece_->point[k];
        if (piece_->arms[k] == j) lambda_j = piece_->point[k];
      }
    if (std::isnan(lambda_i) || std::isnan(lambda_j)) {
      const bool order = means()[i] >= means()[j];
      const std::size_t a = order ? i : j, b = order ? j : i;
      const numerics::Transport t =
          numerics::pair_transport(families()[a], counts()[a], means()[a], families()[b], counts()[b], means()[b]);
      lambda_i = lambda_j = t.point;
    }
    const double cost_i = counts()[i] * families()[i].kl(means()[i], lambda_i);
    const double cost_j = counts()[j] * families()[j].kl(means()[j], lambda_j);
    return cost_i + cost_j > 0.0 ? cost_i / (cost_i + cost_j) : 0.5;
  }

  bool ids_;
  Leader leader_kind_;
  Challenger challenger_kind_;
  bool tracking_;
  std::vector<std::uint64_t> led_, pulled_leading_;  // L_i and N^i_i of the tracking selection
  std::vector<double> beta_sums_;                    // the sum of beta over i's rounds (ids)
  PosteriorDraws draws_;                             // the Thompson leader's and challenger's draws
  std::vector<double> draw_;
  std::vector<double> ucb_;  // the ucb leader's indices, each the start of its next
  KlIndexArgmax ucb_argmax_;  // the ucb leader on the best arm of Bernoulli arms
  int bernoulli_best_arm_ = -1;  // bernoulli_best_arm() of this run: -1 not read yet
  Decision leader_, other_;
  std::vector<std::size_t> moved_;
  TttsChallenger ttts_;  // the best arm's challenger = ts
  PosteriorTop leader_top_;  // the leader = ts on many Gaussian arms
  BetaTopDraw beta_top_;       // the leader = ts on many Bernoulli arms
  int top_of_posterior_ = -1;  // top_of_posterior() of this run: -1 not read yet
  const numerics::BestResponse* piece_ = nullptr;
  bool has_point_ = false;
};

void register_top_two(Registry& registry) {
  ParamSchema schema;
  add_glr_parameters(schema);
  schema
      .text("beta", std::string("0.5"),
            "probability (or share) of pulling the leader arm: a number in (0, 1), or ids (information-"
            "directed selection, You et al. 2023)")
      .choice("challenger", "tci", {"tci", "tc", "ts", "ei"},
              "tci: least transportation cost + log N_j; tc: least transportation cost; ts: posterior "
              "re-sampling until the answer differs (TTTS); ei: relative expected improvement (TTEI, "
              "Gaussian best arm)")
      .choice("selection", "sampling", {"sampling", "random", "tracking"},
              "sampling (random is its old name): the leader arm with probability beta; tracking: per-leader "
              "deterministic tracking of beta (Jourdan & Degenne 2023)")
      .choice("leader", "eb", {"eb", "ts", "ucb", "ei"},
              "eb: the empirical answer; ts: a posterior draw's answer (TTTS, T3C); ucb: the KL-UCB "
              "indices' answer (TTUCB); ei: largest expected improvement (TTEI, Gaussian best arm); linear "
              "problems: eb or ts (L-T3C's Thompson draw of theta)");
  add_linear_top_two_parameters(schema);
  // Linear and transductive best arm: linear/linear_top_two.cpp.
  register_with_linear<TopTwo>(registry,
                               {"top-two",
                                "top-two sampling with GLR stopping (EB-TCI by default; TTTS, T3C, TTEI, TTUCB, EB-TCeps by "
                                "leader/challenger/beta/selection); any identification problem (the Pareto set and the "
                                "constrained best arm of vector-valued arms too), and linear / transductive best arm",
                                "2.2"},
                               std::move(schema), make_linear_top_two, true);
}

}  // namespace
}  // namespace cpex::identification

CPEX_PLUGIN(cpex::identification::register_top_two)
