// Reading the objectives' directions of the vector-valued oracles (objective_directions.hpp).
#include "objective_directions.hpp"

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"

namespace cpex::oracles {

std::vector<double> parse_directions(const std::string& text) {
  std::vector<double> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == ',' || text[i] == '\t')) ++i;
    if (i >= text.size()) break;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != ',' && text[j] != '\t') ++j;
    const std::string word = text.substr(i, j - i);
    if (word == "max")
      out.push_back(1.0);
    else if (word == "min")
      out.push_back(-1.0);
    else
      throw ParameterError("directions", "'" + shorten(escape_bytes(word)) + "' is neither max nor min (one per "
                                         "objective: directions = max, min)");
    i = j;
  }
  return out;
}

std::vector<double> directions_for(const std::vector<double>& directions, std::size_t objectives) {
  if (directions.empty()) return std::vector<double>(objectives, 1.0);
  if (directions.size() != objectives)
    throw ParameterError("directions", "has " + std::to_string(directions.size()) + " entries, but the arms have " +
                                           std::to_string(objectives) + " objectives (give one max or min per objective)");
  return directions;
}

std::string directions_text(const std::vector<double>& directions) {
  std::string out;
  for (double s : directions) out += std::string(out.empty() ? "" : ", ") + (s < 0.0 ? "min" : "max");
  return out;
}

}  // namespace cpex::oracles
