// The result-column table read the other way: from a column to the RunResult member its
// stored cell goes back into (the FIELD of result_columns.def). Whatever moves a whole
// RunResult through text or bytes -- the store's resumed summaries, the MPI transport --
// visits its fields here, so a column added to the table travels without another list.
#pragma once

#include <string_view>
#include <type_traits>

#include "cpex/results/result_columns.hpp"
#include "cpex/results/run_result.hpp"

namespace cpex::inline runtime {

namespace detail {
// The FIELD `none`: a column with no member of its own.
struct NoField {};
template <class F, class Field>
void visit_field(F& f, std::string_view column, Field& field) {
  if constexpr (!std::is_same_v<std::remove_const_t<Field>, NoField>) f(column, field);
}
}  // namespace detail

// Calls f(column name, member) for every column whose FIELD is a member of `r`, in table
// order. `Result` is RunResult or const RunResult (or a class derived from it); each member
// is visited once.
template <class Result, class F>
void for_each_result_field(Result& r, F&& f) {
  [[maybe_unused]] detail::NoField none;
#define CPEX_RESULT_COLUMN(NAME, TYPE, PRESENT, SCOPE, SINCE, REPRO, SUMMARY, VALUE, FIELD) \
  detail::visit_field(f, columns::NAME, FIELD);
#define CPEX_RESULT_AXES()
#include "cpex/results/result_columns.def"
#undef CPEX_RESULT_COLUMN
#undef CPEX_RESULT_AXES
}

}  // namespace cpex::runtime
