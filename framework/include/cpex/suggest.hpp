// "Did you mean" hints for misspelt names (plugins, keys, sections): a known name equal to
// the given one but for case, or within a small edit distance (Damerau-Levenshtein, at most
// 1 for names of up to 4 characters, 2 up to 8, 3 beyond), case-insensitively. Bounded
// work for any input: names longer than 256 bytes get no suggestion, and candidates whose
// length rules them out are not compared.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace cpex {

// The known name closest to `given`, if one is close enough.
std::optional<std::string> closest_name(const std::string& given,
                                        const std::vector<std::string>& known);

// " (did you mean 'NAME'?)" with the closest name, or "" when none is close. `open` and
// `close` wrap the name ("'" and "'" by default, "[" and "]" for sections).
std::string did_you_mean(const std::string& given, const std::vector<std::string>& known,
                         const std::string& open = "'", const std::string& close = "'");

}  // namespace cpex
