// Printing run summaries: a short human-readable block, or JSON with --json.
#pragma once

#include <ostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "cpex/report/stats.hpp"
#include "cpex/runtime/pipeline.hpp"
#include "cpex/runtime/sweep.hpp"

namespace cpex::inline runtime {

// The "point" (index) and "values" (the point's assignments) keys of a sweep point's JSON
// object; nothing for the single point of a file without [sweep].
void add_point_keys(nlohmann::ordered_json& j, const SweepPoint& point);

// One summary per sweep point. For a plain run (`sweep` false) the JSON is the single
// point's summary object.
void print_summaries(std::ostream& out, const std::vector<Pipeline>& pipelines,
                     const std::vector<SweepPoint>& points,
                     const std::vector<SummaryAccumulator>& summaries, bool json, bool sweep);

}  // namespace cpex::runtime
