// Numeric CSV tables.
#include "cpex/data/csv_table.hpp"

#include <charconv>
#include <sstream>

#include <boost/algorithm/string/trim.hpp>

#include "cpex/errors.hpp"
#include "cpex/input_file.hpp"
#include "cpex/limits.hpp"
#include "cpex/messages.hpp"

namespace cpex::data {

namespace {

std::vector<std::string> split_cells(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream in(line);
  std::string cell;
  while (std::getline(in, cell, ',')) cells.push_back(boost::algorithm::trim_copy(cell));
  if (!line.empty() && line.back() == ',') cells.emplace_back();
  return cells;
}

}  // namespace

std::size_t CsvTable::column(const std::string& name, const std::string& key,
                             const std::string& path) const {
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (columns[i] == name) return i;
  throw ParameterError(key, "'" + path + "' has no column named '" + name + "'");
}

CsvTable read_csv_table(const std::string& path, const std::string& key) {
  std::string text;
  try {
    text = read_regular_file(path, key, kMaxDataFileBytes);
  } catch (const ParameterError& e) {
    throw ParameterError(key, std::string("data file ") + e.what());
  }
  return parse_csv_table(text, path, key);
}

CsvTable parse_csv_table(const std::string& text, const std::string& path_name,
                         const std::string& key) {
  const std::string path = shorten(path_name, 200);
  std::istringstream in(text);
  CsvTable table;
  std::string line;
  std::size_t line_number = 0;
  std::vector<double> values;  // row-major
  while (std::getline(in, line)) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (boost::algorithm::trim_copy(line).empty()) continue;
    const auto cells = split_cells(line);
    if (table.columns.empty()) {
      for (const auto& name : cells)
        if (name.empty())
          throw ParameterError(key, path + ":" + std::to_string(line_number) +
                                        ": the header has an empty column name");
      if (cells.size() > kMaxCsvColumns)
        throw ParameterError(key, path + ":" + std::to_string(line_number) + ": the header has " +
                                      std::to_string(cells.size()) + " columns, more than the "
                                      "limit of " + std::to_string(kMaxCsvColumns));
      table.columns = cells;
      continue;
    }
    const std::string where = path + ":" + std::to_string(line_number);
    if (cells.size() != table.columns.size())
      throw ParameterError(key, where + ": " + std::to_string(cells.size()) + " cells, but the "
                                "header has " + std::to_string(table.columns.size()) + " columns");
    if (values.size() + cells.size() > kMaxCsvCells)
      throw ParameterError(key, where + ": more than " + std::to_string(kMaxCsvCells) +
                                    " numbers in the table (the limit of a data file)");
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string& cell_text = cells[c];
      double& cell = values.emplace_back();
      const auto [end, error] =
          std::from_chars(cell_text.data(), cell_text.data() + cell_text.size(), cell);
      if (cell_text.empty() || error != std::errc() || end != cell_text.data() + cell_text.size())
        throw ParameterError(key, where + ": column " + std::to_string(c + 1) + " ('" +
                                      shorten(table.columns[c]) + "'): '" + shorten(cell_text) +
                                      "' is not a number");
      if (!usable_real(cell))
        throw ParameterError(key, where + ": column " + std::to_string(c + 1) + " ('" +
                                      shorten(table.columns[c]) + "'): '" + shorten(cell_text) +
                                      "' is not a finite number of magnitude at most 1e15");
    }
  }
  if (table.columns.empty())
    throw ParameterError(key, "data file '" + path + "' is empty (no header line)");
  if (values.empty()) throw ParameterError(key, "data file '" + path + "' has no data rows");
  const auto columns = static_cast<Eigen::Index>(table.columns.size());
  table.rows = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
      values.data(), static_cast<Eigen::Index>(values.size()) / columns, columns);
  return table;
}

}  // namespace cpex::data
