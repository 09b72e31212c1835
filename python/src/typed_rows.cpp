// Typed result columns for the frames of cpex.run / cpex.sweep (see typed_rows.hpp).
#include "typed_rows.hpp"

#include <cmath>

#include <pybind11/numpy.h>

#include "cpex/runtime/run.hpp"

namespace py = pybind11;

namespace cpex::python {

void TypedRows::Column::add_text(std::string_view text, const void* address) {
  if (address && address == last_address) {
    codes.push_back(last_code);
    return;
  }
  auto [it, added] = index.try_emplace(std::string(text), static_cast<std::uint32_t>(distinct.size()));
  if (added) distinct.emplace_back(text);
  codes.push_back(it->second);
  last_address = address;
  last_code = it->second;
}

void TypedRows::set_axes(const std::vector<std::string>& axis_keys) {
  columns_.clear();
  for (std::size_t i = 0; i < kResultColumnCount; ++i) {
    if (i == kAxesAt)
      for (const auto& key : axis_keys) columns_.push_back({key, ColumnType::Text});
    columns_.push_back({std::string(kResultColumns[i].name), kResultColumns[i].type});
  }
}

void TypedRows::add(Column& column, const ResultCell& cell, bool has) {
  using Kind = ResultCell::Kind;
  switch (column.type) {
    case ColumnType::Integer:
      column.empty.push_back(!has);
      column.integers.push_back(!has                       ? 0
                                : cell.kind == Kind::Unsigned ? static_cast<std::int64_t>(cell.unsigned_value)
                                                              : cell.signed_value);
      break;
    case ColumnType::Real: {  // a NaN value is an empty cell, as in the CSV and the store
      const bool value = has && !std::isnan(cell.real);
      column.empty.push_back(!value);
      column.reals.push_back(value ? cell.real : 0.0);
      break;
    }
    case ColumnType::Boolean:
      column.empty.push_back(!has);
      column.flags.push_back(has && cell.flag);
      break;
    default:  // as the CSV reads: an absent text is empty
      column.add_text(has ? cell.text : std::string_view(), nullptr);
  }
}

void TypedRows::write(const RunRecord& r, const Job& job) {
  done.fetch_add(1, std::memory_order_relaxed);
  if (!keep_) return;
  const bool failed = r.stop == StopReason::Error;
  std::size_t c = 0;
#define CPEX_RESULT_AXES()                                                      \
  for (const auto& [key, value] : axis_values(job)) columns_[c++].add_text(value, &value);
#define CPEX_RESULT_COLUMN(NAME, TYPE, PRESENT, SCOPE, SINCE, REPRO, SUMMARY, VALUE, FIELD)                           \
  {                                                                                            \
    const ResultCell cell = result_cell(VALUE);                                                \
    const bool has = present(ColumnPresence::PRESENT, failed);                                 \
    if (ColumnScope::SCOPE == ColumnScope::Point && ColumnType::TYPE != ColumnType::Integer && \
        has)                                                                                   \
      columns_[c].add_text(cell.text, cell.address);                                           \
    else                                                                                       \
      add(columns_[c], cell, has);                                                             \
    ++c;                                                                                       \
  }
#include "cpex/results/result_columns.def"
#undef CPEX_RESULT_COLUMN
#undef CPEX_RESULT_AXES
  ++rows_;
}

py::dict TypedRows::columns() const {
  py::dict out;
  py::list names;
  for (const Column& column : columns_) {
    names.append(column.name);
    const auto n = static_cast<py::ssize_t>(column.type == ColumnType::Integer   ? column.integers.size()
                                            : column.type == ColumnType::Real    ? column.reals.size()
                                            : column.type == ColumnType::Boolean ? column.flags.size()
                                                                                 : column.codes.size());
    if (column.type == ColumnType::Integer || column.type == ColumnType::Real ||
        column.type == ColumnType::Boolean) {
      py::array_t<bool> mask(n);
      auto m = mask.mutable_unchecked<1>();
      for (py::ssize_t i = 0; i < n; ++i) m(i) = column.empty[static_cast<std::size_t>(i)] != 0;
      py::object values;
      if (column.type == ColumnType::Integer) {
        values = py::array_t<std::int64_t>(n, column.integers.data());
      } else if (column.type == ColumnType::Real) {
        values = py::array_t<double>(n, column.reals.data());
      } else {
        py::array_t<bool> flags(n);
        auto f = flags.mutable_unchecked<1>();
        for (py::ssize_t i = 0; i < n; ++i) f(i) = column.flags[static_cast<std::size_t>(i)] != 0;
        values = flags;
      }
      out[py::str(column.name)] = py::make_tuple(values, mask);
      continue;
    }
    // One str per distinct text, as pandas reads the file: invalid UTF-8 replaced.
    std::vector<py::object> strings;
    strings.reserve(column.distinct.size());
    for (const std::string& text : column.distinct) {
      PyObject* s = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "replace");
      if (!s) throw py::error_already_set();
      strings.push_back(py::reinterpret_steal<py::object>(s));
    }
    py::list texts(n);
    for (py::ssize_t i = 0; i < n; ++i) {
      const py::object& s = strings[column.codes[static_cast<std::size_t>(i)]];
      Py_INCREF(s.ptr());
      PyList_SET_ITEM(texts.ptr(), i, s.ptr());
    }
    out[py::str(column.name)] = texts;
  }
  out["__columns__"] = names;
  out["__rows__"] = rows_;
  return out;
}

}  // namespace cpex::python
