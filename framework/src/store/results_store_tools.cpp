// Reading stores: their meta, export to CSV, and the merge of shards.
#include <filesystem>

#include "cpex/errors.hpp"
#include "cpex/record_format.hpp"
#include "cpex/store/results_csv.hpp"
#include "cpex/store/results_store.hpp"
#include "cpex/store/store_reading.hpp"
#include "sqlite_util.hpp"

namespace cpex {

using namespace sqlite;

StoreMeta read_store_meta(const std::string& path) {
  Connection c{open_store_for_reading(path)};
  return read_meta(c.db, path);
}

std::uint64_t export_csv(const std::string& store, const std::string& csv, const std::string& where) {
  Connection c{open_store_for_reading(store)};
  read_meta(c.db, store);
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
    if (const std::string older = older_schema(metas.back(), input); !older.empty())
      throw Error("merge: " + older + "; merge its shards with the CPEx that wrote them");
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
    Connection c{open_store_for_reading(inputs.front())};
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
      if (const std::string older = older_schema(target, out); !older.empty())
        throw Error("merge: the output " + older);
      const std::string difference = describe_difference(target, meta, false);
      if (!difference.empty())
        throw Error("merge: the output '" + out + "' holds another sweep: " + difference);
      meta["shard"] = target["shard"];
    }
  }
  // Created (or opened) and locked against other writers until the merge is done.
  const ResultStore created(out, meta, {}, axis_keys);
  Connection c{open_db(out, SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI)};
  exec(c.db, "PRAGMA journal_mode=WAL;", out);
  for (const auto& input : inputs) {
    // Inputs are read only (immutable where their directory is not writable).
    const StoreReadUri how = store_read_uri(input);
    if (!how.problem.empty()) throw Error("merge: cannot read '" + input + "': " + how.problem);
    sqlite3_stmt* attach = nullptr;
    sqlite3_prepare_v2(c.db, "ATTACH DATABASE ? AS shard", -1, &attach, nullptr);
    sqlite3_bind_text(attach, 1, how.uri.c_str(), -1, SQLITE_TRANSIENT);
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
