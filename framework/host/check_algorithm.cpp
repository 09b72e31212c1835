// `cpex check` for an algorithm: the shared suite (Gaussian and Bernoulli arms, the best arm
// or set at random positions, a few sizes) run through the engine on 1 and on N threads,
// then δ-correctness (one-sided 95% Clopper–Pearson bound of the error rate <= δ), identical
// rows, no escaped exception, the declared stopping behaviour and anytime answers, and the
// parameter schema
// (ranges, descriptions, out-of-range and non-finite values refused in one line).
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <random>
#include <sstream>

#include "check.hpp"
#include "cpex/engine.hpp"
#include "cpex/errors.hpp"
#include "cpex/pipeline.hpp"
#include "cpex/pipeline_file.hpp"
#include "cpex/report/stats.hpp"

namespace cpex::host {

namespace {

// The suite's target error, set on the parameter with the confidence role.
std::vector<std::pair<std::string, std::string>> confidence_value(const ParamSchema& schema) {
  const ParamSpec* confidence = schema.find(ParamRole::Confidence);
  if (!confidence) return {};
  return {{confidence->name, check_number(kCheckDelta)}};
}

struct Instance {
  std::string label;  // "gaussian n=4 k=1"
  std::string text;   // the pipeline file
};

std::string number(double x) { return check_number(x); }

// The suite: for each family, size and decision size, means with the k best at 0.8, 0.75,
// ..., a close competitor 0.1 below the k-th, the others spread over [0.2, 0.5], at
// positions drawn from a fixed seed.
std::vector<Instance> make_suite(const AlgorithmEntry& entry, const CheckOptions& options,
                                 bool fixed_budget) {
  std::mt19937_64 rng(21);
  std::vector<Instance> suite;
  const std::vector<std::size_t> sizes =
      options.quick ? std::vector<std::size_t>{4, 6} : std::vector<std::size_t>{4, 6, 10};
  const int repetitions = 1;  // set below, once the accepted instances are known
  for (const char* family : {"gaussian", "bernoulli"})
    for (std::size_t n : sizes)
      for (std::size_t k : {std::size_t{1}, std::size_t{2}}) {
        std::vector<double> means;
        for (std::size_t j = 0; j < k; ++j) means.push_back(0.8 - 0.05 * static_cast<double>(j));
        means.push_back(means.back() - 0.1);
        for (std::size_t j = 0; j + k + 1 < n; ++j)
          means.push_back(0.5 - 0.3 * static_cast<double>(j) / static_cast<double>(std::max<std::size_t>(n - k - 2, 1)));
        for (std::size_t i = means.size() - 1; i > 0; --i) std::swap(means[i], means[rng() % (i + 1)]);
        std::string list;
        for (double m : means) list += (list.empty() ? "" : ", ") + number(m);
        std::string text = "[environment]\nplugin = " + std::string(family) + "\nmeans = " + list + "\n";
        if (std::string(family) == "gaussian") text += "sigma = 0.5\n";
        text += "[oracle]\nplugin = top-k\nk = " + std::to_string(k) + "\n";
        text += check_section_text("algorithm", entry.name, entry.schema, options.overrides,
                                   confidence_value(entry.schema));
        text += "[run]\nseed = 21\nrepetitions = " + std::to_string(repetitions) +
                "\nmax-samples = 2000000\n";
        if (fixed_budget) text += "budget = " + std::to_string(600 * n) + "\n";
        suite.push_back({std::string(family) + " n=" + std::to_string(n) + " k=" + std::to_string(k), text});
      }
  return suite;
}

bool has_bound(const ParamSpec& spec) { return spec.range.lower || spec.range.upper; }

// Values outside a parameter's range (and, for reals, non-finite ones).
std::vector<std::string> bad_values(const ParamSpec& spec) {
  std::vector<std::string> out;
  const bool integer = spec.type == ParamType::Integer;
  if (spec.type != ParamType::Real && !integer) return out;
  if (const auto& lo = spec.range.lower)
    out.push_back(number(lo->inclusive ? lo->value - (integer ? 1.0 : std::max(1.0, std::fabs(lo->value))) : lo->value));
  if (const auto& hi = spec.range.upper)
    out.push_back(number(hi->inclusive ? hi->value + (integer ? 1.0 : std::max(1.0, std::fabs(hi->value))) : hi->value));
  if (!integer)
    for (const char* v : {"nan", "inf", "-inf"}) out.push_back(v);
  return out;
}

std::string record_text(const RunRecord& r) {
  return "samples " + std::to_string(r.samples) + ", " + status_text(r.stop) + ", answer '" +
         r.recommendation + "'";
}

}  // namespace

std::vector<CheckRow> check_algorithm(const Registry& registry, const AlgorithmEntry& entry,
                                      const CheckOptions& options) {
  std::vector<CheckRow> rows;

  // The schema: every parameter described, every number with a range.
  {
    std::string missing;
    for (const auto& spec : entry.schema.specs()) {
      std::string what;
      if (spec.help.empty()) what = "no description";
      if ((spec.type == ParamType::Real || spec.type == ParamType::Integer ||
           spec.type == ParamType::RealList) && !has_bound(spec))
        what += std::string(what.empty() ? "" : ", ") + "no range";
      if (spec.type == ParamType::Choice && spec.choices.empty())
        what += std::string(what.empty() ? "" : ", ") + "no choices";
      if (!what.empty()) missing += (missing.empty() ? "" : "; ") + spec.name + ": " + what;
    }
    rows.push_back({"parameter-schema", missing.empty() ? CheckStatus::Pass : CheckStatus::Fail,
                    missing.empty() ? std::to_string(entry.schema.specs().size()) +
                                          " parameters, each with a range (or choices) and a description"
                                    : missing});
  }

  // What the suite can serve: single-arm feedback and one decision-class oracle (top-k).
  const auto& needs = entry.needs;
  bool single_arm = false;
  for (auto f : needs.feedback) single_arm |= f == FeedbackKind::SingleArm;
  const OracleEntry* topk = registry.oracle("top-k");
  std::string unsupported;
  if (!single_arm) unsupported = "the shared suite has single-arm feedback only";
  else if (needs.oracles.size() > 1) unsupported = "the shared suite has no [" + needs.oracles[1].section + "] oracle";
  else if (!topk || !registry.environment("gaussian") || !registry.environment("bernoulli"))
    unsupported = "the suite's plugins (gaussian, bernoulli, top-k) are not loaded";
  else if (!needs.oracles.empty() && (needs.oracles[0].required & ~topk->capabilities))
    unsupported = "the algorithm asks its oracle for more than top-k offers";
  if (!unsupported.empty()) {
    for (const char* name : {"refuses-bad-values", "suite", "no-exceptions", "stops", "delta-correct", "threads"})
      rows.push_back({name, CheckStatus::Skip, unsupported});
    return rows;
  }

  const bool fixed_budget = !(needs.settings & kFixedConfidence);
  std::vector<Instance> suite;
  try {
    suite = make_suite(entry, options, fixed_budget);
  } catch (const Error& e) {
    rows.push_back({"suite", CheckStatus::Fail, e.what()});
    return rows;
  }
  std::vector<Pipeline> pipelines;
  std::vector<std::string> labels, refused;
  std::string first_text;
  for (const auto& instance : suite) {
    try {
      pipelines.push_back(assemble(PipelineFile::from_text(instance.text, "cpex check (" + instance.label + ")"), registry));
      labels.push_back(instance.label);
      if (first_text.empty()) first_text = instance.text;
    } catch (const Error& e) {
      if (refused.size() < 2) refused.push_back(instance.label + ": " + e.what());
    }
  }

  // Out-of-range and non-finite values: refused by assembly, in one line.
  {
    CheckRow row{"refuses-bad-values", CheckStatus::Pass, ""};
    int tried = 0;
    if (first_text.empty()) {
      row = {"refuses-bad-values", CheckStatus::Skip, "no suite instance was accepted"};
    } else {
      for (const auto& spec : entry.schema.specs())
        for (const auto& value : bad_values(spec)) {
          PipelineFile file = PipelineFile::from_text(first_text, "cpex check");
          file.set("algorithm", spec.name, value, "--set", "");
          ++tried;
          std::string problem;
          try {
            assemble(file, registry);
            problem = spec.name + " = " + value + " was accepted";
          } catch (const Error& e) {
            const std::string message = e.what();
            if (message.find('\n') != std::string::npos)
              problem = spec.name + " = " + value + ": the message has more than one line";
          } catch (const std::exception& e) {
            problem = spec.name + " = " + value + ": not a cpex error: " + e.what();
          }
          if (!problem.empty() && row.status == CheckStatus::Pass) row = {row.check, CheckStatus::Fail, problem};
        }
      if (row.status == CheckStatus::Pass)
        row.detail = std::to_string(tried) + " out-of-range or non-finite values, each refused in one line";
    }
    rows.push_back(row);
  }

  if (pipelines.empty()) {
    rows.push_back({"suite", CheckStatus::Fail,
                    "no suite instance was accepted: " + (refused.empty() ? std::string() : refused.front())});
    return rows;
  }
  // Enough runs for the δ-correctness bound: at least 320 (quick) or 1200 in all, whatever
  // the number of instances the algorithm accepts (best-arm algorithms refuse k = 2).
  const std::int64_t runs = options.quick ? 320 : 1200;
  const std::int64_t per_instance = (runs + static_cast<std::int64_t>(pipelines.size()) - 1) /
                                    static_cast<std::int64_t>(pipelines.size());
  for (auto& p : pipelines) p.run.repetitions = per_instance;
  rows.push_back({"suite", CheckStatus::Pass,
                  std::to_string(pipelines.size()) + " of " + std::to_string(suite.size()) +
                      " instances x " + std::to_string(pipelines.front().run.repetitions) + " runs" +
                      (refused.empty() ? "" : " (refused: " + refused.front() + ")")});

  // Run the suite through the engine, on one thread and on several.
  std::vector<SweepPoint> points(pipelines.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    points[i].index = i;
    points[i].stream_key = 0x21c0ffee + i;
  }
  const auto jobs = make_jobs(pipelines, points);
  const auto many = execute(jobs, EngineOptions{.threads = std::max(2, options.threads)}, nullptr);
  // The same runs on one thread: the first ones (every instance of the first family).
  const std::vector<Job> prefix(jobs.begin(), jobs.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(jobs.size(), jobs.size() / 2 + 1)));
  const auto one = execute(prefix, EngineOptions{.threads = 1}, nullptr);

