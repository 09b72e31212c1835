// Making user-supplied text safe to show in a one-line error message: control bytes and
// bytes that are not valid UTF-8 are escaped (\xNN), long values are cut.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cpex {

// `text` with every control byte (< 0x20, 0x7f) and every byte outside a well-formed
// UTF-8 sequence written as \xNN; valid UTF-8 is kept as is.
std::string escape_bytes(std::string_view text);

// escape_bytes(text), cut to at most `max_chars` bytes (never inside a UTF-8 sequence)
// with "...(N bytes)" appended when cut. For echoing a value in a message.
std::string shorten(std::string_view text, std::size_t max_chars = 80);

// A whole error message made printable on one line: newlines become spaces, other
// control and invalid bytes are escaped, and the result is at most `max_chars` long.
std::string printable_message(std::string_view text, std::size_t max_chars = 2000);

}  // namespace cpex
