// Reading numeric tables from CSV files (a header row of column names, then one row of
// numbers per line), for environments that take features or data sets from files. Every
// error names the file, the line and the column.
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

namespace cpex::data {

struct CsvTable {
  std::vector<std::string> columns;
  Eigen::MatrixXd rows;  // one row per data line

  // Index of a column by name; throws ParameterError(key, ...) naming the file if absent.
  std::size_t column(const std::string& name, const std::string& key,
                     const std::string& path) const;
};

// Reads `path`. Empty lines are skipped. Throws ParameterError(key, ...) for a missing or
// unreadable file, a row with another number of cells, or a cell that is not a number
// ("file:LINE: column C ('name'): 'x' is not a number"). `key` names the parameter that
// gave the path.
// The file must be a regular file of at most kMaxDataFileBytes (read_regular_file), and
// every cell a finite number of magnitude at most kMaxRealMagnitude.
CsvTable read_csv_table(const std::string& path, const std::string& key);

// The same from text already read; `path` only names the source in messages.
CsvTable parse_csv_table(const std::string& text, const std::string& path,
                         const std::string& key);

}  // namespace cpex::data
