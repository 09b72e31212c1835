// An identification problem as a plugin author (or Python) asks it questions: an arm family
// times a query times a structure, posed from a pipeline (the environment's rewards and the
// decision oracle's query and class, as every GLR sampler and `cpex hardness` pose it:
// numerics::make_identification) or from names (family, query and its parameter, for the
// classes the numerics pose without an oracle). It answers, for means mu and counts N:
//   answer(mu)                     the answer i*(mu) (deterministic under ties);
//   glr(mu, N)                     the GLR statistic of the answer, min over the pieces p of
//                                  Alt(i*(mu)) of sum_a N_a d_a(mu_a, lambda_a), with its
//                                  closest alternative lambda and, on request, every piece's cost;
//   characteristic_time(mu)        T*(mu), w*(mu) and the certified gap of the solver
//                                  (numerics::characteristic_time: closed forms, dedicated
//                                  solvers, cutting planes);
//   threshold(name, t, delta)      the GLR stopping threshold by name (gk-experiments,
//                                  gk-theorem, kk2021) for the answer's number of pieces.
// Nothing here computes: every number is the numerics' (identification.hpp,
// characteristic_time.hpp, stopping_thresholds.hpp), so that a sampler, `cpex hardness` and the
// Python module (cpex.Problem) print the same numbers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/numerics/exponential_family.hpp"
#include "cpex/numerics/identification.hpp"
#include "cpex/oracle.hpp"
#include "cpex/problem.hpp"

namespace cpex::identification {

// A problem posed from names (PosedProblem::from_names).
struct ProblemSpec {
  std::size_t arms = 0;
  // gaussian, bernoulli, poisson, exponential, gaussian-unknown-variance.
  std::string family = "gaussian";
  double sigma = 1.0;              // gaussian: the arms' standard deviation
  std::vector<double> variances;   // gaussian-unknown-variance: the true per-arm variances
                                   // (for T*; the GLR takes the empirical ones)
  // best-arm, top-m (m), epsilon-good (epsilon, relative), threshold (tau: every arm above
  // tau), any-above (tau: whether some arm is above tau).
  std::string query = "best-arm";
  std::size_t m = 1;
  double epsilon = 0.0;
  bool relative = false;
  double tau = 0.0;
};

// One piece of the alternative: the arms it moves, lambda on them, and its cost
// sum_a N_a d_a(mu_a, lambda_a) (the GLR of the answer against this piece alone).
struct PieceCost {
  std::size_t index = 0;
  std::vector<std::size_t> arms;
  std::vector<double> point;
  double cost = 0.0;
};

// The GLR statistic of the answer of mu under counts N.
struct GlrStatistic {
  Decision answer;                  // i*(mu)
  double statistic = 0.0;           // min_p cost_p (0 when mu itself lies in Alt(answer))
  std::size_t piece = 0;            // the closest piece's index
  std::vector<std::size_t> arms;    // the arms the closest piece moves
  std::vector<double> alternative;  // the closest alternative lambda, every arm (mu off the piece)
  std::vector<PieceCost> pieces;    // every piece, when asked (glr(..., true))
};

// T*(mu) and w*(mu) with the solver's certificate: lower <= T*(mu)^{-1} <= upper.
struct CharacteristicTime {
  double time = 0.0;  // T*(mu); +inf without a strict answer
  std::vector<double> weights;
  Decision answer;    // the correct answer of least T*
  double lower = 0.0, upper = 0.0, relative_gap = 0.0;
  int iterations = 0;  // cutting planes (0: closed form or dedicated solver)
  std::string method;
};

class PosedProblem {
 public:
  // The problem a pipeline poses (the decision oracle, its capabilities less the withdrawn
  // ones, the algorithm's accuracy epsilon); `true_variances` (the environment's, for
  // Gaussian arms of unknown variance) enter T* only. Throws std::invalid_argument with a
  // one-line reason when the pipeline poses none. The oracle must outlive the problem (a
  // matroid or listed class asks it).
  static PosedProblem from_pipeline(const Problem& problem, const Oracle& oracle, unsigned capabilities,
                                    double epsilon, std::span<const double> true_variances = {});
  // From names; throws std::invalid_argument naming the culprit.
  static PosedProblem from_names(const ProblemSpec& spec);

  std::string name() const { return problem_->name(); }
  std::size_t arms() const { return problem_->arms(); }
  // Objectives per arm (vector-valued arms: the means are arms() x objectives(), arm-major,
  // as are the families and a GLR's alternative; counts stay one per arm).
  std::size_t objectives() const { return problem_->objectives(); }
  std::size_t values() const { return arms() * objectives(); }
  // One per arm (unknown variance: the true variances when given, else NaN).
  const std::vector<numerics::ArmFamily>& families() const { return families_; }
  const numerics::IdentificationProblem& numerics_problem() const { return *problem_; }

  Decision answer(std::span<const double> mu) const;
  bool correct(std::span<const double> mu, const Decision& candidate) const;
  // The number of pieces of Alt(answer of mu), and the most arms one piece moves.
  std::size_t pieces(std::span<const double> mu) const;
  std::size_t largest_piece(std::span<const double> mu) const;

  // `variances`: the empirical variances of Gaussian arms of unknown variance (ignored for the
  // other families; required for those).
  GlrStatistic glr(std::span<const double> mu, std::span<const double> counts, bool every_piece = false,
                   std::span<const double> variances = {}) const;

  CharacteristicTime characteristic_time(std::span<const double> mu) const;
  std::vector<double> optimal_weights(std::span<const double> mu) const { return characteristic_time(mu).weights; }

  // beta_p(t, delta) of the threshold `name` for a piece moving `size` arms, with the number
  // of pieces of the answer of `mu` (or, without mu, of the answer of mu_a = -a: the same
  // count for every query but a listed class).
  double threshold(const std::string& name, std::uint64_t t, double delta, std::span<const double> mu = {},
                   std::size_t size = 1) const;

 private:
  PosedProblem() = default;
  std::vector<numerics::ArmFamily> families_for(std::span<const double> variances) const;

  std::shared_ptr<const numerics::IdentificationProblem> problem_;
  std::vector<numerics::ArmFamily> families_;
};

// beta(t, delta) of the threshold `name` (gk-experiments, gk-theorem, kk2021) for `pieces`
// pieces and a piece of `size` arms; throws std::invalid_argument for another name.
double stopping_threshold(const std::string& name, std::uint64_t t, double delta, std::size_t pieces,
                          std::size_t size = 1);

}  // namespace cpex::identification
