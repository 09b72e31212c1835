// Reading stores: their meta, export to CSV, and the merge of shards.
#include <filesystem>
#include <vector>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"
#include "cpex/store/output_lock.hpp"
#include "cpex/results/record_format.hpp"
#include "cpex/results/result_columns.hpp"
#include "cpex/store/results_csv.hpp"
#include "cpex/store/results_store.hpp"
#include "cpex/store/store_reading.hpp"
#include "cpex/suggest.hpp"
#include "sqlite_util.hpp"
#include "where_columns.hpp"

namespace cpex::inline runtime {

using namespace sqlite;

StoreMeta read_store_meta(const std::string& path) {
  Connection c{open_store_for_reading(path)};
  return read_meta(c.db, path);
}

namespace {

// A --where filter may read and call functions, nothing else (no recursive queries, no
// PRAGMA or ATTACH): it is a row filter, and so bounded.
int filter_authorizer(void*, int action, const char*, const char*, const char*, const char*) {
  return action == SQLITE_SELECT || action == SQLITE_READ || action == SQLITE_FUNCTION
             ? SQLITE_OK
             : SQLITE_DENY;
}

// The filter's work budget: SQLite calls this every kStepsPerCall virtual-machine steps.
constexpr int kStepsPerCall = 100000;
struct FilterBudget {
  std::uint64_t calls_left = 0;
};
int over_budget(void* budget) {
  auto* b = static_cast<FilterBudget*>(budget);
  if (b->calls_left == 0) return 1;
  --b->calls_left;
  return 0;
}

// Limits of a --where filter: values of at most 10 MB, and 10^8 + 10^5 steps per row of
// the store (an ordinary filter takes a few hundred per row).
constexpr int kMaxFilterValueBytes = 10'000'000;
constexpr std::uint64_t kFilterBaseSteps = 100'000'000, kFilterStepsPerRow = 100'000;

}  // namespace

std::uint64_t export_csv(const std::string& store, const std::string& csv, const std::string& where) {
  Connection c{open_store_for_reading(store)};
  read_meta(c.db, store);
  FilterBudget budget;
  const std::string shown_where = "--where '" + shorten(where) + "'";
  if (!where.empty()) {
    std::uint64_t stored_rows = 0;
    sqlite3_stmt* count = nullptr;
    if (sqlite3_prepare_v2(c.db, "SELECT COUNT(*) FROM runs", -1, &count, nullptr) == SQLITE_OK &&
        sqlite3_step(count) == SQLITE_ROW)
      stored_rows = static_cast<std::uint64_t>(sqlite3_column_int64(count, 0));
    sqlite3_finalize(count);
    budget.calls_left = (kFilterBaseSteps + kFilterStepsPerRow * stored_rows) / kStepsPerCall;
    sqlite3_limit(c.db, SQLITE_LIMIT_LENGTH, kMaxFilterValueBytes);
    sqlite3_set_authorizer(c.db, filter_authorizer, nullptr);
    sqlite3_progress_handler(c.db, kStepsPerCall, over_budget, &budget);
  }
  std::vector<std::string> column_names;  // dotted ones are quoted for the user (where_columns.hpp)
  if (!where.empty()) {
    sqlite3_stmt* names = nullptr;
    if (sqlite3_prepare_v2(c.db, "SELECT * FROM runs LIMIT 0", -1, &names, nullptr) == SQLITE_OK)
      for (int i = 0; i < sqlite3_column_count(names); ++i) column_names.emplace_back(sqlite3_column_name(names, i));
    sqlite3_finalize(names);
  }
  std::string sql = "SELECT * FROM runs";
  if (!where.empty()) sql += " WHERE (" + quote_column_names(where, column_names) + ")";
  sql += " ORDER BY run_id";
  sqlite3_stmt* rows = nullptr;
  const char* tail = nullptr;
  if (sqlite3_prepare_v2(c.db, sql.c_str(), -1, &rows, &tail) != SQLITE_OK) {
    const std::string message = sqlite3_errmsg(c.db);
    const std::string unknown = "no such column: ";
    std::string listed;
    for (const auto& name : column_names) listed += (listed.empty() ? "" : ", ") + name;
    throw Error(shown_where + ": " + message +
                (sqlite3_errcode(c.db) == SQLITE_AUTH
                     ? " (a filter may read columns and call functions; no recursive queries, "
                       "PRAGMA or ATTACH)"
                 : message.rfind(unknown, 0) == 0
                     ? did_you_mean(message.substr(unknown.size()), column_names) + " (columns: " +
                           shorten(listed, 300) + ")"
                     : ""));
  }
  if (tail && std::string(tail).find_first_not_of(" \t\r\n;") != std::string::npos) {
    sqlite3_finalize(rows);
    throw Error(shown_where + ": one expression expected, found more after it");
  }
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
  const std::string message = rc == SQLITE_DONE ? "" : error_text(c.db);
  sqlite3_finalize(rows);
  if (rc == SQLITE_TOOBIG)
    throw Error(shown_where + ": the filter makes a value of more than " +
                std::to_string(kMaxFilterValueBytes) + " bytes");
  if (rc == SQLITE_INTERRUPT)
    throw Error(shown_where + ": the filter needs more than " +
                std::to_string(kFilterStepsPerRow) + " SQLite steps per row of the store; "
                "export runs only simple row filters (query the store with sqlite3 for more)");
  if (rc != SQLITE_DONE) throw Error("reading results store '" + store + "': " + message);
  return count;
}

namespace {

// Attaches a store read-only (immutable where its directory is not writable) as `name`.
void attach_for_reading(sqlite3* db, const std::string& path, const std::string& name) {
  const StoreReadUri how = store_read_uri(path);
  if (!how.problem.empty()) throw Error("merge: cannot read '" + path + "': " + how.problem);
  sqlite3_stmt* attach = nullptr;
  sqlite3_prepare_v2(db, ("ATTACH DATABASE ? AS " + name).c_str(), -1, &attach, nullptr);
  sqlite3_bind_text(attach, 1, how.uri.c_str(), -1, SQLITE_TRANSIENT);
  const int rc = sqlite3_step(attach);
  sqlite3_finalize(attach);
  if (rc != SQLITE_DONE) throw Error("merge: cannot read '" + path + "': " + error_text(db));
}

// The cells of one row as text ("NULL" for null), by run id, from `table`.
std::vector<std::string> row_cells(sqlite3* db, const std::string& table, std::int64_t run_id,
                                   std::vector<std::string>* names = nullptr) {
  sqlite3_stmt* stmt = nullptr;
  sqlite3_prepare_v2(db, ("SELECT * FROM " + table + " WHERE run_id = ?").c_str(), -1, &stmt, nullptr);
  sqlite3_bind_int64(stmt, 1, run_id);
  std::vector<std::string> cells;
  if (sqlite3_step(stmt) == SQLITE_ROW)
    for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
      const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, i));
      cells.push_back(sqlite3_column_type(stmt, i) == SQLITE_NULL ? "NULL" : text ? text : "");
      if (names) names->push_back(sqlite3_column_name(stmt, i));
    }
  sqlite3_finalize(stmt);
  return cells;
}

}  // namespace

