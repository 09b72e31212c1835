// The result-column table's names and types as text (see cpex/results/result_columns.hpp).
#include "cpex/results/result_columns.hpp"

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

const char* to_string(runtime::ColumnType type) {
  switch (type) {
    case runtime::ColumnType::Integer: return "Integer";
    case runtime::ColumnType::Real: return "Real";
    case runtime::ColumnType::Boolean: return "Boolean";
    case runtime::ColumnType::Text: return "Text";
    case runtime::ColumnType::Label: return "Label";
    case runtime::ColumnType::Json: return "Json";
  }
  return "Text";
}

const char* to_string(runtime::ColumnPresence presence) {
  switch (presence) {
    case runtime::ColumnPresence::Key: return "Key";
    case runtime::ColumnPresence::Always: return "Always";
    case runtime::ColumnPresence::Answered: return "Answered";
    case runtime::ColumnPresence::Failed: return "Failed";
  }
  return "Always";
}

const char* to_string(runtime::ColumnRepro repro) {
  return repro == runtime::ColumnRepro::Measured ? "Measured" : "Deterministic";
}

const char* to_string(runtime::ColumnSummary summary) {
  return summary == runtime::ColumnSummary::Summarized ? "Summarized" : "Listed";
}

}  // namespace cpex
