// The complexity measures of a pipeline's instances (`cpex hardness FILE [--set ...] [--json]`,
// cpex.hardness in Python: hardness.hpp), for every family that defines one, each computed by
// the family's numerics:
//   Best-K   H = sum_i Delta_i^-2 with the Best-K gaps (numerics::top_k_gaps), when the
//            decision class is every k-subset (kCardinality) and feedback is per arm;
//   CPE-L    H = sum_e Delta_e^-2 with the gaps through the oracle (numerics::cpe_gaps),
//            for any other linear-maximization class with per-arm feedback;
//   CPE-CS   Lambda_i, H_Lambda, H_Lambda^U (numerics::consistency_radii), with per-arm
//            feedback, when the decision oracle is separable and bi-monotone for this
//            configuration, the truth lies in [0, 1]^m and there are at most 2,000 arms;
//   full bandit  Delta_min, rho = n and H_eps (numerics::full_bandit_hardness), with
//            full-bandit feedback and a second-best oracle; eps is the algorithm's
//            `epsilon` (0 if it has none);
//   T*(mu), w*(mu)  the characteristic time and optimal proportions of the pipeline's
//            identification problem (numerics/identification_factory.hpp: best arm, top-m,
//            epsilon-good with the algorithm's epsilon, thresholds; every arm family; the
//            true variances for unknown-variance arms), with the method and certified gap
//            (numerics::CharacteristicTimeSolver);
//   T*(mu) combinatorial  CPE-L (per-arm feedback, classes other than top-k and thresholds)
//            and full bandit (sum feedback, a listable class): combinatorial_hardness.hpp;
//   T*(theta), w*(theta)  linear and transductive best-arm identification (linear-arm
//            feedback, Gaussian noise, one arm or item per decision: numerics::linear_lower_bound,
//            certified cutting planes), with the answer and the certified gap
//            (add_linear_lower_bound);
//   vector-valued arms  the Pareto set, its gaps Delta_i and H = sum_i max(Delta_i, eps)^-2
//            (numerics/pareto.hpp), and T*(mu), w*(mu) of the Pareto or constrained problem;
//   a prior  L(H), the gap eps of prior mass delta / 2 and L(H)^2 / delta (numerics/prior_gap.hpp),
//            beside the measures of the drawn instance;
//   T*(mu) log(1/delta), the lower bound's leading term, at the algorithm's delta.
// The truth: each sweep point (the file itself without [sweep]) is assembled like a run and
// its objects are built for repetition 0 (RunSeed{seed, point stream key, 0}, the instance
// the point's first run sees); the command reads the environment's truth() and asks the
// decision oracle ([oracle], bound to the problem). Nothing is sampled.
// Text: points that share an instance (the same truth, rewards, oracle and epsilon: a sweep
// over delta or over algorithms) print one block, their deltas on one line; JSON: one object
// per point, with the index of its instance block.
#include <algorithm>
#include <cmath>
#include <span>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "combinatorial_hardness.hpp"
#include "cpex/capabilities.hpp"
#include "cpex/errors.hpp"
#include "cpex/numerics/consistency_radii.hpp"
#include "cpex/numerics/cpe_gaps.hpp"
#include "cpex/numerics/exponential_family.hpp"
#include "cpex/numerics/characteristic_time.hpp"
#include "cpex/numerics/full_bandit_hardness.hpp"
#include "cpex/numerics/identification_factory.hpp"
#include "cpex/numerics/linear_identification.hpp"
#include "cpex/numerics/pareto.hpp"
#include "cpex/numerics/prior_gap.hpp"
#include "cpex/runtime/hardness.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/runtime/run.hpp"
#include "cpex/runtime/summary_output.hpp"
#include "cpex/runtime/sweep.hpp"
#include "cpex/runtime/sweep_overrides.hpp"

namespace cpex::inline runtime {

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
    // Thousands of arms: the text shows the first 8 and the last 2 (the JSON has them all).
    if (values.size() > 12) {
      const std::vector<double> head(values.begin(), values.begin() + 8), tail(values.end() - 2, values.end());
      lines.push_back("  " + label + " = " + real_list_text(head, 6) + ", ..., " + real_list_text(tail, 6) + " (" +
                      std::to_string(values.size()) + " values; --json lists all)");
      return;
    }
    lines.push_back("  " + label + " = " + real_list_text(values, 6));
  }
};

bool in_unit_box(std::span<const double> theta) {
  for (double x : theta)
    if (!(x >= 0.0 && x <= 1.0)) return false;
  return true;
}


