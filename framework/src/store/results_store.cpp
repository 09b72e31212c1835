// The SQLite results store: creation, resume (identity check) and batched inserts.
#include "cpex/store/results_store.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <limits>
#include <set>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>
#include <time.h>
#include <unistd.h>

#include "cpex/errors.hpp"
#include "cpex/results/record_format.hpp"
#include "cpex/results/result_fields.hpp"
#include "cpex/results/result_columns.hpp"
#include "sqlite_util.hpp"

namespace cpex::inline runtime {

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

// Growing a sweep: the stored sweep and this one differ only in the number of
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

// The column list of the `runs` table: "run_id INTEGER PRIMARY KEY, point INTEGER,
// "section.key", algorithm TEXT, ..." (axis columns untyped: SQLite types each value).
std::string runs_columns_sql(const std::vector<std::string>& axis_keys) {
  std::string sql;
  for (std::size_t i = 0; i < kResultColumnCount; ++i) {
    if (i == kAxesAt)
      for (const auto& key : axis_keys) sql += (sql.empty() ? "" : ", ") + quoted_identifier(key);
    const ResultColumn& column = kResultColumns[i];
    ((sql += sql.empty() ? "" : ", ") += column.name) += std::string(" ") + sql_type(column.type);
    if (column.presence == ColumnPresence::Key) sql += " PRIMARY KEY";
  }
  return sql;
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

namespace {

// Refuses a path that is no regular file or that may not be written.
void check_writable(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::exists(path, ec)) return;
  if (!fs::is_regular_file(path, ec)) throw Error("results store '" + path + "' is not a regular file");
  // No write permission bits counts as read-only even for root (who may write anyway).
  const auto writable = fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write;
  if (::access(path.c_str(), W_OK) != 0 || (fs::status(path, ec).permissions() & writable) == fs::perms::none)
    throw Error("results store '" + path + "' is read-only");
}

// Grows a stored sweep to more repetitions, everything else equal: run id = point x
// repetitions + repetition, so the stored runs are renumbered for the new count (one
// transaction; negated first so no id collides on the way) and the new identity recorded.
// Seeds depend on (seed, point, repetition) only, so the stored runs are exactly the first
// repetitions of the grown sweep. With C checkpoints (meta `checkpoints`) a repetition is C
// rows of consecutive ids: run id = (point / C * repetitions + repetition) * C + point % C.
void grow_repetitions(sqlite3* db, const StoreMeta& full, const std::string& path) {
  const auto group_it = full.find("checkpoints");
  const std::string c = group_it == full.end() || group_it->second.empty() ? "1" : group_it->second;
  exec(db,
       "BEGIN IMMEDIATE; UPDATE runs SET run_id = -1 - ((point / " + c + " * " + full.at("repetitions") +
           " + repetition) * " + c + " + point % " + c + "); UPDATE runs SET run_id = -1 - run_id;",
       path);
  StoreMeta identity;
  for (const char* key : {"pipeline", "repetitions", "runs", "command"})
    if (const auto it = full.find(key); it != full.end()) identity.insert(*it);
  put_meta(db, identity, path);
  exec(db, "COMMIT;", path);
}

// Creates the store: the schema and the meta rows under a temporary name, renamed into place,
// so a kill at any moment leaves either no store or a complete one, never one that cannot be
// resumed.
void create_store(const std::string& path, const StoreMeta& full, const std::vector<std::string>& axis_keys) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const std::string temp = path + ".creating";
  constexpr const char* kSuffixes[] = {"", "-journal", "-wal", "-shm"};
  for (const char* suffix : kSuffixes) fs::remove(temp + suffix, ec);
  // Removed if a signal ends the process before the rename (the host's handler).
  struct AbruptExitFiles {
    std::vector<int> slots;
    ~AbruptExitFiles() {
      for (int slot : slots) release_abrupt_exit_file(slot);
    }
  } abrupt;
  for (const char* suffix : kSuffixes) abrupt.slots.push_back(register_abrupt_exit_file(temp + suffix));
  {
    Connection c{open_db(temp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)};
    // 16 KiB pages: a quarter of the write(2) calls of SQLite's 4 KiB pages for the same
    // rows (about 0.1 µs of system time per row on a sweep of tiny runs).
    exec(c.db,
         "PRAGMA page_size = 16384; BEGIN; CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
         "CREATE TABLE runs (" + runs_columns_sql(axis_keys) + ");",
         path);
    put_meta(c.db, full, path);
    exec(c.db, "COMMIT;", path);
  }
  // A replaced store's journal files must not be applied to the new one.
  for (const char* suffix : {"-wal", "-shm", "-journal"}) fs::remove(path + suffix, ec);
  fs::rename(temp, path, ec);
  if (ec) throw Error("cannot create results store '" + path + "': " + ec.message());
}

}  // namespace