namespace {

// Whether a column's cells must agree between two copies of a run (result_columns.def:
// Deterministic; an axis column too). Measured ones (wall time) may differ.
bool compared(const std::string& column) {
  const ResultColumn* fixed = find_result_column(column);
  return !fixed || fixed->repro == ColumnRepro::Deterministic;
}

// The metas of the inputs, refused when one has an older schema or is of another sweep, or
// when the output is one of them.
std::vector<StoreMeta> input_metas(const std::string& out, const std::vector<std::string>& inputs) {
  std::vector<StoreMeta> metas;
  for (const auto& input : inputs) {
    metas.push_back(read_store_meta(input));
    if (const std::string older = older_schema(metas.back(), input); !older.empty())
      throw Error("merge: " + older + "; merge its shards with the CPEx that wrote them");
    const std::string difference = describe_difference(metas.front(), metas.back(), false);
    if (!difference.empty())
      throw Error("merge: '" + input + "' is from another sweep than '" + inputs.front() + "': " + difference);
  }
  std::error_code ec;
  for (const auto& input : inputs)
    if (std::filesystem::equivalent(input, out, ec)) throw Error("merge: the output '" + out + "' is also an input");
  return metas;
}

// The columns of a store's `runs` table, and the axis keys among them (after the fixed columns
// before the axes, up to the first fixed column after them: result_columns.def).
void read_columns(const std::string& store, std::vector<std::string>& columns, std::vector<std::string>& axis_keys) {
  Connection c{open_store_for_reading(store)};
  const Statement select(c.db, "SELECT * FROM runs LIMIT 0", store);
  for (int i = 0; i < sqlite3_column_count(select.stmt); ++i) columns.push_back(sqlite3_column_name(select.stmt, i));
  for (std::size_t i = kAxesAt; i < columns.size() && columns[i] != kResultColumns[kAxesAt].name; ++i)
    axis_keys.push_back(columns[i]);
}

// Whether the output already holds rows of this sweep (then its shard key is kept in
// `meta`); Error when it holds another sweep or an older schema. A merge killed while it
// made the output can leave a hot rollback journal beside it, which a read-only open cannot
// roll back ("attempt to write a readonly database"): under the caller's lock, one read-write
// open rolls it back first.
bool output_has_rows(const std::string& out, StoreMeta& meta) {
  std::error_code ec;
  if (std::filesystem::exists(out + "-journal", ec) && std::filesystem::file_size(out, ec) > 0) {
    Connection recover{open_db(out, SQLITE_OPEN_READWRITE)};
    exec(recover.db, "SELECT COUNT(*) FROM sqlite_master;", out);
  }
  if (!std::filesystem::exists(out, ec) || std::filesystem::file_size(out, ec) == 0) return false;
  StoreMeta target = read_store_meta(out);
  if (const std::string older = older_schema(target, out); !older.empty()) throw Error("merge: the output " + older);
  const std::string difference = describe_difference(target, meta, false);
  if (!difference.empty()) throw Error("merge: the output '" + out + "' holds another sweep: " + difference);
  meta["shard"] = target["shard"];
  return true;
}

// Rows staged in a private temporary database, each with the file it came from
// (cpex_origin; -1: the output); a run id seen twice must have the same row (measured
// columns aside), else Error naming the run, both files and the first differing column.
class Staging {
 public:
  Staging(const std::string& out, const std::vector<std::string>& inputs, const std::vector<std::string>& columns,
          bool out_has_rows)
      : out_(out), inputs_(inputs), db_{open_db("", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI)} {
    for (const auto& column : columns) {
      const std::string q = quoted_identifier(column);
      list_ += (list_.empty() ? "" : ", ") + q;
      if (compared(column)) differs_ += (differs_.empty() ? "" : " OR ") + ("s." + q + " IS NOT t." + q);
    }
    attach_for_reading(db_.db, out_has_rows ? out : inputs.front(), "source");
    exec(db_.db,
         "CREATE TABLE staged AS SELECT " + list_ + ", -1 AS cpex_origin FROM source.runs" +
             (out_has_rows ? "" : " LIMIT 0") + "; CREATE UNIQUE INDEX staged_id ON staged(run_id);",
         out);
    exec(db_.db, "DETACH DATABASE source", out);
  }

