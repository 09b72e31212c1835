// The command line's sub-commands list, describe, hardness, export and merge (run and sweep:
// cpex/runtime/run_pipeline.hpp, shared with the Python module).
#pragma once

#include <string>
#include <vector>

#include "cpex/registry.hpp"
#include "cpex/runtime/run_pipeline.hpp"

namespace cpex::host {

int list_plugins(const Registry& registry);
// cpex list --accepts FILE: the algorithms that fit the problem of FILE's first point (its
// environment, oracles and [run] setting; the file's [algorithm] keys where they apply),
// and how many do not, with the first reasons.
int list_accepting(const Registry& registry, const std::string& file);
int describe_plugin(const Registry& registry, const std::string& name);
// cpex hardness FILE: the complexity measures of the instance of every point
// (hardness_command.cpp).
int hardness_command(const Registry& registry, const std::string& file, const RunOptions& options);
// cpex export DB --csv FILE [--where EXPR]
int export_store(const std::string& store, const std::string& csv, const std::string& where,
                 bool force);
// cpex merge OUT.db IN.db...
int merge_shards(const std::string& out, const std::vector<std::string>& inputs);

}  // namespace cpex::host
