// TTTS's challenger for the best arm (Russo 2016/2020): the answer of a posterior draw theta
// conditioned on E = {argmax theta != I}, I the leader. Plain rejection (re-draw until the
// answer differs) costs 1/P(E) draws of every arm, without bound as the posterior concentrates;
// this sampler draws from the same law with a bounded expected cost where it can:
//   1. two plain re-draws (cheap while P(E) is large; none when an arm is Bernoulli, whose
//      plain draw costs several times the union's preparation, and the last call that
//      prepared the union chose it);
//   2. then, for Gaussian posteriors (known variance, flat prior: N(mu_hat, sigma^2 / N)),
//      Karp-Luby-Madras's union-of-events rejection over E = U_{j != I} E_j,
//      E_j = {theta_j > theta_I}: pick j with probability P(E_j) / sum_k P(E_k),
//      P(E_j) = Phi((mu_j - mu_I) / sqrt(s_j^2 + s_I^2)); draw (theta_I, theta_j) given
//      theta_j > theta_I (a truncated normal difference and theta_I given it), the other arms
//      from their posteriors; accept with probability 1 / #{k != I : theta_k > theta_I}.
//      Accepted draws have the law of theta given E exactly (the proposal's density is
//      p(theta) #{k : theta_k > theta_I} / sum_k P(E_k)); acceptance P(E) / sum_k P(E_k).
//      It is used when sum_k P(E_k) < 1 (then it accepts more often than plain re-drawing,
//      whose acceptance is P(E), at the same cost per try), plain re-drawing otherwise.
//      Either way each try is exact and independent of the failed ones, so mixing them
//      keeps the law: P(C in A) = sum_r (1 - p)^(r-1) p P(C in A | E) + ... = P(C in A | E).
//   Bernoulli posteriors (Beta(1 + S, 1 + N - S), density f_k): the same union over a Gaussian
//      stand-in g_k (the Beta's mean; the larger of its variance and 1 / min kappa_k, kappa_k =
//      -(log f_k)'', so that log r_k is concave; kappa_k(1/2) for an arm without a one or
//      without a zero: ttts_challenger.cpp) corrected by r_k = f_k / g_k and its
//      supremum R_k over (0, 1) (at a root of a cubic or an end: exact, cached per arm): j with
//      probability R_j P_g(E_j) / V, V = sum_k R_k P_g(E_k); (theta_I, theta_j) from g given
//      theta_j > theta_I; the other arms from their Beta posteriors; accepted with probability
//      (r_I(theta_I) / R_I) / sum_{k in S} R_k / r_k(theta_k), S = {k != I : theta_k > theta_I}.
//      The proposal's density is (1 / V) sum_{k in S} R_k g_I g_k prod_{l != I, k} f_l, so the
//      target over it is V r_I / sum_{k in S} R_k / r_k <= V R_I (every term of the sum is
//      >= 1): exact rejection sampling. For Gaussian arms r = R = 1 and it is the 1 / N above.
//      The union is chosen when V R_I < 1.
//   Other families: plain re-drawing only.
// Every try counts against a cap (kMaxTries); past it, or at once when every P(E_j) underflows
// to 0 (E below 1e-308 a draw), draw() answers `none` (the caller then takes the TC piece, as
// before). Random numbers come from the stream given; the buffers are members, so a round
// allocates nothing once the first has sized them. A reading: the law is plain re-drawing's,
// the random stream is not, so runs differ from plain re-drawing's runs (same distribution).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "cpex/identification/posterior.hpp"
#include "cpex/numerics/exponential_family.hpp"
#include "cpex/random.hpp"

namespace cpex::identification {

class TttsChallenger {
 public:
  // Tries (plain draws and union proposals together) before draw() gives up.
  static constexpr int kMaxTries = 1000;
  // Plain draws before the union-of-events sampler is considered (without Bernoulli arms).
  static constexpr int kPlainTries = 2;

  // The arm of the best-arm answer (argmax, smallest index on ties) of a posterior draw
  // conditioned on it differing from `leader`; means.size() when kMaxTries tries found none.
  // `union_of_events = false` keeps plain re-drawing only (the reference law, for tests).
  // `argmax_of_draw`, when given, returns the best arm of a fresh posterior draw by another
  // exact sampler (a top-1 draw: top_draw.hpp), and every plain try is one call of it instead of
  // K draws — so cheap that the plain tries come first even where Bernoulli arms would skip them.
  std::size_t draw(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                   std::span<const double> counts, std::size_t leader, RandomStream& rng,
                   bool union_of_events = true, const std::function<std::size_t()>& argmax_of_draw = {});
  // Union-of-events proposals made so far (for tests: that the scheme was the one used).
  std::uint64_t union_proposals() const { return union_proposals_; }
  // Forgets the terms kept from the last call (for tests: the draws are the same without them).
  void forget_terms() { terms_leader_ = kNoLeader; }
  // The union's partial sums of R_j P_g(E_j) as the last call that prepared the union left
  // them (for tests).
  std::span<const double> union_weights() const { return cumulative_; }

 private:
  // One plain draw's argmax if it differs from the leader, else `none`.
  std::size_t plain_try(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                        std::span<const double> counts, std::size_t leader, RandomStream& rng);
  // One arm's proposal g (a Gaussian) and, for a Beta posterior, log(f / g)'s constant and
  // supremum; kept while the arm's statistics are the same.
  struct Arm {
    numerics::ArmFamily::Kind kind{};
    double sigma = 0.0, mean = 0.0, count = -1.0;      // the statistics it was made from
    double centre = 0.0, spread = 0.0;                  // g = N(centre, spread^2)
    double alpha = 0.0, beta = 0.0, constant = 0.0;     // Beta(alpha, beta): log r's terms
    double log_sup = 0.0, sup = 1.0;                    // log R = sup log r, and R (Gaussians: 0, 1)
  };
  // log r(x) = log f(x) - log g(x) (0 for a Gaussian arm; -inf outside [0, 1] for a Beta).
  static double log_ratio(const Arm& arm, double x);
  // A Beta arm's stand-in, log r's constant and supremum, from alpha and beta.
  static void fit_beta(Arm& arm);
  // Fills arms_ and cumulative_ (the partial sums of R_j P_g(E_j)); false for a family
  // without the scheme.
  bool prepare(std::span<const numerics::ArmFamily> families, std::span<const double> means,
               std::span<const double> counts, std::size_t leader);
  // One union-of-events proposal: the challenger if accepted, else `none`.
  std::size_t union_try(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                        std::span<const double> counts, std::size_t leader, RandomStream& rng);

  std::vector<Arm> arms_;
  PosteriorDraws draws_;  // the plain tries' and the union's draws
  std::vector<double> theta_, cumulative_;
  // prepare()'s terms R_j P_g(E_j), kept for the leader (index, centre, spread) they were
  // computed against; the arms whose proposal prepare() changed.
  static constexpr std::size_t kNoLeader = static_cast<std::size_t>(-1);
  std::vector<double> terms_;
  std::size_t terms_leader_ = kNoLeader;
  double terms_centre_ = 0.0, terms_spread_ = 0.0;
  std::vector<std::size_t> changed_;
  std::uint64_t union_proposals_ = 0;
  bool union_last_ = false;  // whether the last call that prepared the union chose it
};

// Z ~ N(0, 1) conditioned on Z > a: naive rejection for a < 0 (acceptance > 1/2), Robert's
// (1995) exponential rejection at rate (a + sqrt(a^2 + 4)) / 2 for a >= 0 (acceptance > 3/4).
double normal_above(double a, RandomStream& rng);

}  // namespace cpex::identification