  std::uint64_t errors = 0, ended = 0, capped = 0, failed = 0, samples = 0;
  std::string first_failure, first_capped;
  for (std::size_t i = 0; i < many.size(); ++i) {
    const auto& r = many[i];
    const std::string where = labels[jobs[i].point->index] + " repetition " + std::to_string(r.repetition);
    if (r.stop == StopReason::Error) {
      if (!failed++) first_failure = where + ": " + r.error;
    } else if (r.stop == StopReason::MaxSamples || r.stop == StopReason::MaxSeconds) {
      if (!capped++) first_capped = where + " after " + std::to_string(r.samples) + " samples";
    } else {
      ++ended;
      samples += r.samples;
      if (!r.correct) ++errors;
    }
  }
  rows.push_back({"no-exceptions", failed ? CheckStatus::Fail : CheckStatus::Pass,
                  failed ? std::to_string(failed) + " runs failed; first: " + first_failure
                         : std::to_string(many.size()) + " runs, none failed"});
  const char* ends = fixed_budget ? "at its budget" : "by its own rule";
  rows.push_back({"stops", capped ? CheckStatus::Fail : CheckStatus::Pass,
                  capped ? std::to_string(capped) + " runs capped at max-samples, not ended " + ends + "; first: " + first_capped
                         : "every run ended " + std::string(ends) + " (mean " +
                               number(ended ? static_cast<double>(samples) / static_cast<double>(ended) : 0.0) +
                               " samples)"});

