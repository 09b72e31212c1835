// The identification problem a pipeline poses: the arm families of the environment's declared
// rewards (one per arm) and the query of its decision-class oracle, with the run's accuracy
// epsilon. What cannot be posed — rewards outside the families, a query no problem answers, an
// accuracy the query does not take, a class too large for the exact best response, a family
// for which a class's best response is not exact — is refused with one line naming it.
// Inline: it names rewards and capabilities with the core library's describe functions, which
// numerics does not link; plugins and the host, which link both, compile it.
#pragma once

#include <cmath>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cpex/capabilities.hpp"
#include "cpex/numerics/identification.hpp"

namespace cpex::numerics {

struct IdentificationSetup {
  std::unique_ptr<IdentificationProblem> problem;
  // One per arm; for Gaussian arms of unknown variance the variance is NaN (an algorithm
  // estimates it, the lower bound takes the truth: with_variances()).
  std::vector<ArmFamily> families;
  bool unknown_variance = false;
};

// make_identification throws std::invalid_argument with a one-line reason. with_variances:
// the families with the given per-arm variances for Gaussian arms of unknown variance
// (unchanged otherwise).


namespace identification_detail {

inline std::string number(double x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

inline void refuse_epsilon(double epsilon, const std::string& query) {
  if (epsilon > 0.0)
    throw std::invalid_argument("an accuracy epsilon = " + number(epsilon) + " is not defined for the " + query +
                                " query (epsilon-good answers are posed for the single best arm: top-k with k = 1)");
}

}  // namespace identification_detail

inline IdentificationSetup make_identification(const Problem& problem, const Oracle& oracle, unsigned capabilities,
                                               double epsilon) {
  using namespace identification_detail;
  if (!(epsilon >= 0.0) || !std::isfinite(epsilon))
    throw std::invalid_argument("epsilon = " + number(epsilon) + " must be finite and >= 0");
  if (problem.parameter != KeyParameter::Mean)
    throw std::invalid_argument(std::string("the arms are judged by their ") + to_string(problem.parameter) +
                                ", not their mean");
  IdentificationSetup setup;
  auto families = arm_families_of(problem);
  if (!families)
    throw std::invalid_argument("the rewards are " + describe(problem.rewards) +
                                ", not one of the arm families of the identification problems (gaussian with "
                                "known or unknown variance, bernoulli, poisson, exponential)");
  setup.families = std::move(*families);
  setup.unknown_variance = problem.rewards.family == RewardFamily::GaussianUnknownVariance;
  const std::size_t n = problem.num_arms;
  const Query query = oracle.query();
  const bool vector_query = query.kind == Query::Kind::Pareto || query.kind == Query::Kind::Constrained;
  if (vector_query != (problem.objectives > 1))
    throw std::invalid_argument(vector_query ? "the " + std::string(to_string(query.kind)) +
                                                   " query is posed on vector-valued arms, but the arms have one "
                                                   "objective"
                                             : "the arms have " + std::to_string(problem.objectives) +
                                                   " objectives, but the oracle's " + to_string(query.kind) +
                                                   " query is posed on one mean per arm");
  if (vector_query) {
    if (epsilon > 0.0)
      throw std::invalid_argument("an accuracy epsilon = " + number(epsilon) + " is not posed for the " +
                                  to_string(query.kind) + " query of the identification problems (the exact answer "
                                  "only; epsilon-accurate Pareto sets: ape, auer-psi)");
    if (setup.unknown_variance)
      throw std::invalid_argument("vector-valued arms of unknown variance are not posed");
    const std::size_t d = problem.objectives;
    if (query.kind == Query::Kind::Pareto) {
      setup.problem = pareto_problem(n, d, query.directions);
    } else {
      std::vector<double> bounds = query.bounds;
      bounds.resize(d, 0.0);
      for (std::size_t c = 0; c < d; ++c)
        if (c != query.objective &&
            (!setup.families[c].valid_true_mean(bounds[c]) ||
             (setup.families[c].kind() == ArmFamily::Kind::Bernoulli && !(bounds[c] > 0.0 && bounds[c] < 1.0))))
          throw std::invalid_argument("the bound " + number(bounds[c]) + " of objective " + std::to_string(c) +
                                      " is not inside the means of " + setup.families[c].name() + " arms");
      setup.problem = constrained_problem(n, d, query.directions, query.objective, std::move(bounds));
    }
  } else if (query.kind != Query::Kind::Optimal) {
    const bool any = query.kind == Query::Kind::AnyAbove;
    refuse_epsilon(epsilon, any ? "any-above-threshold" : "threshold");
    if (!setup.families.front().valid_true_mean(query.tau) ||
        (setup.families.front().kind() == ArmFamily::Kind::Bernoulli && !(query.tau > 0.0 && query.tau < 1.0)))
      throw std::invalid_argument("tau = " + number(query.tau) + " is not inside the means of " +
                                  setup.families.front().name() + " arms");
    setup.problem = threshold_problem(n, query.tau, any);
  } else if (capabilities & kCardinality) {
    const std::size_t k = oracle.decision_size();
    if (epsilon > 0.0) {
      if (k != 1) refuse_epsilon(epsilon, "top-" + std::to_string(k));
      setup.problem = epsilon_good_problem(n, epsilon, query.relative_epsilon);
    } else {
      setup.problem = top_m_problem(n, k);
    }
  } else if (capabilities & kMatroid) {
    refuse_epsilon(epsilon, "matroid basis");
    setup.problem = matroid_problem(n, oracle);
  } else if (capabilities & kEnumerable) {
    refuse_epsilon(epsilon, "optimal decision");
    try {
      setup.problem = listed_class_problem(n, oracle);
    } catch (const std::length_error& e) {
      throw std::invalid_argument(e.what());
    }
  } else {
    throw std::invalid_argument("the oracle's class is neither top-k, a matroid, a listed class nor a threshold "
                                "query (capabilities: " + describe_capabilities(capabilities) + ")");
  }
  if (!setup.problem->exact_for(setup.families.front()))
    throw std::invalid_argument(std::string("the best response of the ") + setup.problem->name() + " problem is not "
                                "exact for " + setup.families.front().name() + " arms (pieces of more than 2 arms)");
  return setup;
}

inline std::vector<ArmFamily> with_variances(const std::vector<ArmFamily>& families,
                                            std::span<const double> variances) {
  std::vector<ArmFamily> out = families;
  for (std::size_t a = 0; a < out.size() && a < variances.size(); ++a)
    if (out[a].kind() == ArmFamily::Kind::GaussianUnknownVariance)
      out[a] = ArmFamily::gaussian_unknown_variance(variances[a]);
  return out;
}


}  // namespace cpex::numerics
