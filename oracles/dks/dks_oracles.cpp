// The quadratic-maximization oracles of the `[dks]` role (seed 000 Algorithm 1):
// `dks-peeling` runs greedy peeling (Asahiro et al. 2000) on the reduction
// w~_ij = w_ij + w_ii + w_jj in O(n^2) — the DkS oracle of every seed experiment — and,
// with local-search = yes, improves the result by single exchanges on QP;
// `dks-exact` enumerates every k-subset and returns the exact QP optimum, refusing
// C(n, k) > 1e7 (numerics::kMaxEnumeratedSubsets) with a one-line error.
#include <cmath>
#include <string>

#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/k_subset_enumeration.hpp"
#include "cpex/numerics/quadratic_maximization.hpp"
#include "cpex/numerics/super_arm_least_squares.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"

namespace cpex::oracles {
namespace {

void check_matrix(const Eigen::MatrixXd& w, std::size_t k, const char* name) {
  if (w.rows() != w.cols() || k == 0 || k > static_cast<std::size_t>(w.rows()))
    throw Error(std::string(name) + ": needs a square matrix and 0 < k <= n (got " +
                std::to_string(w.rows()) + " x " + std::to_string(w.cols()) + ", k = " +
                std::to_string(k) + ")");
}

class PeelingOracle final : public Oracle {
 public:
  explicit PeelingOracle(bool local_search) : local_search_(local_search) {}
  void bind(const Problem&) override {}
  void maximize_quadratic(const Eigen::MatrixXd& w, std::size_t k, Decision& out) const override {
    check_matrix(w, k, "dks-peeling");
    out.arms = numerics::greedy_peeling(w, k);
    if (local_search_) numerics::improve_by_swaps(w, out.arms, static_cast<std::size_t>(w.rows()));
    out.values.clear();
  }
  double quadratic_guarantee(std::size_t n, std::size_t k) const override {
    return numerics::peeling_guarantee(n, k);
  }

 private:
  bool local_search_;
};

std::string limit_message(std::size_t n, std::size_t k) {
  return "C(" + std::to_string(n) + ", " + std::to_string(k) + ") = " +
         std::to_string(std::exp(numerics::log_binomial(n, k))) +
         " subsets exceed the enumeration limit of 1e7 (use dks-peeling)";
}

class ExactOracle final : public Oracle {
 public:
  void bind(const Problem& problem) override {
    if (problem.k > 0 && problem.k < problem.num_arms &&
        numerics::log_binomial(problem.num_arms, problem.k) > std::log(numerics::kMaxEnumeratedSubsets))
      throw ParameterError("plugin", limit_message(problem.num_arms, problem.k));
  }
  void maximize_quadratic(const Eigen::MatrixXd& w, std::size_t k, Decision& out) const override {
    check_matrix(w, k, "dks-exact");
    const auto n = static_cast<std::size_t>(w.rows());
    if (numerics::log_binomial(n, k) > std::log(numerics::kMaxEnumeratedSubsets))
      throw Error("dks-exact: " + limit_message(n, k));
    out.arms = numerics::exact_quadratic_maximum(w, k);
    out.values.clear();
  }
  double quadratic_guarantee(std::size_t, std::size_t) const override { return 1.0; }
};

void register_dks(Registry& registry) {
  register_oracle(
      registry,
      {"dks-peeling", "quadratic maximization by greedy peeling on seed 000's DkS reduction, O(n^2)"},
      kQuadratic,
      ParamSchema().choice("local-search", "no", {"no", "yes"},
                           "yes: improve the peeled subset by single exchanges on chi^T W chi until none "
                           "helps (not in the seeds; at most n exchanges of O(k (n - k)))"),
      [](const ParamValues& p) -> std::unique_ptr<Oracle> {
        return std::make_unique<PeelingOracle>(p.text("local-search") == "yes");
      });
  register_oracle(
      registry, {"dks-exact", "exact quadratic maximization by enumerating all C(n, k) <= 1e7 subsets"},
      kQuadratic, {},
      [](const ParamValues&) -> std::unique_ptr<Oracle> { return std::make_unique<ExactOracle>(); });
}

}  // namespace
}  // namespace cpex::oracles

CPEX_PLUGIN(cpex::oracles::register_dks)
