// The SQLite results store: creation, resume (identity check) and batched inserts.
#include "cpex/store/results_store.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <set>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>
#include <time.h>
#include <unistd.h>

#include "cpex/errors.hpp"
#include "cpex/record_format.hpp"
#include "sqlite_util.hpp"

namespace cpex {

namespace {

using namespace sqlite;

// The commit timer's clock, read once per row: CLOCK_MONOTONIC_COARSE (a few ms of
// resolution, plenty for "commit every second") costs about 4 ns where steady_clock costs
// about 50 ns on a virtual machine's kvm-clock.
double now_seconds() {
  timespec now{};
  if (::clock_gettime(CLOCK_MONOTONIC_COARSE, &now) != 0)
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

std::string pipeline_difference(const std::string& stored, const std::string& now) {
  auto lines = [](const std::string& text) {
    std::multiset<std::string> out;
    std::istringstream in(text);
    std::string line, section;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      if (line.front() == '[') {
        section = line;
        continue;
      }
      out.insert(section + " " + line);
    }
    return out;
  };
  const auto a = lines(stored), b = lines(now);
  std::vector<std::string> only_stored, only_now;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(only_stored));
  std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(only_now));
  std::string text = "the pipeline differs:";
  for (std::size_t i = 0; i < std::min<std::size_t>(only_stored.size(), 3); ++i)
    text += " store has '" + only_stored[i] + "';";
  for (std::size_t i = 0; i < std::min<std::size_t>(only_now.size(), 3); ++i)
    text += " now '" + only_now[i] + "';";
  if (only_stored.empty() && only_now.empty()) text += " (order of lines);";
  text.pop_back();
  return text;
}

// The first plugin whose version, library or code differs, by name: "plugin 'lucb' changed:
// store has version 1.0 (libcpex-lucb.so, hash H1), now version 1.0 (libcpex-lucb.so, hash
// H2)"; empty when the lists cannot be read or differ otherwise (then the raw lists are shown).
std::string plugin_difference(const std::string& stored, const std::string& now) {
  const auto a = nlohmann::json::parse(stored, nullptr, false);
  const auto b = nlohmann::json::parse(now, nullptr, false);
  if (!a.is_array() || !b.is_array()) return {};
  auto text = [](const nlohmann::json& plugin) {
    return "version " + plugin.value("version", std::string("unknown")) + " (" +
           plugin.value("library", std::string()) + ", hash " + plugin.value("hash", std::string("none")) + ")";
  };
  for (const auto& p : b) {
    if (!p.is_object()) return {};
    for (const auto& q : a)
      if (q.is_object() && q.value("name", "") == p.value("name", "") &&
          q.value("kind", "") == p.value("kind", "") && q != p)
        return "plugin '" + p.value("name", std::string()) + "' changed: store has " + text(q) +
               ", now " + text(p) + " (rebuilt with different code?)";
  }
  return {};
}

// The pipeline text without its [run] repetitions line (growing a sweep compares the rest).
std::string without_repetitions(const std::string& text) {
  std::istringstream in(text);
  std::string line, section, out;
  while (std::getline(in, line)) {
    if (!line.empty() && line.front() == '[') section = line;
    if (section == "[run]" && line.rfind("repetitions", 0) == 0) continue;
    out += line + '\n';
  }
  return out;
}

std::uint64_t count_of(const StoreMeta& meta, const std::string& key) {
  const auto it = meta.find(key);
  std::uint64_t value = 0;
  if (it == meta.end()) return 0;
  const auto r = std::from_chars(it->second.data(), it->second.data() + it->second.size(), value);
  return r.ec == std::errc() && r.ptr == it->second.data() + it->second.size() ? value : 0;
}

// Growing a sweep (issue 21): the stored sweep and this one differ only in the number of
// repetitions, and this one has more. Every other identity key (pipeline but its
// repetitions line, plugins, version, axes, points, shard) must be equal.
bool only_repetitions_grew(const StoreMeta& stored, const StoreMeta& now) {
  const std::uint64_t before = count_of(stored, "repetitions"), after = count_of(now, "repetitions");
  if (before == 0 || after <= before) return false;
  std::vector<std::string> keys = store_identity_keys();
  keys.push_back("shard");
  for (const auto& key : keys) {
    if (key == "repetitions" || key == "runs") continue;
    const auto a = stored.find(key);
    const auto b = now.find(key);
    std::string va = a == stored.end() ? "" : a->second;
    std::string vb = b == now.end() ? "" : b->second;
    if (key == "pipeline") {
      va = without_repetitions(va);
      vb = without_repetitions(vb);
    }
    if (va != vb) return false;
  }
  return true;
}

}  // namespace

