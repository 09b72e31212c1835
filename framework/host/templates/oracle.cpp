// @NAME@: a CPEx oracle plugin (written by `cpex new oracle @NAME@`). Its decision class is
// every set of k arms: maximize() returns the k arms of largest weight, second_best() the
// best k-set other than a given one. Replace the class with your own (paths, matchings,
// matroid bases, ...); `cpex check` compares every answer with brute force on random weights
// with ties and negative values.
#include <algorithm>
#include <numeric>
#include <vector>

#include "cpex/capabilities.hpp"  // kLinearMaximization, kSecondBest, kCardinality
#include "cpex/errors.hpp"        // ParameterError
#include "cpex/oracle.hpp"        // Oracle, Decision, Problem
#include "cpex/plugin.hpp"        // CPEX_PLUGIN
#include "cpex/registration.hpp"  // register_oracle

namespace {

class @CLASS@ final : public cpex::Oracle {
 public:
  explicit @CLASS@(std::size_t k) : k_(k) {}

  // Once per run, with the public problem: check that the class fits it.
  void bind(const cpex::Problem& problem) override {
    if (k_ >= problem.num_arms)
      throw cpex::ParameterError("k", "must be less than the number of arms (" + std::to_string(problem.num_arms) + ")");
  }

  // The size of every decision (0 if decisions have no fixed size).
  std::size_t decision_size() const override { return k_; }

  // argmax over the class of the sum of the members' weights. Ties must be broken the same
  // way every time (here: the lower arm index first); `out.arms` sorted ascending.
  void maximize(std::span<const double> weights, cpex::Decision& out) const override {
    std::vector<std::size_t> order(weights.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return weights[a] > weights[b]; });
    out.values.clear();
    out.arms.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k_));
    std::sort(out.arms.begin(), out.arms.end());
  }

  // The best decision other than `excluded` (declared by kSecondBest): the optimum if it
  // differs, else the best single exchange of a member for a non-member.
  bool second_best(std::span<const double> weights, const cpex::Decision& excluded, cpex::Decision& out) const override {
    maximize(weights, out);
    if (out.arms != excluded.arms) return true;
    if (k_ == weights.size()) return false;
    const cpex::Decision best = out;
    double top = -INFINITY;
    for (std::size_t in : best.arms)
      for (std::size_t other = 0; other < weights.size(); ++other) {
        if (std::binary_search(best.arms.begin(), best.arms.end(), other)) continue;
        const double change = weights[other] - weights[in];
        if (change > top) {
          top = change;
          out.arms = best.arms;
          std::replace(out.arms.begin(), out.arms.end(), in, other);
          std::sort(out.arms.begin(), out.arms.end());
        }
      }
    return true;
  }

 private:
  std::size_t k_;
};

// Called by the host when it loads the library: name, summary, version (recorded in results
// stores), the capabilities it offers (algorithms ask for them per oracle role) and the
// parameter schema (default, range, description for every parameter).
void register_@IDENT@(cpex::Registry& registry) {
  cpex::register_oracle(
      registry, {"@NAME@", "every set of k arms (linear maximization, second best)", "0.1"},
      cpex::kLinearMaximization | cpex::kSecondBest | cpex::kCardinality,
      cpex::ParamSchema().integer("k", 2, cpex::Range::at_least(1), "size of every decision"),
      std::function<std::unique_ptr<cpex::Oracle>(const cpex::ParamValues&)>(
          [](const cpex::ParamValues& p) -> std::unique_ptr<cpex::Oracle> {
            return std::make_unique<@CLASS@>(static_cast<std::size_t>(p.integer("k")));
          }));
}

}  // namespace

CPEX_PLUGIN(register_@IDENT@)