ResultStore::ResultStore(const std::string& path, const StoreMeta& meta,
                         const StoreOpenOptions& options, const std::vector<std::string>& axis_keys)
    : path_(path), axes_(axis_keys.size()) {
  if (!options.locked_by_caller) lock_ = std::make_unique<OutputLock>(path, "results store");
  StoreMeta full = meta;
  full["format"] = kFormat;
  full["schema"] = kSchema;
  check_writable(path);
  if (!open_existing(full, options)) create_store(path, full, axis_keys);
  // No connection mutex (SQLite's multi-thread mode): only the engine's serial delivery
  // stage and then the host's final commit use this connection, never two threads at once;
  // the mutex took about 2,000 instructions per row (one lock per bind).
  db_ = open_db(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX);
  exec(db_, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;", path);
  if (resumed_) {
    // Display names and skipped pairs are no part of the identity: the resuming sweep's hold
    // (written only where they changed: resuming a done store writes nothing).
    const StoreMeta stored = read_meta(db_, path);
    StoreMeta refreshed;
    for (const char* key : {"labels", "skipped"})
      if (const auto it = full.find(key); it != full.end()) {
        const auto was = stored.find(key);
        if (was == stored.end() || was->second != it->second) refreshed.insert(*it);
      }
    if (!refreshed.empty()) put_meta(db_, refreshed, path);
    read_done();
  }
  prepare_inserts();
  last_commit_ = now_seconds();
}

bool ResultStore::open_existing(const StoreMeta& full, const StoreOpenOptions& options) {
  std::error_code ec;
  if (!std::filesystem::exists(path_, ec) || std::filesystem::file_size(path_, ec) == 0) return false;
  Connection probe{open_db(path_, SQLITE_OPEN_READWRITE)};
  StoreMeta stored;
  try {
    stored = read_meta(probe.db, path_);
  } catch (const Error& e) {
    if (!options.force) throw Error(std::string(e.what()) + "; use --force to replace it");
    return false;
  }
  if (!options.force_new) {
    const std::string older = older_schema(stored, path_);
    if (!older.empty())
      throw Error(older + ": it cannot be resumed (read it with cpex report or cpex export; "
                  "--force-new starts it over)");
  }
  const std::string difference = describe_difference(stored, full, true);
  if (difference.empty()) {
    resumed_ = true;
  } else if (!options.force_new && only_repetitions_grew(stored, full)) {
    grow_repetitions(probe.db, full, path_);
    grown_from_ = count_of(stored, "repetitions");
    resumed_ = true;
  } else if (!options.force_new) {
    throw Error("results store '" + path_ + "' holds another sweep: " + difference +
                " (use --force-new to start over)");
  }
  return resumed_;
}

void ResultStore::read_done() {
  Statement ids(db_, "SELECT run_id FROM runs ORDER BY run_id", path_);
  int status = SQLITE_ROW;
  while ((status = sqlite3_step(ids.stmt)) == SQLITE_ROW)
    done_.push_back(static_cast<std::uint64_t>(sqlite3_column_int64(ids.stmt, 0)));
  if (status != SQLITE_DONE) throw Error("results store '" + path_ + "': " + error_text(db_));
}

void ResultStore::prepare_inserts() {
  const std::size_t columns = kResultColumnCount + axes_;
  auto prepare = [&](std::size_t rows, sqlite3_stmt** statement) {
    std::string insert = "INSERT OR REPLACE INTO runs VALUES ";
    for (std::size_t r = 0; r < rows; ++r) {
      insert += r ? ", (?" : "(?";
      for (std::size_t i = 1; i < columns; ++i) insert += ", ?";
      insert += ")";
    }
    if (sqlite3_prepare_v2(db_, insert.c_str(), -1, statement, nullptr) != SQLITE_OK)
      throw Error("results store '" + path_ + "': " + sqlite3_errmsg(db_) +
                  " (a store written by another CPEx version?)");
  };
  prepare(1, &insert_);
  // As many rows per batch as SQLite allows parameters, up to 32.
  const auto variables =
      static_cast<std::size_t>(std::max(sqlite3_limit(db_, SQLITE_LIMIT_VARIABLE_NUMBER, -1), 1));
  batch_ = std::min<std::size_t>(32, variables / columns);
  if (batch_ >= 2)
    prepare(batch_, &insert_batch_);
  else
    batch_ = 1;
  held_.resize(batch_);
  bound_single_.assign(columns, nullptr);
  bound_batch_.assign(columns * batch_, nullptr);
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

namespace {

// A stored cell back into its RunResult member (NULL: the member's "no value").
void read_cell(sqlite3_stmt* rows, int column, std::uint64_t& field) {
  field = static_cast<std::uint64_t>(sqlite3_column_int64(rows, column));
}
void read_cell(sqlite3_stmt* rows, int column, bool& field) { field = sqlite3_column_int(rows, column) != 0; }
void read_cell(sqlite3_stmt* rows, int column, double& field) {
  field = sqlite3_column_type(rows, column) == SQLITE_NULL ? std::numeric_limits<double>::quiet_NaN()
                                                            : sqlite3_column_double(rows, column);
}
void read_cell(sqlite3_stmt* rows, int column, std::string& field) {
  const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(rows, column));
  field.assign(text ? text : "");
}
void read_cell(sqlite3_stmt* rows, int column, StopReason& field) {
  const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(rows, column));
  field = stop_reason_of_stopped(text ? text : "").value_or(StopReason::Error);
}

}  // namespace

