// `cpex hardness FILE [--set ...] [--json]`: the complexity measures of a pipeline's
// instance, for every family that defines one, each computed by the family's numerics:
//   Best-K   H = sum_i Delta_i^-2 with the Best-K gaps (numerics::top_k_gaps), when the
//            decision class is every k-subset (kCardinality) and feedback is per arm;
//   CPE-L    H = sum_e Delta_e^-2 with the gaps through the oracle (numerics::cpe_gaps),
//            for any other linear-maximization class with per-arm feedback;
//   CPE-CS   Lambda_i, H_Lambda, H_Lambda^U (numerics::consistency_radii), with per-arm
//            feedback, when the decision oracle is separable and bi-monotone for this
//            configuration and the truth lies in [0, 1]^m;
//   full bandit  Delta_min, rho = n and H_eps (numerics::full_bandit_hardness), with
//            full-bandit feedback and a second-best oracle; eps is the algorithm's
//            `epsilon` (0 if it has none);
//   T*(mu)   the characteristic time of Garivier & Kaufmann (2016)
//            (numerics::characteristic_time), with per-arm feedback, a single best arm
//            (decision size 1, arms judged by their mean) and Gaussian or Bernoulli rewards;
//            T*(mu) log(1/delta) is the lower bound's leading term, printed for the
//            algorithm's delta when it has one;
//   linear T*(theta)  the characteristic time of linear or transductive best-arm
//            identification (numerics::linear_lower_bound: Gaussian noise, linear-arm feedback,
//            one arm per decision), with w*(theta), the answer and the certified relative gap
//            (add_linear_lower_bound, kept apart).
// The truth: each sweep point (the file itself without [sweep]) is assembled like a run and
// its objects are built for repetition 0 (RunSeed{seed, point stream key, 0}, the instance
// the point's first run sees); the command reads the environment's truth() and asks the
// decision oracle ([oracle], bound to the problem). Nothing is sampled.
#include <cmath>
#include <optional>
#include <iostream>
#include <span>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "summary_output.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/consistency_radii.hpp"
#include "cpex/numerics/cpe_gaps.hpp"
#include "cpex/numerics/exponential_family.hpp"
#include "cpex/numerics/full_bandit_hardness.hpp"
#include "cpex/numerics/linear_identification.hpp"
#include "cpex/numerics/optimal_weights.hpp"
#include "cpex/pipeline.hpp"
#include "cpex/pipeline_file.hpp"
#include "cpex/run.hpp"
#include "cpex/sweep.hpp"
#include "cpex/sweep_overrides.hpp"

namespace cpex::host {

namespace {

// A number for JSON: non-finite values as strings ("inf"), as in the resolved column.
nlohmann::ordered_json number(double x) {
  if (std::isfinite(x)) return x;
  return std::isnan(x) ? "nan" : (x > 0 ? "inf" : "-inf");
}

nlohmann::ordered_json numbers(const std::vector<double>& xs) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (double x : xs) out.push_back(number(x));
  return out;
}

std::string list_text(const std::vector<double>& xs) {
  std::ostringstream out;
  out.precision(6);
  for (std::size_t i = 0; i < xs.size(); ++i) out << (i ? ", " : "") << xs[i];
  return out.str();
}

// One line of the text output and one key of the JSON object.
struct Measures {
  nlohmann::ordered_json json = nlohmann::ordered_json::object();
  std::vector<std::string> lines;

