// Running a pipeline file: `cpex run` / `cpex sweep` and the Python module's run / sweep are
// both this one function (prepare, check the outputs, open the CSV file or the store,
// resume, run the selected runs on the engine, print the summaries, choose the status).
#pragma once

#include <string>
#include <vector>

#include "cpex/registry.hpp"

namespace cpex::inline runtime {

struct EmbeddingHooks;  // embedding.hpp
class Ranks;            // ranks.hpp

// Exit statuses besides 0 (success), 1 (error) and 2 (usage).
constexpr int kExitRunsFailed = 3;     // the sweep finished, but some runs threw
constexpr int kExitInterrupted = 130;  // stopped by Ctrl-C (finished runs are kept);
                                       // 143 after SIGTERM

struct RunOptions {
  std::vector<std::string> overrides;  // --set section.key=value
  int threads = 0;
  std::string out;  // .csv, or .db / .sqlite (the SQLite store); empty: none
  bool json = false;
  bool progress = false;   // --progress: show progress even when stderr is not a terminal
  bool quiet = false;      // --quiet: never show progress
  bool force = false;      // --force: overwrite an existing file that is not a CPEx output
  bool force_new = false;  // --force-new: start a store of another sweep over
  bool strict = false;     // --strict: refuse a mixed sweep with an (algorithm, point) pair that does not fit
  std::string shard;       // --shard I/N (1 <= I <= N), empty: all runs
  std::string command_line;
  EmbeddingHooks* embedding = nullptr;  // set only by an embedding program (Python module)
  const Ranks* ranks = nullptr;         // the processes sharing the runs; null: this one alone
};

// `sweep` false: the file must not have a [sweep] section.
int run_pipeline(const Registry& registry, const std::string& file, const RunOptions& options,
                 bool sweep);

}  // namespace cpex::runtime
