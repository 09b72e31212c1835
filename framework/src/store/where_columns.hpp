// `cpex export --where`: the store's columns named as the user writes them. Sweep keys
// are column names with dots (`algorithm.plugin`, `environment.delta-min`), which SQL reads
// as table.column (or a subtraction) unless double-quoted; the filter is rewritten with
// each such name quoted, outside string literals, quoted names and comments.
#pragma once

#include <string>
#include <vector>

namespace cpex::inline runtime {

// `expression` with every column name of `columns` that SQL cannot take bare (it holds a
// character other than letters, digits and '_') double-quoted where it stands as a whole
// name: `algorithm.plugin = 'lucb'` -> `"algorithm.plugin" = 'lucb'`. The longest name
// wins; text inside '...', "...", [...], `...` and comments is left as it is.
std::string quote_column_names(const std::string& expression, const std::vector<std::string>& columns);

}  // namespace cpex::runtime