// Linear and transductive best-arm identification: T*(theta), w*(theta), the answer and the
// certified gap (numerics::linear_lower_bound); T* log(1/delta) follows as for every T*.
void add_linear_lower_bound(Measures& m, const Problem& problem, std::span<const double> truth) {
  const auto t = numerics::linear_lower_bound(problem, truth);
  if (!t) return;
  const bool transductive = problem.answers.cols() > 0;
  std::ostringstream label;
  label.precision(2);
  label << "T*(theta) (" << (transductive ? "transductive" : "linear")
        << " best-arm identification, Gaussian noise; cutting planes, certified relative gap " << t->relative_gap()
        << ")";
  m.add("T_star", t->value, label.str());
  m.add("w_star", std::vector<double>(t->weights.data(), t->weights.data() + t->weights.size()),
        "w*(theta) (over the arms)");
  m.add("answer", static_cast<double>(t->answer), transductive ? "z*(theta) (item of the answer set)" : "best arm");
  m.add("T_star_relative_gap", t->relative_gap(), "certified relative gap of T*(theta)^-1");
}

// Vector-valued arms: the Pareto set, its gaps and H = sum_i max(Delta_i, eps)^-2 (Auer et al.
// 2016, Kone et al. 2023; eps the algorithm's), and T*(mu), w*(mu) of the Pareto or constrained
// identification problem (exact answers only).
void add_vector_measures(Measures& m, const Pipeline& pipeline, const RunObjects& run) {
  const Problem& problem = run.environment->problem();
  const std::span<const double> truth = run.environment->truth();
  const Oracle& oracle = *run.oracles.front();
  const Query query = oracle.query();
  const std::size_t d = problem.objectives;
  const double epsilon = algorithm_epsilon(pipeline);
  if (query.kind == Query::Kind::Pareto) {
    std::vector<double> oriented;
    numerics::orient(truth, d, query, oriented);
    const std::vector<std::size_t> front = numerics::pareto_set(oriented, d);
    m.add("pareto_set", std::vector<double>(front.begin(), front.end()), "Pareto set (arms)");
    m.add("pareto_gaps", numerics::pareto_gaps(oriented, d), "Delta (Pareto gaps, Auer et al. 2016)");
    m.add("H_pareto", numerics::pareto_complexity(oriented, d, epsilon),
          "H (sum of max(Delta_i, eps)^-2, eps = " + std::to_string(epsilon) + ")");
  }
  if (epsilon > 0.0) return;  // T* of the exact answer only
  try {
    const numerics::IdentificationSetup setup =
        numerics::make_identification(problem, oracle, pipeline.oracles.front().entry->capabilities, 0.0);
    const numerics::CharacteristicTime t = numerics::characteristic_time(*setup.problem, truth, setup.families);
    std::ostringstream label;
    label.precision(2);
    label << "T*(mu) (" << setup.problem->name() << ", " << setup.families.front().name() << " objectives; "
          << t.method;
    if (t.iterations > 0) label << ", certified relative gap " << t.relative_gap();
    label << ")";
    m.add("T_star", t.value, label.str());
    m.add("w_star", t.weights, "w*(mu)");
  } catch (const std::invalid_argument&) {
    // correlated objectives, or a query the identification problems do not pose
  }
}

// A Bayesian instance (drawn from Problem::prior): L(H), the density at 0 of the gap between
// the two best means under the prior, the gap eps with prior mass delta / 2 below it (the early
// stop of se-early-stopping) and L(H)^2 / delta, the order of the Bayesian lower bound (Jang,
// Komiyama & Yamazaki 2024: Omega(L(H)^2 / delta), constants omitted).
void add_prior_measures(Measures& m, const Pipeline& pipeline, const Problem& problem) {
  if (!numerics::prior_gap_supported(problem.prior)) return;
  const double l = numerics::prior_gap_density(problem.prior, problem.num_arms);
  m.add("L_H", l, "L(H) (prior " + to_string(problem.prior) + ": density of the gap at 0)");
  const double delta = value_of_role(pipeline.algorithm->schema, pipeline.algorithm_params, ParamRole::Confidence)
                           .value_or(0.0);
  if (delta > 0.0 && delta < 1.0) {
    m.add("prior_gap_eps", numerics::prior_gap_quantile(problem.prior, problem.num_arms, 0.5 * delta),
          "eps with P_H(gap <= eps) = delta / 2");
    m.add("L_H_squared_over_delta", l * l / delta, "L(H)^2 / delta (order of the Bayesian lower bound)");
  }
}

