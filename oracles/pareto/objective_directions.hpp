// The `directions` key of the vector-valued oracles: one word per objective, `max` (larger is
// better) or `min` (smaller is better), separated by commas or spaces ("max, min"); +1 / -1
// as Query::directions holds them. Empty text: every objective is maximized.
#pragma once

#include <string>
#include <vector>

namespace cpex::oracles {

// Throws ParameterError("directions", ...) naming a word that is neither max nor min.
std::vector<double> parse_directions(const std::string& text);

// Checks the directions against the arms' D objectives at bind(): none (every objective
// maximized) or one per objective; ParameterError("directions", ...) otherwise. Returns them
// with D entries.
std::vector<double> directions_for(const std::vector<double>& directions, std::size_t objectives);

// "max, min".
std::string directions_text(const std::vector<double>& directions);

}  // namespace cpex::oracles
