// Reading tells from JSON (tell_input.hpp).
#include "cpex/study/tell_input.hpp"

#include <sstream>

#include "cpex/messages.hpp"

namespace cpex::inline runtime::study {

using nlohmann::json;

namespace {

const char* const kKeys = "ask, arm, arms, reward, rewards, cancel";

std::string name_of(const json& value, const std::string& where, const char* key) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_integer()) return value.dump();  // arms = N: arm 3 written as 3
  throw Error(where + ": '" + key + "' must be an arm name (a string), got " + shorten(value.dump()));
}

double number_of(const json& value, const std::string& where, const char* key) {
  if (!value.is_number())
    throw Error(where + ": '" + key + "' must be a number, got " + shorten(value.dump()));
  return value.get<double>();
}

// A JSON value or an error naming where.
json parsed(const std::string& text, const std::string& where) {
  json value = json::parse(text, nullptr, false);
  if (value.is_discarded()) throw Error(where + ": not JSON ('" + shorten(text) + "')");
  return value;
}

}  // namespace

TellInput parse_tell(const json& object, const std::string& where) {
  if (!object.is_object())
    throw Error(where + ": expected an object such as {\"arm\": \"b\", \"reward\": 0.7}, got " + shorten(object.dump()));
  TellInput input;
  bool has_reward = false;
  for (const auto& [key, value] : object.items()) {
    if (key == "ask") {
      if (!value.is_number_unsigned() || value.get<std::uint64_t>() == 0)
        throw Error(where + ": 'ask' must be a positive integer (the number ask gave), got " + shorten(value.dump()));
      input.ask = value.get<std::uint64_t>();
    } else if (key == "arm") {
      input.arms = {name_of(value, where, "arm")};
    } else if (key == "arms") {
      if (!value.is_array() || value.empty())
        throw Error(where + ": 'arms' must be a non-empty list of arm names, got " + shorten(value.dump()));
      for (const auto& item : value) input.arms.push_back(name_of(item, where, "arms"));
    } else if (key == "reward") {
      input.reading.reward = number_of(value, where, "reward");
      has_reward = true;
    } else if (key == "rewards") {
      if (!value.is_array() || value.empty())
        throw Error(where + ": 'rewards' must be a non-empty list of numbers, got " + shorten(value.dump()));
      for (const auto& item : value) input.reading.per_arm.push_back(number_of(item, where, "rewards"));
      has_reward = true;
    } else if (key == "cancel") {
      if (!value.is_boolean()) throw Error(where + ": 'cancel' must be true or false");
      input.cancel = value.get<bool>();
    } else {
      throw Error(where + ": unknown key '" + shorten(key) + "' (known: " + kKeys + ")");
    }
  }
  if (input.cancel) {
    if (input.ask == 0) throw Error(where + ": a cancel needs the 'ask' it withdraws");
    if (has_reward) throw Error(where + ": a cancel takes no reward");
    return input;
  }
  if (!has_reward) throw Error(where + ": no 'reward' (or 'rewards')");
  if (object.contains("reward") && object.contains("rewards"))
    throw Error(where + ": give 'reward' or 'rewards', not both");
  if (input.ask == 0 && input.arms.empty()) throw Error(where + ": needs 'arm' (or 'arms') or 'ask'");
  return input;
}

std::vector<TellInput> parse_tells(const std::string& text) {
  std::vector<TellInput> inputs;
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] == '[') {
    const json array = parsed(text, "the body");
    for (std::size_t i = 0; i < array.size(); ++i) {
      try {
        inputs.push_back(parse_tell(array[i], "element " + std::to_string(i + 1)));
        inputs.back().where = "element " + std::to_string(i + 1);
      } catch (const TellError&) {
        throw;
      } catch (const Error& e) {
        throw TellError(i, e.what());
      }
    }
    return inputs;
  }
  if (first != std::string::npos && text[first] == '{') {  // one object, maybe over several lines
    const json whole = json::parse(text, nullptr, false);
    if (!whole.is_discarded() && whole.is_object()) {
      try {
        inputs.push_back(parse_tell(whole, "the object"));
      } catch (const Error& e) {
        throw TellError(0, e.what());
      }
      inputs.back().where = "the object";
      return inputs;
    }
  }
  std::istringstream in(text);
  std::size_t number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      const std::string where = "line " + std::to_string(number);
      inputs.push_back(parse_tell(parsed(line, where), where));
      inputs.back().where = where;
    } catch (const Error& e) {
      throw TellError(inputs.size(), e.what());
    }
  }
  return inputs;
}

}  // namespace cpex::runtime::study
