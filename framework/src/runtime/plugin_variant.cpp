// Splitting and checking NAME@LABEL (see plugin_variant.hpp).
#include "cpex/runtime/plugin_variant.hpp"

#include <cctype>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"

namespace cpex::inline runtime {

PluginVariant split_variant(const std::string& text, const std::string& where) {
  const auto at = text.find('@');
  if (at == std::string::npos) return {text, ""};
  PluginVariant variant{text.substr(0, at), text.substr(at + 1)};
  const std::string culprit = where + ": '" + shorten(text) + "'";
  if (variant.plugin.empty())
    throw ConfigError(culprit + ": a named variant is NAME@LABEL, and the plugin NAME is missing");
  if (variant.label.empty())
    throw ConfigError(culprit + ": a named variant is NAME@LABEL, and the LABEL after '@' is missing");
  for (const char c : variant.label)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '+'))
      throw ConfigError(culprit + ": the label of a named variant holds letters, digits, '-', "
                        "'_' and '+' only (not '" + std::string(1, c) + "')");
  return variant;
}

}  // namespace cpex::runtime
