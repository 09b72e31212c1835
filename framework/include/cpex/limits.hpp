// The documented limits of one `cpex` invocation (docs/reliability.md). Inputs beyond
// them are refused up front with a one-line error naming the key, instead of exhausting
// memory or time.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>

namespace cpex {

// Files read as input.
inline constexpr std::uintmax_t kMaxPipelineFileBytes = 16u << 20;  // 16 MiB
inline constexpr std::uintmax_t kMaxDataFileBytes = 256u << 20;     // 256 MiB, CSV tables
inline constexpr std::size_t kMaxCsvColumns = 10'000;
inline constexpr std::size_t kMaxCsvCells = 10'000'000;  // numbers in one table

// Sweeps: every point is assembled and probed before the first run.
inline constexpr std::size_t kMaxSweepPoints = 100'000;
inline constexpr std::uint64_t kMaxRuns = 1'000'000'000;  // points x repetitions
// The engine generates jobs lazily and streams records (bounded memory), but the summary
// keeps one 8-byte sample count per stopped run for the exact median and its interval:
// at most half of the machine's physical memory may go to them.
inline constexpr std::uint64_t kRetainedBytesPerRun = 8;

// Problem sizes (each arm costs an environment stream, algorithm statistics and a
// `pulls` entry; linear instances hold a d x K feature matrix and d x d designs).
inline constexpr std::int64_t kMaxArms = 1'000'000;
inline constexpr std::int64_t kMaxDimension = 1'000;
inline constexpr std::int64_t kMaxFeatureEntries = 10'000'000;  // d x K
// Vector-valued arms: values one observation holds (multi-objective feedback).
inline constexpr std::size_t kMaxObjectives = 64;

// Every real read from a pipeline or data file must be finite and at most this in
// magnitude (so sums and squares over a run cannot overflow to inf).
inline constexpr double kMaxRealMagnitude = 1e15;
inline bool usable_real(double x) { return std::isfinite(x) && std::abs(x) <= kMaxRealMagnitude; }

}  // namespace cpex
