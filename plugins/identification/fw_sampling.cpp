// `fw-sampling`: Frank-Wolfe sampling (Wang, Tzeng & Proutière, NeurIPS 2021) with the GLR
// stopping rule, one plugin name for every kind of problem it runs on (the feedback dispatch,
// common/feedback_dispatch.hpp): linear and transductive best arm here
// (plugins/linear/samplers/linear_fw_sampling.cpp); the unstructured identification problems
// join this registration (a SingleArm factory, the glr_sampler_needs() feedback) when they come.
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "feedback_dispatch.hpp"
#include "glr_sampler.hpp"
#include "linear_samplers.hpp"

namespace cpex::identification {
namespace {

void register_fw_sampling(Registry& registry) {
  ParamSchema schema;
  add_glr_parameters(schema);
  AlgorithmNeeds needs{.feedback = {FeedbackKind::LinearArm}, .oracles = {{"oracle", kLinearMaximization}}};
  needs.transductive = true;
  register_algorithm(registry,
                     {"fw-sampling",
                      "Frank-Wolfe sampling (Wang, Tzeng & Proutiere 2021): r-subdifferential Frank-Wolfe steps "
                      "on the lower bound's objective, forced exploration, GLR stopping; linear / transductive best arm"},
                     std::move(needs), std::move(schema), [](const ParamValues& p) -> std::unique_ptr<Algorithm> {
                       return std::make_unique<FeedbackDispatch>(
                           p, std::vector<std::pair<FeedbackKind, FeedbackDispatch::Factory>>{
                                  {FeedbackKind::LinearArm, linear::make_linear_fw_sampling}});
                     });
}

}  // namespace
}  // namespace cpex::identification

CPEX_PLUGIN(cpex::identification::register_fw_sampling)
