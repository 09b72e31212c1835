// Creating a study file, opening it by replaying its log, and the transactions of ask,
// tell and status.
#include "cpex/study/study.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"
#include "cpex/runtime/sweep.hpp"
#include "cpex/runtime/sweep_overrides.hpp"
#include "cpex/study/study_spec.hpp"

#ifndef CPEX_VERSION
#define CPEX_VERSION "unknown"
#endif

namespace cpex::study {

namespace {

const char* const kStudyHint =
    "replace [environment] by [study] (arms = a, b, c; rewards = gaussian|bernoulli|bounded): "
    "a study's rewards come from `cpex study tell`; to draw them from an environment, use "
    "`cpex study simulate STUDY --environment FILE`";

// What a study's pipeline may not hold, refused in one line each.
void check_study_file(const PipelineFile& file) {
  for (const auto& section : file.sections()) {
    if (section == "environment" || section.rfind("environment.", 0) == 0)
      throw ConfigError(file.path() + ": [" + section + "]: a study has no environment; " + kStudyHint);
    if (section == "sweep")
      throw ConfigError(file.path() + ": [sweep]: a study is one experiment; drop the [sweep] section");
  }
  if (file.section("study").empty())
    throw ConfigError(file.path() + ": no [study] section (arms = a, b, c and rewards = "
                      "gaussian|bernoulli|bounded; docs/studies.md)");
  for (const char* key : {"max-seconds", "trace-file", "trace-recommendations", "trace-every"})
    if (file.get("run", key))
      throw ConfigError(file.path() + ": [run] " + key + ": has no meaning in a study (its "
                        "samples come when they are told; `cpex study status` shows the algorithm's values)");
  for (const char* key : {"batch-size", "delay"})
    if (file.get("run", key))
      throw ConfigError(file.path() + ": [run] " + key + ": a study's batches and delays are how its pulls are "
                        "asked and told; `cpex study simulate --batch N --delay D` simulates them");
}

std::string now_utc() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

Pipeline assemble_study(const PipelineFile& file, const Registry& registry, const EnvironmentEntry& entry) {
  return assemble(file, registry, {}, nullptr, InstanceSection{"study", &entry});
}

}  // namespace

void Study::create(const std::string& path, const PipelineFile& file, const Registry& registry) {
  check_study_file(file);
  const StudySpec spec = read_study_section(file);
  const EnvironmentEntry entry = study_entry(spec.problem.feedback);
  const Pipeline pipeline = assemble_study(file, registry, entry);
  if (pipeline.algorithm->needs.reads_truth)
    throw ConfigError(file.path() + ": algorithm '" + pipeline.algorithm->name +
                      "' reads the hidden truth (an oracle baseline): a study has none");
  StudyMeta meta;
  meta["format"] = kStudyFormat;
  meta["version"] = kStudyVersion;
  meta["pipeline"] = pipeline_text(file, {});
  std::error_code ec;
  const auto absolute = std::filesystem::absolute(file.path(), ec);
  meta["source"] = ec ? file.path() : absolute.string();
  meta["arms"] = nlohmann::json(spec.arms).dump();
  meta["rewards"] = spec.rewards;
  meta["policy"] = to_string(policy_for(pipeline.algorithm->needs));
  meta["algorithm"] = pipeline.algorithm->name;
  meta["algorithm-version"] = pipeline.algorithm->version;
  meta["algorithm-library"] = pipeline.algorithm->library;
  meta["cpex-version"] = CPEX_VERSION;
  meta["created"] = now_utc();
  StudyFile::create(path, meta);
}

Study::Study(const std::string& path, const Registry& registry)
    : file_(path),
      pipeline_file_(PipelineFile::from_text(file_.meta().at("pipeline"), file_.meta().count("source")
                                                                               ? file_.meta().at("source")
                                                                               : path)),
      entry_(study_entry(declared_feedback(pipeline_file_))),
      pipeline_(assemble_study(pipeline_file_, registry, entry_)),
      arms_(read_study_section(pipeline_file_).arms) {
  const std::string recorded = meta().count("policy") ? meta().at("policy") : "";
  const std::string now = to_string(policy_for(pipeline_.algorithm->needs));
  if (recorded != now)
    throw Error("study '" + path + "' was made with the '" + recorded + "' batch policy, and algorithm '" +
                pipeline_.algorithm->name + "' now asks for '" + now + "' (another version of the plugin: " +
                "the log would not replay)");
  rebuild();
}

Study::~Study() = default;

RunSeed Study::seed() const {
  return RunSeed{pipeline_.run.seed, expand({}).front().stream_key, 0};
}

void Study::apply(const Event& event) {
  Driver& driver = *driver_;
  const std::string where = "study '" + path() + "': event " + std::to_string(event.seq) + " ";
  const std::string changed =
      " — the log does not replay: the algorithm ('" + pipeline_.algorithm->name + "', version " +
      (meta().count("algorithm-version") ? meta().at("algorithm-version") : "?") +
      " when the study was made) or its parameters changed";
  switch (event.kind) {
    case Event::Kind::Ask: {
      const auto got = driver.ask();
      if (!got || *got != event.ask || driver.record_of_ask(*got).pull != event.pull)
        throw ReplayError(where + "(ask " + std::to_string(event.ask) + " of " + pull_text(event.pull) +
                          "): the algorithm now proposes " +
                          (got ? pull_text(driver.record_of_ask(*got).pull) : std::string("nothing")) + changed);
      break;
    }
    case Event::Kind::Tell: {
      bool taken;
      if (event.ask == 0) {
        if (const std::string why = driver.check_unasked(event.pull, event.reading); !why.empty())
          throw ReplayError(where + "(tell): " + why + changed);
        taken = driver.tell_unasked(event.pull, event.reading);
      } else {
        if (const std::string why = driver.check_tell(event.ask, event.reading); !why.empty())
          throw ReplayError(where + "(tell): " + why + changed);
        taken = driver.tell(event.ask, event.reading);
      }
      if (taken == event.late)
        throw ReplayError(where + "(tell): the study " + (taken ? "had not" : "had") + " ended" + changed);
      break;
    }
    case Event::Kind::Cancel:
      if (const std::string why = driver.check_cancel(event.ask); !why.empty())
        throw ReplayError(where + "(cancel): " + why + changed);
      driver.cancel(event.ask);
      break;
  }
}

void Study::rebuild() {
  driver_.reset();
  dirty_ = false;
  auto driver = std::make_unique<Driver>(pipeline_, seed());
  driver_ = std::move(driver);
  last_seq_ = 0;
  file_.begin_read();
  try {
    last_seq_ = file_.read_events(0, [&](const Event& e) { apply(e); });
    file_.commit();
  } catch (...) {
    file_.rollback();
    driver_.reset();
    throw;
  }
}

// Applies what others appended since our last look (inside a transaction). A driver left
// ahead of the log by a failed transaction of ours is rebuilt first, outside any.
void Study::catch_up() { last_seq_ = file_.read_events(last_seq_, [&](const Event& e) { apply(e); }); }

void Study::read_only(const std::function<void()>& body) {
  if (!driver_ || dirty_) rebuild();
  file_.begin_read();
  try {
    catch_up();
    file_.commit();
  } catch (...) {
    file_.rollback();
    driver_.reset();
    throw;
  }
  body();
}

void Study::transaction(const std::function<void()>& body) {
  if (in_transaction_) throw Error("study '" + path() + "': a transaction inside a transaction");
  if (!driver_ || dirty_) rebuild();
  file_.begin_write();
  in_transaction_ = true;
  try {
    dirty_ = true;
    catch_up();
    body();
    file_.commit();
    dirty_ = false;
    in_transaction_ = false;
  } catch (...) {
    in_transaction_ = false;
    file_.rollback();
    throw;  // dirty_ stays set: the next operation replays the committed log
  }
}

std::vector<AskedPull> Study::ask_locked(std::size_t count) {
  std::vector<AskedPull> out;
  for (std::size_t i = 0; i < count; ++i) {
    const auto ask = driver_->ask();
    if (!ask) break;
    Event event;
    event.kind = Event::Kind::Ask;
    event.ask = *ask;
    event.pull = driver_->record_of_ask(*ask).pull;
    last_seq_ = file_.append(event);
    out.push_back({*ask, std::move(event.pull)});
  }
  return out;
}

std::vector<AskedPull> Study::ask(std::size_t count) {
  std::vector<AskedPull> out;
  transaction([&] { out = ask_locked(count); });
  return out;
}

namespace {

std::vector<std::size_t> sorted(std::vector<std::size_t> arms) {
  std::sort(arms.begin(), arms.end());
  return arms;
}

}  // namespace

bool Study::super_arms() const {
  const FeedbackKind feedback = driver_->problem().feedback;
  return feedback == FeedbackKind::SemiBandit || feedback == FeedbackKind::FullBanditSum;
}

Pull Study::named_pull(const TellInput& input) const {
  Pull named;
  for (const auto& name : input.arms) named.arms.push_back(arm_index(arms_, name));
  if (!super_arms() && named.arms.size() > 1)
    throw Error("a pull of this study is one arm, got " + std::to_string(named.arms.size()));
  return named;
}

// The oldest pending ask of `named` (a super arm's members in any order); 0: none.
std::uint64_t Study::pending_ask_of(const Pull& named) const {
  const std::uint64_t ask = driver_->ask_of(named);
  if (ask != 0 || !super_arms()) return ask;
  for (const PullRecord& record : driver_->records())
    if (record.state == PullState::Pending && sorted(record.pull.arms) == sorted(named.arms)) return record.ask;
  return 0;
}

namespace {

// Semi-bandit rewards given in the order of `named` put in the ask's member order.
Reading in_ask_order(Reading reading, const Pull& named, const Pull& asked) {
  if (named.arms.empty() || named.arms == asked.arms || reading.per_arm.size() != named.arms.size()) return reading;
  std::vector<double> reordered(asked.arms.size());
  for (std::size_t m = 0; m < asked.arms.size(); ++m)
    reordered[m] = reading.per_arm[static_cast<std::size_t>(
        std::find(named.arms.begin(), named.arms.end(), asked.arms[m]) - named.arms.begin())];
  reading.per_arm = std::move(reordered);
  return reading;
}

}  // namespace

// One tell applied to the driver, or Error(why) before anything changed; the event to log.
Event Study::apply_tell(const TellInput& input, bool unasked) {
  Driver& driver = *driver_;
  Event event;
  event.ask = input.ask;
  if (input.cancel) {
    if (const std::string why = driver.check_cancel(input.ask); !why.empty()) throw Error(why);
    driver.cancel(input.ask);
    event.kind = Event::Kind::Cancel;
    return event;
  }
  event.kind = Event::Kind::Tell;
  const Pull named = named_pull(input);
  if (event.ask == 0) {
    if (named.arms.empty()) throw Error("an observation needs its arm or its ask");
    event.ask = pending_ask_of(named);
  }
  if (event.ask != 0) {
    if (const std::string why = driver.check_pending(event.ask); !why.empty()) throw Error(why);
    const Pull& asked = driver.record_of_ask(event.ask).pull;
    if (!named.arms.empty() && sorted(named.arms) != sorted(asked.arms))
      throw Error("ask " + std::to_string(event.ask) + " was a pull of " + pull_text(asked) + ", not " +
                  pull_text(named));
    event.reading = in_ask_order(input.reading, named, asked);
    if (const std::string why = driver.check_tell(event.ask, event.reading); !why.empty()) throw Error(why);
    event.late = !driver.tell(event.ask, event.reading);
    return event;
  }
  if (!unasked)
    throw Error("no pull of " + pull_text(named) + " is pending" +
                (driver.phase() != Phase::Running
                     ? std::string(" (the study has ended: ") + to_string(driver.phase()) + ")"
                     : std::string()) +
                "; an observation nobody asked for is taken only with --unasked");
  event.reading = input.reading;
  if (const std::string why = driver.check_unasked(named, event.reading); !why.empty()) throw Error(why);
  event.pull = named;
  event.late = !driver.tell_unasked(named, event.reading);
  return event;
}

TellOutcome Study::tell_locked(const std::vector<TellInput>& inputs, bool unasked) {
  TellOutcome outcome;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    Event event;
    try {
      event = apply_tell(inputs[i], unasked);
    } catch (const Error& e) {
      throw TellError(i, inputs[i].where.empty() ? e.what() : inputs[i].where + ": " + e.what());
    }
    last_seq_ = file_.append(event);
    if (event.kind == Event::Kind::Cancel) {
      ++outcome.cancelled;
      continue;
    }
    ++outcome.accepted;
    if (event.late) ++outcome.late;
  }
  return outcome;
}

TellOutcome Study::tell(const std::vector<TellInput>& inputs, bool unasked) {
  TellOutcome outcome;
  transaction([&] { outcome = tell_locked(inputs, unasked); });
  return outcome;
}

const Driver& Study::driver() {
  if (!in_transaction_ && (!driver_ || dirty_)) rebuild();
  return *driver_;
}

std::vector<AskedPull> Study::pending() {
  std::vector<AskedPull> out;
  read_only([&] {
    for (const PullRecord& record : driver_->records())
      if (record.state == PullState::Pending) out.push_back({record.ask, record.pull});
  });
  return out;
}

StudyStatus Study::status() {
  StudyStatus status;
  read_only([&] { status = study_status(*driver_, arms_); });
  return status;
}

std::string Study::pull_text(const Pull& pull) const {
  std::string text;
  for (std::size_t arm : pull.arms) text += (text.empty() ? "" : ",") + (arm < arms_.size() ? arms_[arm] : "?");
  return text;
}

}  // namespace cpex::study
