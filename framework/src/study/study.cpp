// Creating a study file, opening it by replaying its log (voided observations left out),
// and the transactions of ask, tell (planned whole before anything changes), void, expiry
// and status.
#include "cpex/study/study.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <exception>
#include <filesystem>
#include <limits>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cpex/errors.hpp"
#include "cpex/feedback_kinds.hpp"
#include "cpex/messages.hpp"
#include "cpex/runtime/sweep.hpp"
#include "cpex/runtime/sweep_overrides.hpp"
#include "cpex/study/study_spec.hpp"

#ifndef CPEX_VERSION
#define CPEX_VERSION "unknown"
#endif

namespace cpex::inline runtime::study {

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

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
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
      spec_(read_study_section(pipeline_file_)) {
  const std::string recorded = meta().count("policy") ? meta().at("policy") : "";
  const std::string now = to_string(policy_for(pipeline_.algorithm->needs));
  if (recorded != now)
    throw Error("study '" + path + "' was made with the '" + recorded + "' batch policy, and algorithm '" +
                pipeline_.algorithm->name + "' now asks for '" + now + "' (another version of the plugin: " +
                "the log would not replay)");
  read([] {});
}

Study::~Study() = default;

RunSeed Study::seed() const {
  return RunSeed{pipeline_.run.seed, expand({}).front().stream_key, 0};
}

void Study::apply(const Event& event) {
  if (replay_needed_) return;  // another process voided an observation: replayed whole next
  Driver& driver = *driver_;
  // After the first voided observation the algorithm sees other data than when the log was
  // written: the asks logged are imposed (real pulls were made), not checked.
  const bool imposed = !voided_.empty() && event.seq > *voided_.begin();
  auto where = [&] { return "study '" + path() + "': event " + std::to_string(event.seq) + " "; };
  auto changed = [&] {
    return " — the log does not replay: the algorithm ('" + pipeline_.algorithm->name + "', version " +
           (meta().count("algorithm-version") ? meta().at("algorithm-version") : "?") +
           " when the study was made) or its parameters changed";
  };
  switch (event.kind) {
    case Event::Kind::Ask: {
      if (event.ask != driver.asks() + 1)
        throw ReplayError(where() + "(ask " + std::to_string(event.ask) + "): asks are numbered 1, 2, ... in log order");
      if (imposed) {
        driver.impose_ask(event.pull);
      } else {
        const auto got = driver.ask();
        if (!got || driver.record_of_ask(*got).pull != event.pull)
          throw ReplayError(where() + "(ask " + std::to_string(event.ask) + " of " + pull_text(event.pull) +
                            "): the algorithm now proposes " +
                            (got ? pull_text(driver.record_of_ask(*got).pull) : std::string("nothing")) + changed());
      }
      ask_times_.push_back(event.time);
      break;
    }
    case Event::Kind::Tell: {
      if (voided_.count(event.seq)) {
        remember(event);  // a retry of it is still a retry
        break;
      }
      bool taken;
      if (event.ask == 0) {
        if (const std::string why = driver.check_unasked(event.pull, event.reading); !why.empty())
          throw ReplayError(where() + "(tell): " + why + changed());
        taken = driver.tell_unasked(event.pull, event.reading);
      } else {
        if (const std::string why = driver.check_tell(event.ask, event.reading); !why.empty())
          throw ReplayError(where() + "(tell): " + why + changed());
        taken = driver.tell(event.ask, event.reading);
      }
      if (!imposed && taken == event.late)
        throw ReplayError(where() + "(tell): the study " + (taken ? "had not" : "had") + " ended" + changed());
      remember(event);
      break;
    }
    case Event::Kind::Cancel:
      if (const std::string why = driver.check_cancel(event.ask); !why.empty())
        throw ReplayError(where() + "(cancel): " + why + changed());
      driver.cancel(event.ask);
      if (event.note == "timeout") timed_out_.insert(event.ask);
      break;
    case Event::Kind::Void:
      if (!voided_.count(event.target)) replay_needed_ = true;
      break;
  }
}

// Keeps what a retry of an observation told with an id must repeat.
void Study::remember(const Event& event) {
  if (event.id.empty()) return;
  Told told;
  told.seq = event.seq;
  told.ask = event.ask;
  told.pull = event.ask == 0 ? event.pull : driver_->record_of_ask(event.ask).pull;
  told.reading = event.reading;
  ids_[event.id] = std::move(told);
}

// Rebuilds the driver from the whole log (inside a transaction), the voided observations
// left out.
void Study::replay() {
  ++replays_;
  driver_.reset();
  dirty_ = true;
  voided_.clear();
  for (const std::int64_t seq : file_.voided()) voided_.insert(seq);
  replay_needed_ = false;
  ask_times_.clear();
  oldest_pending_ = 1;
  timed_out_.clear();
  ids_.clear();
  auto driver = std::make_unique<Driver>(pipeline_, seed());
  driver->set_accepted_range(spec_.range);
  driver_ = std::move(driver);
  last_seq_ = file_.read_events(0, [&](const Event& e) { apply(e); });
  if (replay_needed_) throw ReplayError("study '" + path() + "': a void names an observation the log does not hold");
}

// Applies what others appended since our last look (inside a transaction); a void among
// it means the whole log is replayed.
void Study::catch_up() {
  last_seq_ = file_.read_events(last_seq_, [&](const Event& e) { apply(e); });
  if (replay_needed_) replay();
}

void Study::read(const std::function<void()>& body) {
  if (in_transaction_) throw Error("study '" + path() + "': a read inside a transaction");
  file_.begin_read();
  try {
    if (!driver_ || dirty_) replay();
    else catch_up();
    dirty_ = false;
  } catch (...) {
    file_.rollback();
    driver_.reset();
    throw;
  }
  try {
    body();
    file_.commit();
  } catch (...) {
    file_.rollback();
    throw;
  }
}

void Study::transaction(const std::function<void()>& body) {
  if (in_transaction_) throw Error("study '" + path() + "': a transaction inside a transaction");
  if (!driver_ || dirty_) read([] {});
  file_.begin_write();
  in_transaction_ = true;
  try {
    dirty_ = true;
    catch_up();
    expire_locked(now_seconds());
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

std::int64_t Study::append(Event event) {
  if (event.time == 0.0) event.time = StudyFile::now();
  last_seq_ = file_.append(event);
  return last_seq_;
}

void Study::expire_locked(double now) {
  const double timeout = spec_.limits.pending_timeout;
  if (timeout <= 0) return;
  Driver& driver = *driver_;
  while (oldest_pending_ <= driver.asks() && driver.record_of_ask(oldest_pending_).state != PullState::Pending)
    ++oldest_pending_;
  for (std::uint64_t ask = oldest_pending_; ask <= driver.asks() && ask_times_[ask - 1] + timeout <= now; ++ask) {
    if (driver.record_of_ask(ask).state != PullState::Pending) continue;
    driver.cancel(ask);
    Event event;
    event.kind = Event::Kind::Cancel;
    event.ask = ask;
    event.note = "timeout";
    append(event);
    timed_out_.insert(ask);
  }
}

void Study::expire() {
  if (spec_.limits.pending_timeout > 0) transaction([] {});
}

double Study::next_expiry() const {
  if (spec_.limits.pending_timeout <= 0 || !driver_) return std::numeric_limits<double>::infinity();
  while (oldest_pending_ <= driver_->asks() && driver_->record_of_ask(oldest_pending_).state != PullState::Pending)
    ++oldest_pending_;
  for (std::uint64_t ask = oldest_pending_; ask <= driver_->asks(); ++ask)
    if (driver_->record_of_ask(ask).state == PullState::Pending) return ask_times_[ask - 1] + spec_.limits.pending_timeout;
  return std::numeric_limits<double>::infinity();
}

std::vector<AskedPull> Study::ask_locked(std::size_t count) {
  std::vector<AskedPull> out;
  const double now = StudyFile::now();
  for (std::size_t i = 0; i < count; ++i) {
    if (driver_->pending() >= spec_.limits.pending_limit) break;
    const auto ask = driver_->ask();
    if (!ask) break;
    Event event;
    event.kind = Event::Kind::Ask;
    event.ask = *ask;
    event.pull = driver_->record_of_ask(*ask).pull;
    event.time = now;
    append(event);
    ask_times_.push_back(now);
    out.push_back({*ask, std::move(event.pull)});
  }
  return out;
}

std::vector<AskedPull> Study::ask(std::size_t count) {
  if (count == 0 || count > spec_.limits.ask_limit)
    throw Refusal("count " + std::to_string(count) + ": an ask requests 1 to " +
                  std::to_string(spec_.limits.ask_limit) + " pulls ([study] ask-limit)");
  std::vector<AskedPull> out;
  transaction([&] { out = ask_locked(count); });
  return out;
}

std::string Study::shortfall() const { return no_pull_reason(*driver_, spec_.limits); }

namespace {

std::vector<std::size_t> sorted(std::vector<std::size_t> arms) {
  std::sort(arms.begin(), arms.end());
  return arms;
}

// Semi-bandit rewards given in the order of `named` put in the ask's member order.
Reading in_ask_order(Reading reading, const Pull& named, const Pull& asked) {
  if (named.arms.empty() || named.arms == asked.arms || reading.per_arm.size() != named.arms.size() ||
      sorted(named.arms) != sorted(asked.arms))
    return reading;
  std::vector<double> reordered(asked.arms.size());
  for (std::size_t m = 0; m < asked.arms.size(); ++m)
    reordered[m] = reading.per_arm[static_cast<std::size_t>(
        std::find(named.arms.begin(), named.arms.end(), asked.arms[m]) - named.arms.begin())];
  reading.per_arm = std::move(reordered);
  return reading;
}

}  // namespace

bool Study::super_arms() const { return feedback_info(driver_->problem().feedback).pull == PullShape::SuperArm; }

Pull Study::named_pull(const TellInput& input) const {
  Pull named;
  for (const auto& name : input.arms) named.arms.push_back(arm_index(spec_.arms, name));
  if (!super_arms() && named.arms.size() > 1)
    throw Refusal("a pull of this study is one arm, got " + std::to_string(named.arms.size()));
  return named;
}

Reading Study::reading_of(const TellInput& input) const {
  if (input.named_rewards.empty()) {
    Reading reading = input.reading;
    if (!spec_.objectives.empty() && !reading.per_arm.empty()) reading.reward = reading.per_arm.front();
    return reading;
  }
  if (spec_.objectives.empty())
    throw Refusal("rewards by name are for a study with objectives; this one takes " +
                  std::string(super_arms() ? "a list, one per member" : "one reward"));
  Reading reading;
  std::vector<bool> given(spec_.objectives.size(), false);
  reading.per_arm.assign(spec_.objectives.size(), 0.0);
  for (const auto& [name, reward] : input.named_rewards) {
    std::size_t d = 0;
    try {
      d = objective_index(spec_.objectives, name);
    } catch (const Error& e) {
      throw Refusal(e.what());
    }
    if (given[d]) throw Refusal("the objective '" + name + "' is given twice");
    given[d] = true;
    reading.per_arm[d] = reward;
  }
  for (std::size_t d = 0; d < given.size(); ++d)
    if (!given[d]) throw Refusal("no reward for the objective '" + spec_.objectives[d] + "' (every objective needs one)");
  reading.reward = reading.per_arm.front();
  return reading;
}

// The oldest pending ask of `named` (a super arm's members in any order) not taken earlier
// in the batch; 0: none.
std::uint64_t Study::pending_ask_of(const Pull& named, const std::unordered_set<std::uint64_t>& taken) const {
  auto skip = [&](std::uint64_t ask) { return taken.count(ask) != 0; };
  const std::uint64_t ask = driver_->ask_of(named, skip);
  if (ask != 0 || !super_arms()) return ask;
  for (const PullRecord& record : driver_->records())
    if (record.state == PullState::Pending && !skip(record.ask) && sorted(record.pull.arms) == sorted(named.arms))
      return record.ask;
  return 0;
}

std::string Study::pending_refusal(std::uint64_t ask, const std::unordered_set<std::uint64_t>& taken) const {
  if (taken.count(ask)) return "ask " + std::to_string(ask) + " was already answered or cancelled earlier in this batch";
  std::string why = driver_->check_pending(ask);
  if (!why.empty() && timed_out_.count(ask)) {
    std::ostringstream timeout;
    timeout << spec_.limits.pending_timeout;
    why += " by the pending-timeout (not told within " + timeout.str() +
           " s; asked again if the algorithm still wants it)";
  }
  return why;
}

// The event a retry of `input` repeats (its seq; negative: -(index + 1) of an earlier input
// of the batch), or Refusal when the id was taken with another observation.
std::int64_t Study::repeated(const TellInput& input, const Told& told) const {
  const Pull named = named_pull(input);
  bool same = input.ask == 0 || input.ask == told.ask;
  if (!named.arms.empty() && sorted(named.arms) != sorted(told.pull.arms)) same = false;
  const Reading reading = in_ask_order(reading_of(input), named, told.pull);
  if (reading.reward != told.reading.reward || reading.per_arm != told.reading.per_arm) same = false;
  if (!same)
    throw Refusal("the id '" + input.id + "' was taken with another observation (" +
                  (told.seq > 0 ? "event " + std::to_string(told.seq) : std::string("earlier in this batch")) +
                  ", of " + pull_text(told.pull) + "): a retry repeats its observation exactly");
  return told.seq;
}

Study::Planned Study::plan(const TellInput& input, bool unasked, std::unordered_set<std::uint64_t>& taken,
                           const std::unordered_map<std::string, Told>& batch_ids) const {
  const Driver& driver = *driver_;
  Planned out;
  Event& event = out.event;
  event.ask = input.ask;
  if (input.cancel) {
    if (const std::string why = pending_refusal(input.ask, taken); !why.empty()) throw Refusal(why);
    event.kind = Event::Kind::Cancel;
    taken.insert(input.ask);
    return out;
  }
  event.kind = Event::Kind::Tell;
  event.id = input.id;
  if (!input.id.empty()) {
    if (const auto it = ids_.find(input.id); it != ids_.end()) {
      out.repeats = repeated(input, it->second);
      return out;
    }
    if (const auto it = batch_ids.find(input.id); it != batch_ids.end()) {
      out.repeats = repeated(input, it->second);
      return out;
    }
  }
  const Pull named = named_pull(input);
  if (event.ask == 0) {
    if (named.arms.empty()) throw Refusal("an observation needs its arm or its ask");
    event.ask = pending_ask_of(named, taken);
  }
  if (event.ask != 0) {
    if (const std::string why = pending_refusal(event.ask, taken); !why.empty()) throw Refusal(why);
    const Pull& asked = driver.record_of_ask(event.ask).pull;
    if (!named.arms.empty() && sorted(named.arms) != sorted(asked.arms))
      throw Refusal("ask " + std::to_string(event.ask) + " was a pull of " + pull_text(asked) + ", not " +
                    pull_text(named));
    event.reading = in_ask_order(reading_of(input), named, asked);
    if (const std::string why = driver.check_tell(event.ask, event.reading); !why.empty()) throw Refusal(why);
    taken.insert(event.ask);
    return out;
  }
  if (!unasked)
    throw Refusal("no pull of " + pull_text(named) + " is pending" +
                  (driver.phase() != Phase::Running
                       ? std::string(" (the study has ended: ") + to_string(driver.phase()) + ")"
                       : std::string()) +
                  "; an observation nobody asked for is taken only when told as unasked "
                  "(command line --unasked, HTTP ?unasked=1, Python unasked=True)");
  event.reading = reading_of(input);
  if (const std::string why = driver.check_unasked(named, event.reading); !why.empty()) throw Refusal(why);
  event.pull = named;
  return out;
}

TellOutcome Study::tell_locked(const std::vector<TellInput>& inputs, bool unasked) {
  for (const TellInput& input : inputs)
    if (input.void_seq != 0) return void_locked(inputs);
  // Every input is checked first, against the study and the batch's earlier inputs:
  // a refusal leaves the study (file and memory) as it was.
  std::vector<Planned> planned;
  planned.reserve(inputs.size());
  std::unordered_set<std::uint64_t> taken;
  std::unordered_map<std::string, Told> batch_ids;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    try {
      planned.push_back(plan(inputs[i], unasked, taken, batch_ids));
    } catch (const Error& e) {
      throw TellError(i, inputs[i].where.empty() ? e.what() : inputs[i].where + ": " + e.what());
    }
    const Planned& p = planned.back();
    if (!inputs[i].id.empty() && p.repeats == 0) {
      Told told;
      told.seq = -static_cast<std::int64_t>(i + 1);
      told.ask = p.event.ask;
      told.pull = p.event.ask == 0 ? p.event.pull : driver_->record_of_ask(p.event.ask).pull;
      told.reading = p.event.reading;
      batch_ids[inputs[i].id] = std::move(told);
    }
  }
  // Then taken, in order: nothing below refuses.
  TellOutcome outcome;
  Driver& driver = *driver_;
  for (Planned& p : planned) {
    if (p.repeats != 0) {
      ++outcome.duplicates;
      outcome.seqs.push_back(p.repeats > 0 ? p.repeats : outcome.seqs.at(static_cast<std::size_t>(-p.repeats - 1)));
      continue;
    }
    Event& event = p.event;
    if (event.kind == Event::Kind::Cancel) driver.cancel(event.ask);
    else if (event.ask != 0) event.late = !driver.tell(event.ask, event.reading);
    else event.late = !driver.tell_unasked(event.pull, event.reading);
    event.seq = append(event);
    outcome.seqs.push_back(event.seq);
    if (event.kind == Event::Kind::Cancel) {
      ++outcome.cancelled;
      continue;
    }
    remember(event);
    ++outcome.accepted;
    if (event.late) ++outcome.late;
  }
  return outcome;
}

// Voids retract observations: checked whole first, logged, then the algorithm's state is
// rebuilt from the log without them (the voided pulls are pending again).
TellOutcome Study::void_locked(const std::vector<TellInput>& inputs) {
  std::set<std::int64_t> targets;
  std::vector<Event> voids;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const TellInput& input = inputs[i];
    try {
      if (input.void_seq == 0)
        throw Refusal("a void is told apart: a batch holding a void holds only voids");
      const auto target = file_.event_at(input.void_seq);
      if (!target)
        throw Refusal("void " + std::to_string(input.void_seq) + ": the log has no such event (events so far: " +
                      std::to_string(last_seq_) + ")");
      if (target->kind != Event::Kind::Tell)
        throw Refusal("void " + std::to_string(input.void_seq) + ": event " + std::to_string(input.void_seq) +
                      " is " + (target->kind == Event::Kind::Ask ? "an ask" : std::string("a ") + to_string(target->kind)) +
                      ", not an observation (cancel a pending pull instead)");
      if (voided_.count(input.void_seq) || !targets.insert(input.void_seq).second)
        throw Refusal("void " + std::to_string(input.void_seq) + ": that observation was voided already");
      Event event;
      event.kind = Event::Kind::Void;
      event.ask = target->ask;
      event.target = input.void_seq;
      event.note = input.note;
      voids.push_back(std::move(event));
    } catch (const Error& e) {
      throw TellError(i, input.where.empty() ? e.what() : input.where + ": " + e.what());
    }
  }
  TellOutcome outcome;
  for (const Event& event : voids) {
    outcome.seqs.push_back(append(event));
    ++outcome.voided;
  }
  replay();
  return outcome;
}

TellOutcome Study::tell(const std::vector<TellInput>& inputs, bool unasked) {
  TellOutcome outcome;
  std::exception_ptr refused;
  transaction([&] {
    try {
      outcome = tell_locked(inputs, unasked);
    } catch (const Refusal&) {
      refused = std::current_exception();  // nothing changed: the transaction ends as begun
    }
  });
  if (refused) std::rethrow_exception(refused);
  return outcome;
}

const Driver& Study::driver() {
  if (!in_transaction_ && (!driver_ || dirty_)) read([] {});
  return *driver_;
}

std::vector<AskedPull> Study::pending_locked() const {
  std::vector<AskedPull> out;
  for (const PullRecord& record : driver_->records())
    if (record.state == PullState::Pending) out.push_back({record.ask, record.pull});
  return out;
}

std::vector<AskedPull> Study::pending() {
  std::vector<AskedPull> out;
  read([&] { out = pending_locked(); });
  return out;
}

StudyStatus Study::status_locked() const {
  StatusContext context;
  context.limits = &spec_.limits;
  context.ask_times = &ask_times_;
  context.objectives = &spec_.objectives;
  context.voided = voided_.size();
  context.timed_out = timed_out_.size();
  return study_status(*driver_, spec_.arms, context);
}

StudyStatus Study::status() {
  StudyStatus status;
  read([&] { status = status_locked(); });
  return status;
}

Study::LogPage Study::log_locked(std::int64_t after, std::size_t limit) {
  LogPage out;
  file_.read_events(after, [&](const Event& e) { out.events.push_back(e); }, static_cast<std::int64_t>(limit));
  for (const std::int64_t seq : file_.voided()) out.voided.insert(seq);
  return out;
}

Study::LogPage Study::log(std::int64_t after, std::size_t limit) {
  LogPage out;
  read([&] { out = log_locked(after, limit); });
  return out;
}

std::string Study::pull_text(const Pull& pull) const {
  std::string text;
  for (std::size_t arm : pull.arms)
    text += (text.empty() ? "" : ",") + (arm < spec_.arms.size() ? spec_.arms[arm] : "?");
  return text;
}

}  // namespace cpex::runtime::study