void ResultStore::for_each_row(const std::function<void(const RunResult&)>& f) const {
  std::string select;
  for (const ResultColumn& c : kResultColumns)
    if (c.field) (select += select.empty() ? "SELECT " : ", ") += c.name;
  select += " FROM runs ORDER BY " + std::string(columns::run_id);
  sqlite3_stmt* rows = nullptr;
  if (sqlite3_prepare_v2(db_, select.c_str(), -1, &rows, nullptr) != SQLITE_OK) {
    const std::string message = sqlite3_errmsg(db_);
    sqlite3_finalize(rows);
    throw Error("results store '" + path_ + "': cannot read its rows: " + message);
  }
  RunResult run;
  int status = SQLITE_ROW;
  while ((status = sqlite3_step(rows)) == SQLITE_ROW) {
    int column = 0;
    for_each_result_field(run, [&](std::string_view, auto& field) { read_cell(rows, column++, field); });
    f(run);
  }
  sqlite3_finalize(rows);
  if (status != SQLITE_DONE) throw Error("results store '" + path_ + "': cannot read its rows: " + sqlite3_errstr(status));
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

void ResultStore::set_meta(const std::string& key, const std::string& value) {
  commit();
  sqlite3_stmt* put = nullptr;
  sqlite3_prepare_v2(db_, "INSERT OR REPLACE INTO meta VALUES (?, ?)", -1, &put, nullptr);
  sqlite3_bind_text(put, 1, key.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_text(put, 2, value.c_str(), -1, SQLITE_TRANSIENT);
  const int step = sqlite3_step(put);
  sqlite3_finalize(put);
  if (step != SQLITE_DONE) throw Error("results store '" + path_ + "': cannot write meta '" + key + "': " + sqlite3_errmsg(db_));
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

// Binding keys of values that outlive every statement (SQLite keeps a binding across
// executions, so a parameter already holding one is not bound again).
const char kNullKey = 0;
const char* const kEmptyObject = "{}";
const char* const kEmpty = "";
const int kZeroOne[2] = {0, 1};

void bind_null(sqlite3_stmt* stmt, std::vector<const void*>& bound, int index) {
  const void*& slot = bound[static_cast<std::size_t>(index - 1)];
  if (slot == &kNullKey) return;
  slot = &kNullKey;
  sqlite3_bind_null(stmt, index);
}

// Binds `cell` at `index`. A Point column's value (its address the key), a label, a
// boolean and an empty text are bound only when the parameter holds another value; the
// rest is bound every row, without a copy (the text lives in the held record until the
// statement has run). An empty JSON column is the empty object.
void bind_cell(sqlite3_stmt* stmt, std::vector<const void*>& bound, int index,
               const ResultCell& cell, ColumnType type, ColumnScope scope) {
  const void*& slot = bound[static_cast<std::size_t>(index - 1)];
  using Kind = ResultCell::Kind;
  std::string_view text = cell.text;
  const void* key = nullptr;
  if (scope == ColumnScope::Point) {
    key = cell.address;
  } else if (cell.kind == Kind::Boolean) {
    key = &kZeroOne[cell.flag ? 1 : 0];
  } else if (cell.kind == Kind::Text && type == ColumnType::Label) {
    key = text.data();
  } else if (cell.kind == Kind::Text && text.empty()) {
    text = type == ColumnType::Json ? kEmptyObject : kEmpty;
    key = text.data();
  }
  if (key && slot == key) return;
  slot = key;
  switch (cell.kind) {
    case Kind::Unsigned:
      sqlite3_bind_int64(stmt, index, static_cast<sqlite3_int64>(cell.unsigned_value));
      break;
    case Kind::Signed: sqlite3_bind_int64(stmt, index, cell.signed_value); break;
    case Kind::Real: sqlite3_bind_double(stmt, index, cell.real); break;
    case Kind::Boolean: sqlite3_bind_int(stmt, index, cell.flag ? 1 : 0); break;
    case Kind::Text:
      sqlite3_bind_text(stmt, index, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
      break;
  }
}

}  // namespace

void ResultStore::bind_row(sqlite3_stmt* insert, std::vector<const void*>& bound, int c,
                           const RunRecord& r, const Job& job) {
  const int first = c;
  const bool failed = r.stop == StopReason::Error;
#define CPEX_RESULT_AXES()                                                              \
  for (const auto& [key, value] : axis_values(job)) {                                  \
    const auto slot = static_cast<std::size_t>(c - 1);                                  \
    if (bound[slot] != &value) bind_value(insert, c, value);                            \
    bound[slot] = &value;                                                               \
    ++c;                                                                                \
  }
#define CPEX_RESULT_COLUMN(NAME, TYPE, PRESENT, SCOPE, SINCE, REPRO, SUMMARY, VALUE, FIELD)                      \
  if (present(ColumnPresence::PRESENT, failed))                                           \
    bind_cell(insert, bound, c, result_cell(VALUE), ColumnType::TYPE, ColumnScope::SCOPE); \
  else                                                                                    \
    bind_null(insert, bound, c);                                                          \
  ++c;
#include "cpex/results/result_columns.def"
#undef CPEX_RESULT_COLUMN
#undef CPEX_RESULT_AXES
  // Every parameter is bound for every row, so no sqlite3_clear_bindings is needed.
  if (c - first != static_cast<int>(kResultColumnCount + axes_))
    throw std::logic_error("results store: " + std::to_string(c - first) + " values for " +
                           std::to_string(kResultColumnCount + axes_) + " columns");
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
    const int columns = static_cast<int>(kResultColumnCount + axes_);
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
  // Every row value is copied (assigning keeps each string's buffer); the trace is not
  // stored.
  Pending& slot = held_[held_count_++];
  static_cast<RunResult&>(slot.record) = r;
  slot.job = job;
  if (held_count_ == batch_) flush_pending();
  if (++pending_ >= 1000 || now_seconds() - last_commit_ >= 1.0) commit();
}


}  // namespace cpex::runtime
