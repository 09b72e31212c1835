// Registration of the `linear` and `linear-dataset` environments.
#include "cpex/limits.hpp"
#include "cpex/plugin.hpp"
#include "linear_arms.hpp"

namespace {

void register_linear(cpex::Registry& registry) {
  using namespace cpex;
  EnvironmentEntry linear;
  linear.name = "linear";
  linear.summary = "linear bandit: features inline, from CSV, or seed 002's soare/canonical/sphere";
  linear.feedback = FeedbackKind::LinearArm;
  linear.schema
      .choice("generator", "explicit", {"explicit", "soare", "canonical", "sphere"},
              "explicit: features (or features-file) and theta; soare: d+1 arms, angle; "
              "canonical: K = d, gap; sphere: random unit features, theta")
      .integer("d", 2, Range::closed(1, static_cast<double>(kMaxDimension)), "dimension (explicit inline features, soare, canonical)")
      .real_list("features", Range::any(), "explicit: the arms' features, row-major (d numbers per arm)")
      .optional()
      .path("features-file", std::nullopt, "explicit: CSV file, a header then one arm per row")
      .optional()
      .real_list("theta", Range::any(), "the hidden parameter (explicit, sphere)")
      .optional()
      .real("angle", 0.01, Range::any(), "soare: angle of arm d+1 to e_1")
      .real("gap", 0.1, Range::greater_than(0.0), "canonical: theta = (gap, 0, ..., 0)")
      .integer("arms", 10, Range::closed(2, static_cast<double>(kMaxArms)), "sphere: number of arms");
  // Which of features, features-file and theta a generator needs is checked when the
  // instance is built.
  environments::add_noise_parameters(linear.schema);
  linear.create = [](const ParamValues& p, const EnvironmentContext& c) {
    return environments::make_linear(p, c.seed);
  };
  registry.add(std::move(linear));

  EnvironmentEntry dataset;
  dataset.name = "linear-dataset";
  dataset.summary = "linear bandit from a labelled CSV data set (seed 002 App. A), +-1 rewards";
  dataset.feedback = FeedbackKind::LinearArm;
  dataset.schema.path("file", std::nullopt, "CSV data set: a header, numeric features and a label column")
      .text("label", std::nullopt, "label column (0/1 or -1/+1); default: the last column")
      .optional()
      .choice("standardize", "yes", {"yes", "no"}, "scale every feature to mean 0, sd 1")
      .choice("intercept", "yes", {"yes", "no"}, "append a constant feature 1")
      .real("ridge", 0.01, Range::greater_than(0.0), "ridge regularization of the fit of theta*")
      .integer("arms", 10, Range::closed(2, static_cast<double>(kMaxArms)), "number of arms K sampled from the rows")
      .real("min-gap", 0.05, Range::at_least(0.0), "every arm's gap to the best is at least this")
      .integer("attempts", 10000, Range::closed(1, 1e6), "samples tried before giving up");
  environments::add_noise_parameters(dataset.schema);
  dataset.create = [](const ParamValues& p, const EnvironmentContext& c) {
    return environments::make_linear_dataset(p, c.seed);
  };
  registry.add(std::move(dataset));
}

}  // namespace

CPEX_PLUGIN(register_linear)
