// Printing run summaries: a short human-readable block, or JSON with --json.
#pragma once

#include <ostream>
#include <vector>

#include "cpex/pipeline.hpp"
#include "cpex/report/stats.hpp"
#include "cpex/sweep.hpp"

namespace cpex::host {

// One summary per sweep point. For a plain run (`sweep` false) the JSON is the single
// point's summary object.
void print_summaries(std::ostream& out, const std::vector<Pipeline>& pipelines,
                     const std::vector<SweepPoint>& points,
                     const std::vector<SummaryAccumulator>& summaries, bool json, bool sweep);

}  // namespace cpex::host
