// A matrix written in a pipeline value: rows separated by ';', the numbers of a row by
// spaces or commas ("0.2 0.3; 0.5 0.1" is 2 x 2). The means of vector-valued arms (one row
// per arm, one column per objective) and a covariance between objectives are written so.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace cpex::environments {

struct RealMatrix {
  std::size_t rows = 0, cols = 0;
  std::vector<double> values;  // row-major
  double at(std::size_t r, std::size_t c) const { return values[r * cols + c]; }
};

// Throws ParameterError naming `key`: an empty row, a text that is not a number, a number
// that is not finite or beyond kMaxRealMagnitude, rows of different lengths.
RealMatrix parse_real_matrix(const std::string& key, const std::string& text);

}  // namespace cpex::environments
