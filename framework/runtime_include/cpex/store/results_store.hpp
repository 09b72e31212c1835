// The SQLite results store (`--out FILE.db`): sweep metadata in `meta`, one row per run in
// `runs` (schema in docs/results.md), written in batched transactions as runs finish.
// Re-opening a store of the same sweep resumes it (the runs it holds are not run again);
// a store of another sweep is refused with what differs. Also: export to CSV and the
// merge of shards.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cpex/results/result_sink.hpp"
#include "cpex/store/output_lock.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace cpex::inline runtime {

// meta entries; the identity keys (below) must match for a resume or a merge.
using StoreMeta = std::map<std::string, std::string>;

// Keys of `meta` that identify a sweep: format, schema, pipeline, plugins, version, axes,
// repetitions, points, runs (and shard, for a resume; not for a merge).
const std::vector<std::string>& store_identity_keys();

// "" if the two metas describe the same sweep, else one line saying what differs.
// `with_shard`: the shard must match too.
std::string describe_difference(const StoreMeta& stored, const StoreMeta& now, bool with_shard);

struct StoreOpenOptions {
  bool force_new = false;  // a store of another sweep: start over instead of refusing
  bool force = false;      // an existing file that is not a CPEx store: replace it
  bool locked_by_caller = false;  // the caller holds the store's OutputLock already
};

class ResultStore : public ResultSink {
 public:
  // Creates `path` with `meta` (which must hold the identity keys, and `axes` as a JSON
  // array of the axis keys), or resumes it when it is a store of the same sweep. The store
  // is locked (OutputLock) before anything is read or written, until destruction. Errors:
  // another writer holds it, not a CPEx store, read-only, another sweep (each one line
  // naming the file).
  ResultStore(const std::string& path, const StoreMeta& meta, const StoreOpenOptions& options,
              const std::vector<std::string>& axis_keys);
  ~ResultStore() override;
  ResultStore(const ResultStore&) = delete;
  ResultStore& operator=(const ResultStore&) = delete;

  bool resumed() const { return resumed_; }
  // The repetitions of the stored sweep when this invocation grew it (more repetitions,
  // everything else equal: the stored runs were renumbered and the missing ones follow);
  // 0 otherwise.
  std::uint64_t grown_from() const { return grown_from_; }
  // Run ids the store already held when opened, ascending.
  const std::vector<std::uint64_t>& done() const { return done_; }
  // Calls `f` for every row already in the store, read back into a RunResult through the
  // column table (every column with a FIELD: result_fields.hpp), to rebuild summaries on a
  // resume exactly as the runs themselves built them.
  void for_each_row(const std::function<void(const RunResult&)>& f) const;

  // Rows are inserted in batches of up to 32 (one multi-row INSERT: about 1,800 fewer
  // instructions per row than one statement per row); a batch not yet full is written by
  // commit().
  void write(const RunRecord& record, const Job& job) override;
  // Writes the rows still held back and commits the rows written so far (also done every
  // 1000 rows, every second, and on destruction).
  void commit();
  // Sets a meta value that is no part of the store's identity (e.g. "lower_bound_notes").
  void set_meta(const std::string& key, const std::string& value);

 private:
  // A written run waiting for its batch: the record without its trace, and its job.
  struct Pending {
    RunRecord record;
    Job job;
  };
  // Resumes (or grows) the store at path_ when it holds this sweep: true; false when there
  // is nothing to resume (no file, an empty one, or one to replace under --force or
  // --force-new); Error for another sweep, an older schema, a file that is no store.
  bool open_existing(const StoreMeta& full, const StoreOpenOptions& options);
  // The run ids the store holds (done_).
  void read_done();
  // The one-row and batch INSERT statements.
  void prepare_inserts();
  void begin();
  void bind_row(sqlite3_stmt* statement, std::vector<const void*>& bound, int first,
                const RunRecord& record, const Job& job);
  void step(sqlite3_stmt* statement);
  void flush_pending();
  std::string path_;
  std::unique_ptr<OutputLock> lock_;
  sqlite3* db_ = nullptr;
  sqlite3_stmt* insert_ = nullptr;        // one row
  sqlite3_stmt* insert_batch_ = nullptr;  // batch_ rows (none when batch_ < 2)
  std::size_t batch_ = 1;
  // Per parameter of each statement: what it holds when that is a value that outlives the
  // statement (a plugin's name, a fixed text, an axis value; nullptr otherwise). SQLite
  // keeps bindings across executions, so such a value is not bound again.
  std::vector<const void*> bound_single_, bound_batch_;
  std::vector<Pending> held_;  // batch_ slots, reused (their strings keep their capacity)
  std::size_t held_count_ = 0;
  std::size_t axes_ = 0;
  bool resumed_ = false;
  std::uint64_t grown_from_ = 0;
  bool in_transaction_ = false;
  std::size_t pending_ = 0;
  double last_commit_ = 0.0;
  std::vector<std::uint64_t> done_;
};

// Reads a store's meta; Error if `path` is not a CPEx results store.
StoreMeta read_store_meta(const std::string& path);

// Writes the rows of `store` (optionally filtered by the SQL expression `where`) to a CSV
// file with the CSV columns, in run-id order. Returns the number of rows.
std::uint64_t export_csv(const std::string& store, const std::string& csv, const std::string& where);

struct MergeReport {
  std::uint64_t rows = 0;      // rows in the output after the merge
  std::uint64_t expected = 0;  // runs of the whole sweep
};

// Joins shard stores of one sweep into `out` (created, or an existing store of the same
// sweep), in one transaction; `out` is locked throughout and inputs are read only. A run
// present in several inputs (or in `out`) must have the same row in each, wall time
// aside: Error naming the run id, the two files and the first differing column otherwise,
// with nothing written. Error naming the shard when one belongs to another sweep.
MergeReport merge_stores(const std::string& out, const std::vector<std::string>& inputs);

}  // namespace cpex::runtime
