// Reading an input file named by a user (a pipeline file, a CSV data or feature file, an
// edge list, ...) safely: only a regular file is read (a FIFO, a directory or a device is
// refused before it can block or stream forever), and never more than a size limit.
#pragma once

#include <cstdint>
#include <string>

#include "cpex/limits.hpp"

namespace cpex {

// The whole content of `path`. Throws ParameterError(key, message) when the file does
// not exist, is not a regular file (the message says what it is), cannot be read, or is
// larger than `limit` bytes. The message names the path (escaped and shortened) and, for
// the size, the limit; callers add the file/section of `key` (a plugin factory's
// ParameterError is prefixed by the framework), or rethrow as another error.
std::string read_regular_file(const std::string& path, const std::string& key,
                              std::uintmax_t limit = kMaxDataFileBytes);

// What a stat() mode is, for messages: "a directory", "a FIFO (named pipe)", "a character
// device", ... (also used for output files, which must be regular files too).
const char* describe_file_type(unsigned int mode);

}  // namespace cpex
