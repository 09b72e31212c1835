// The `linear` environment: features inline, from a CSV file, or from seed 002's
// generators (soare, canonical, sphere).
#include <algorithm>
#include <cmath>

#include "cpex/data/csv_table.hpp"
#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "linear_arms.hpp"

namespace cpex::environments {

namespace {

Eigen::VectorXd vector_of(const std::vector<double>& values) {
  return Eigen::Map<const Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
}

// Refuses a d x K feature matrix beyond the documented limits before it is allocated.
void check_feature_size(std::size_t d, std::size_t k, const std::string& key) {
  if (d > static_cast<std::size_t>(kMaxDimension))
    throw ParameterError(key, "dimension d = " + std::to_string(d) + " is more than the limit of " +
                                  std::to_string(kMaxDimension));
  if (k > static_cast<std::size_t>(kMaxArms))
    throw ParameterError(key, std::to_string(k) + " arms are more than the limit of " +
                                  std::to_string(kMaxArms));
  if (k > static_cast<std::size_t>(kMaxFeatureEntries) / std::max<std::size_t>(d, 1))
    throw ParameterError(key, std::to_string(k) + " arms of dimension " + std::to_string(d) +
                                  " are more than the limit of " +
                                  std::to_string(kMaxFeatureEntries) + " feature entries (d x K)");
}

Eigen::VectorXd required_theta(const ParamValues& params, const std::string& generator) {
  if (!params.has("theta"))
    throw ParameterError("theta", "generator '" + generator + "' needs theta");
  check_feature_size(params.reals("theta").size(), 1, "theta");
  return vector_of(params.reals("theta"));
}

// Vectors given inline under `key` (row-major, one vector per row of d numbers) or from the
// CSV file under `file_key`; an empty matrix when neither is given.
Eigen::MatrixXd vectors_of(const ParamValues& params, const std::string& key, const std::string& file_key,
                           std::size_t d) {
  if (params.has(file_key)) {
    const auto& path = params.text(file_key);
    const data::CsvTable table = data::read_csv_table(path, file_key);
    check_feature_size(table.columns.size(), static_cast<std::size_t>(table.rows.rows()), file_key);
    return table.rows.transpose();
  }
  if (!params.has(key)) return {};
  const auto& values = params.reals(key);
  if (values.size() % d != 0)
    throw ParameterError(key, "has " + std::to_string(values.size()) +
                                  " numbers, not a multiple of d = " + std::to_string(d));
  check_feature_size(d, values.size() / d, key);
  Eigen::MatrixXd vectors(d, values.size() / d);
  for (std::size_t i = 0; i < values.size(); ++i)
    vectors(static_cast<Eigen::Index>(i % d), static_cast<Eigen::Index>(i / d)) = values[i];
  return vectors;
}

// Features given inline (row-major, one arm per row of d numbers) or from a file.
Eigen::MatrixXd explicit_features(const ParamValues& params) {
  Eigen::MatrixXd features =
      vectors_of(params, "features", "features-file", static_cast<std::size_t>(params.integer("d")));
  if (features.size() == 0)
    throw ParameterError("features", "generator 'explicit' needs features or features-file");
  return features;
}

}  // namespace

Eigen::MatrixXd answer_items(const ParamValues& params, Eigen::Index d) {
  if (params.has("answers") && params.has("answers-file"))
    throw ParameterError("answers", "give the answer set inline (answers) or from a file (answers-file), not both");
  return vectors_of(params, "answers", "answers-file", static_cast<std::size_t>(d));
}

std::unique_ptr<Environment> make_linear(const ParamValues& params, const RunSeed& seed) {
  const std::string& generator = params.text("generator");
  const auto d = static_cast<Eigen::Index>(params.integer("d"));
  Eigen::MatrixXd features;
  Eigen::VectorXd theta;
  if (generator == "explicit") {
    features = explicit_features(params);
    theta = required_theta(params, generator);
  } else if (generator == "soare") {
    // Seed 002 §7.1: arms e_1 ... e_d and (cos w, sin w, 0, ...); theta = (2, 0, ..., 0).
    if (d < 2) throw ParameterError("d", "generator 'soare' needs d >= 2");
    const double w = params.real("angle");
    features = Eigen::MatrixXd::Zero(d, d + 1);
    features.leftCols(d).setIdentity();
    features(0, d) = std::cos(w);
    features(1, d) = std::sin(w);
    theta = Eigen::VectorXd::Zero(d);
    theta(0) = 2.0;
  } else if (generator == "canonical") {
    // Seed 002 §7.1: K = d arms e_1 ... e_d, theta = (gap, 0, ..., 0).
    features = Eigen::MatrixXd::Identity(d, d);
    theta = Eigen::VectorXd::Zero(d);
    theta(0) = params.real("gap");
  } else {  // sphere: arms uniform on the unit sphere, drawn from the instance stream
    theta = required_theta(params, generator);
    const auto k = static_cast<Eigen::Index>(params.integer("arms"));
    check_feature_size(static_cast<std::size_t>(theta.size()), static_cast<std::size_t>(k), "arms");
    RandomStream stream(seed, StreamRole::EnvironmentInstance);
    features.resize(theta.size(), k);
    for (Eigen::Index i = 0; i < k; ++i) {
      for (Eigen::Index r = 0; r < features.rows(); ++r) features(r, i) = stream.normal();
      features.col(i).normalize();
    }
  }
  const Eigen::Index dimension = features.rows();
  auto environment = make_linear_arms(std::move(features), std::move(theta), params, seed);
  auto& arms = static_cast<LinearArms&>(*environment);
  arms.set_decision_size(static_cast<std::size_t>(params.integer("k")));
  Eigen::MatrixXd answers = answer_items(params, dimension);
  if (answers.size() > 0) arms.set_answers(std::move(answers), params.has("answers") ? "answers" : "answers-file");
  return environment;
}

}  // namespace cpex::environments
