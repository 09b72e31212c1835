// Simulating a study from an environment plugin (simulate.hpp).
#include "cpex/study/simulate.hpp"

#include <sstream>

#include "cpex/errors.hpp"
#include "cpex/results/record_format.hpp"
#include "cpex/study/feedback_loop.hpp"

namespace cpex::inline runtime::study {

PipelineFile run_pipeline_of(const Study& study, const PipelineFile& environment) {
  PipelineFile combined = PipelineFile::from_text("", environment.path());
  const PipelineFile& own = study.pipeline_file();
  for (const auto& section : own.sections()) {
    if (section == "study") continue;
    for (const auto& e : own.section(section)) combined.set(e.section, e.key, e.value, e.origin, e.directory);
  }
  bool found = false;
  for (const auto& section : environment.sections()) {
    if (section != "environment" && section.rfind("environment.", 0) != 0) continue;
    found = found || section == "environment";
    for (const auto& e : environment.section(section))
      combined.set(e.section, e.key, e.value, e.origin, e.directory);
  }
  if (!found)
    throw ConfigError(environment.path() + ": no [environment] section (the environment whose draws "
                      "answer the study's pulls)");
  return combined;
}

namespace {

template <typename T>
std::string shown(const T& value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

// The first field of the public problem in which the environment differs from the study.
std::string problem_difference(const Problem& study, const Problem& drawn) {
  auto differ = [](const std::string& what, const std::string& a, const std::string& b) {
    return what + ": the study declares " + a + ", the environment has " + b;
  };
  if (study.feedback != drawn.feedback)
    return differ("feedback", to_string(study.feedback), to_string(drawn.feedback));
  if (study.num_arms != drawn.num_arms)
    return differ("arms", shown(study.num_arms), shown(drawn.num_arms));
  if (study.rewards.family != drawn.rewards.family || study.rewards.lower != drawn.rewards.lower ||
      study.rewards.upper != drawn.rewards.upper)
    return differ("rewards", describe(study.rewards), describe(drawn.rewards));
  if (study.noise_sigma != drawn.noise_sigma)
    return differ("the noise's sub-Gaussian constant (sigma, noise-bound)", shown(study.noise_sigma),
                  shown(drawn.noise_sigma));
  if (study.k != drawn.k) return differ("k", shown(study.k), shown(drawn.k));
  if (study.features.rows() != drawn.features.rows() || study.features.cols() != drawn.features.cols() ||
      study.features != drawn.features)
    return differ("features", "other features", "these");
  if (study.parameter_bound != drawn.parameter_bound)
    return differ("S", shown(study.parameter_bound), shown(drawn.parameter_bound));
  if (study.group_sizes != drawn.group_sizes) return differ("group sizes", "others", "these");
  if (study.parameter != drawn.parameter)
    return differ("the key parameter", to_string(study.parameter), to_string(drawn.parameter));
  return "";
}

TellInput answer(std::uint64_t ask, Reading reading) {
  TellInput input;
  input.ask = ask;
  input.reading = std::move(reading);
  return input;
}

}  // namespace

SimulateResult simulate(Study& study, const PipelineFile& environment, const Registry& registry,
                        const SimulateOptions& options, const std::atomic<bool>* interrupt) {
  const Pipeline pipeline = assemble(run_pipeline_of(study, environment), registry);
  RunObjects objects = instantiate(pipeline, study.seed());
  Environment& env = *objects.environment;
  const Problem& declared = study.driver().problem();
  if (const std::string why = problem_difference(declared, *objects.problem); !why.empty())
    throw ConfigError(environment.path() + ": environment '" + pipeline.environment->name +
                      "' does not fit study '" + study.path() + "': " + why);
  std::vector<double> buffer;
  FeedbackLoop loop({options.batch, options.delay});
  const FeedbackLoop::AskFn ask = [&](std::size_t count) {
    std::vector<std::pair<std::uint64_t, Pull>> asked;
    for (AskedPull& a : study.ask_locked(count)) asked.emplace_back(a.ask, std::move(a.pull));
    return asked;
  };
  const FeedbackLoop::DrawFn draw = [&](const Pull& pull) { return draw_reading(env, declared, pull, buffer); };
  const FeedbackLoop::TellFn tell = [&](const std::vector<DrawnReading>& due) {
    std::vector<TellInput> tells;
    for (const DrawnReading& d : due) tells.push_back(answer(d.ask, d.reading));
    study.tell_locked(tells, false);
  };
  bool ended = false;
  bool first = true;
  while (!ended && !(interrupt && interrupt->load())) {
    study.transaction([&] {
      if (first) {
        // The environment's streams where they would be: one draw per pull asked so far;
        // the pending ones are told.
        std::vector<TellInput> pending;
        for (const PullRecord& record : study.driver().records()) {
          if (record.ask == 0 || record.state == PullState::Cancelled) continue;
          Reading reading = draw_reading(env, declared, record.pull, buffer);
          if (record.state == PullState::Pending) pending.push_back(answer(record.ask, std::move(reading)));
        }
        study.tell_locked(pending, false);
        first = false;
      }
      // Rounds until the study ends, nothing more can happen (a round that can neither ask
      // nor tell), or events_per_commit asks and tells are in this transaction.
      for (std::uint64_t events = 0; events < options.events_per_commit;) {
        if (study.driver().phase() != Phase::Running || (interrupt && interrupt->load())) break;
        const std::uint64_t before = loop.asked();
        if (!loop.round(ask, draw, tell)) {
          ended = true;
          break;
        }
        events += 2 * (loop.asked() - before) + 1;
      }
      ended = ended || study.driver().phase() != Phase::Running;
    });
  }
  const Driver& driver = study.driver();
  SimulateResult result;
  result.phase = driver.phase();
  result.samples = driver.samples();
  result.asks = driver.asks();
  result.batches = loop.batches();
  result.pulls.assign(declared.num_arms, 0);
  for (const PullRecord& record : driver.records())
    if (record.state != PullState::Cancelled)
      for (std::size_t arm : record.pull.arms) ++result.pulls[arm];
  const Recommendation answer = driver.algorithm().recommend();
  result.recommendation = to_string(answer.decision);
  result.recommendation_names = decision_names(answer.decision, study.arms());
  const Oracle& judge = *objects.oracles.front();
  Decision best;
  judge.optimal(judged_truth(env), best);
  const Verdict verdict = cpex::judge(judge, judged_truth(env), best, answer.decision, answer.epsilon);
  result.correct = verdict.correct;
  result.optimal = verdict.optimal;
  return result;
}

}  // namespace cpex::runtime::study
