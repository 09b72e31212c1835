// One plugin name for several feedback kinds: a sampler that exists for unstructured arms and
// for linear arms (fw-sampling, top-two) registers one entry whose factory returns this
// wrapper; start() builds the implementation registered for the problem's feedback kind and
// every call is forwarded to it. The entry's schema is the union of the implementations'
// keys (a key one kind does not read is ignored by it, and says so in its description).
// register_with_linear registers such a sampler.
#pragma once

#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "cpex/algorithm.hpp"
#include "cpex/errors.hpp"
#include "cpex/registration.hpp"
#include "cpex/identification/glr_sampler.hpp"

namespace cpex::identification {

class FeedbackDispatch final : public Algorithm {
 public:
  using Factory = std::function<std::unique_ptr<Algorithm>(const ParamValues&)>;

  FeedbackDispatch(ParamValues params, std::vector<std::pair<FeedbackKind, Factory>> factories)
      : params_(std::move(params)), factories_(std::move(factories)) {}

  void start(const AlgorithmContext& context) override {
    impl_.reset();
    for (const auto& [kind, factory] : factories_)
      if (kind == context.problem->feedback) impl_ = factory(params_);
    if (!impl_)
      throw ParameterError("plugin", std::string("no implementation for ") + to_string(context.problem->feedback) +
                                         " feedback");
    impl_->start(context);
  }
  bool next(Action& action) override { return impl_->next(action); }
  void observe(const Action& action, const Observation& observation) override { impl_->observe(action, observation); }
  Recommendation recommend() const override { return impl_->recommend(); }
  Proposal propose(Action& action, std::span<const Action> pending) override { return impl_->propose(action, pending); }
  std::vector<std::pair<std::string, ParamValue>> resolved() const override {
    return impl_ ? impl_->resolved() : std::vector<std::pair<std::string, ParamValue>>{};
  }

 private:
  ParamValues params_;
  std::vector<std::pair<FeedbackKind, Factory>> factories_;
  std::unique_ptr<Algorithm> impl_;
};

// Registers a GLR sampler that also runs on linear and transductive best arm: `Unstructured`
// (built from the parameters) for single-arm feedback, `make_linear` for linear arms; the
// needs are glr_sampler_needs() with linear feedback and transductive problems added. With
// `multi_objective`, `Unstructured` also serves vector-valued arms (multi-objective feedback:
// the Pareto set, the constrained best arm).
template <class Unstructured>
void register_with_linear(Registry& registry, PluginInfo info, ParamSchema schema, FeedbackDispatch::Factory make_linear,
                          bool multi_objective = false) {
  AlgorithmNeeds needs = glr_sampler_needs();
  needs.feedback.push_back(FeedbackKind::LinearArm);
  if (multi_objective) needs.feedback.push_back(FeedbackKind::MultiObjective);
  needs.transductive = true;
  register_algorithm(registry, std::move(info), std::move(needs), std::move(schema),
                     [make_linear, multi_objective](const ParamValues& p) -> std::unique_ptr<Algorithm> {
                       const auto unstructured = [](const ParamValues& q) { return std::make_unique<Unstructured>(q); };
                       std::vector<std::pair<FeedbackKind, FeedbackDispatch::Factory>> factories{
                           {FeedbackKind::SingleArm, unstructured}, {FeedbackKind::LinearArm, make_linear}};
                       if (multi_objective) factories.emplace_back(FeedbackKind::MultiObjective, unstructured);
                       return std::make_unique<FeedbackDispatch>(p, std::move(factories));
                     });
}

}  // namespace cpex::identification
