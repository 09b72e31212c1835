// `cpex leaderboard [--quick] [--plugin-path DIR] [--algorithms A,B,...] [--instances I,J,...]
// [--deltas 1e-2,1e-6] [--out STORE] [--format text|md|latex|csv]`: the leaderboard suite
// (the instances of pipelines/leaderboard/, docs/leaderboard.md) run for the named algorithms —
// an out-of-tree plugin among them — resumably into a store directory, one results store per
// instance, algorithm and delta, and the ranked table: samples / (T*(mu) log(1/delta)) with its
// 95% bootstrap interval (the report layer's lower_bound_ratio), the wrong answers, the CPU per
// run and per sample.
#pragma once

#include <string>
#include <vector>

#include "cpex/registry.hpp"

namespace cpex::host {

struct LeaderboardOptions {
  bool quick = false;  // kQuickRuns runs per cell, delta = 1e-2 only (unless --deltas)
  std::vector<std::string> algorithms;  // empty: every algorithm of each instance's own sweep
  std::vector<std::string> instances;   // empty: the whole suite
  std::vector<std::string> deltas;      // empty: 1e-2, 1e-6 (quick: 1e-2)
  std::string out;                      // the store directory (default: leaderboard-store)
  std::string format = "text";          // text, md, latex, csv
  int threads = 0;
  bool progress = false, quiet = false;
  std::string command_line;
};

// The suite's instances, in table order (the pipeline files' names).
const std::vector<std::string>& leaderboard_instances();

int leaderboard_command(const Registry& registry, const LeaderboardOptions& options);

}  // namespace cpex::host
