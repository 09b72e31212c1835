// Fast text formatting for result rows: shortest round-trip numbers (std::to_chars, no
// stream objects), JSON strings, and the `resolved` column as a JSON object.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cpex/params.hpp"

namespace cpex::inline runtime {

// Appends the shortest decimal text that reads back as exactly `x` ("inf", "-inf", "nan"
// for non-finite values).
void append_number(std::string& out, double x);
void append_number(std::string& out, std::int64_t x);
void append_number(std::string& out, std::uint64_t x);

// Appends `text` as a JSON string literal (quotes, escapes, control bytes as \u00XX).
void append_json_string(std::string& out, std::string_view text);

// {"name": value, ...}: reals and integers as JSON numbers (non-finite reals as strings),
// text as strings, lists as arrays.
std::string resolved_json(const std::vector<std::pair<std::string, ParamValue>>& values);

}  // namespace cpex::runtime
