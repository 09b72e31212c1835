// Numeric CSV tables.
#include "cpex/data/csv_table.hpp"

#include <charconv>
#include <fstream>
#include <sstream>

#include <boost/algorithm/string/trim.hpp>

#include "cpex/errors.hpp"

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
  std::ifstream in(path);
  if (!in) throw ParameterError(key, "cannot read data file '" + path + "'");
  CsvTable table;
  std::string line;
  std::size_t line_number = 0;
  std::vector<std::vector<double>> values;
  while (std::getline(in, line)) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (boost::algorithm::trim_copy(line).empty()) continue;
    const auto cells = split_cells(line);
    if (table.columns.empty()) {
      table.columns = cells;
      continue;
    }
    const std::string where = path + ":" + std::to_string(line_number);
    if (cells.size() != table.columns.size())
      throw ParameterError(key, where + ": " + std::to_string(cells.size()) + " cells, but the "
                                "header has " + std::to_string(table.columns.size()) + " columns");
    std::vector<double> row(cells.size());
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string& text = cells[c];
      const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), row[c]);
      if (text.empty() || error != std::errc() || end != text.data() + text.size())
        throw ParameterError(key, where + ": column " + std::to_string(c + 1) + " ('" +
                                      table.columns[c] + "'): '" + text + "' is not a number");
    }
    values.push_back(std::move(row));
  }
  if (table.columns.empty()) throw ParameterError(key, "data file '" + path + "' is empty");
  if (values.empty()) throw ParameterError(key, "data file '" + path + "' has no data rows");
  table.rows.resize(static_cast<Eigen::Index>(values.size()),
                    static_cast<Eigen::Index>(table.columns.size()));
  for (std::size_t r = 0; r < values.size(); ++r)
    for (std::size_t c = 0; c < values[r].size(); ++c)
      table.rows(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = values[r][c];
  return table;
}

}  // namespace cpex::data
