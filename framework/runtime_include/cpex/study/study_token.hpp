// The bearer token of a study's HTTP service: a random secret kept in a file beside the
// study (STUDY.db.token unless --token-file names another), readable by its owner only.
// `cpex study new` and `cpex study serve` create it when it is missing; clients send it as
// "Authorization: Bearer TOKEN". docs/studies.md, "Threat model".
#pragma once

#include <string>

namespace cpex::inline runtime::study {

// The token file of the study at `study_path` when none is named: STUDY.db.token.
std::string default_token_file(const std::string& study_path);

// The token in `path`, creating the file (mode 0600, 32 random bytes as 64 hex digits)
// when it does not exist. Error naming the file if it cannot be read or made, holds no
// token, or may be read by others than its owner.
std::string ensure_token(const std::string& path);

}  // namespace cpex::runtime::study
