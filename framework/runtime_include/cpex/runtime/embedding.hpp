// Hooks for a program that embeds the host's `run` / `sweep` (the Python module cpex._core):
// the same preparation, validation, output safety, store resume, engine and summaries as
// `cpex run` / `cpex sweep`, with the pipeline given in memory, an extra result sink, an
// external stop flag instead of the SIGINT/SIGTERM handlers, and the summary and the
// closing message captured instead of printed. The command line leaves them unset
// (RunOptions::embedding == nullptr).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>

#include "cpex/runtime/engine.hpp"
#include "cpex/runtime/pipeline_file.hpp"

namespace cpex::inline runtime {

struct PreparedSweep;

struct EmbeddingHooks {
  // The pipeline, instead of reading the path given to run_pipeline (which then only
  // names it). `file_on_disk`: the file is a real file (an input the outputs must not be).
  const PipelineFile* file = nullptr;
  bool file_on_disk = false;
  // Receives every record after the host's own sinks, in run-id order.
  ResultSink* sink = nullptr;
  // Stops the runs when set; no signal handler is installed.
  const std::atomic<bool>* stop = nullptr;
  // Called once everything is prepared and the outputs are open, just before the first
  // run: the prepared sweep, how many runs will run now, and the thread count, which the
  // hook may change (e.g. to 1 for pipelines with Python plugins).
  std::function<void(const PreparedSweep&, std::uint64_t selected, int& threads)> on_start;
  // Where the summaries go (instead of std::cout); null: nowhere.
  std::ostream* summary = nullptr;
  // Receives the closing line (interrupted / runs failed) instead of stderr.
  std::string message;
};

}  // namespace cpex::runtime
