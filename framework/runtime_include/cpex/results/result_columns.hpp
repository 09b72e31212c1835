// The columns of a result row as data: the table of cpex/results/result_columns.def read
// into constants (names, types, where the sweep axes go, the store schema) and the cell
// values the writers format. The CSV writer, the store's DDL, binder and readers, the
// report reader and the Python module all take the columns from here, never from a list of
// their own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace cpex::inline runtime {

// See result_columns.def for what each value means.
enum class ColumnType { Integer, Real, Boolean, Text, Label, Json };
enum class ColumnPresence { Key, Always, Answered, Failed };
enum class ColumnScope { Run, Point };
enum class ColumnRepro { Deterministic, Measured };
enum class ColumnSummary { Summarized, Listed };

struct ResultColumn {
  std::string_view name;
  ColumnType type;
  ColumnPresence presence;
  ColumnScope scope;
  int since;  // the store schema that added it
  ColumnRepro repro;
  ColumnSummary summary;
  bool field;  // read back into a RunResult member (FIELD is not `none`)
};

// The fixed columns, in order (the sweep axes are not in it: they go before the column at
// kAxesAt).
inline constexpr ResultColumn kResultColumns[] = {
#define CPEX_RESULT_COLUMN(NAME, TYPE, PRESENT, SCOPE, SINCE, REPRO, SUMMARY, VALUE, FIELD) \
  {#NAME, ColumnType::TYPE, ColumnPresence::PRESENT, ColumnScope::SCOPE, SINCE, ColumnRepro::REPRO, \
   ColumnSummary::SUMMARY, std::string_view(#FIELD) != "none"},
#define CPEX_RESULT_AXES()
#include "cpex/results/result_columns.def"
#undef CPEX_RESULT_COLUMN
#undef CPEX_RESULT_AXES
};
inline constexpr std::size_t kResultColumnCount = std::size(kResultColumns);

namespace detail {
inline constexpr bool kAxesSlot[] = {
#define CPEX_RESULT_COLUMN(NAME, TYPE, PRESENT, SCOPE, SINCE, REPRO, SUMMARY, VALUE, FIELD) false,
#define CPEX_RESULT_AXES() true,
#include "cpex/results/result_columns.def"
#undef CPEX_RESULT_COLUMN
#undef CPEX_RESULT_AXES
};
constexpr std::size_t axes_at() {
  for (std::size_t i = 0; i < std::size(kAxesSlot); ++i)
    if (kAxesSlot[i]) return i;
  return std::size(kAxesSlot);
}
constexpr int newest_schema() {
  int newest = 1;
  for (const ResultColumn& c : kResultColumns) newest = c.since > newest ? c.since : newest;
  return newest;
}
}  // namespace detail

// The index in kResultColumns of the first column after the sweep axes.
inline constexpr std::size_t kAxesAt = detail::axes_at();
static_assert(kAxesAt > 0 && kAxesAt < kResultColumnCount,
              "result_columns.def: CPEX_RESULT_AXES() goes between two columns");
// The store schema this CPEx writes: the newest column's SINCE.
inline constexpr int kResultSchema = detail::newest_schema();

// The names as constants, so a reader names a column through the table:
// columns::samples == "samples".
namespace columns {
#define CPEX_RESULT_COLUMN(NAME, TYPE, PRESENT, SCOPE, SINCE, REPRO, SUMMARY, VALUE, FIELD) \
  inline constexpr std::string_view NAME = #NAME;
#define CPEX_RESULT_AXES()
#include "cpex/results/result_columns.def"
#undef CPEX_RESULT_COLUMN
#undef CPEX_RESULT_AXES
}  // namespace columns

// Whether a cell holds a value in the row of a run that failed (`failed`) or not.
constexpr bool present(ColumnPresence presence, bool failed) {
  return presence == ColumnPresence::Answered ? !failed
         : presence == ColumnPresence::Failed ? failed
                                              : true;
}

// "INTEGER", "REAL" or "TEXT" (booleans are INTEGER 0/1).
const char* sql_type(ColumnType type);
// The column named `name`, or nullptr.
const ResultColumn* find_result_column(std::string_view name);

// Every column name of results with these sweep-axis keys, in order (the CSV header).
std::vector<std::string> result_column_names(const std::vector<std::string>& axis_keys);
// The fixed columns added after `schema`, quoted and comma-separated ("'optimal'"; ""
// if none).
std::string columns_since(int schema);

// One cell's value as a writer formats it, and its address (the binding key of a Point
// column: the store binds such a value once).
struct ResultCell {
  enum class Kind : unsigned char { Unsigned, Signed, Real, Boolean, Text } kind = Kind::Text;
  std::uint64_t unsigned_value = 0;
  std::int64_t signed_value = 0;
  double real = 0.0;
  bool flag = false;
  std::string_view text;
  const void* address = nullptr;
};

template <class T>
ResultCell result_cell(const T& value) {
  ResultCell cell;
  cell.address = &value;
  if constexpr (std::is_same_v<T, bool>) {
    cell.kind = ResultCell::Kind::Boolean;
    cell.flag = value;
  } else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>) {
    cell.kind = ResultCell::Kind::Unsigned;
    cell.unsigned_value = value;
  } else if constexpr (std::is_integral_v<T>) {
    cell.kind = ResultCell::Kind::Signed;
    cell.signed_value = value;
  } else if constexpr (std::is_floating_point_v<T>) {
    cell.kind = ResultCell::Kind::Real;
    cell.real = static_cast<double>(value);
  } else {
    cell.text = std::string_view(value);
  }
  return cell;
}

}  // namespace cpex::runtime

// The names as in result_columns.def ("Integer", "Answered", ...). Declared in `cpex`, beside
// the SDK's to_string overloads, so that the runtime's own never hide those.
namespace cpex {
const char* to_string(runtime::ColumnType type);
const char* to_string(runtime::ColumnPresence presence);
const char* to_string(runtime::ColumnRepro repro);
const char* to_string(runtime::ColumnSummary summary);
}  // namespace cpex
