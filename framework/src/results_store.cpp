// The SQLite results store: creation, resume, batched inserts, export and merge.
#include "cpex/results_store.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <set>
#include <sstream>

#include <sqlite3.h>
#include <unistd.h>

#include "cpex/errors.hpp"
#include "cpex/record_format.hpp"
#include "cpex/results_csv.hpp"

namespace cpex {

namespace {

constexpr const char* kFormat = "cpex-results";
constexpr const char* kSchema = "1";

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string quoted_identifier(const std::string& name) {
  std::string out = "\"";
  for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// A connection closed on scope exit.
struct Connection {
  sqlite3* db = nullptr;
  ~Connection() {
    if (db) sqlite3_close(db);
  }
};

void exec(sqlite3* db, const std::string& sql, const std::string& path) {
  char* message = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string text = message ? message : sqlite3_errmsg(db);
    sqlite3_free(message);
    throw Error("results store '" + path + "': " + text);
  }
}

// Opens an existing file and reads its meta; Error unless it is a CPEx store.
StoreMeta read_meta(sqlite3* db, const std::string& path) {
  StoreMeta meta;
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT key, value FROM meta", -1, &stmt, nullptr) != SQLITE_OK)
    throw Error("'" + path + "' is not a CPEx results store (" + sqlite3_errmsg(db) + ")");
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    const auto* k = sqlite3_column_text(stmt, 0);
    const auto* v = sqlite3_column_text(stmt, 1);
    meta[k ? reinterpret_cast<const char*>(k) : ""] = v ? reinterpret_cast<const char*>(v) : "";
  }
  sqlite3_finalize(stmt);
  if (meta["format"] != kFormat)
    throw Error("'" + path + "' is not a CPEx results store (no meta.format = cpex-results)");
  return meta;
}

sqlite3* open_db(const std::string& path, int flags) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    const std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    throw Error("cannot open results store '" + path + "': " + message);
  }
  sqlite3_busy_timeout(db, 10000);
  return db;
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
    else
      text += key + ": store has '" + va + "', now '" + vb + "'";
  }
  return text;
}