// Every measure the instance's family defines (see the top of the file).
Measures measure(const Pipeline& pipeline, const RunObjects& run) {
  Measures m;
  const Problem& problem = (*run.problem);
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
  // (The radii bisect over oracle calls of O(K) each: about K^2 log work, 35 s at K = 10^4;
  // past kRadiiArms arms they are left out, the T* below stays.)
  constexpr std::size_t kRadiiArms = 2000;
  if (per_arm && (caps & kSeparableLeading) && (caps & kBiMonotone) && in_unit_box(truth) &&
      truth.size() <= kRadiiArms) {
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
  // T* of the identification problem of a per-arm query the numerics pose directly (top-k,
  // thresholds); other classes through the combinatorial T* below.
  const bool direct_query = (caps & kCardinality) || oracle.query().kind != Query::Kind::Optimal;
  if (per_arm && direct_query && truth.size() >= 2) {
    try {
      const numerics::IdentificationSetup setup =
          numerics::make_identification(problem, oracle, caps, algorithm_epsilon(pipeline));
      const auto families = numerics::with_variances(setup.families, run.environment->truth_variances());
      const numerics::CharacteristicTime t = numerics::characteristic_time(*setup.problem, truth, families);
      std::ostringstream label;
      label.precision(2);
      // How T* was solved and certified: the method (closed form, Garivier & Kaufmann's
      // reduction, the staircase sweep, cutting planes) and the gap between the problem's best
      // response at w* and the method's mixture bound.
      label << "T*(mu) (" << setup.problem->name() << ", " << families.front().name() << " arms; " << t.method;
      const bool certified = std::isfinite(t.value) && t.upper > 0.0;
      if (certified) label << ", certified relative gap " << t.relative_gap();
      label << ")";
      m.add("T_star", t.value, label.str());
      m.json["T_star_method"] = t.method;
      if (certified) m.json["T_star_relative_gap"] = t.relative_gap();
      m.add("w_star", t.weights, "w*(mu)");
    } catch (const std::invalid_argument&) {
      // not an identification problem (rewards outside the families, a query it cannot pose)
    }
  }
  if (problem.feedback == FeedbackKind::MultiObjective) add_vector_measures(m, pipeline, run);
  if (problem.prior.kind != Prior::Kind::None) add_prior_measures(m, pipeline, problem);
  for (const HardnessLine& line : combinatorial_t_star(problem, truth, oracle, caps, 0.0))
    m.add(line.key, line.value, line.label);
  add_linear_lower_bound(m, problem, truth);
  return m;
}

}  // namespace

namespace {

// The algorithm's target error (the parameter with ParamRole::Confidence) when it is in
// (0, 1), else 0.
double algorithm_delta(const Pipeline& pipeline) {
  const double delta =
      value_of_role(pipeline.algorithm->schema, pipeline.algorithm_params, ParamRole::Confidence).value_or(0.0);
  return delta > 0.0 && delta < 1.0 ? delta : 0.0;
}

// What identifies an instance: the environment and its truth, the rewards, the decision
// oracle with its parameters, and the accuracy the problem is posed at.
std::string instance_key(const Pipeline& pipeline, const RunObjects& run) {
  std::ostringstream key;
  key.precision(17);
  const Problem& problem = (*run.problem);
  key << pipeline.environment->name << '|' << describe(problem.rewards) << '|' << problem.noise_sigma << '|';
  for (double x : run.environment->truth()) key << x << ',';
  key << '|';
  for (double x : run.environment->truth_variances()) key << x << ',';
  key << '|';
  for (double x : run.environment->answer_truth()) key << x << ',';
  key << '|' << pipeline.oracles.front().entry->name << '|';
  for (const auto& [name, value] : pipeline.oracles.front().params.all()) key << name << '=' << to_string(value) << ';';
  key << '|' << algorithm_epsilon(pipeline);
  return key.str();
}

struct Instance {
  std::string key;
  std::string header;
  Measures measures;
  double t_star = 0.0;  // 0: none
  std::vector<std::size_t> points;
  std::vector<double> deltas;  // distinct, in order of appearance
};

}  // namespace

double algorithm_epsilon(const Pipeline& pipeline) {
  return value_of_role(pipeline.algorithm->schema, pipeline.algorithm_params, ParamRole::Accuracy)
      .value_or(0.0);
}

std::shared_ptr<PipelineProblem> pipeline_problem(const Registry& registry, PipelineFile file,
                                                  const std::vector<std::string>& overrides) {
  const std::string path = file.path();
  std::vector<SweepAxis> axes = read_axes(file);
  const std::vector<SweepAxis> written = axes;
  apply_overrides(file, axes, overrides);
  const SweepScope scope = sweep_scope(file, written);
  count_points(axes, path);
  const SweepPoint point = expand(axes).front();
  auto out = std::make_shared<PipelineProblem>();
  out->pipeline = assemble(apply(file, point), registry, {"sweep"}, &scope);
  out->run = instantiate(out->pipeline, RunSeed{out->pipeline.run.seed, point.stream_key, 0});
  const Environment& environment = *out->run.environment;
  const Oracle& oracle = *out->run.oracles.front();
  const unsigned caps = out->pipeline.oracles.front().entry->capabilities & ~oracle.withdrawn_capabilities();
  out->truth.assign(environment.truth().begin(), environment.truth().end());
  try {
    out->problem = identification::PosedProblem::from_pipeline(environment.problem(), oracle, caps,
                                                                algorithm_epsilon(out->pipeline),
                                                                environment.truth_variances());
  } catch (const std::invalid_argument& e) {
    throw ConfigError(path + ": the pipeline poses no identification problem: " + e.what());
  }
  return out;
}