  const auto& params = pipelines.front().algorithm_params;
  // The target error by its role (whatever the plugin calls it).
  const ParamSpec* delta_spec = entry.schema.find(ParamRole::Confidence);
  if (fixed_budget || !delta_spec || !params.has(delta_spec->name)) {
    rows.push_back({"delta-correct", CheckStatus::Skip,
                    fixed_budget ? "a fixed-budget algorithm promises no delta"
                                 : "no parameter with the confidence role: no target error to check"});
  } else {
    const double delta = params.real(delta_spec->name);
    const double upper = ended ? clopper_pearson(errors, ended, 0.90).upper : 1.0;  // one-sided 95%
    rows.push_back({"delta-correct", ended && upper <= delta ? CheckStatus::Pass : CheckStatus::Fail,
                    std::to_string(errors) + " wrong of " + std::to_string(ended) +
                        " ended runs; one-sided 95% Clopper-Pearson bound " + number(upper) +
                        (upper <= delta ? " <= " : " > ") + "delta " + number(delta)});
  }

  // Declared anytime answers: recommend() between rounds (the anytime trace of the run
  // loop, every 16 samples) on the first instance's runs, with no exception.
  if (!needs.anytime || fixed_budget) {
    rows.push_back({"anytime", CheckStatus::Skip, needs.anytime ? "fixed budget" : "not declared"});
  } else {
    Pipeline traced = pipelines.front();
    traced.run.trace_file = "(cpex check: kept in memory)";  // no sink writes it
    traced.run.trace_recommendations = true;
    traced.run.trace_every = 16;
    std::vector<Job> anytime_jobs;
    for (const auto& job : jobs)
      if (job.point->index == 0) anytime_jobs.push_back({&traced, job.point, job.repetition});
    // The engine frees each record's trace once the sink has it: count there.
    struct Asked : ResultSink {
      std::uint64_t count = 0;
      void write(const RunRecord& record, const Job&) override {
        for (const auto& row : record.trace) count += row.name == "anytime.correct";
      }
    } asked_sink;
    const auto traced_records =
        execute(anytime_jobs, EngineOptions{.threads = std::max(2, options.threads)}, &asked_sink);
    const std::uint64_t asked = asked_sink.count;
    std::string problem;
    for (const auto& r : traced_records)
      if (r.stop == StopReason::Error && problem.empty())
        problem = labels[0] + " repetition " + std::to_string(r.repetition) + ": " + r.error;
    if (problem.empty() && asked == 0) problem = "no answer was asked between rounds";
    rows.push_back({"anytime", problem.empty() ? CheckStatus::Pass : CheckStatus::Fail,
                    problem.empty() ? std::to_string(asked) + " answers asked between rounds of " +
                                          std::to_string(traced_records.size()) + " runs, none threw"
                                    : problem});
  }

  std::string difference;
  for (std::size_t i = 0; i < one.size() && difference.empty(); ++i)
    if (one[i].samples != many[i].samples || one[i].stop != many[i].stop ||
        one[i].recommendation != many[i].recommendation || one[i].correct != many[i].correct ||
        one[i].error != many[i].error)
      difference = labels[jobs[i].point->index] + " repetition " + std::to_string(one[i].repetition) +
                   ": 1 thread " + record_text(one[i]) + "; " + std::to_string(std::max(2, options.threads)) +
                   " threads " + record_text(many[i]);
  rows.push_back({"threads", difference.empty() ? CheckStatus::Pass : CheckStatus::Fail,
                  difference.empty() ? "the same " + std::to_string(one.size()) + " rows on 1 and " +
                                           std::to_string(std::max(2, options.threads)) + " threads"
                                     : difference});
  return rows;
}

}  // namespace cpex::host
