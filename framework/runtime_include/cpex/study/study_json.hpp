// The JSON a study answers with (keys in the order written here), shared by `cpex study
// ... --json`, the HTTP server and Python: the answers of ask, tell, status and simulate
// (reading tells: tell_input.hpp). The shapes: docs/studies.md ("Command line", "HTTP").
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cpex/study/simulate.hpp"
#include "cpex/study/study.hpp"
#include "cpex/study/tell_input.hpp"

namespace cpex::inline runtime::study {

// {"asks": [{"ask": 17, "arm": "b"} or {"ask": 17, "arms": ["a", "c"]}, ...], "state": ...,
//  "pending": N, "samples": N}
nlohmann::ordered_json asks_json(const Study& study, const std::vector<AskedPull>& asked, const Driver& driver);
// {"accepted": N, "late": N, "cancelled": N, "state": ..., "samples": N}
nlohmann::ordered_json tell_json(const TellOutcome& outcome, const Driver& driver);
nlohmann::ordered_json status_json(const StudyStatus& status);
// {"state", "samples", "asks", "recommendation" (indices as `cpex run`), "arms" (names),
//  "correct", "optimal", "pulls" (per arm)}
nlohmann::ordered_json simulate_json(const SimulateResult& result);

}  // namespace cpex::runtime::study
