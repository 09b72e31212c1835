// Sweeps: the [sweep] section's axes, their Cartesian product, and the key that ties a
// sweep point to its random streams.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cpex/limits.hpp"
#include "cpex/runtime/pipeline_file.hpp"

namespace cpex::inline runtime {

// One `axis = section.key = v1,v2,...` line. Values are separated by ',' unless the list
// contains '|', in which case '|' separates them (so list-valued keys can be swept).
// An axis may tie several keys together (a "zipped" axis), each value being a tuple with
// ';' between its components:
//     axis = environment.n & environment.k & oracle.k = 10;5;5, 20;10;10
struct SweepAxis {
  std::vector<std::string> keys;                  // "section.key", at least one
  std::vector<std::vector<std::string>> values;  // per point, one value per key
};

struct SweepPoint {
  std::size_t index = 0;
  std::vector<std::pair<std::string, std::string>> values;  // ("section.key", value)
  // Seeds the point's random streams: a hash of the point's assignments outside the
  // [algorithm] section, so algorithms compared at one point see the same instances and
  // noise, and adding values to an axis does not change the other points' streams.
  std::uint64_t stream_key = 0;
};

// Axes of the file's [sweep] section (empty if there is none). ConfigError on malformed
// lines, repeated keys, an axis without keys or values, or more than kMaxSweepPoints
// points in the product.
std::vector<SweepAxis> read_axes(const PipelineFile& file);

// The number of points of the product (1 without axes), counted without overflow;
// ConfigError naming `origin` if an axis is empty or the product exceeds kMaxSweepPoints.
std::size_t count_points(const std::vector<SweepAxis>& axes, const std::string& origin);

// ConfigError naming `origin` and [run] repetitions if points x repetitions > kMaxRuns.
void check_run_count(std::size_t points, std::int64_t repetitions, const std::string& origin);

// The Cartesian product in row-major order (the last axis varies fastest). Without axes,
// a single point with no values; never empty (ConfigError as count_points).
std::vector<SweepPoint> expand(const std::vector<SweepAxis>& axes);

// The file with the point's values applied and the [sweep] section kept for reference.
PipelineFile apply(const PipelineFile& file, const SweepPoint& point);

}  // namespace cpex::runtime