HardnessReport hardness_report(const Registry& registry, PipelineFile file, const std::vector<std::string>& overrides) {
  const std::string path = file.path();
  std::vector<SweepAxis> axes = read_axes(file);
  const std::vector<SweepAxis> written = axes;  // before --set narrows them
  apply_overrides(file, axes, overrides);
  const SweepScope scope = sweep_scope(file, written);
  count_points(axes, path);
  const std::vector<SweepPoint> points = expand(axes);
  const bool sweep = !axes.empty();
  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  std::vector<Instance> instances;
  for (const SweepPoint& point : points) {
    const Pipeline pipeline = assemble(apply(file, point), registry, {"sweep"}, &scope);
    const RunObjects run = instantiate(pipeline, RunSeed{pipeline.run.seed, point.stream_key, 0});
    Measures m = measure(pipeline, run);
    if (m.lines.empty())
      throw ConfigError(path + ": no complexity measure is defined for environment '" +
                        pipeline.environment->name + "' (" + to_string((*run.problem).feedback) +
                        " feedback) with oracle '" + pipeline.oracles.front().entry->name +
                        "' (see cpex hardness in docs/architecture.md)");
    const double t_star =
        m.json.contains("T_star") && m.json["T_star"].is_number() ? m.json["T_star"].get<double>() : 0.0;
    const double delta = algorithm_delta(pipeline);
    const std::string key = instance_key(pipeline, run);
    auto it = std::find_if(instances.begin(), instances.end(), [&](const Instance& i) { return i.key == key; });
    if (it == instances.end()) {
      std::ostringstream header;
      header << "environment " << pipeline.environment->name << " (" << (*run.problem).num_arms
             << " arms), oracle " << pipeline.oracles.front().entry->name;
      instances.push_back({key, header.str(), m, t_star, {}, {}});
      it = instances.end() - 1;
    }
    it->points.push_back(point.index);
    if (delta > 0.0 && std::find(it->deltas.begin(), it->deltas.end(), delta) == it->deltas.end())
      it->deltas.push_back(delta);
    {
      if (t_star > 0.0 && delta > 0.0) m.json["T_star_log_1_over_delta"] = number(t_star * std::log(1.0 / delta));
      nlohmann::ordered_json j;
      add_point_keys(j, point);
      j["pipeline"] = pipeline.source;
      j["instance"] = static_cast<std::size_t>(it - instances.begin());
      j["environment"] = pipeline.environment->name;
      j["oracle"] = pipeline.oracles.front().entry->name;
      j["arms"] = (*run.problem).num_arms;
      j["measures"] = m.json;
      all.push_back(j);
    }
  }
  HardnessReport report;
  report.json = (sweep ? nlohmann::ordered_json{{"points", all}} : all.front()).dump(2);
  std::ostringstream text;
  for (const Instance& instance : instances) {
    text << instance.header;
    if (sweep) {
      // The points as ranges: "points 0-19, 40 of 60".
      text << "  (" << (instance.points.size() == 1 ? "point " : "points ");
      const auto& ps = instance.points;
      for (std::size_t i = 0; i < ps.size();) {
        std::size_t j = i;
        while (j + 1 < ps.size() && ps[j + 1] == ps[j] + 1) ++j;
        text << (i ? ", " : "") << ps[i];
        if (j > i) text << '-' << ps[j];
        i = j + 1;
      }
      text << " of " << points.size() << ")";
    }
    text << '\n';
    for (const std::string& line : instance.measures.lines) text << line << '\n';
    if (instance.t_star > 0.0 && !instance.deltas.empty()) {
      std::ostringstream line;
      line.precision(6);
      line << "  T*(mu) log(1/delta) (the lower bound's leading term";
      if (instance.deltas.size() == 1) {
        line << " at the algorithm's delta) = " << instance.t_star * std::log(1.0 / instance.deltas.front());
      } else {
        line << ") =";
        for (std::size_t i = 0; i < instance.deltas.size(); ++i)
          line << (i ? ", " : " ") << instance.t_star * std::log(1.0 / instance.deltas[i]) << " (delta "
               << instance.deltas[i] << ")";
      }
      text << line.str() << '\n';
    }
  }
  report.text = text.str();
  return report;
}

}  // namespace cpex::inline runtime