  // Stages the rows of input i, after checking them against the rows staged so far.
  void add(std::size_t i) {
    attach_for_reading(db_.db, inputs_[i], "shard");
    refuse_conflict(i);
    exec(db_.db, "INSERT OR IGNORE INTO staged SELECT " + list_ + ", " + std::to_string(i) + " FROM shard.runs", out_);
    exec(db_.db, "DETACH DATABASE shard", out_);
  }

  // Writes the staged rows of the inputs into the (created) output in one transaction: a
  // kill leaves the output as it was, or with all of them. Returns the output's row count.
  std::uint64_t write() {
    const Statement attach(db_.db, "ATTACH DATABASE ? AS target", out_);
    sqlite3_bind_text(attach.stmt, 1, store_uri(out_).c_str(), -1, SQLITE_TRANSIENT);
    if (sqlite3_step(attach.stmt) != SQLITE_DONE)
      throw Error("merge: cannot write '" + out_ + "': " + error_text(db_.db));
    sqlite3_busy_timeout(db_.db, 10000);
    exec(db_.db,
         "BEGIN; INSERT OR IGNORE INTO target.runs (" + list_ + ") SELECT " + list_ +
             " FROM staged WHERE cpex_origin >= 0; COMMIT;",
         out_);
    std::uint64_t rows = 0;
    {
      const Statement count(db_.db, "SELECT COUNT(*) FROM target.runs", out_);
      if (sqlite3_step(count.stmt) != SQLITE_ROW) throw Error("merge: '" + out_ + "': " + error_text(db_.db));
      rows = static_cast<std::uint64_t>(sqlite3_column_int64(count.stmt, 0));
    }
    exec(db_.db, "DETACH DATABASE target", out_);
    return rows;
  }

