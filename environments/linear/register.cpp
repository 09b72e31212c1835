// Registration of the `linear` and `linear-dataset` environments.
#include "cpex/limits.hpp"
#include "cpex/plugin.hpp"
#include "cpex/registration.hpp"
#include "linear_arms.hpp"

namespace {

using namespace cpex;

// Which of features, features-file and theta a generator needs is checked when the
// instance is built.
ParamSchema linear_schema() {
  ParamSchema schema;
  schema.choice("generator", "explicit", {"explicit", "soare", "canonical", "sphere"},
              "explicit: features (or features-file) and theta; soare: d+1 arms, angle; "
              "canonical: K = d, gap; sphere: random unit features, theta")
      .integer("d", 2, Range::closed(1, static_cast<double>(kMaxDimension)),
               "dimension (explicit inline features, soare, canonical)")
      .real_list("features", Range::any(), "explicit: the arms' features, row-major (d numbers per arm)")
      .optional()
      .path("features-file", std::nullopt, "explicit: CSV file, a header then one arm per row")
      .optional()
      .real_list("theta", Range::any(), "the hidden parameter (explicit, sphere)")
      .optional()
      .real("angle", 0.01, Range::any(), "soare: angle of arm d+1 to e_1")
      .real("gap", 0.1, Range::greater_than(0.0), "canonical: theta = (gap, 0, ..., 0)")
      .integer("arms", 10, Range::closed(2, static_cast<double>(kMaxArms)), "sphere: number of arms")
      .integer("k", 1, Range::at_least(1),
               "size of the top set the instance is made for (top-m identification: m-lingape, lingifa; k < arms)")
      .real_list("answers", Range::any(),
                 "the answer set Z != X of a transductive problem, row-major (d numbers per item, each in "
                 "the span of the features); the answer is the item of largest z^T theta")
      .optional()
      .path("answers-file", std::nullopt, "the answer set Z from a CSV file, a header then one item per row")
      .optional();
  environments::add_noise_parameters(schema);
  return schema;
}

ParamSchema dataset_schema() {
  ParamSchema schema;
  schema.path("file", std::nullopt, "CSV data set: a header, numeric features and a label column")
      .text("label", std::nullopt, "label column (0/1 or -1/+1); default: the last column")
      .optional()
      .choice("standardize", "yes", {"yes", "no"}, "scale every feature to mean 0, sd 1")
      .choice("intercept", "yes", {"yes", "no"}, "append a constant feature 1")
      .real("ridge", 0.01, Range::greater_than(0.0), "ridge regularization of the fit of theta*")
      .integer("arms", 10, Range::closed(2, static_cast<double>(kMaxArms)),
               "number of arms K sampled from the rows")
      .real("min-gap", 0.05, Range::at_least(0.0), "every arm's gap to the best is at least this")
      .integer("attempts", 10000, Range::closed(1, 1e6), "samples tried before giving up");
  environments::add_noise_parameters(schema);
  return schema;
}

void register_linear(Registry& registry) {
  register_environment(
      registry, {"linear", "linear bandit: features inline, from CSV, or seed 002's soare/canonical/sphere"},
      FeedbackKind::LinearArm, linear_schema(), environments::make_linear);
  register_environment(
      registry,
      {"linear-dataset", "linear bandit from a labelled CSV data set (seed 002 App. A), +-1 rewards"},
      FeedbackKind::LinearArm, dataset_schema(), environments::make_linear_dataset);
}

}  // namespace

CPEX_PLUGIN(register_linear)
