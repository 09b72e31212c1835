// Quoting the dotted column names of a --where filter (see where_columns.hpp).
#include "where_columns.hpp"

#include <algorithm>

namespace cpex::inline runtime {

namespace {

bool word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

bool needs_quotes(const std::string& name) {
  return !name.empty() && !std::all_of(name.begin(), name.end(), word_char);
}

// The end of the quoted or commented text starting at `i`, or `i` when none starts there.
std::size_t skip_quoted(const std::string& text, std::size_t i) {
  const char c = text[i];
  if (c == '\'' || c == '"' || c == '`' || c == '[') {
    const char close = c == '[' ? ']' : c;
    std::size_t j = i + 1;
    while (j < text.size()) {
      if (text[j] == close) {
        if (close != ']' && j + 1 < text.size() && text[j + 1] == close) {  // '' or "" inside
          j += 2;
          continue;
        }
        return j + 1;
      }
      ++j;
    }
    return text.size();
  }
  if (text.compare(i, 2, "--") == 0) {
    const auto end = text.find('\n', i);
    return end == std::string::npos ? text.size() : end;
  }
  if (text.compare(i, 2, "/*") == 0) {
    const auto end = text.find("*/", i + 2);
    return end == std::string::npos ? text.size() : end + 2;
  }
  return i;
}

}  // namespace

std::string quote_column_names(const std::string& expression, const std::vector<std::string>& columns) {
  std::vector<std::string> names;
  for (const auto& c : columns)
    if (needs_quotes(c)) names.push_back(c);
  std::sort(names.begin(), names.end(),
            [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  std::string out;
  std::size_t i = 0;
  while (i < expression.size()) {
    const std::size_t skipped = skip_quoted(expression, i);
    if (skipped != i) {
      out.append(expression, i, skipped - i);
      i = skipped;
      continue;
    }
    const bool starts_name = i == 0 || (!word_char(expression[i - 1]) && expression[i - 1] != '.');
    const std::string* found = nullptr;
    if (starts_name)
      for (const auto& name : names)
        if (expression.compare(i, name.size(), name) == 0 &&
            (i + name.size() == expression.size() || !word_char(expression[i + name.size()]))) {
          found = &name;
          break;
        }
    if (found) {
      out += '"';
      for (const char c : *found) out += c == '"' ? std::string("\"\"") : std::string(1, c);
      out += '"';
      i += found->size();
    } else {
      out += expression[i++];
    }
  }
  return out;
}

}  // namespace cpex::runtime
