// `cpex check` for an algorithm: the parameter schema (ranges, descriptions), then the
// conformance suite of its kind of problem (check_suites.hpp) run through the engine on 1
// and on N threads -- out-of-range and non-finite values refused in one line, no escaped
// exception, the declared stopping behaviour, δ-correctness (one-sided 95% Clopper–Pearson
// bound of the error rate <= the suite's δ), anytime answers, identical rows. One table
// of (name, function), kAlgorithmChecks at the bottom: every check is a row.
#include <cmath>
#include <cstdint>

#include "check.hpp"
#include "check_suites.hpp"
#include "cpex/errors.hpp"
#include "cpex/report/stats.hpp"
#include "cpex/runtime/engine.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/pipeline_file.hpp"

namespace cpex::host {

namespace {

constexpr std::size_t kAnytimeRuns = 20;  // runs of the anytime check

// What the checks of one algorithm share: the suite (chosen by the suite row), its accepted
// instances, and the runs (made by the first check that needs them).
struct AlgorithmState : CheckState {
  const Registry& registry;
  const AlgorithmEntry& entry;
  const CheckOptions& options;
  bool fixed_budget = false;  // no fixed-confidence setting: runs end at their budget
  const CheckSuite* suite = nullptr;
  std::vector<Pipeline> pipelines;  // the accepted instances
  std::vector<std::string> labels;  // their labels
  std::string first_text;           // the first accepted instance's pipeline text
  std::vector<SweepPoint> points;
  std::vector<Job> jobs;
  std::vector<RunRecord> many, one;  // the suite on N threads; its first half on 1
  Summary summary;  // of `many`: the one summary every report gives (cpex/report/stats.hpp)

