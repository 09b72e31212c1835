// The `linear-dataset` environment (seed 002 §7.2 / App. A): features and labels from a
// CSV data set; theta* fitted by ridge regression on +-1 labels; K arms sampled from the
// rows (by the run's instance stream) so that every arm is at least `min-gap` below the
// best; +-1 rewards with P(+1) = (1 + x^T theta*)/2.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

#include <Eigen/Cholesky>

#include "cpex/data/csv_table.hpp"
#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "linear_arms.hpp"

namespace cpex::environments {

namespace {

struct FittedData {
  Eigen::MatrixXd features;  // d x n, one column per row of the data set
  Eigen::VectorXd theta;     // ridge fit on +-1 labels
};

FittedData fit(const ParamValues& params) {
  const std::string& path = params.text("file");
  const data::CsvTable table = data::read_csv_table(path, "file");
  const std::string label_name =
      params.has("label") ? params.text("label") : table.columns.back();
  const std::size_t label = table.column(label_name, "label", path);
  const auto n = table.rows.rows();
  Eigen::VectorXd y(n);
  for (Eigen::Index r = 0; r < n; ++r) {
    const double v = table.rows(r, static_cast<Eigen::Index>(label));
    if (v != 0.0 && v != 1.0 && v != -1.0) {
      std::ostringstream message;
      message << "label column '" << label_name << "' must hold 0/1 or -1/+1, but data row "
              << r + 1 << " has " << v;
      throw ParameterError("label", message.str());
    }
    y(r) = v == 0.0 ? -1.0 : v;
  }
  if (table.columns.size() < 2) throw ParameterError("file", "'" + path + "' has no feature columns");
  if (table.columns.size() > static_cast<std::size_t>(kMaxDimension))
    throw ParameterError("file", "'" + path + "' has " + std::to_string(table.columns.size()) +
                                     " columns, more than the limit of " +
                                     std::to_string(kMaxDimension) + " features + the label");
  // Features: every other column, standardized (mean 0, sd 1) if asked, plus an intercept.
  const bool standardize = params.text("standardize") == "yes";
  const bool intercept = params.text("intercept") == "yes";
  const auto columns = static_cast<Eigen::Index>(table.columns.size());
  Eigen::MatrixXd x(n, columns - 1 + (intercept ? 1 : 0));
  Eigen::Index out = 0;
  for (Eigen::Index c = 0; c < columns; ++c) {
    if (c == static_cast<Eigen::Index>(label)) continue;
    Eigen::VectorXd column = table.rows.col(c);
    if (standardize) {
      const double mean = column.mean();
      const double sd = std::sqrt((column.array() - mean).square().sum() / std::max(1.0, static_cast<double>(n - 1)));
      column = (column.array() - mean) / (sd > 0 ? sd : 1.0);
    }
    x.col(out++) = column;
  }
  if (intercept) x.col(out) = Eigen::VectorXd::Ones(n);
  const double lambda = params.real("ridge");
  const Eigen::MatrixXd gram =
      x.transpose() * x + lambda * Eigen::MatrixXd::Identity(x.cols(), x.cols());
  return {x.transpose(), gram.ldlt().solve(x.transpose() * y)};
}

}  // namespace

std::unique_ptr<Environment> make_linear_dataset(const ParamValues& params, const RunSeed& seed) {
  const FittedData data = fit(params);
  const Eigen::VectorXd means = data.features.transpose() * data.theta;
  // Rows whose mean is a valid +-1 reward mean.
  std::vector<Eigen::Index> valid;
  for (Eigen::Index r = 0; r < means.size(); ++r)
    if (std::abs(means(r)) <= 1.0) valid.push_back(r);
  const auto k = static_cast<std::size_t>(params.integer("arms"));
  const double min_gap = params.real("min-gap");
  const auto attempts = params.integer("attempts");
  // Each attempt costs O(arms): bound the total work of the search up front.
  if (static_cast<double>(attempts) * static_cast<double>(k) > 1e8)
    throw ParameterError("attempts", "attempts x arms = " + std::to_string(attempts) + " x " +
                                         std::to_string(k) + " is more than the limit of 1e8");
  if (valid.size() < k)
    throw ParameterError("arms", "only " + std::to_string(valid.size()) +
                                     " rows have x^T theta* in [-1, 1], fewer than arms = " +
                                     std::to_string(k));
  RandomStream stream(seed, StreamRole::EnvironmentInstance);
  std::vector<Eigen::Index> pool = valid;
  for (std::int64_t attempt = 0; attempt < attempts; ++attempt) {
    // A uniform k-subset: the first k of a partial Fisher-Yates shuffle.
    for (std::size_t i = 0; i < k; ++i)
      std::swap(pool[i], pool[i + stream.below(pool.size() - i)]);
    double best = -2.0;
    for (std::size_t i = 0; i < k; ++i) best = std::max(best, means(pool[i]));
    std::size_t at_best = 0;
    bool separated = true;
    for (std::size_t i = 0; i < k; ++i) {
      const double gap = best - means(pool[i]);
      if (gap == 0.0) ++at_best;
      else if (gap < min_gap) separated = false;
    }
    if (!separated || at_best != 1) continue;
    Eigen::MatrixXd features(data.features.rows(), static_cast<Eigen::Index>(k));
    for (std::size_t i = 0; i < k; ++i) features.col(static_cast<Eigen::Index>(i)) = data.features.col(pool[i]);
    return make_linear_arms(std::move(features), data.theta, params, seed);
  }
  throw ParameterError("min-gap", "no sample of " + std::to_string(k) +
                                      " arms with every gap to the best >= " +
                                      to_string(ParamValue{min_gap}) + " in " +
                                      std::to_string(attempts) + " attempts");
}

}  // namespace cpex::environments
