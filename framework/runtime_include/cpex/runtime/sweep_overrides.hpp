// `--set` on a sweep: an override of a swept key narrows that axis to the value(s) given
// (each must be one of the axis's values; several axes can be narrowed at once); any other
// override replaces the key in the file. And the pipeline text that identifies a sweep.
#pragma once

#include <string>
#include <vector>

#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/runtime/sweep.hpp"

namespace cpex::inline runtime {

// Applies `overrides` ("section.key=value") to `file` and `axes`. ConfigError naming the
// override when a value is not one of the swept axis's values.
void apply_overrides(PipelineFile& file, std::vector<SweepAxis>& axes,
                     const std::vector<std::string>& overrides);

// The pipeline after overrides as INI text: every section but [sweep] in file order, then
// [sweep] with the (narrowed) axes. Identifies a sweep in a results store.
std::string pipeline_text(const PipelineFile& file, const std::vector<SweepAxis>& axes);

}  // namespace cpex::runtime