  AlgorithmState(const Registry& r, const AlgorithmEntry& e, const CheckOptions& o)
      : registry(r), entry(e), options(o), fixed_budget(!(e.needs.settings & kFixedConfidence)) {}
  int threads() const { return std::max(2, options.threads); }
  std::string where(std::size_t i, const RunRecord& r) const {
    return labels[jobs[i].point->index] + " repetition " + std::to_string(r.repetition);
  }
};

bool has_bound(const ParamSpec& spec) { return spec.range.lower || spec.range.upper; }

// Values outside a parameter's range (and, for reals, non-finite ones).
std::vector<std::string> bad_values(const ParamSpec& spec) {
  std::vector<std::string> out;
  const bool integer = spec.type == ParamType::Integer;
  if (spec.type != ParamType::Real && !integer) return out;
  if (const auto& lo = spec.range.lower)
    out.push_back(check_number(lo->inclusive ? lo->value - (integer ? 1.0 : std::max(1.0, std::fabs(lo->value))) : lo->value));
  if (const auto& hi = spec.range.upper)
    out.push_back(check_number(hi->inclusive ? hi->value + (integer ? 1.0 : std::max(1.0, std::fabs(hi->value))) : hi->value));
  if (!integer)
    for (const char* v : {"nan", "inf", "-inf"}) out.push_back(v);
  return out;
}

std::string record_text(const RunRecord& r) {
  return "samples " + std::to_string(r.samples) + ", " + status_text(r.stop) + ", answer '" +
         r.recommendation + "'";
}

// The pipeline text of one suite instance for this algorithm.
std::string instance_text(const AlgorithmState& s, const SuiteInstance& instance) {
  // The suite's target error and accuracy, on the parameters with those roles (whatever
  // the plugin calls them).
  auto values = instance.algorithm_values;
  if (const ParamSpec* confidence = s.entry.schema.find(ParamRole::Confidence))
    values.emplace_back(confidence->name, check_number(s.suite->delta));
  if (const ParamSpec* accuracy = s.entry.schema.find(ParamRole::Accuracy); accuracy && instance.accuracy)
    values.emplace_back(accuracy->name, check_number(*instance.accuracy));
  std::string text = instance.problem;
  text += check_section_text("algorithm", s.entry.name, s.entry.schema, s.options.overrides, values);
  text += "[run]\nseed = 21\nrepetitions = 1\nmax-samples = 2000000\n";
  if (s.fixed_budget) text += "budget = " + std::to_string(instance.budget) + "\n";
  return text;
}

// ---- the checks ----

// Every parameter described, every number with a range.
CheckResult parameter_schema(AlgorithmState& s) {
  std::string missing;
  for (const auto& spec : s.entry.schema.specs()) {
    std::string what;
    if (spec.help.empty()) what = "no description";
    if ((spec.type == ParamType::Real || spec.type == ParamType::Integer || spec.type == ParamType::RealList) &&
        !has_bound(spec))
      what += std::string(what.empty() ? "" : ", ") + "no range";
    if (spec.type == ParamType::Choice && spec.choices.empty())
      what += std::string(what.empty() ? "" : ", ") + "no choices";
    if (!what.empty()) missing += (missing.empty() ? "" : "; ") + spec.name + ": " + what;
  }
  if (!missing.empty()) return {CheckStatus::Fail, missing};
  return {CheckStatus::Pass, std::to_string(s.entry.schema.specs().size()) +
                                 " parameters, each with a range (or choices) and a description"};
}

// The suite of the algorithm's kind of problem, and the instances it accepts: the first
// suite (in check_suites() order) that serves its needs and of whose instances it accepts
// at least one (e.g. `apt`, which answers thresholds only, passes over CPE-L's classes to the
// identification instances). Fails, blocking the rest, when no suite serves it (an algorithm
// that cannot be checked does not pass) or it accepts none.
CheckResult suite(AlgorithmState& s) {
  std::string why;
  if (!suite_for(s.entry.needs, s.registry, why)) {
    std::string kinds;
    for (FeedbackKind kind : s.entry.needs.feedback) kinds += (kinds.empty() ? "" : ", ") + std::string(to_string(kind));
    s.blocked = "no conformance suite";
    return {CheckStatus::Fail, "missing conformance suite: none serves " + kinds + " feedback with these needs (" +
                                   why + ")"};
  }
  std::string first_refusal;
  std::size_t offered = 0;
  for (const CheckSuite& candidate : check_suites()) {
    if (!candidate.refuses(s.entry.needs, s.registry).empty()) continue;
    s.suite = &candidate;
    const auto instances = candidate.instances(s.entry.needs, s.options.quick);
    std::vector<std::string> refused;
    for (const auto& instance : instances) {
      if (instance.needs_accuracy && !s.entry.schema.find(ParamRole::Accuracy)) continue;
      const std::string text = instance_text(s, instance);
      try {
        s.pipelines.push_back(assemble(PipelineFile::from_text(text, "cpex check (" + instance.label + ")"), s.registry));
        s.labels.push_back(instance.label);
        if (s.first_text.empty()) s.first_text = text;
      } catch (const Error& e) {
        refused.push_back(instance.label + ": " + e.what());
      }
    }
    if (s.pipelines.empty()) {
      if (first_refusal.empty())
        first_refusal = std::string(candidate.name) + " suite: no instance was accepted: " +
                        (refused.empty() ? std::string() : refused.front());
      continue;
    }
    offered = instances.size();
    // Enough runs for the δ-correctness bound whatever the number of instances accepted
    // (best-arm algorithms refuse k = 2).
    const std::int64_t runs = s.options.quick ? candidate.quick_runs : candidate.full_runs;
    const auto accepted = static_cast<std::int64_t>(s.pipelines.size());
    for (auto& p : s.pipelines) p.run.repetitions = (runs + accepted - 1) / accepted;
    return {CheckStatus::Pass, std::string(candidate.name) + " suite, delta " + check_number(candidate.delta) + ": " +
                                   std::to_string(s.pipelines.size()) + " of " + std::to_string(offered) +
                                   " instances x " + std::to_string(s.pipelines.front().run.repetitions) + " runs" +
                                   (refused.empty() ? "" : " (refused: " + refused.front() + ")")};
  }
  s.blocked = "no suite instance was accepted";
  return {CheckStatus::Fail, first_refusal};
}

// Out-of-range and non-finite values: refused by assembly, in one line.
CheckResult refuses_bad_values(AlgorithmState& s) {
  int tried = 0;
  for (const auto& spec : s.entry.schema.specs())
    for (const auto& value : bad_values(spec)) {
      PipelineFile file = PipelineFile::from_text(s.first_text, "cpex check");
      file.set("algorithm", spec.name, value, "--set", "");
      ++tried;
      try {
        assemble(file, s.registry);
        return {CheckStatus::Fail, spec.name + " = " + value + " was accepted"};
      } catch (const Error& e) {
        if (std::string(e.what()).find('\n') != std::string::npos)
          return {CheckStatus::Fail, spec.name + " = " + value + ": the message has more than one line"};
      } catch (const std::exception& e) {
        return {CheckStatus::Fail, spec.name + " = " + value + ": not a cpex error: " + e.what()};
      }
    }
  return {CheckStatus::Pass, std::to_string(tried) + " out-of-range or non-finite values, each refused in one line"};
}

// Runs the suite through the engine on N threads, and its first half (every instance of the
// first family, for Best-K) on one; counts the outcomes.
void run_suite(AlgorithmState& s) {
  s.points.resize(s.pipelines.size());
  for (std::size_t i = 0; i < s.points.size(); ++i) {
    s.points[i].index = i;
    s.points[i].stream_key = 0x21c0ffee + i;
  }
  s.jobs = make_jobs(s.pipelines, s.points);
  s.many = execute(s.jobs, EngineOptions{.threads = s.threads()}, nullptr);
  const std::vector<Job> prefix(s.jobs.begin(),
                                s.jobs.begin() + static_cast<std::ptrdiff_t>(std::min(s.jobs.size(), s.jobs.size() / 2 + 1)));
  s.one = execute(prefix, EngineOptions{.threads = 1}, nullptr);
  s.summary = summarize(s.many);
}

CheckResult no_exceptions(AlgorithmState& s) {
  run_suite(s);
  for (std::size_t i = 0; i < s.many.size(); ++i)
    if (s.many[i].stop == StopReason::Error)
      return {CheckStatus::Fail, std::to_string(s.summary.failed) + " runs failed; first: " + s.where(i, s.many[i]) + ": " +
                                     s.many[i].error};
  return {CheckStatus::Pass, std::to_string(s.many.size()) + " runs, none failed"};
}

// Every run ends by the algorithm's own rule (fixed confidence) or at its budget.
CheckResult stops(AlgorithmState& s) {
  const std::string ends = s.fixed_budget ? "at its budget" : "by its own rule";
  for (std::size_t i = 0; i < s.many.size(); ++i) {
    const auto& r = s.many[i];
    if (r.stop == StopReason::MaxSamples || r.stop == StopReason::MaxSeconds)
      return {CheckStatus::Fail, std::to_string(s.summary.capped) + " runs capped at max-samples, not ended " + ends +
                                     "; first: " + s.where(i, r) + " after " + std::to_string(r.samples) + " samples"};
  }
  return {CheckStatus::Pass, "every run ended " + ends + " (mean " + check_number(s.summary.mean_samples) + " samples)"};
}

CheckResult delta_correct(AlgorithmState& s) {
  const auto& params = s.pipelines.front().algorithm_params;
  // The target error by its role (whatever the plugin calls it).
  const ParamSpec* confidence = s.entry.schema.find(ParamRole::Confidence);
  if (s.fixed_budget) return {CheckStatus::Skip, "a fixed-budget algorithm promises no delta"};
  if (!confidence || !params.has(confidence->name))
    return {CheckStatus::Skip, "no parameter with the confidence role: no target error to check"};
  const double delta = params.real(confidence->name);
  const std::uint64_t errors = s.summary.wrong, ended = s.summary.ended;
  const double upper = ended ? clopper_pearson(errors, ended, 0.90).upper : 1.0;  // one-sided 95%
  return {ended && upper <= delta ? CheckStatus::Pass : CheckStatus::Fail,
          std::to_string(errors) + " wrong of " + std::to_string(ended) +
              " ended runs; one-sided 95% Clopper-Pearson bound " + check_number(upper) + (upper <= delta ? " <= " : " > ") +
              "delta " + check_number(delta)};
}

// Declared anytime answers: recommend() between rounds (the anytime trace of the run loop,
// every 16 samples) on the first instance's first runs, with no exception.
CheckResult anytime(AlgorithmState& s) {
  if (!s.entry.needs.anytime) return {CheckStatus::Skip, "not declared"};
  if (s.fixed_budget) return {CheckStatus::Skip, "fixed budget"};
  Pipeline traced = s.pipelines.front();
  traced.run.trace_file = "(cpex check: kept in memory)";  // no sink writes it
  traced.run.trace_recommendations = true;
  traced.run.trace_every = 16;
  std::vector<Job> jobs;
  for (const auto& job : s.jobs)
    if (job.point->index == 0 && jobs.size() < kAnytimeRuns) jobs.push_back({&traced, job.point, job.repetition});
  // The engine frees each record's trace once the sink has it: count there.
  struct Asked : ResultSink {
    std::uint64_t count = 0;
    void write(const RunRecord& record, const Job&) override {
      for (const auto& row : record.trace) count += row.name == "anytime.correct";
    }
  } asked;
  const auto records = execute(jobs, EngineOptions{.threads = s.threads()}, &asked);
  for (const auto& r : records)
    if (r.stop == StopReason::Error)
      return {CheckStatus::Fail, s.labels[0] + " repetition " + std::to_string(r.repetition) + ": " + r.error};
  if (asked.count == 0) return {CheckStatus::Fail, "no answer was asked between rounds"};
  return {CheckStatus::Pass, std::to_string(asked.count) + " answers asked between rounds of " +
                                 std::to_string(records.size()) + " runs, none threw"};
}

// The same rows on one thread as on several.
CheckResult threads(AlgorithmState& s) {
  for (std::size_t i = 0; i < s.one.size(); ++i) {
    const RunRecord &a = s.one[i], &b = s.many[i];
    if (a.samples != b.samples || a.stop != b.stop || a.recommendation != b.recommendation ||
        a.correct != b.correct || a.error != b.error)
      return {CheckStatus::Fail, s.where(i, a) + ": 1 thread " + record_text(a) + "; " + std::to_string(s.threads()) +
                                     " threads " + record_text(b)};
  }
  return {CheckStatus::Pass,
          "the same " + std::to_string(s.one.size()) + " rows on 1 and " + std::to_string(s.threads()) + " threads"};
}

// The algorithm checks, in order: one row each.
constexpr Check<AlgorithmState> kAlgorithmChecks[] = {
    {"parameter-schema", parameter_schema},
    {"suite", suite},
    {"refuses-bad-values", refuses_bad_values},
    {"no-exceptions", no_exceptions},
    {"stops", stops},
    {"delta-correct", delta_correct},
    {"anytime", anytime},
    {"threads", threads},
};

}  // namespace

std::vector<CheckRow> check_algorithm(const Registry& registry, const AlgorithmEntry& entry,
                                      const CheckOptions& options) {
  return run_checks_on(kAlgorithmChecks, registry, entry, options);
}

}  // namespace cpex::host
