// Named variants of a plugin: `plugin = NAME@LABEL` in [algorithm] (a plain key or a value
// of an `algorithm.plugin` axis) runs plugin NAME with the keys of its `[algorithm.NAME@LABEL]`
// block, and rows, tables, legends and stores call the algorithm NAME@LABEL. So one sweep
// compares one plugin under two settings beside other plugins (README, "Named variants").
#pragma once

#include <string>

namespace cpex::inline runtime {

struct PluginVariant {
  std::string plugin;  // the registry name, e.g. "lucb"
  std::string label;   // "" for the plain plugin; "paper" for lucb@paper
  // NAME@LABEL, or NAME when there is no label.
  std::string name() const { return label.empty() ? plugin : plugin + "@" + label; }
};

// Splits NAME@LABEL at its '@' (no '@': the plugin alone). Throws ConfigError, prefixed by
// `where`, for an empty NAME or LABEL, a second '@', or a label with characters other
// than letters, digits, '-', '_' and '+' (a label is part of keys NAME@LABEL.key, so it
// has no '.', '=' or ',').
PluginVariant split_variant(const std::string& text, const std::string& where);

}  // namespace cpex::runtime