const std::vector<std::string>& store_identity_keys() {
  static const std::vector<std::string> keys = {"format", "schema", "pipeline", "plugins", "version",
                                                "axes", "repetitions", "points", "runs"};
  return keys;
}

std::string describe_difference(const StoreMeta& stored, const StoreMeta& now, bool with_shard) {
  std::vector<std::string> keys = store_identity_keys();
  if (with_shard) keys.push_back("shard");
  std::string text;
  for (const auto& key : keys) {
    const auto a = stored.find(key);
    const auto b = now.find(key);
    const std::string va = a == stored.end() ? "" : a->second;
    const std::string vb = b == now.end() ? "" : b->second;
    if (va == vb) continue;
    if (!text.empty()) text += "; ";
    if (key == "pipeline")
      text += pipeline_difference(va, vb);
    else if (key == "plugins" && !plugin_difference(va, vb).empty())
      text += plugin_difference(va, vb);
    else
      text += key + ": store has '" + va + "', now '" + vb + "'";
  }
  return text;
}

ResultStore::ResultStore(const std::string& path, const StoreMeta& meta,
                         const StoreOpenOptions& options, const std::vector<std::string>& axis_keys)
    : path_(path), axes_(axis_keys.size()) {
  namespace fs = std::filesystem;
  if (!options.locked_by_caller) lock_ = std::make_unique<OutputLock>(path, "results store");
  StoreMeta full = meta;
  full["format"] = kFormat;
  full["schema"] = kSchema;
  std::error_code ec;
  const bool exists = fs::exists(path, ec);
  if (exists && !fs::is_regular_file(path, ec))
    throw Error("results store '" + path + "' is not a regular file");
  // No write permission bits counts as read-only even for root (who may write anyway).
  if (exists && (::access(path.c_str(), W_OK) != 0 ||
                 (fs::status(path, ec).permissions() &
                  (fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write)) ==
                     fs::perms::none))
    throw Error("results store '" + path + "' is read-only");
  bool fresh = !exists || fs::file_size(path, ec) == 0;
  if (!fresh) {
    Connection probe{open_db(path, SQLITE_OPEN_READWRITE)};
    StoreMeta stored;
    try {
      stored = read_meta(probe.db, path);
    } catch (const Error& e) {
      if (!options.force) throw Error(std::string(e.what()) + "; use --force to replace it");
      fresh = true;
    }
    if (!fresh && !options.force_new) {
      const std::string older = older_schema(stored, path);
      if (!older.empty())
        throw Error(older + ": it cannot be resumed (read it with cpex report or cpex export; "
                    "--force-new starts it over)");
    }
    if (!fresh) {
      const std::string difference = describe_difference(stored, full, true);
      if (difference.empty()) {
        resumed_ = true;
      } else if (!options.force_new && only_repetitions_grew(stored, full)) {
        // Run id = point x repetitions + repetition: renumber the stored runs for the new
        // count (one transaction; negated first so no id collides on the way), then record
        // the new identity. Seeds depend on (seed, point, repetition) only, so the stored
        // runs are exactly the first repetitions of the grown sweep.
        exec(probe.db,
             "BEGIN IMMEDIATE; UPDATE runs SET run_id = -1 - (point * " + full.at("repetitions") +
                 " + repetition); UPDATE runs SET run_id = -1 - run_id;",
             path);
        sqlite3_stmt* put = nullptr;
        sqlite3_prepare_v2(probe.db, "INSERT OR REPLACE INTO meta VALUES (?, ?)", -1, &put, nullptr);
        for (const char* key : {"pipeline", "repetitions", "runs", "command"}) {
          const auto it = full.find(key);
          if (it == full.end()) continue;
          sqlite3_bind_text(put, 1, key, -1, SQLITE_TRANSIENT);
          sqlite3_bind_text(put, 2, it->second.c_str(), -1, SQLITE_TRANSIENT);
          sqlite3_step(put);
          sqlite3_reset(put);
        }
        sqlite3_finalize(put);
        exec(probe.db, "COMMIT;", path);
        grown_from_ = count_of(stored, "repetitions");
        resumed_ = true;
      } else if (!options.force_new) {
        throw Error("results store '" + path + "' holds another sweep: " + difference +
                    " (use --force-new to start over)");
      } else {
        fresh = true;
      }
    }
  }
  if (fresh) {
    // Made under a temporary name and renamed into place, so a kill at any moment leaves
    // either no store or a complete one (schema and meta), never a store that cannot be
    // resumed.
    const std::string temp = path + ".creating";
    for (const char* suffix : {"", "-journal", "-wal", "-shm"}) fs::remove(temp + suffix, ec);
    // Removed if a signal ends the process before the rename (the host's handler).
    struct AbruptExitFiles {
      std::vector<int> slots;
      ~AbruptExitFiles() {
        for (int slot : slots) release_abrupt_exit_file(slot);
      }
    } abrupt;
    for (const char* suffix : {"", "-journal", "-wal", "-shm"})
      abrupt.slots.push_back(register_abrupt_exit_file(temp + suffix));
    {
      Connection c{open_db(temp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)};
      // 16 KiB pages: a quarter of the write(2) calls of SQLite's 4 KiB pages for the same
      // rows (about 0.1 µs of system time per row on a sweep of tiny runs).
      std::string create = "PRAGMA page_size = 16384; BEGIN; CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
                           "CREATE TABLE runs (run_id INTEGER PRIMARY KEY, point INTEGER";
      for (const auto& key : axis_keys) create += ", " + quoted_identifier(key);
      create += ", algorithm TEXT, environment TEXT, oracle TEXT, repetition INTEGER, seed INTEGER,"
                " samples INTEGER, stopped TEXT, recommendation TEXT, correct INTEGER,"
                " optimal INTEGER, wall_time_s REAL, resolved TEXT, pulls TEXT, status TEXT, error TEXT);";
      exec(c.db, create, path);
      sqlite3_stmt* put = nullptr;
      sqlite3_prepare_v2(c.db, "INSERT INTO meta VALUES (?, ?)", -1, &put, nullptr);
      for (const auto& [key, value] : full) {
        sqlite3_bind_text(put, 1, key.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(put, 2, value.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_step(put);
        sqlite3_reset(put);
      }
      sqlite3_finalize(put);
      exec(c.db, "COMMIT;", path);
    }
    // A replaced store's journal files must not be applied to the new one.
    for (const char* suffix : {"-wal", "-shm", "-journal"}) fs::remove(path + suffix, ec);
    fs::rename(temp, path, ec);
    if (ec) throw Error("cannot create results store '" + path + "': " + ec.message());
  }
  // No connection mutex (SQLite's multi-thread mode): only the engine's serial delivery
  // stage and then the host's final commit use this connection, never two threads at once;
  // the mutex took about 2,000 instructions per row (one lock per bind).
  db_ = open_db(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX);
  exec(db_, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;", path);
  if (resumed_) {
    sqlite3_stmt* ids = nullptr;
    sqlite3_prepare_v2(db_, "SELECT run_id FROM runs ORDER BY run_id", -1, &ids, nullptr);
    while (sqlite3_step(ids) == SQLITE_ROW)
      done_.push_back(static_cast<std::uint64_t>(sqlite3_column_int64(ids, 0)));
    sqlite3_finalize(ids);
  }
  const std::size_t columns = 17 + axes_;
  auto prepare = [&](std::size_t rows, sqlite3_stmt** statement) {
    std::string insert = "INSERT OR REPLACE INTO runs VALUES ";
    for (std::size_t r = 0; r < rows; ++r) {
      insert += r ? ", (?" : "(?";
      for (std::size_t i = 1; i < columns; ++i) insert += ", ?";
      insert += ")";
    }
    if (sqlite3_prepare_v2(db_, insert.c_str(), -1, statement, nullptr) != SQLITE_OK)
      throw Error("results store '" + path + "': " + sqlite3_errmsg(db_) +
                  " (a store written by another CPEx version?)");
  };
  prepare(1, &insert_);
  // As many rows per batch as SQLite allows parameters, up to 32.
  const auto variables = static_cast<std::size_t>(
      std::max(sqlite3_limit(db_, SQLITE_LIMIT_VARIABLE_NUMBER, -1), 1));
  batch_ = std::min<std::size_t>(32, variables / columns);
  if (batch_ >= 2)
    prepare(batch_, &insert_batch_);
  else
    batch_ = 1;
  held_.resize(batch_);
  bound_single_.assign(columns, nullptr);
  bound_batch_.assign(columns * batch_, nullptr);
  last_commit_ = now_seconds();
}

ResultStore::~ResultStore() {
  try {
    commit();
  } catch (...) {
  }
  sqlite3_finalize(insert_batch_);
  sqlite3_finalize(insert_);
  sqlite3_close(db_);
}

void ResultStore::for_each_row(const std::function<void(const StoredRun&)>& f) const {
  sqlite3_stmt* rows = nullptr;
  sqlite3_prepare_v2(db_, "SELECT point, stopped, samples, correct, wall_time_s, status, optimal "
                          "FROM runs ORDER BY run_id", -1, &rows, nullptr);
  while (sqlite3_step(rows) == SQLITE_ROW) {
    const auto* stopped = reinterpret_cast<const char*>(sqlite3_column_text(rows, 1));
    const std::string how = stopped ? stopped : "";
    const StopReason stop = how == "rule"          ? StopReason::Rule
                            : how == "max-samples" ? StopReason::MaxSamples
                            : how == "max-seconds" ? StopReason::MaxSeconds
                            : how == "budget"      ? StopReason::Budget
                                                   : StopReason::Error;
    StoredRun run;
    run.point = static_cast<std::uint64_t>(sqlite3_column_int64(rows, 0));
    run.stop = stop;
    run.samples = static_cast<std::uint64_t>(sqlite3_column_int64(rows, 2));
    run.correct = sqlite3_column_int(rows, 3) != 0;
    run.wall_seconds = sqlite3_column_double(rows, 4);
    run.optimal = sqlite3_column_int(rows, 6) != 0;
    f(run);
  }
  sqlite3_finalize(rows);
}

void ResultStore::begin() {
  if (in_transaction_) return;
  exec(db_, "BEGIN", path_);
  in_transaction_ = true;
}

void ResultStore::commit() {
  flush_pending();
  if (!in_transaction_) return;
  in_transaction_ = false;
  pending_ = 0;
  last_commit_ = now_seconds();
  exec(db_, "COMMIT", path_);
}

namespace {

// An axis value as a number when it reads fully as one, else as text.
void bind_value(sqlite3_stmt* stmt, int index, const std::string& text) {
  std::int64_t i = 0;
  const char* end = text.data() + text.size();
  auto ri = std::from_chars(text.data(), end, i);
  if (!text.empty() && ri.ec == std::errc() && ri.ptr == end) {
    sqlite3_bind_int64(stmt, index, i);
    return;
  }
  double x = 0.0;
  auto rd = std::from_chars(text.data(), end, x);
  if (!text.empty() && rd.ec == std::errc() && rd.ptr == end && std::isfinite(x)) {
    sqlite3_bind_double(stmt, index, x);
    return;
  }
  sqlite3_bind_text(stmt, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

void bind_text(sqlite3_stmt* stmt, int index, const std::string& text) {
  sqlite3_bind_text(stmt, index, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
}

}  // namespace

void ResultStore::bind_row(sqlite3_stmt* insert, std::vector<const void*>& bound, int c,
                           const RunRecord& r, const Job& job) {
  const int first = c;
  // Binds a value that lives as long as the store (pointer `key`) unless it is bound already.
  auto once = [&](int index, const void* key) {
    const auto slot = static_cast<std::size_t>(index - 1);
    if (bound[slot] == key) return false;
    bound[slot] = key;
    return true;
  };
  auto changing = [&](int index) { bound[static_cast<std::size_t>(index - 1)] = nullptr; };
  static const char null_key = 0;
  const void* const kNull = &null_key;  // the key of a NULL binding
  static const char* const kEmptyObject = "{}";
  static const char* const kEmpty = "";
  static const int kZeroOne[2] = {0, 1};  // the keys of the integers 0 and 1
  const int* const kZero = &kZeroOne[0];
  const int* const kOne = &kZeroOne[1];
  const bool failed = r.stop == StopReason::Error;
  changing(c);
  sqlite3_bind_int64(insert, c++, static_cast<sqlite3_int64>(r.run_id));
  if (once(c, job.point))  // the point's index, fixed for its SweepPoint
    sqlite3_bind_int64(insert, c, static_cast<sqlite3_int64>(r.point));
  ++c;
  for (const auto& [key, value] : job.point->values) {
    if (once(c, &value)) bind_value(insert, c, value);
    ++c;
  }
  const Pipeline& pipeline = *job.pipeline;
  for (const std::string* name : {&pipeline.algorithm_name, &pipeline.environment->name,
                                  &pipeline.oracles.front().entry->name}) {
    if (once(c, name)) bind_text(insert, c, *name);
    ++c;
  }
  changing(c);
  sqlite3_bind_int64(insert, c++, static_cast<sqlite3_int64>(r.repetition));
  if (once(c, &pipeline.run.seed))
    sqlite3_bind_int64(insert, c, static_cast<sqlite3_int64>(pipeline.run.seed));
  ++c;
  if (failed) {
    for (int k = 0; k < 5; ++k) {  // samples, stopped, recommendation, correct, optimal
      if (once(c, kNull)) sqlite3_bind_null(insert, c);
      ++c;
    }
  } else {
    changing(c);
    sqlite3_bind_int64(insert, c++, static_cast<sqlite3_int64>(r.samples));
    const char* stopped = stopped_text(r.stop);
    if (once(c, stopped)) sqlite3_bind_text(insert, c, stopped, -1, SQLITE_STATIC);
    ++c;
    changing(c);
    bind_text(insert, c++, r.recommendation);
    for (const bool flag : {r.correct, r.optimal}) {  // correct, optimal: 0 or 1
      if (once(c, flag ? kOne : kZero)) sqlite3_bind_int(insert, c, flag ? 1 : 0);
      ++c;
    }
  }
  changing(c);
  sqlite3_bind_double(insert, c++, r.wall_seconds);
  if (r.resolved.empty()) {
    if (once(c, kEmptyObject)) sqlite3_bind_text(insert, c, kEmptyObject, -1, SQLITE_STATIC);
    ++c;
  } else {
    changing(c);
    bind_text(insert, c++, r.resolved);
  }
  if (r.pulls.empty()) {  // without run.record-pulls
    if (once(c, kEmpty)) sqlite3_bind_text(insert, c, kEmpty, 0, SQLITE_STATIC);
    ++c;
  } else {
    changing(c);
    bind_text(insert, c++, r.pulls);
  }
  const char* status = status_text(r.stop);
  if (once(c, status)) sqlite3_bind_text(insert, c, status, -1, SQLITE_STATIC);
  ++c;
  if (failed) {
    changing(c);
    bind_text(insert, c++, r.error);
  } else {
    if (once(c, kNull)) sqlite3_bind_null(insert, c);
    ++c;
  }
  // Every parameter is bound for every row, so no sqlite3_clear_bindings is needed.
  if (c - first != 17 + static_cast<int>(axes_))
    throw std::logic_error("results store: " + std::to_string(c - first) + " values for " +
                           std::to_string(17 + axes_) + " columns");
}

void ResultStore::step(sqlite3_stmt* insert) {
  const int rc = sqlite3_step(insert);
  sqlite3_reset(insert);
  if (rc != SQLITE_DONE)
    throw Error("writing results store '" + path_ + "' failed: " + error_text(db_));
}

// The held rows, in order: one multi-row INSERT for a full batch, else one INSERT each.
// The text values are bound without copies (SQLITE_STATIC): they live in held_ until the
// statement has run.
void ResultStore::flush_pending() {
  const std::size_t count = held_count_;
  if (count == 0) return;
  held_count_ = 0;
  begin();
  if (count == batch_ && insert_batch_) {
    const int columns = 17 + static_cast<int>(axes_);
    for (std::size_t i = 0; i < count; ++i)
      bind_row(insert_batch_, bound_batch_, 1 + static_cast<int>(i) * columns, held_[i].record,
               held_[i].job);
    step(insert_batch_);
    return;
  }
  for (std::size_t i = 0; i < count; ++i) {
    bind_row(insert_, bound_single_, 1, held_[i].record, held_[i].job);
    step(insert_);
  }
}

void ResultStore::write(const RunRecord& r, const Job& job) {
  // Copied field by field (the trace is not stored; assigning keeps each string's buffer).
  Pending& slot = held_[held_count_++];
  RunRecord& copy = slot.record;
  copy.run_id = r.run_id;
  copy.point = r.point;
  copy.repetition = r.repetition;
  copy.samples = r.samples;
  copy.stopped = r.stopped;
  copy.stop = r.stop;
  copy.error = r.error;
  copy.recommendation = r.recommendation;
  copy.correct = r.correct;
  copy.optimal = r.optimal;
  copy.wall_seconds = r.wall_seconds;
  copy.resolved = r.resolved;
  copy.pulls = r.pulls;
  slot.job = job;
  if (held_count_ == batch_) flush_pending();
  if (++pending_ >= 1000 || now_seconds() - last_commit_ >= 1.0) commit();
}


}  // namespace cpex
