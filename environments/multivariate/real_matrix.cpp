// Reading a matrix from a pipeline value (real_matrix.hpp).
#include "real_matrix.hpp"

#include <algorithm>
#include <charconv>

#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/messages.hpp"

namespace cpex::environments {

RealMatrix parse_real_matrix(const std::string& key, const std::string& text) {
  RealMatrix out;
  std::size_t row_start = 0;
  std::size_t row = 0;
  for (;;) {
    const std::size_t end = std::min(text.find(';', row_start), text.size());
    std::size_t count = 0;
    std::size_t i = row_start;
    while (i < end) {
      while (i < end && (text[i] == ' ' || text[i] == '\t' || text[i] == ',')) ++i;
      if (i >= end) break;
      std::size_t j = i;
      while (j < end && text[j] != ' ' && text[j] != '\t' && text[j] != ',') ++j;
      double x = 0.0;
      const auto r = std::from_chars(text.data() + i, text.data() + j, x);
      const std::string item = text.substr(i, j - i);
      if (r.ec != std::errc() || r.ptr != text.data() + j)
        throw ParameterError(key, "row " + std::to_string(row + 1) + ": '" + shorten(escape_bytes(item)) +
                                      "' is not a number (rows are separated by ';', numbers by spaces)");
      if (!usable_real(x))
        throw ParameterError(key, "row " + std::to_string(row + 1) + ": " + item +
                                      " is not a finite number of magnitude at most 1e15");
      out.values.push_back(x);
      ++count;
      i = j;
    }
    if (count == 0)
      throw ParameterError(key, "row " + std::to_string(row + 1) + " is empty (write rows of numbers separated by ';')");
    if (row == 0) out.cols = count;
    if (count != out.cols)
      throw ParameterError(key, "row " + std::to_string(row + 1) + " has " + std::to_string(count) +
                                    " numbers, row 1 has " + std::to_string(out.cols) + " (every row needs as many)");
    ++row;
    if (end >= text.size()) break;
    row_start = end + 1;
  }
  out.rows = row;
  return out;
}

}  // namespace cpex::environments
