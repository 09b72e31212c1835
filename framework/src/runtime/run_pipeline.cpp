// cpex run / cpex sweep: prepare, open the outputs (CSV or SQLite store, resuming a store
// of the same sweep), run the selected runs with progress and Ctrl-C handling, print the
// summaries, and choose the exit status.
#include <algorithm>
#include <iostream>
#include <iterator>
#include <memory>
#include <optional>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "cpex/runtime/run_pipeline.hpp"

#include "cpex/errors.hpp"
#include "cpex/runtime/embedding.hpp"
#include "cpex/runtime/lower_bound.hpp"
#include "cpex/runtime/ranks.hpp"
#include "cpex/runtime/signals.hpp"
#include "cpex/runtime/summary_output.hpp"
#include "cpex/runtime/sweep_setup.hpp"
#include "cpex/runtime/sweep_sinks.hpp"
#include "cpex/runtime/tie_warning.hpp"
#include "cpex/store/results_csv.hpp"
#include "cpex/store/results_store.hpp"

namespace cpex::inline runtime {

int run_pipeline(const Registry& registry, const std::string& path, const RunOptions& options,
                 bool sweep) {
  RunOptions opts = options;
  EmbeddingHooks* const embedded = options.embedding;  // null for the command line
  RunSelection selection;
  if (!opts.shard.empty()) {
    const auto [index, count] = parse_shard(opts.shard);
    selection.shard_index = index;
    selection.shard_count = count;
    opts.shard = std::to_string(index + 1) + "/" + std::to_string(count);
  }
  PreparedSweep s = embedded && embedded->file
                        ? prepare_sweep(registry, *embedded->file, opts, sweep, embedded->file_on_disk)
                        : prepare_sweep(registry, path, opts, sweep);
  const JobSpace jobs(s.pipelines, s.points);
  selection.group = jobs.group();
  const std::string& trace_file = s.pipelines.front().run.trace_file;
  // The processes sharing the runs (MPI ranks), or this one alone.
  const int rank = opts.ranks ? opts.ranks->rank() : 0;
  const int processes = opts.ranks ? opts.ranks->size() : 1;
  if (rank == 0) {
    // A key that means different things in the swept algorithms (parameter roles).
    for (const std::string& warning : s.warnings) std::cerr << "cpex: warning: " << warning << '\n';
    // The (algorithm, point) pairs of a mixed sweep that do not fit: skipped, one line each.
    for (const std::string& line : s.skip_lines) std::cerr << "cpex: " << line << " (--strict refuses instead)\n";
    // Tied instances (Delta = 0 or Lambda_i = 0) never stop with epsilon = 0: say so up front.
    for (const std::string& warning : tie_warnings(s.pipelines, s.points))
      std::cerr << "cpex: warning: " << warning << '\n';
  }

  // Outputs: never an input, never each other, never a foreign file without --force.
  std::vector<NamedPath> outputs;
  const bool to_store = !opts.out.empty() && is_store_path(opts.out);
  if (!opts.out.empty()) outputs.push_back({"--out", opts.out});
  if (!trace_file.empty()) outputs.push_back({"[run] trace-file", trace_file});
  check_outputs(s.inputs, outputs);
  if (!opts.out.empty())
    check_overwrite(outputs.front(), to_store ? ExistingOutput::CpexStore : ExistingOutput::CpexCsv,
                    opts.force);
  if (!trace_file.empty()) check_overwrite(outputs.back(), ExistingOutput::CpexTrace, opts.force);
  if (!trace_file.empty() && (selection.shard_count > 1 || processes > 1))
    throw ConfigError(path + ": [run] trace-file cannot be combined with --shard or MPI "
                      "(each part would write the same trace file)");
  if (processes > 1 && !opts.out.empty() && !to_store)
    throw ConfigError("--out '" + opts.out + "': under MPI the output must be a store (.db)");

  SummarySink summaries(s.points.size());
  std::unique_ptr<ResultStore> store;
  std::unique_ptr<CsvResultWriter> csv;
  std::unique_ptr<CsvTraceWriter> trace;
  if (rank == 0) {
    if (to_store) {
      store = std::make_unique<ResultStore>(opts.out, s.meta,
                                            StoreOpenOptions{opts.force_new, opts.force},
                                            s.axis_keys);
      if (store->resumed()) {
        if (!trace_file.empty())
          throw ConfigError("results store '" + opts.out + "' is being resumed, but [run] "
                            "trace-file would then miss the runs already done (use --force-new)");
        selection.done = store->done();
        store->for_each_row([&](const RunResult& run) {
          if (run.point < summaries.points.size()) summaries.points[run.point].add(run);
          if (run.stop == StopReason::Error) ++summaries.failed;
        });
      }
    } else if (!opts.out.empty()) {
      csv = std::make_unique<CsvResultWriter>(opts.out, s.axis_keys);
    }
    if (!trace_file.empty()) trace = std::make_unique<CsvTraceWriter>(trace_file);
  }
  const std::size_t stored = selection.done.size();
  if (!s.skipped.empty()) {  // the skipped points' runs are never run
    std::vector<std::uint64_t> merged, skipped = skipped_runs(s, jobs.repetitions());
    std::merge(selection.done.begin(), selection.done.end(), skipped.begin(), skipped.end(), std::back_inserter(merged));
    merged.erase(std::unique(merged.begin(), merged.end()), merged.end());
    selection.done = std::move(merged);
  }
  if (opts.ranks) opts.ranks->share_done(selection.done);

  const std::uint64_t selected = selection.count(jobs.size());
  const bool show_progress = rank == 0 && !opts.quiet && (opts.progress || ::isatty(2));
  ProgressMeter progress(selected, show_progress);
  if (store && store->resumed() && !opts.quiet) {
    if (store->grown_from() > 0)
      std::cerr << "cpex: growing '" << opts.out << "' from " << store->grown_from() << " to "
                << jobs.repetitions() << " repetitions per point (the stored runs keep their seeds)\n";
    std::cerr << "cpex: resuming '" << opts.out << "': " << stored
              << " runs already done, " << selected << " to run\n";
  }

  SinkList sinks;
  if (store) sinks.add(store.get());
  if (csv) sinks.add(csv.get());
  if (trace) sinks.add(trace.get());
  sinks.add(&summaries);
  sinks.add(&progress);
  if (embedded && embedded->sink) sinks.add(embedded->sink);

  int threads = opts.threads;
  if (embedded && embedded->on_start) embedded->on_start(s, selected, threads);
  // An embedding program brings its own stop flag and keeps its own signal handlers. The
  // program `cpex`: from here on a signal stops the engine after the runs in progress
  // (graceful mode): they are kept and summarized, and the status is 130 / 143. Before,
  // it ended the process at once (signals.hpp).
  const bool own_signals = !(embedded && embedded->stop);
  if (own_signals) signals::set_graceful(true);
  EngineOptions engine{threads, own_signals ? signals::stop_flag() : embedded->stop, 0};
  const EngineReport report = processes > 1 ? opts.ranks->run(jobs, selection, engine, sinks)
                                           : run_sweep(jobs, selection, engine, sinks);
  progress.finish();
  if (store) {
    // Why points got no lower bound, in words (cpex report prints them beside the ratios).
    nlohmann::ordered_json notes = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < s.pipelines.size(); ++i)
      if (const std::string reason = s.pipelines[i].skipped.empty() ? lower_bound_reason(s.pipelines[i]) : "";
          !reason.empty())
        notes[std::to_string(s.points[i].index)] = reason;
    if (!notes.empty()) store->set_meta("lower_bound_notes", notes.dump());
    store->commit();
  }
  const bool interrupted = report.interrupted || (own_signals && signals::received() != 0);
  const int interrupted_status = signals::exit_status(kExitInterrupted);
  if (rank != 0) return interrupted ? interrupted_status : 0;

  std::ostream* summary_out = embedded ? embedded->summary : &std::cout;
  if (summary_out) {
    print_summaries(*summary_out, s.pipelines, s.points, summaries.points, opts.json, sweep);
    summary_out->flush();
  }
  // The closing line: on stderr, or handed to the embedding program.
  auto close_with = [&](const std::string& line) {
    if (embedded)
      embedded->message = line;
    else
      std::cerr << "cpex: " << line << '\n';
  };
  if (interrupted) {
    close_with("interrupted: " + std::to_string(report.delivered) + " runs finished and kept" +
               (store ? "; run the same command again to resume" : ""));
    return interrupted_status;
  }
  if (summaries.failed > 0) {
    close_with(std::to_string(summaries.failed) + " run(s) failed (status error); " +
               (summaries.first_failure.empty()
                    ? "see the 'error' column of '" + opts.out + "'"
                    : "first: " + summaries.first_failure));
    return kExitRunsFailed;
  }
  return 0;
}

}  // namespace cpex::runtime
