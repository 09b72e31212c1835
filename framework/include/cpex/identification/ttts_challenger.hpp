// TTTS's challenger for the best arm (Russo 2016/2020): the answer of a posterior draw theta
// conditioned on E = {argmax theta != I}, I the leader. Plain rejection (re-draw until the
// answer differs) costs 1/P(E) draws of every arm, without bound as the posterior concentrates;
// this sampler draws from the same law with a bounded expected cost where it can:
//   1. a few plain re-draws (cheap while P(E) is large);
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
//   Bernoulli posteriors (Beta(1 + S, 1 + N - S)): step 1 exact, step 2 on the Gaussian
//      approximation of each Beta posterior (its mean and variance) — not the exact law: the
//      approximation is a reading (docs/algorithms/identification-samplers.md, measured).
//   Other families: plain re-drawing only.
// Every try counts against a cap (kMaxTries); past it, or at once when every P(E_j) underflows
// to 0 (E below 1e-308 a draw), draw() answers `none` (the caller then takes the TC piece, as
// before). Random numbers come from the stream given; the buffers are
// members, so a round allocates nothing once the first has sized them.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "cpex/numerics/exponential_family.hpp"
#include "cpex/random.hpp"

namespace cpex::identification {

class TttsChallenger {
 public:
  // Tries (plain draws and union proposals together) before draw() gives up.
  static constexpr int kMaxTries = 1000;
  // Plain draws before the union-of-events sampler is considered.
  static constexpr int kPlainTries = 2;

  // The arm of the best-arm answer (argmax, smallest index on ties) of a posterior draw
  // conditioned on it differing from `leader`; means.size() when kMaxTries tries found none.
  // `union_of_events = false` keeps plain re-drawing only (the reference law, for tests).
  std::size_t draw(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                   std::span<const double> counts, std::size_t leader, RandomStream& rng,
                   bool union_of_events = true);

 private:
  // One plain draw's argmax if it differs from the leader, else `none`.
  std::size_t plain_try(std::span<const numerics::ArmFamily> families, std::span<const double> means,
                        std::span<const double> counts, std::size_t leader, RandomStream& rng);
  // Fills centre_/spread_ (posterior mean and standard deviation, Gaussian or approximated)
  // and cumulative_ (the partial sums of P(E_j)); false for a family without the scheme.
  bool prepare(std::span<const numerics::ArmFamily> families, std::span<const double> means,
               std::span<const double> counts, std::size_t leader);
  // One union-of-events proposal: the challenger if accepted, else `none`.
  std::size_t union_try(std::size_t leader, RandomStream& rng);

  std::vector<double> theta_, centre_, spread_, cumulative_;
};

// Z ~ N(0, 1) conditioned on Z > a: naive rejection for a < 0 (acceptance > 1/2), Robert's
// (1995) exponential rejection at rate (a + sqrt(a^2 + 4)) / 2 for a >= 0 (acceptance > 3/4).
double normal_above(double a, RandomStream& rng);

}  // namespace cpex::identification
