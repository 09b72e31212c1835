// The rows of cpex.run / cpex.sweep as typed columns for pandas, kept as the runs finish:
// a result sink that takes each cell from the result-column table (result_columns.def, the
// same expressions the CSV writer and the store use) into a typed buffer per column —
// integers, reals and booleans with a mask of empty cells, texts as codes into the
// column's distinct values — and hands them to Python as numpy arrays and one `str` per
// distinct text (python/cpex/results.py builds the DataFrame read_results would make of the
// same rows' CSV). No text is formatted or parsed per row.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <pybind11/pybind11.h>

#include "cpex/runtime/engine.hpp"
#include "cpex/results/result_columns.hpp"

namespace cpex::python {

class TypedRows : public ResultSink {
 public:
  // `keep`: keep the rows (else only count them, for the progress).
  explicit TypedRows(bool keep) : keep_(keep) {}
  // The sweep-axis columns (before the first run).
  void set_axes(const std::vector<std::string>& axis_keys);
  // Engine thread; needs no GIL.
  void write(const RunRecord& record, const Job& job) override;
  // {"__columns__": [names in order], "__rows__": n, NAME: (values, empty) numpy arrays for
  // the Integer, Real and Boolean columns, NAME: [str, ...] for the others}. GIL held.
  pybind11::dict columns() const;

  std::atomic<std::uint64_t> done{0};

 private:
  struct Column {
    std::string name;
    ColumnType type = ColumnType::Text;
    std::vector<std::int64_t> integers;
    std::vector<double> reals;
    std::vector<std::uint8_t> flags;  // booleans
    std::vector<std::uint8_t> empty;  // numeric and boolean columns: no value in this row
    std::vector<std::uint32_t> codes;  // text columns: index into `distinct`
    std::vector<std::string> distinct;
    std::unordered_map<std::string, std::uint32_t> index;
    const void* last_address = nullptr;  // a Point column's value, and its code
    std::uint32_t last_code = 0;

    void add_text(std::string_view text, const void* address);
  };
  void add(Column& column, const ResultCell& cell, bool has);

  bool keep_;
  std::vector<Column> columns_;
  std::uint64_t rows_ = 0;
};

}  // namespace cpex::python
