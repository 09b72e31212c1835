// The [study] section: its schema, reading it into the public Problem, the built-in
// "study" environment entry, and the one check of a reward against the declared family.
#include "cpex/feedback_kinds.hpp"
#include "cpex/study/study_spec.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <set>
#include <sstream>

#include "cpex/data/csv_table.hpp"
#include "cpex/environment.hpp"
#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/messages.hpp"
#include "cpex/suggest.hpp"

namespace cpex::inline runtime::study {

namespace {

// The feedback kinds' names, the choices of the `feedback` key (cpex/feedback_kinds.hpp).
std::vector<std::string> feedback_choices() {
  std::vector<std::string> names;
  for (const FeedbackKindInfo& info : kFeedbackKinds) names.emplace_back(info.name);
  return names;
}

}  // namespace

const std::vector<DeclaredFamily>& declared_families() {
  static const std::vector<DeclaredFamily> families = {
      {"gaussian", RewardFamily::Gaussian, "mean + N(0, sigma^2), sigma known (`sigma`)"},
      {"bernoulli", RewardFamily::Bernoulli, "0 or 1"},
      {"bounded", RewardFamily::Bounded, "any distribution on [LO, HI] (`range = LO, HI`)"},
      {"poisson", RewardFamily::Poisson, "a count 0, 1, 2, ... of a Poisson distribution"},
      {"exponential", RewardFamily::Exponential, "a non-negative number of an exponential distribution"},
      {"gaussian-unknown-variance", RewardFamily::GaussianUnknownVariance,
       "mean + N(0, s^2), s unknown to the algorithm"},
  };
  return families;
}

const ParamSchema& study_schema() {
  static const ParamSchema schema = [] {
    std::string families;
    for (const auto& f : declared_families())
      families += std::string(families.empty() ? "" : ", ") + f.name + " (" + f.meaning + ")";
    ParamSchema s;
    s.text("arms", std::nullopt, "the arms' names separated by commas (a, b, c), or their number N (arms 0 ... N-1)")
        .text("rewards", std::nullopt, "the family of one observation: " + families)
        .real("sigma", 1.0, Range::greater_than(0.0), "gaussian: the noise's standard deviation")
        .real_list("range", Range::any(),
                   "LO, HI: rewards outside [LO, HI] are refused (any family); bounded: the support")
        .optional()
        .optional_real("noise-bound", Range::greater_than(0.0),
                       "the sub-Gaussian constant announced to the algorithm (default: sigma; 1/2 "
                       "for bernoulli; (HI - LO)/2 for bounded)")
        .choice("feedback", "single-arm", feedback_choices(),
                "what one pull is: one arm; a super arm observed per member (semi-bandit) or as "
                "the sum of its members' rewards (full-bandit-sum); one arm with known features "
                "(linear-arm: needs features or features-file); one arm observed on every "
                "objective (multi-objective: needs objectives, and is implied by them)")
        .text("objectives", std::nullopt,
              "the names of the values one observation holds, separated by commas (conversion, "
              "latency): each tell gives one reward per objective (multi-objective feedback)")
        .optional()
        .integer("k", std::nullopt, Range::closed(1, static_cast<double>(kMaxArms)),
                 "the size of a super arm (semi-bandit, full-bandit-sum), or the decision size "
                 "the problem is made for")
        .optional();
    // linear-arm: the features as the `linear` environment takes them
    s.integer("d", 2, Range::closed(1, static_cast<double>(kMaxDimension)), "linear-arm: the features' dimension");
    s.real_list("features", Range::any(), "linear-arm: the arms' features, row-major (d numbers per arm)").optional();
    s.path("features-file", std::nullopt, "linear-arm: CSV file, a header then one arm per row").optional();
    s.optional_real("S", Range::greater_than(0.0), "linear-arm: the bound on ||theta|| announced to the algorithm");
    // limits (docs/studies.md, "Limits"): the same for the command line, HTTP and Python
    s.integer("ask-limit", 10'000, Range::closed(1, 1e6), "the most pulls one ask may request");
    s.integer("pending-limit", 100'000, Range::closed(1, 1e8),
              "the most pulls handed out and not yet told (asks hand out fewer beyond)");
    s.integer("body-limit", 16, Range::closed(1, 1024),
              "MiB: the largest batch of tells (an HTTP body, tell --json's input, tell_many)");
    s.text("pending-timeout", "0",
           "a pull not told this long after its ask is cancelled, and asked again when the "
           "algorithm still wants it: seconds, or 15m, 2h, 1.5d; 0: never");
    return s;
  }();
  return schema;
}

namespace {

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

std::vector<std::string> arm_names(const std::string& text) {
  std::vector<std::string> names;
  const std::string whole = trim(text);
  if (!whole.empty() && whole.find_first_not_of("0123456789") == std::string::npos) {
    if (whole.size() > 7 || std::stoll(whole) > kMaxArms)
      throw ParameterError("arms", "at most " + std::to_string(kMaxArms) + " arms, got " + shorten(whole));
    const auto n = static_cast<std::size_t>(std::stoll(whole));
    for (std::size_t i = 0; i < n; ++i) names.push_back(std::to_string(i));
  } else {
    std::stringstream in(text);
    for (std::string name; std::getline(in, name, ',');) {
      name = trim(name);
      if (name.empty()) throw ParameterError("arms", "an empty arm name in '" + shorten(text) + "'");
      names.push_back(name);
      if (names.size() > static_cast<std::size_t>(kMaxArms))
        throw ParameterError("arms", "at most " + std::to_string(kMaxArms) + " arms");
    }
    try {
      check_arm_names(names);
    } catch (const ConfigError& e) {
      throw ParameterError("arms", e.what());
    }
  }
  if (names.size() < 2)
    throw ParameterError("arms", "a study needs at least 2 arms, got " + std::to_string(names.size()) +
                                     " ('" + shorten(text) + "')");
  return names;
}

// `objectives = a, b`: at least 2 names, each a valid arm-like name, none twice.
std::vector<std::string> objective_names(const std::string& text) {
  std::vector<std::string> names;
  if (const std::string whole = trim(text); !whole.empty() && whole.back() == ',')
    throw ParameterError("objectives", "an empty objective name in '" + shorten(text) + "'");
  std::stringstream in(text);
  for (std::string name; std::getline(in, name, ',');) {
    name = trim(name);
    if (name.empty()) throw ParameterError("objectives", "an empty objective name in '" + shorten(text) + "'");
    names.push_back(name);
    if (names.size() > kMaxObjectives)
      throw ParameterError("objectives", "at most " + std::to_string(kMaxObjectives) + " objectives");
  }
  if (names.size() < 2)
    throw ParameterError("objectives", "needs at least 2 names (one reward per pull needs no objectives), got '" +
                                           shorten(text) + "'");
  try {
    check_arm_names(names);
  } catch (const ConfigError& e) {
    std::string why = e.what();
    if (why.rfind("the arm name", 0) == 0) why = "the objective name" + why.substr(12);
    throw ParameterError("objectives", why);
  }
  return names;
}

const DeclaredFamily& declared_family(const std::string& name) {
  std::vector<std::string> known;
  for (const auto& f : declared_families()) {
    if (name == f.name) return f;
    known.push_back(f.name);
  }
  std::string list;
  for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
  throw ParameterError("rewards", "'" + shorten(name) + "' is not a reward family" +
                                      did_you_mean(name, known) + " (known: " + list + ")");
}

// The reward model and the sub-Gaussian constant of the declared family.
void read_rewards(const ParamValues& values, StudySpec& spec) {
  const DeclaredFamily& family = declared_family(values.text("rewards"));
  spec.rewards = family.name;
  Problem& problem = spec.problem;
  const bool has_range = values.has("range");
  if (has_range) {
    const auto& range = values.reals("range");
    if (range.size() != 2 || !(range[0] < range[1]) || !std::isfinite(range[0]) || !std::isfinite(range[1]))
      throw ParameterError("range", "needs two finite numbers LO < HI");
    spec.range = RewardRange{range[0], range[1]};
  }
  if (family.family == RewardFamily::Bounded) {
    if (!has_range) throw ParameterError("range", "bounded rewards need range = LO, HI");
    declare_rewards(problem, family.family, 1.0, spec.range->lower, spec.range->upper);
  } else {
    declare_rewards(problem, family.family, family.family == RewardFamily::Gaussian ? values.real("sigma") : 1.0);
  }
  if (values.has("noise-bound")) {
    if (!has_sub_gaussian_scale(family.family))
      throw ParameterError("noise-bound", spec.rewards + " rewards have no sub-Gaussian constant to announce");
    problem.noise_sigma = values.real("noise-bound");
  }
}

Eigen::MatrixXd read_features(const ParamValues& values, std::size_t arms) {
  if (values.has("features") == values.has("features-file"))
    throw ParameterError("features", "linear-arm feedback needs features or features-file (one of them)");
  Eigen::MatrixXd features;
  if (values.has("features")) {
    const auto& flat = values.reals("features");
    const auto d = static_cast<std::size_t>(values.integer("d"));
    if (flat.size() != d * arms)
      throw ParameterError("features", "needs d x arms = " + std::to_string(d) + " x " +
                                           std::to_string(arms) + " numbers, got " + std::to_string(flat.size()));
    features.resize(static_cast<Eigen::Index>(d), static_cast<Eigen::Index>(arms));
    for (std::size_t a = 0; a < arms; ++a)
      for (std::size_t j = 0; j < d; ++j)
        features(static_cast<Eigen::Index>(j), static_cast<Eigen::Index>(a)) = flat[a * d + j];
  } else {
    const data::CsvTable table = data::read_csv_table(values.text("features-file"), "features-file");
    if (static_cast<std::size_t>(table.rows.rows()) != arms)
      throw ParameterError("features-file", "has " + std::to_string(table.rows.rows()) +
                                                " rows, but the study has " + std::to_string(arms) + " arms");
    features = table.rows.transpose();
  }
  return features;
}

void refuse_unless(bool condition, const std::string& key, const std::string& why) {
  if (!condition) throw ParameterError(key, why);
}

StudyLimits read_limits(const ParamValues& values) {
  StudyLimits limits;
  limits.ask_limit = static_cast<std::size_t>(values.integer("ask-limit"));
  limits.pending_limit = static_cast<std::uint64_t>(values.integer("pending-limit"));
  limits.body_limit = static_cast<std::size_t>(values.integer("body-limit")) << 20;
  try {
    limits.pending_timeout = duration_seconds(values.text("pending-timeout"));
  } catch (const Error& e) {
    throw ParameterError("pending-timeout", e.what());
  }
  return limits;
}

}  // namespace

StudySpec study_spec(const ParamValues& values) {
  StudySpec spec;
  spec.arms = arm_names(values.text("arms"));
  spec.limits = read_limits(values);
  Problem& problem = spec.problem;
  problem.num_arms = spec.arms.size();
  read_rewards(values, spec);
  const std::string feedback = values.text("feedback");
  problem.feedback = feedback_kind_named(feedback).value_or(FeedbackKind::SingleArm);  // a choice: known
  if (values.has("objectives")) {
    refuse_unless(problem.feedback == FeedbackKind::SingleArm || problem.feedback == FeedbackKind::MultiObjective,
                  "objectives", "objectives go with multi-objective feedback (one arm a pull), not " + feedback);
    spec.objectives = objective_names(values.text("objectives"));
    problem.feedback = FeedbackKind::MultiObjective;
    problem.objectives = spec.objectives.size();
  } else {
    refuse_unless(problem.feedback != FeedbackKind::MultiObjective, "objectives",
                  "multi-objective feedback needs objectives = NAME, NAME, ... (the values one observation holds)");
  }
  const bool super_arms = problem.feedback == FeedbackKind::SemiBandit ||
                          problem.feedback == FeedbackKind::FullBanditSum;
  refuse_unless(!super_arms || values.has("k"), "k",
                feedback + " feedback needs k, the number of arms in a pull");
  if (values.has("k")) {
    problem.k = static_cast<std::size_t>(values.integer("k"));
    refuse_unless(problem.k <= problem.num_arms, "k",
                  "k = " + std::to_string(problem.k) + " exceeds the number of arms (" +
                      std::to_string(problem.num_arms) + ")");
  }
  const bool linear = problem.feedback == FeedbackKind::LinearArm;
  for (const char* key : {"features", "features-file", "S"})
    refuse_unless(linear || !values.has(key), key, "only linear-arm feedback takes " + std::string(key));
  if (linear) {
    if (!values.has("k")) problem.k = 1;  // one arm per decision, as the linear environments declare
    problem.features = read_features(values, problem.num_arms);
    if (values.has("S")) problem.parameter_bound = values.real("S");
  }
  return spec;
}

StudySpec read_study_section(const PipelineFile& file) {
  const ParamValues values = read_section(file, "study", study_schema(), "study", {});
  try {
    return study_spec(values);
  } catch (const ParameterError& e) {
    std::string origin = file.path();
    for (const auto& entry : file.section("study"))
      if (entry.key == e.key()) origin = entry.origin;
    throw ConfigError(origin + ": [study] " + e.key() + ": " + e.what());
  }
}

FeedbackKind declared_feedback(const PipelineFile& file) {
  if (file.get("study", "objectives")) return FeedbackKind::MultiObjective;
  const auto value = file.get("study", "feedback");
  return value ? feedback_kind_named(*value).value_or(FeedbackKind::SingleArm) : FeedbackKind::SingleArm;
}

namespace {

// The instance of a study: the declared problem, no truth, no draws.
class StudyInstance final : public Environment {
 public:
  explicit StudyInstance(Problem problem) : problem_(std::move(problem)) {}
  const Problem& problem() const override { return problem_; }
  std::span<const double> truth() const override { return {}; }
  void pull(const Action&, Observation&) override {
    throw Error("a study draws no rewards: they come from `cpex study tell`");
  }

 private:
  Problem problem_;
};

}  // namespace

EnvironmentEntry study_entry(FeedbackKind feedback) {
  EnvironmentEntry entry;
  entry.name = "study";
  entry.summary = "a study's arms and declared rewards; observations come from outside";
  entry.version = "1.0";
  entry.schema = study_schema();
  entry.library = "(built in)";
  entry.feedback = feedback;
  entry.create = [](const ParamValues& values, const EnvironmentContext&) -> std::unique_ptr<Environment> {
    return std::make_unique<StudyInstance>(study_spec(values).problem);
  };
  return entry;
}

std::string reward_refusal(const RewardModel& model, double reward, const std::optional<RewardRange>& range) {
  if (!std::isfinite(reward)) return "is not a finite number";
  std::ostringstream out;
  if (range && (reward < range->lower || reward > range->upper)) {
    out << "is outside the declared range [" << range->lower << ", " << range->upper << "] ([study] range)";
    return out.str();
  }
  switch (model.family) {
    case RewardFamily::Bernoulli:
      if (reward != 0.0 && reward != 1.0) return "is not 0 or 1 (bernoulli rewards)";
      return "";
    case RewardFamily::Gaussian:
    case RewardFamily::GaussianUnknownVariance: return "";
    case RewardFamily::Poisson:
      if (reward < 0.0 || reward != std::floor(reward)) return "is not a count 0, 1, 2, ... (poisson rewards)";
      return "";
    case RewardFamily::Exponential:
      if (reward < 0.0) return "is negative (exponential rewards)";
      return "";
    case RewardFamily::Bounded:
    case RewardFamily::Other:
      if (reward < model.lower || reward > model.upper) {
        out << "is outside the declared range [" << model.lower << ", " << model.upper << "]";
        return out.str();
      }
      return "";
  }
  return "";
}

std::string arm_name_refusal(const std::string& name) {
  if (name.empty()) return "an arm name is empty";
  const std::string shown = "the arm name '" + printable_message(name, 60) + "'";
  if (name.size() > 200) return shown + " is longer than 200 characters";
  if (name.find(',') != std::string::npos)
    return shown + " holds a comma (commas separate arms, and the members of a super arm)";
  for (const char c : name)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return shown + " holds a control character";
  if (name.front() == ' ' || name.back() == ' ') return shown + " begins or ends with a space";
  return "";
}

void check_arm_names(const std::vector<std::string>& names) {
  std::set<std::string> seen;
  for (const auto& name : names) {
    if (const std::string why = arm_name_refusal(name); !why.empty()) throw ConfigError(why);
    if (!seen.insert(name).second)
      throw ConfigError("the arm name '" + printable_message(name, 60) + "' is given twice");
  }
}

double duration_seconds(const std::string& text) {
  const std::string t = trim(text);
  double value = 0.0;
  const auto result = std::from_chars(t.data(), t.data() + t.size(), value);
  const std::string unit(result.ptr, t.data() + t.size());
  const double scale = unit.empty() || unit == "s" ? 1.0 : unit == "m" ? 60.0 : unit == "h" ? 3600.0
                       : unit == "d" ? 86400.0 : -1.0;
  if (t.empty() || result.ec != std::errc() || scale < 0 || !std::isfinite(value) || value < 0 ||
      value * scale > 1e9)
    throw Error("'" + shorten(text) + "' is not a duration (seconds, or a number with s, m, h or d: 90, 15m, 2h, 1.5d)");
  return value * scale;
}

std::size_t objective_index(const std::vector<std::string>& objectives, const std::string& name) {
  for (std::size_t i = 0; i < objectives.size(); ++i)
    if (objectives[i] == name) return i;
  std::string list;
  for (std::size_t i = 0; i < objectives.size(); ++i) list += (i ? ", " : "") + shorten(objectives[i], 40);
  throw Error("unknown objective '" + shorten(name) + "'" + did_you_mean(name, objectives) + " (objectives: " + list +
              ")");
}

std::size_t arm_index(const std::vector<std::string>& arms, const std::string& name) {
  for (std::size_t i = 0; i < arms.size(); ++i)
    if (arms[i] == name) return i;
  std::string list;
  for (std::size_t i = 0; i < arms.size() && i < 20; ++i) list += (i ? ", " : "") + shorten(arms[i], 40);
  if (arms.size() > 20) list += ", ...";
  throw Error("unknown arm '" + shorten(name) + "'" + did_you_mean(name, arms) + " (arms: " + list + ")");
}

}  // namespace cpex::runtime::study
