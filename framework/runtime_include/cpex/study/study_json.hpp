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
//  "pending": N, "samples": N}, and "note" (why fewer) when fewer than `requested` were
// handed out.
nlohmann::ordered_json asks_json(const Study& study, const std::vector<AskedPull>& asked, const Driver& driver,
                                 std::size_t requested = 0);
// {"accepted": N, "late": N, "cancelled": N, "voided": N, "duplicates": N, "seqs": [...],
//  "state": ..., "samples": N}
nlohmann::ordered_json tell_json(const TellOutcome& outcome, const Study& study, const Driver& driver);
nlohmann::ordered_json status_json(const StudyStatus& status);
// {"events": [{"seq", "kind", "ask", "arm"/"arms", "reward"/"rewards", "late", "id",
//  "voided", "target", "note", "at"}, ...], "last": seq of the last one listed}
nlohmann::ordered_json log_json(const Study& study, const Study::LogPage& page);
// {"state", "samples", "asks", "recommendation" (names, as status), "indices" (as `cpex
//  run` writes the recommendation), "correct", "optimal", "pulls" (per arm)}
nlohmann::ordered_json simulate_json(const SimulateResult& result);

}  // namespace cpex::runtime::study
