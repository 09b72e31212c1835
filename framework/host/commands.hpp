// The host's sub-commands: list, describe, run, sweep, hardness, export and merge.
#pragma once

#include <string>
#include <vector>

#include "cpex/plugin_host.hpp"

namespace cpex::host {

struct EmbeddingHooks;  // embedding.hpp

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
  std::string shard;       // --shard I/N (1 <= I <= N), empty: all runs
  std::string command_line;
  EmbeddingHooks* embedding = nullptr;  // set only by an embedding program (Python module)
};

int list_plugins(const Registry& registry);
int describe_plugin(const Registry& registry, const std::string& name);
// `sweep` false: the file must not have a [sweep] section.
int run_pipeline(const Registry& registry, const std::string& file, const RunOptions& options,
                 bool sweep);
// cpex hardness FILE: the complexity measures of the instance of every point
// (hardness_command.cpp).
int hardness_command(const Registry& registry, const std::string& file, const RunOptions& options);
// cpex export DB --csv FILE [--where EXPR]
int export_store(const std::string& store, const std::string& csv, const std::string& where,
                 bool force);
// cpex merge OUT.db IN.db...
int merge_shards(const std::string& out, const std::vector<std::string>& inputs);

}  // namespace cpex::host