 private:
  void refuse_conflict(std::size_t i) {
    const std::string find = "SELECT s.run_id, t.cpex_origin FROM shard.runs s JOIN staged t USING (run_id) WHERE " +
                             (differs_.empty() ? std::string("0") : differs_) + " LIMIT 1";
    std::int64_t run_id = 0, origin = 0;
    {
      const Statement conflict(db_.db, find, inputs_[i]);
      if (sqlite3_step(conflict.stmt) != SQLITE_ROW) return;
      run_id = sqlite3_column_int64(conflict.stmt, 0);
      origin = sqlite3_column_int64(conflict.stmt, 1);
    }
    std::vector<std::string> names;
    const auto theirs = row_cells(db_.db, "staged", run_id);
    const auto ours = row_cells(db_.db, "shard.runs", run_id, &names);
    std::string what;
    for (std::size_t c = 0; c < names.size() && c < theirs.size(); ++c)
      if (compared(names[c]) && theirs[c] != ours[c]) {
        what = names[c] + " " + shorten(theirs[c], 40) + " vs " + shorten(ours[c], 40);
        break;
      }
    const std::string& first = origin < 0 ? out_ : inputs_[static_cast<std::size_t>(origin)];
    throw Error("merge: run " + std::to_string(run_id) + " differs between '" + first + "' and '" + inputs_[i] +
                "' (" + what + "); refusing to merge conflicting rows (nothing was written)");
  }

  const std::string& out_;
  const std::vector<std::string>& inputs_;
  Connection db_;
  std::string list_, differs_;
};

}  // namespace

MergeReport merge_stores(const std::string& out, const std::vector<std::string>& inputs) {
  if (inputs.empty()) throw Error("merge: no input stores");
  const std::vector<StoreMeta> metas = input_metas(out, inputs);
  // No other writer from here to the end (the store is created under this lock below).
  const OutputLock lock(out, "merge output");
  StoreMeta meta = metas.front();
  meta["shard"] = "";
  std::vector<std::string> columns, axis_keys;
  read_columns(inputs.front(), columns, axis_keys);
  Staging staging(out, inputs, columns, output_has_rows(out, meta));
  for (std::size_t i = 0; i < inputs.size(); ++i) staging.add(i);
  {
    const ResultStore created(out, meta, {false, false, true}, axis_keys);
  }
  MergeReport report;
  report.rows = staging.write();
  report.expected = std::stoull(meta.count("runs") ? meta["runs"] : "0");
  return report;
}

}  // namespace cpex::runtime
