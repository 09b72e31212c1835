// Reading tells from JSON (tell_input.hpp).
#include "cpex/study/tell_input.hpp"

#include <algorithm>
#include <cstdint>
#include <sstream>

#include "cpex/messages.hpp"

namespace cpex::inline runtime::study {

using nlohmann::json;

namespace {

const char* const kKeys = "ask, arm, arms, reward, rewards, cancel, id, void, reason";

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

// Finds a key given twice in one object (JSON allows it, and the parsed value would keep
// the last silently): a SAX pass beside the parse (nlohmann's callback parser is quadratic
// in the length of an array).
class DuplicateKeys final : public nlohmann::json_sax<json> {
 public:
  std::string duplicate;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override {
    keys_.emplace_back();
    return true;
  }
  bool key(string_t& key) override {
    auto& seen = keys_.back();
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
      duplicate = key;
      return false;  // found: stop
    }
    if (seen.size() < 64) seen.push_back(key);
    return true;
  }
  bool end_object() override {
    keys_.pop_back();
    return true;
  }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  std::vector<std::vector<std::string>> keys_;
};

// Whether `text` may give a key of `value` twice: each key of an object (a line) is looked
// for in the text, cheaply; anything else (an array, a text with escapes) is checked by the
// SAX pass.
bool may_repeat_a_key(const std::string& text, const json& value) {
  if (!value.is_object() || text.find('\\') != std::string::npos) return true;  // escapes: checked exactly
  for (const auto& item : value.items()) {
    const std::string quoted = "\"" + item.key() + "\"";
    const std::size_t first = text.find(quoted);
    if (first != std::string::npos && text.find(quoted, first + quoted.size()) != std::string::npos) return true;
  }
  return false;
}

// `text` as JSON, or discarded; `duplicate` names a key given twice in one object.
json parse_checking_keys(const std::string& text, std::string& duplicate) {
  json value = json::parse(text, nullptr, false);
  if (value.is_discarded() || !may_repeat_a_key(text, value)) return value;
  DuplicateKeys check;
  json::sax_parse(text, &check);
  duplicate = check.duplicate;
  return value;
}

// A JSON value or an error naming where.
json parsed(const std::string& text, const std::string& where) {
  std::string duplicate;
  json value = parse_checking_keys(text, duplicate);
  if (value.is_discarded()) throw Error(where + ": not JSON ('" + shorten(text) + "')");
  if (!duplicate.empty()) throw Error(where + ": the key '" + shorten(duplicate) + "' is given twice");
  return value;
}

}  // namespace

std::string id_refusal(const std::string& id) {
  if (id.empty() || id.size() > 200) return "an id has 1 to 200 characters";
  for (const char c : id)
    if (c < 0x21 || c > 0x7e) return "an id is printable ASCII without spaces";
  return "";
}

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
      if (value.is_object() && !value.empty()) {  // multi-objective, by objective name
        for (const auto& [objective, reward] : value.items())
          input.named_rewards.emplace_back(objective, number_of(reward, where, "rewards"));
      } else if (value.is_array() && !value.empty()) {
        for (const auto& item : value) input.reading.per_arm.push_back(number_of(item, where, "rewards"));
      } else {
        throw Error(where + ": 'rewards' must be a non-empty list of numbers (or an object of numbers by "
                    "objective name), got " + shorten(value.dump()));
      }
      has_reward = true;
    } else if (key == "cancel") {
      if (!value.is_boolean()) throw Error(where + ": 'cancel' must be true or false");
      input.cancel = value.get<bool>();
    } else if (key == "id") {
      if (!value.is_string() || !id_refusal(value.get<std::string>()).empty())
        throw Error(where + ": 'id' must be a string of 1 to 200 printable characters without spaces, got " +
                    shorten(value.dump()));
      input.id = value.get<std::string>();
    } else if (key == "void") {
      if (!value.is_number_unsigned() || value.get<std::uint64_t>() == 0 ||
          value.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
        throw Error(where + ": 'void' must be the positive seq of a logged observation, got " + shorten(value.dump()));
      input.void_seq = static_cast<std::int64_t>(value.get<std::uint64_t>());
    } else if (key == "reason") {
      if (!value.is_string()) throw Error(where + ": 'reason' must be a string");
      input.note = printable_message(value.get<std::string>(), 200);
    } else {
      throw Error(where + ": unknown key '" + shorten(key) + "' (known: " + kKeys + ")");
    }
  }
  if (input.void_seq != 0) {
    if (object.size() != (object.contains("reason") ? 2u : 1u))
      throw Error(where + ": a void takes only the seq of the observation it retracts (and a 'reason')");
    return input;
  }
  if (object.contains("reason")) throw Error(where + ": 'reason' goes with a void");
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
    std::string duplicate;
    const json whole = parse_checking_keys(text, duplicate);
    if (!whole.is_discarded() && whole.is_object()) {
      if (!duplicate.empty()) throw TellError(0, "the object: the key '" + shorten(duplicate) + "' is given twice");
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