  void add(const std::string& key, double value, const std::string& label) {
    json[key] = number(value);
    std::ostringstream line;
    line.precision(6);
    line << "  " << label << " = " << value;
    lines.push_back(line.str());
  }
  void add(const std::string& key, const std::vector<double>& values, const std::string& label) {
    json[key] = numbers(values);
    lines.push_back("  " + label + " = " + list_text(values));
  }
};

bool in_unit_box(std::span<const double> theta) {
  for (double x : theta)
    if (!(x >= 0.0 && x <= 1.0)) return false;
  return true;
}

// The algorithm's `epsilon` key when it has a real one, else 0.
double algorithm_epsilon(const Pipeline& pipeline) {
  const auto& values = pipeline.algorithm_params.all();
  const auto it = values.find("epsilon");
  const double* epsilon = it == values.end() ? nullptr : std::get_if<double>(&it->second);
  return epsilon ? *epsilon : 0.0;
}

// The algorithm's `delta` when it has one in (0, 1).
std::optional<double> algorithm_delta(const Pipeline& pipeline) {
  const auto& values = pipeline.algorithm_params.all();
  const auto it = values.find("delta");
  const double* delta = it == values.end() ? nullptr : std::get_if<double>(&it->second);
  if (delta && *delta > 0.0 && *delta < 1.0) return *delta;
  return std::nullopt;
}

// Linear and transductive best-arm identification: T*(theta), w*(theta), the answer and the
// certified gap (numerics::linear_lower_bound), and T* log(1/delta) at the algorithm's delta.
void add_linear_lower_bound(Measures& m, const Pipeline& pipeline, const Problem& problem,
                            std::span<const double> truth) {
  const auto t = numerics::linear_lower_bound(problem, truth);
  if (!t) return;
  const bool transductive = problem.answers.cols() > 0;
  m.add("T_star", t->value,
        std::string("T*(theta) (") + (transductive ? "transductive" : "linear") + " best-arm identification, Gaussian noise)");
  m.add("w_star", std::vector<double>(t->weights.data(), t->weights.data() + t->weights.size()),
        "w*(theta) (over the arms)");
  m.add("answer", static_cast<double>(t->answer), transductive ? "z*(theta) (item of the answer set)" : "best arm");
  m.add("T_star_relative_gap", t->relative_gap(), "certified relative gap of T*(theta)^-1");
  if (const auto delta = algorithm_delta(pipeline))
    m.add("T_star_log_1_over_delta", t->value * std::log(1.0 / *delta),
          "T*(theta) log(1/delta) (the lower bound's leading term at the algorithm's delta)");
}

// Every measure the instance's family defines (see the top of the file).
Measures measure(const Pipeline& pipeline, const RunObjects& run) {
  Measures m;
  const Problem& problem = run.environment->problem();
  const std::span<const double> truth = run.environment->truth();
  const Oracle& oracle = *run.oracles.front();
  const unsigned caps = pipeline.oracles.front().entry->capabilities & ~oracle.withdrawn_capabilities();
  const bool per_arm = problem.feedback == FeedbackKind::SingleArm;
  if (per_arm && (caps & kLinearMaximization)) {
    const bool best_k =
        (caps & kCardinality) && oracle.decision_size() > 0 && oracle.decision_size() < truth.size();
    const std::vector<double> gaps =
        best_k ? numerics::top_k_gaps(truth, oracle.decision_size()) : numerics::cpe_gaps(oracle, truth);
    m.add("gaps", gaps, best_k ? "Delta (Best-K gaps)" : "Delta (CPE-L gaps)");
    m.add("H", numerics::cpe_hardness(gaps),
          best_k ? "H (Best-K, sum of Delta_i^-2)" : "H (CPE-L, sum of Delta_e^-2)");
  }
  if (per_arm && (caps & kSeparableLeading) && (caps & kBiMonotone) && in_unit_box(truth)) {
    const numerics::ConsistencyRadii radii = numerics::consistency_radii(oracle, truth);
    m.add("lambda", radii.lambda, "Lambda (CPE-CS consistent optimality radii)");
    m.add("H_Lambda", radii.h, "H_Lambda (sum of Lambda_i^-2)");
    m.add("H_Lambda_U", radii.h_upper, "H_Lambda^U (m / min Lambda_i^2)");
  }
  if (problem.feedback == FeedbackKind::FullBanditSum && (caps & kSecondBest)) {
    const double epsilon = algorithm_epsilon(pipeline);
    const numerics::FullBanditHardness h = numerics::full_bandit_hardness(oracle, truth, epsilon);
    m.add("Delta_min", h.delta_min, "Delta_min (full bandit)");
    m.add("rho", h.rho, "rho (G-optimal design: n)");
    m.add("epsilon", epsilon, "epsilon (the algorithm's)");
    m.add("H_epsilon", h.h, "H_eps (rho / (Delta_min + eps)^2)");
  }
  const auto family = numerics::arm_family_of(problem.rewards, problem.noise_sigma);
  if (per_arm && family && problem.parameter == KeyParameter::Mean && oracle.decision_size() == 1 &&
      (caps & kCardinality) && truth.size() >= 2) {
    const double t_star = numerics::characteristic_time(truth, *family);
    m.add("T_star", t_star, std::string("T*(mu) (Garivier & Kaufmann 2016, ") + family->name() + " arms)");
    const auto& values = pipeline.algorithm_params.all();
    const auto it = values.find("delta");
    const double* delta = it == values.end() ? nullptr : std::get_if<double>(&it->second);
    if (delta && *delta > 0.0 && *delta < 1.0)
      m.add("T_star_log_1_over_delta", t_star * std::log(1.0 / *delta),
            "T*(mu) log(1/delta) (the lower bound's leading term at the algorithm's delta)");
  }
  add_linear_lower_bound(m, pipeline, problem, truth);
  return m;
}

}  // namespace

int hardness_command(const Registry& registry, const std::string& path, const RunOptions& options) {
  PipelineFile file = PipelineFile::read(path);
  std::vector<SweepAxis> axes = read_axes(file);
  const std::vector<SweepAxis> written = axes;  // before --set narrows them
  apply_overrides(file, axes, options.overrides);
  const SweepScope scope = sweep_scope(file, written);
  count_points(axes, path);
  const std::vector<SweepPoint> points = expand(axes);
  const bool sweep = !axes.empty();
  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  for (const SweepPoint& point : points) {
    const Pipeline pipeline = assemble(apply(file, point), registry, {"sweep"}, &scope);
    const RunObjects run = instantiate(pipeline, RunSeed{pipeline.run.seed, point.stream_key, 0});
    const Measures m = measure(pipeline, run);
    if (m.lines.empty())
      throw ConfigError(path + ": no complexity measure is defined for environment '" +
                        pipeline.environment->name + "' (" + to_string(run.environment->problem().feedback) +
                        " feedback) with oracle '" + pipeline.oracles.front().entry->name +
                        "' (see cpex hardness in docs/architecture.md)");
    if (options.json) {
      nlohmann::ordered_json j;
      add_point_keys(j, point);
      j["pipeline"] = pipeline.source;
      j["environment"] = pipeline.environment->name;
      j["oracle"] = pipeline.oracles.front().entry->name;
      j["arms"] = run.environment->problem().num_arms;
      j["measures"] = m.json;
      all.push_back(j);
      continue;
    }
    std::cout << "environment " << pipeline.environment->name << " (" << run.environment->problem().num_arms
              << " arms), oracle " << pipeline.oracles.front().entry->name;
    for (const auto& [key, value] : point.values) std::cout << "  " << key << '=' << value;
    std::cout << '\n';
    for (const std::string& line : m.lines) std::cout << line << '\n';
  }
  if (options.json)
    std::cout << (sweep ? nlohmann::ordered_json{{"points", all}} : all.front()).dump(2) << '\n';
  return 0;
}

}  // namespace cpex::host
