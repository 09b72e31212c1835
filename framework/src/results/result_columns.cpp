// The result-column table's names and types as text (see cpex/results/result_columns.hpp).
#include "cpex/results/result_columns.hpp"

#include "cpex/enum_names.hpp"

namespace cpex::inline runtime {

const char* sql_type(ColumnType type) {
  switch (type) {
    case ColumnType::Integer:
    case ColumnType::Boolean: return "INTEGER";
    case ColumnType::Real: return "REAL";
    default: return "TEXT";
  }
}


const ResultColumn* find_result_column(std::string_view name) {
  for (const ResultColumn& c : kResultColumns)
    if (c.name == name) return &c;
  return nullptr;
}

std::vector<std::string> result_column_names(const std::vector<std::string>& axis_keys) {
  std::vector<std::string> names;
  names.reserve(kResultColumnCount + axis_keys.size());
  for (std::size_t i = 0; i < kResultColumnCount; ++i) {
    if (i == kAxesAt) names.insert(names.end(), axis_keys.begin(), axis_keys.end());
    names.emplace_back(kResultColumns[i].name);
  }
  return names;
}

std::string columns_since(int schema) {
  std::string names;
  for (const ResultColumn& c : kResultColumns)
    if (c.since > schema) ((names += names.empty() ? "'" : ", '") += c.name) += "'";
  return names;
}

}  // namespace cpex::runtime

namespace cpex {

namespace {

using runtime::ColumnPresence, runtime::ColumnRepro, runtime::ColumnSummary, runtime::ColumnType;
constexpr EnumName<ColumnType> kTypeNames[] = {{ColumnType::Integer, "Integer"}, {ColumnType::Real, "Real"},
                                               {ColumnType::Boolean, "Boolean"}, {ColumnType::Text, "Text"},
                                               {ColumnType::Label, "Label"},     {ColumnType::Json, "Json"}};
constexpr EnumName<ColumnPresence> kPresenceNames[] = {{ColumnPresence::Key, "Key"},
                                                       {ColumnPresence::Always, "Always"},
                                                       {ColumnPresence::Answered, "Answered"},
                                                       {ColumnPresence::Failed, "Failed"}};
constexpr EnumName<ColumnRepro> kReproNames[] = {{ColumnRepro::Deterministic, "Deterministic"},
                                                 {ColumnRepro::Measured, "Measured"}};
constexpr EnumName<ColumnSummary> kSummaryNames[] = {{ColumnSummary::Summarized, "Summarized"},
                                                     {ColumnSummary::Listed, "Listed"}};

}  // namespace

const char* to_string(runtime::ColumnType type) { return name_of(kTypeNames, type); }
const char* to_string(runtime::ColumnPresence presence) { return name_of(kPresenceNames, presence); }
const char* to_string(runtime::ColumnRepro repro) { return name_of(kReproNames, repro); }
const char* to_string(runtime::ColumnSummary summary) { return name_of(kSummaryNames, summary); }

}  // namespace cpex
