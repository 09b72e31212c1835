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

const char* to_string(ColumnType type) {
  switch (type) {
    case ColumnType::Integer: return "Integer";
    case ColumnType::Real: return "Real";
    case ColumnType::Boolean: return "Boolean";
    case ColumnType::Text: return "Text";
    case ColumnType::Label: return "Label";
    case ColumnType::Json: return "Json";
  }
  return "Text";
}

const char* to_string(ColumnPresence presence) {
  switch (presence) {
    case ColumnPresence::Key: return "Key";
    case ColumnPresence::Always: return "Always";
    case ColumnPresence::Answered: return "Answered";
    case ColumnPresence::Failed: return "Failed";
  }
  return "Always";
}

const char* to_string(ColumnRepro repro) {
  return repro == ColumnRepro::Measured ? "Measured" : "Deterministic";
}

const char* to_string(ColumnSummary summary) {
  return summary == ColumnSummary::Summarized ? "Summarized" : "Listed";
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
