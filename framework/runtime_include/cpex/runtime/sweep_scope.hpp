// What a whole sweep puts in each plugin section: for `axis = algorithm.plugin = saqm, icb`
// both algorithms, otherwise the file's own `plugin`. Assembling a point against its
// sweep's scope lets a mixed sweep carry a section ([dks]) or a key (`allocation`) that
// only some of its plugins use (README, "Mixed sweeps").
#pragma once

#include <map>
#include <string>
#include <vector>

#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/runtime/sweep.hpp"

namespace cpex::inline runtime {

struct SweepScope {
  // section ("algorithm", "environment", "oracle", "dks", ...) -> the plugin names it takes
  // across the sweep, in axis order, without repeats. A section absent here: only the
  // point's own plugin.
  std::map<std::string, std::vector<std::string>> plugins;

  // The names for `section`, or {own} when the section is not in the scope.
  std::vector<std::string> of(const std::string& section, const std::string& own) const;
};

// The scope of `file` swept over `axes`: every value of an axis key `SECTION.plugin`
// (pass the axes as written, before --set narrows them, so that narrowing a mixed sweep
// to one algorithm keeps the file valid), and for the other plugin sections the file's
// `plugin` key.
SweepScope sweep_scope(const PipelineFile& file, const std::vector<SweepAxis>& axes);

}  // namespace cpex::runtime
