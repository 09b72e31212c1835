// Error text of Boost.Program_options exceptions (the runtime reads pipeline files and
// command lines with it), safe to print whatever the user typed.
#pragma once

#include <exception>
#include <string>

namespace cpex::inline runtime {

// The text of an exception, safe for Boost.Program_options errors: Boost 1.74 fills its
// message template by replacing "%name%" tokens until none is left, so a user's option or
// line that itself contains such a token ("%canonical_option%", "%invalid_line%", ...)
// made what() loop for ever. Here every '%' of the substituted values is written as
// "\x25" before the message is built; other exceptions give their what().
std::string exception_text(const std::exception& e);

}  // namespace cpex::runtime