ResultStore::ResultStore(const std::string& path, const StoreMeta& meta,
                         const StoreOpenOptions& options, const std::vector<std::string>& axis_keys)
    : path_(path), axes_(axis_keys.size()) {
  namespace fs = std::filesystem;
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
    if (!fresh) {
      const std::string difference = describe_difference(stored, full, true);
      if (difference.empty()) {
        resumed_ = true;
      } else if (!options.force_new) {
        throw Error("results store '" + path + "' holds another sweep: " + difference +
                    " (use --force-new to start over)");
      } else {
        fresh = true;
      }
    }
  }
  if (fresh && exists) {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(path + suffix, ec);
  }
  db_ = open_db(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  exec(db_, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;", path);
  if (!resumed_) {
    std::string create = "BEGIN; CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
                         "CREATE TABLE runs (run_id INTEGER PRIMARY KEY, point INTEGER";
    for (const auto& key : axis_keys) create += ", " + quoted_identifier(key);
    create += ", algorithm TEXT, environment TEXT, oracle TEXT, repetition INTEGER, seed INTEGER,"
              " samples INTEGER, stopped TEXT, recommendation TEXT, correct INTEGER,"
              " wall_time_s REAL, resolved TEXT, pulls TEXT, status TEXT, error TEXT);";
    exec(db_, create, path);
    sqlite3_stmt* put = nullptr;
    sqlite3_prepare_v2(db_, "INSERT INTO meta VALUES (?, ?)", -1, &put, nullptr);
    for (const auto& [key, value] : full) {
      sqlite3_bind_text(put, 1, key.c_str(), -1, SQLITE_TRANSIENT);
      sqlite3_bind_text(put, 2, value.c_str(), -1, SQLITE_TRANSIENT);
      sqlite3_step(put);
      sqlite3_reset(put);
    }
    sqlite3_finalize(put);
    exec(db_, "COMMIT;", path);
  } else {
    sqlite3_stmt* ids = nullptr;
    sqlite3_prepare_v2(db_, "SELECT run_id FROM runs ORDER BY run_id", -1, &ids, nullptr);
    while (sqlite3_step(ids) == SQLITE_ROW)
      done_.push_back(static_cast<std::uint64_t>(sqlite3_column_int64(ids, 0)));
    sqlite3_finalize(ids);
  }
  std::string insert = "INSERT OR REPLACE INTO runs VALUES (?";
  for (std::size_t i = 1; i < 16 + axes_; ++i) insert += ", ?";
  insert += ")";
  if (sqlite3_prepare_v2(db_, insert.c_str(), -1, &insert_, nullptr) != SQLITE_OK)
    throw Error("results store '" + path + "': " + sqlite3_errmsg(db_) +
                " (a store written by another CPEx version?)");
  last_commit_ = now_seconds();
}

ResultStore::~ResultStore() {
  try {
    commit();
  } catch (...) {
  }
  sqlite3_finalize(insert_);
  sqlite3_close(db_);
}

void ResultStore::for_each_row(
    const std::function<void(std::uint64_t, StopReason, std::uint64_t, bool, double)>& f) const {
  sqlite3_stmt* rows = nullptr;
  sqlite3_prepare_v2(db_, "SELECT point, stopped, samples, correct, wall_time_s, status FROM runs "
                          "ORDER BY run_id", -1, &rows, nullptr);
  while (sqlite3_step(rows) == SQLITE_ROW) {
    const auto* stopped = reinterpret_cast<const char*>(sqlite3_column_text(rows, 1));
    const std::string how = stopped ? stopped : "";
    const StopReason stop = how == "rule"          ? StopReason::Rule
                            : how == "max-samples" ? StopReason::MaxSamples
                            : how == "max-seconds" ? StopReason::MaxSeconds
                                                   : StopReason::Error;
    f(static_cast<std::uint64_t>(sqlite3_column_int64(rows, 0)), stop,
      static_cast<std::uint64_t>(sqlite3_column_int64(rows, 2)), sqlite3_column_int(rows, 3) != 0,
      sqlite3_column_double(rows, 4));
  }
  sqlite3_finalize(rows);
}

void ResultStore::begin() {
  if (in_transaction_) return;
  exec(db_, "BEGIN", path_);
  in_transaction_ = true;
}

void ResultStore::commit() {
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

void ResultStore::write(const RunRecord& r, const Job& job) {
  begin();
  const bool failed = r.stop == StopReason::Error;
  int c = 1;
  sqlite3_bind_int64(insert_, c++, static_cast<sqlite3_int64>(r.run_id));
  sqlite3_bind_int64(insert_, c++, static_cast<sqlite3_int64>(r.point));
  for (const auto& [key, value] : job.point->values) bind_value(insert_, c++, value);
  bind_text(insert_, c++, job.pipeline->algorithm->name);
  bind_text(insert_, c++, job.pipeline->environment->name);
  bind_text(insert_, c++, job.pipeline->oracles.front().entry->name);
  sqlite3_bind_int64(insert_, c++, static_cast<sqlite3_int64>(r.repetition));
  sqlite3_bind_int64(insert_, c++, static_cast<sqlite3_int64>(job.pipeline->run.seed));
  if (failed) {
    for (int k = 0; k < 3; ++k) sqlite3_bind_null(insert_, c++);  // samples, stopped, recommendation
    sqlite3_bind_null(insert_, c++);                                // correct
  } else {
    sqlite3_bind_int64(insert_, c++, static_cast<sqlite3_int64>(r.samples));
    sqlite3_bind_text(insert_, c++, stopped_text(r.stop), -1, SQLITE_STATIC);
    bind_text(insert_, c++, r.recommendation);
    sqlite3_bind_int(insert_, c++, r.correct ? 1 : 0);
  }
  sqlite3_bind_double(insert_, c++, r.wall_seconds);
  if (r.resolved.empty())
    sqlite3_bind_text(insert_, c++, "{}", -1, SQLITE_STATIC);
  else
    bind_text(insert_, c++, r.resolved);
  bind_text(insert_, c++, r.pulls);
  sqlite3_bind_text(insert_, c++, status_text(r.stop), -1, SQLITE_STATIC);
  if (failed)
    bind_text(insert_, c++, r.error);
  else
    sqlite3_bind_null(insert_, c++);
  const int rc = sqlite3_step(insert_);
  sqlite3_reset(insert_);
  sqlite3_clear_bindings(insert_);
  if (rc != SQLITE_DONE)
    throw Error("writing results store '" + path_ + "' failed: " + sqlite3_errmsg(db_));
  if (++pending_ >= 1000 || now_seconds() - last_commit_ >= 1.0) commit();
}

StoreMeta read_store_meta(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    throw Error("results store '" + path + "' does not exist or is not a regular file");
  Connection c{open_db(path, SQLITE_OPEN_READONLY)};
  return read_meta(c.db, path);
}

std::uint64_t export_csv(const std::string& store, const std::string& csv, const std::string& where) {
  read_store_meta(store);
  Connection c{open_db(store, SQLITE_OPEN_READONLY)};
  std::string sql = "SELECT * FROM runs";
  if (!where.empty()) sql += " WHERE (" + where + ")";
  sql += " ORDER BY run_id";
  sqlite3_stmt* rows = nullptr;
  if (sqlite3_prepare_v2(c.db, sql.c_str(), -1, &rows, nullptr) != SQLITE_OK)
    throw Error("--where '" + where + "': " + sqlite3_errmsg(c.db));
  RowFile out(csv, "CSV file");
  const int columns = sqlite3_column_count(rows);
  std::string line;
  for (int i = 0; i < columns; ++i) (line += i ? "," : "") += csv_field(sqlite3_column_name(rows, i));
  out.write(line + "\n");
  std::uint64_t count = 0;
  int rc;
  while ((rc = sqlite3_step(rows)) == SQLITE_ROW) {
    line.clear();
    for (int i = 0; i < columns; ++i) {
      if (i) line += ',';
      switch (sqlite3_column_type(rows, i)) {
        case SQLITE_NULL: break;
        case SQLITE_INTEGER: append_number(line, static_cast<std::int64_t>(sqlite3_column_int64(rows, i))); break;
        case SQLITE_FLOAT: append_number(line, sqlite3_column_double(rows, i)); break;
        default: {
          const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(rows, i));
          line += csv_field(text ? text : "");
        }
      }
    }
    out.write(line + "\n");
    ++count;
  }
  const std::string message = rc == SQLITE_DONE ? "" : sqlite3_errmsg(c.db);
  sqlite3_finalize(rows);
  if (rc != SQLITE_DONE) throw Error("reading results store '" + store + "': " + message);
  return count;
}

MergeReport merge_stores(const std::string& out, const std::vector<std::string>& inputs) {
  if (inputs.empty()) throw Error("merge: no input stores");
  std::vector<StoreMeta> metas;
  for (const auto& input : inputs) {
    metas.push_back(read_store_meta(input));
    const std::string difference = describe_difference(metas.front(), metas.back(), false);
    if (!difference.empty())
      throw Error("merge: '" + input + "' is from another sweep than '" + inputs.front() +
                  "': " + difference);
  }
  std::error_code ec;
  for (const auto& input : inputs)
    if (std::filesystem::equivalent(input, out, ec))
      throw Error("merge: the output '" + out + "' is also an input");
  StoreMeta meta = metas.front();
  meta["shard"] = "";
  std::vector<std::string> axis_keys;
  {
    // The axis keys from the first input's columns (between point and algorithm).
    Connection c{open_db(inputs.front(), SQLITE_OPEN_READONLY)};
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(c.db, "SELECT * FROM runs LIMIT 0", -1, &stmt, nullptr);
    const int columns = sqlite3_column_count(stmt);
    for (int i = 2; i < columns; ++i) {
      const std::string name = sqlite3_column_name(stmt, i);
      if (name == "algorithm") break;
      axis_keys.push_back(name);
    }
    sqlite3_finalize(stmt);
  }
  {
    StoreMeta target;
    std::error_code exists_ec;
    if (std::filesystem::exists(out, exists_ec) && std::filesystem::file_size(out, exists_ec) > 0) {
      target = read_store_meta(out);
      const std::string difference = describe_difference(target, meta, false);
      if (!difference.empty())
        throw Error("merge: the output '" + out + "' holds another sweep: " + difference);
      meta["shard"] = target["shard"];
    }
    ResultStore create(out, meta, {}, axis_keys);
  }
  Connection c{open_db(out, SQLITE_OPEN_READWRITE)};
  exec(c.db, "PRAGMA journal_mode=WAL;", out);
  for (const auto& input : inputs) {
    sqlite3_stmt* attach = nullptr;
    sqlite3_prepare_v2(c.db, "ATTACH DATABASE ? AS shard", -1, &attach, nullptr);
    sqlite3_bind_text(attach, 1, input.c_str(), -1, SQLITE_TRANSIENT);
    const int rc = sqlite3_step(attach);
    sqlite3_finalize(attach);
    if (rc != SQLITE_DONE) throw Error("merge: cannot attach '" + input + "': " + sqlite3_errmsg(c.db));
    exec(c.db, "BEGIN; INSERT OR IGNORE INTO main.runs SELECT * FROM shard.runs; COMMIT;", out);
    exec(c.db, "DETACH DATABASE shard", out);
  }
  MergeReport report;
  sqlite3_stmt* count = nullptr;
  sqlite3_prepare_v2(c.db, "SELECT COUNT(*) FROM runs", -1, &count, nullptr);
  if (sqlite3_step(count) == SQLITE_ROW) report.rows = static_cast<std::uint64_t>(sqlite3_column_int64(count, 0));
  sqlite3_finalize(count);
  report.expected = std::stoull(meta.count("runs") ? meta["runs"] : "0");
  return report;
}

}  // namespace cpex
