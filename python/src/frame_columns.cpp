// The rows of cpex.run / cpex.sweep as columns for pandas, fast: the CSV text the host's
// csv_row made (the same text `cpex run --out FILE.csv` writes) is split into cells here,
// and the columns the reader types as numbers or booleans are parsed into numpy arrays with
// a mask of empty cells; every other cell becomes a Python str, one object per distinct text
// of a column (algorithm, recommendation, resolved repeat a lot). python/cpex/results.py
// turns them into the frame read_results would make of that CSV file.
#include "frame_columns.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <charconv>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cpex/errors.hpp"

namespace py = pybind11;

namespace cpex::python {

namespace {

enum class Kind { Text, Integer, Real, Boolean };

// Splits `data` (RFC 4180: quoted fields with "" for a quote; rows end with '\n') into the
// cells of each row, calling `cell(column, text)` and `row_end()`.
template <class Cell, class RowEnd>
void split_csv(std::string_view data, Cell cell, RowEnd row_end) {
  std::string unquoted;
  std::size_t i = 0, column = 0;
  while (i < data.size()) {
    std::string_view text;
    if (data[i] == '"') {
      unquoted.clear();
      ++i;
      while (i < data.size()) {
        if (data[i] == '"') {
          if (i + 1 < data.size() && data[i + 1] == '"') {
            unquoted += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        unquoted += data[i++];
      }
      text = unquoted;
    } else {
      const std::size_t end = data.find_first_of(",\n", i);
      text = data.substr(i, (end == std::string_view::npos ? data.size() : end) - i);
      i += text.size();
    }
    cell(column++, text);
    if (i >= data.size() || data[i] == '\n') {
      row_end(column);
      column = 0;
    }
    ++i;  // the ',' or '\n'
  }
}

struct Column {
  std::string name;
  Kind kind = Kind::Text;
  std::vector<std::int64_t> integers;
  std::vector<double> reals;
  std::vector<bool> booleans;
  std::vector<bool> empty;
  py::list texts;
  std::unordered_map<std::string, py::object> distinct;  // one str per distinct text
  py::object last;             // the str of the previous cell
  std::string_view last_text;  // its text (a key of `distinct`, stable)
};

}  // namespace

py::dict csv_columns(const py::bytes& data, const std::vector<std::string>& integer_columns,
                     const std::vector<std::string>& real_columns,
                     const std::vector<std::string>& boolean_columns) {
  char* buffer = nullptr;
  Py_ssize_t size = 0;
  if (PyBytes_AsStringAndSize(data.ptr(), &buffer, &size) != 0) throw py::error_already_set();
  const std::string_view text(buffer, static_cast<std::size_t>(size));
  const std::set<std::string> integers(integer_columns.begin(), integer_columns.end());
  const std::set<std::string> reals(real_columns.begin(), real_columns.end());
  const std::set<std::string> booleans(boolean_columns.begin(), boolean_columns.end());

  std::vector<Column> columns;
  bool header = true;
  std::size_t rows = 0;
  auto cell = [&](std::size_t c, std::string_view value) {
    if (header) {
      Column column;
      column.name = std::string(value);
      column.kind = integers.count(column.name)  ? Kind::Integer
                    : reals.count(column.name)   ? Kind::Real
                    : booleans.count(column.name) ? Kind::Boolean
                                                  : Kind::Text;
      columns.push_back(std::move(column));
      return;
    }
    if (c >= columns.size()) throw Error("results text: a row has more cells than the header");
    Column& column = columns[c];
    if (column.kind == Kind::Text) {
      if (column.last && value == column.last_text) {  // runs in order repeat their neighbours
        column.texts.append(column.last);
        return;
      }
      auto [it, added] = column.distinct.try_emplace(std::string(value));
      if (added)  // as pandas reads the file: invalid UTF-8 replaced
        it->second = py::reinterpret_steal<py::object>(PyUnicode_DecodeUTF8(
            value.data(), static_cast<Py_ssize_t>(value.size()), "replace"));
      if (!it->second) throw py::error_already_set();
      column.texts.append(it->second);
      column.last = it->second;
      column.last_text = it->first;
      return;
    }
    column.empty.push_back(value.empty());
    switch (column.kind) {
      case Kind::Integer: {
        std::int64_t x = 0;
        if (!value.empty() && std::from_chars(value.data(), value.data() + value.size(), x).ec != std::errc())
          throw Error("results text: '" + std::string(value) + "' in " + column.name + " is not an integer");
        column.integers.push_back(x);
        break;
      }
      case Kind::Real: {
        double x = 0.0;
        if (!value.empty() && std::from_chars(value.data(), value.data() + value.size(), x).ec != std::errc())
          throw Error("results text: '" + std::string(value) + "' in " + column.name + " is not a number");
        column.reals.push_back(x);
        break;
      }
      case Kind::Boolean: column.booleans.push_back(value == "1"); break;
      case Kind::Text: break;
    }
  };
  auto row_end = [&](std::size_t cells) {
    if (!header && cells != columns.size())
      throw Error("results text: a row has " + std::to_string(cells) + " cells, the header " +
                  std::to_string(columns.size()));
    if (!header) ++rows;
    header = false;
  };
  split_csv(text, cell, row_end);

  py::dict out;
  py::list names;
  for (Column& column : columns) {
    names.append(column.name);
    py::array_t<bool> mask(static_cast<py::ssize_t>(column.empty.size()));
    auto m = mask.mutable_unchecked<1>();
    for (std::size_t i = 0; i < column.empty.size(); ++i) m(static_cast<py::ssize_t>(i)) = column.empty[i];
    switch (column.kind) {
      case Kind::Text: out[py::str(column.name)] = column.texts; break;
      case Kind::Integer:
        out[py::str(column.name)] = py::make_tuple(py::array_t<std::int64_t>(column.integers.size(), column.integers.data()), mask);
        break;
      case Kind::Real:
        out[py::str(column.name)] = py::make_tuple(py::array_t<double>(column.reals.size(), column.reals.data()), mask);
        break;
      case Kind::Boolean: {
        py::array_t<bool> values(static_cast<py::ssize_t>(column.booleans.size()));
        auto v = values.mutable_unchecked<1>();
        for (std::size_t i = 0; i < column.booleans.size(); ++i) v(static_cast<py::ssize_t>(i)) = column.booleans[i];
        out[py::str(column.name)] = py::make_tuple(values, mask);
        break;
      }
    }
  }
  out["__columns__"] = names;
  out["__rows__"] = rows;
  return out;
}

}  // namespace cpex::python
