// The JSON a study speaks (keys in the order written here), shared by `cpex study ... --json`, the HTTP server and Python:
// tells read from JSON lines (or an array), and the answers of ask, tell and status. The
// shapes are documented in docs/studies.md ("JSON").
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cpex/study/simulate.hpp"
#include "cpex/study/study.hpp"

namespace cpex::study {

// Observations from text: JSON lines ({"arm": "b", "reward": 0.7, "ask": 17} per line),
// one JSON array of such objects, or one object. Keys: ask, arm or arms, reward or
// rewards (semi-bandit: one per member), cancel. TellError naming the line (or element)
// for malformed input; nothing is taken then.
std::vector<TellInput> parse_tells(const std::string& text);
// The same for one object (`where` names it in messages: "line 3").
TellInput parse_tell(const nlohmann::json& object, const std::string& where);

// {"asks": [{"ask": 17, "arm": "b"} or {"ask": 17, "arms": ["a", "c"]}, ...], "state": ...,
//  "pending": N, "samples": N}
nlohmann::ordered_json asks_json(const Study& study, const std::vector<AskedPull>& asked, const Driver& driver);
// {"accepted": N, "late": N, "cancelled": N, "state": ..., "samples": N}
nlohmann::ordered_json tell_json(const TellOutcome& outcome, const Driver& driver);
nlohmann::ordered_json status_json(const StudyStatus& status);
// {"state", "samples", "asks", "recommendation" (indices as `cpex run`), "arms" (names),
//  "correct", "optimal", "pulls" (per arm)}
nlohmann::ordered_json simulate_json(const SimulateResult& result);

}  // namespace cpex::study
