// `cpex study`: options, plugin loading, and the verbs new, ask, tell, status, log, serve
// and simulate over the study library (cpex/study/); every failure is one line on stderr.
#include "study_command.hpp"

#include <charconv>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/messages.hpp"
#include "cpex/runtime/option_errors.hpp"
#include "cpex/runtime/plugin_host.hpp"
#include "cpex/study/simulate.hpp"
#include "cpex/study/study.hpp"
#include "cpex/study/study_json.hpp"
#include "cpex/study/study_token.hpp"
#include "cpex/runtime/output_safety.hpp"
#include "cpex/runtime/signals.hpp"

namespace po = boost::program_options;

namespace cpex::host {

namespace {

const char* kStudyUsage =
    "usage: cpex study new STUDY.db --pipeline FILE [--token-file F]   create a study ([study] instead of [environment])\n"
    "       cpex study ask STUDY.db [--count N] [--json]       the next N pulls (ASK ARM per line)\n"
    "       cpex study ask STUDY.db --pending [--json]         the pulls handed out and not yet told\n"
    "       cpex study tell STUDY.db --arm A --reward X [--ask N] [--id ID] [--unasked]\n"
    "       cpex study tell STUDY.db --json [--unasked]        JSON lines on stdin:\n"
    "                                  {\"arm\": \"b\", \"reward\": 0.7, \"ask\": 17, \"id\": \"r-17\"}\n"
    "       cpex study tell STUDY.db --ask N --cancel          withdraw a pull that will never be told\n"
    "       cpex study tell STUDY.db --void SEQ [--reason R]   retract observation SEQ (its pull pending again)\n"
    "       cpex study status STUDY.db [--json]                per-arm data, recommendation, certificate\n"
    "       cpex study log STUDY.db [--after SEQ] [--limit N] [--json]   the log's events\n"
    "       cpex study serve STUDY.db --port P [--token-file F] [--no-auth] [--allow-origin O]...\n"
    "                                  [--allow-host H]... [--max-connections N] [--header-timeout S]\n"
    "                                  [--body-timeout S] [--idle-timeout S] [--quiet]\n"
    "                                  HTTP/JSON on 127.0.0.1: POST /ask, POST /tell, GET /status,\n"
    "                                  GET /pending, GET /log; Authorization: Bearer TOKEN\n"
    "       cpex study simulate STUDY.db --environment FILE [--batch N] [--delay D] [--json]\n"
    "                                  answer the study from an environment's draws: N pulls\n"
    "                                  asked per round, each told D pulls after its ask\n"
    "options:\n"
    "  --arm A             an arm's name (a super arm: a,b,c); --reward X (semi-bandit: x,y,z;\n"
    "                      multi-objective: x,y in the objectives' order, or conversion=x,latency=y)\n"
    "  --unasked           accept observations of pulls nobody asked for\n"
    "  --id ID             a client id: a tell repeated with it is taken once (safe retries)\n"
    "  --token-file F      the bearer token of serve (default STUDY.db.token, made when missing)\n"
    "  --plugin-path DIR   add a plugin directory or library (repeatable; also $CPEX_PLUGIN_PATH)\n"
    "Guide: docs/studies.md\n";

struct StudyOptions {
  std::string verb, path, pipeline, arm, reward, environment, id, reason;
  std::vector<std::string> plugin_paths, overrides;
  std::size_t count = 1, batch = 1, limit = 1000;
  std::uint64_t ask = 0, delay = 0;
  std::int64_t void_seq = 0, after = 0;
  bool json = false, pending = false, cancel = false, unasked = false;
  ServeOptions serve;
};

std::string one_line(const std::string& text) { return printable_message(text); }

// Which options each verb takes; the others are usage errors.
void check_applicable(const po::variables_map& map, const StudyOptions& o) {
  const std::vector<std::pair<const char*, std::vector<std::string>>> owners = {
      {"pipeline", {"new"}},          {"set", {"new"}},
      {"count", {"ask"}},             {"pending", {"ask"}},
      {"arm", {"tell"}},              {"reward", {"tell"}},
      {"ask", {"tell"}},              {"cancel", {"tell"}},
      {"unasked", {"tell"}},          {"id", {"tell"}},
      {"void", {"tell"}},             {"reason", {"tell"}},
      {"after", {"log"}},             {"limit", {"log"}},
      {"port", {"serve"}},            {"quiet", {"serve"}},
      {"no-auth", {"serve"}},         {"allow-origin", {"serve"}},
      {"allow-host", {"serve"}},      {"max-connections", {"serve"}},
      {"header-timeout", {"serve"}},  {"body-timeout", {"serve"}},
      {"idle-timeout", {"serve"}},    {"token-file", {"new", "serve"}},
      {"environment", {"simulate"}},  {"batch", {"simulate"}},
      {"delay", {"simulate"}},
      {"json", {"ask", "tell", "status", "log", "simulate"}}};
  for (const auto& [option, verbs] : owners) {
    if (!map.count(option) || map[option].defaulted()) continue;
    if ((std::string(option) == "json" && !o.json) || (std::string(option) == "no-auth" && !o.serve.no_auth) ||
        (std::string(option) == "quiet" && !o.serve.quiet))
      continue;
    if (std::find(verbs.begin(), verbs.end(), o.verb) != verbs.end()) continue;
    std::string list;
    for (const auto& v : verbs) list += (list.empty() ? "" : ", ") + v;
    throw po::error("--" + std::string(option) + " is for cpex study " + list + ", not " + o.verb);
  }
  if (o.verb == "new" && o.pipeline.empty()) throw po::error("study new needs --pipeline FILE");
  if (o.verb == "serve" && o.serve.port < 0) throw po::error("study serve needs --port P (0: any free port)");
  if (o.verb == "serve" && o.serve.no_auth && map.count("token-file"))
    throw po::error("study serve: --no-auth or --token-file, not both");
  if (o.verb == "simulate" && o.environment.empty()) throw po::error("study simulate needs --environment FILE");
  if (o.verb == "tell" && o.void_seq != 0 &&
      (o.json || o.cancel || o.ask || !o.arm.empty() || !o.reward.empty() || !o.id.empty() || o.unasked))
    throw po::error("study tell --void SEQ takes only --reason");
  if (o.verb == "tell" && !o.reason.empty() && o.void_seq == 0) throw po::error("study tell --reason goes with --void SEQ");
  if (o.verb == "tell" && o.void_seq != 0) return;
  if (o.verb == "tell" && !o.json && !o.cancel && (o.arm.empty() && o.ask == 0))
    throw po::error("study tell needs --arm A --reward X, --ask N --reward X, --ask N --cancel, --void SEQ, or --json");
  if (o.verb == "tell" && o.json && (!o.arm.empty() || !o.reward.empty() || o.ask || o.cancel || !o.id.empty()))
    throw po::error("study tell --json reads everything from stdin: no --arm, --reward, --ask, --cancel or --id");
  if (o.verb == "tell" && !o.json && !o.cancel && o.reward.empty())
    throw po::error("study tell needs --reward X");
  if (o.verb == "tell" && o.cancel && (o.ask == 0 || !o.reward.empty() || !o.arm.empty()))
    throw po::error("study tell --cancel needs --ask N, and no --reward or --arm");
  if (o.verb == "ask" && o.pending && map.count("count") && !map["count"].defaulted())
    throw po::error("study ask --pending lists every pending pull: no --count");
}

StudyOptions parse(int argc, char** argv) {
  StudyOptions o;
  po::options_description described;
  ServeOptions& serve = o.serve;
  described.add_options()("help,h", "")("pipeline", po::value(&o.pipeline), "")(
      "set", po::value(&o.overrides), "")("count", po::value(&o.count), "")(
      "pending", po::bool_switch(&o.pending), "")("arm", po::value(&o.arm), "")(
      "reward", po::value(&o.reward), "")("ask", po::value(&o.ask), "")(
      "cancel", po::bool_switch(&o.cancel), "")("unasked", po::bool_switch(&o.unasked), "")(
      "id", po::value(&o.id), "")("void", po::value(&o.void_seq), "")("reason", po::value(&o.reason), "")(
      "after", po::value(&o.after), "")("limit", po::value(&o.limit), "")(
      "port", po::value(&serve.port), "")("quiet", po::bool_switch(&serve.quiet), "")(
      "token-file", po::value(&serve.token_file), "")("no-auth", po::bool_switch(&serve.no_auth), "")(
      "allow-origin", po::value(&serve.allowed_origins), "")("allow-host", po::value(&serve.allowed_hosts), "")(
      "max-connections", po::value(&serve.max_connections), "")(
      "header-timeout", po::value(&serve.header_timeout), "")("body-timeout", po::value(&serve.body_timeout), "")(
      "idle-timeout", po::value(&serve.idle_timeout), "")(
      "environment", po::value(&o.environment), "")("batch", po::value(&o.batch), "")(
      "delay", po::value(&o.delay), "")(
      "json", po::bool_switch(&o.json), "")("plugin-path", po::value(&o.plugin_paths), "")(
      "args", po::value<std::vector<std::string>>(), "");
  po::variables_map map;
  po::store(po::command_line_parser(argc - 1, argv + 1)
                .options(described)
                .positional(po::positional_options_description().add("args", -1))
                .run(),
            map);
  po::notify(map);
  o.verb = map.count("help") ? "help" : "";
  if (!o.verb.empty()) return o;
  const auto args = map.count("args") ? map["args"].as<std::vector<std::string>>() : std::vector<std::string>{};
  static const std::vector<std::string> verbs = {"new", "ask", "tell", "status", "log", "serve", "simulate"};
  if (args.empty()) throw po::error("study: which verb? (new, ask, tell, status, log, serve, simulate)");
  o.verb = args.front();
  if (std::find(verbs.begin(), verbs.end(), o.verb) == verbs.end())
    throw po::error("study: unknown verb '" + o.verb + "' (new, ask, tell, status, log, serve, simulate)");
  if (args.size() != 2) throw po::error("study " + o.verb + " takes one STUDY file");
  o.path = args[1];
  if (o.count < 1) throw po::error("--count must be at least 1");
  if (o.batch < 1 || o.batch > 1'000'000) throw po::error("--batch must be in [1, 1000000]");
  if (o.delay > 1'000'000'000) throw po::error("--delay must be in [0, 1000000000]");
  if (o.limit < 1 || o.limit > 1'000'000) throw po::error("--limit must be in [1, 1000000]");
  if (map.count("void") && o.void_seq < 1) throw po::error("--void must be a positive event seq");
  if (o.after < 0) throw po::error("--after must be a seq (0 or more)");
  if (map.count("port") && (serve.port < 0 || serve.port > 65535)) throw po::error("--port must be in [0, 65535]");
  if (map.count("id")) {
    if (const std::string why = study::id_refusal(o.id); !why.empty()) throw po::error("--id: " + why);
  }
  if (serve.max_connections < 8 || serve.max_connections > 100'000)
    throw po::error("--max-connections must be in [8, 100000]");
  for (const auto& [name, value] : {std::pair{"header-timeout", serve.header_timeout},
                                    std::pair{"body-timeout", serve.body_timeout}, std::pair{"idle-timeout", serve.idle_timeout}})
    if (!(value > 0.0 && value <= 86400.0)) throw po::error(std::string("--") + name + " must be in (0, 86400] seconds");
  check_applicable(map, o);
  return o;
}

// "0.7"; for semi-bandit pulls "0.7,0.1" (one per member); for multi-objective ones
// "0.7,0.1" (the objectives' order) or "conversion=0.7,latency=0.1": every item a number,
// all named or none. Fills the input's reading (or named rewards).
void read_reward(const std::string& text, study::TellInput& input) {
  std::vector<double> values;
  std::vector<std::string> names;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    std::string name;
    if (const auto equals = item.find('='); equals != std::string::npos) {
      name = item.substr(0, equals);
      item = item.substr(equals + 1);
      const auto a = name.find_first_not_of(' '), b = name.find_last_not_of(' ');
      name = a == std::string::npos ? "" : name.substr(a, b - a + 1);
      if (name.empty()) throw Error("--reward '" + shorten(text) + "': an objective name is empty before '='");
    }
    if ((!names.empty() && name.empty()) || (names.empty() && !values.empty() && !name.empty()))
      throw Error("--reward '" + shorten(text) + "': name every objective (conversion=1,latency=0.2) or none");
    const auto first = item.find_first_not_of(' '), last = item.find_last_not_of(' ');
    const std::string trimmed = first == std::string::npos ? "" : item.substr(first, last - first + 1);
    double value = 0.0;
    const auto result = std::from_chars(trimmed.data(), trimmed.data() + trimmed.size(), value);
    if (trimmed.empty() || result.ec != std::errc() || result.ptr != trimmed.data() + trimmed.size())
      throw Error("--reward '" + shorten(text) + "': '" + shorten(trimmed) + "' is not a number");
    values.push_back(value);
    if (!name.empty()) names.push_back(name);
  }
  if (values.empty()) throw Error("--reward '" + shorten(text) + "' is not a number");
  if (!names.empty()) {
    for (std::size_t i = 0; i < names.size(); ++i) input.named_rewards.emplace_back(names[i], values[i]);
    return;
  }
  if (values.size() == 1) input.reading.reward = values.front();
  else input.reading.per_arm = std::move(values);
}

std::vector<std::string> arm_names(const std::string& text) {
  std::vector<std::string> names;
  std::stringstream in(text);
  for (std::string name; std::getline(in, name, ',');) {
    const auto first = name.find_first_not_of(' '), last = name.find_last_not_of(' ');
    names.push_back(first == std::string::npos ? "" : name.substr(first, last - first + 1));
  }
  return names;
}

std::string read_stdin(std::size_t limit) {
  std::string text;
  char buffer[1 << 16];
  while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(std::cin.gcount()));
    if (text.size() > limit)
      throw Error("study tell --json: more than " + std::to_string(limit >> 20) +
                  " MiB on stdin ([study] body-limit): tell it in smaller batches");
  }
  return text;
}

int ask_command(study::Study& s, const StudyOptions& o) {
  const std::vector<study::AskedPull> asked = o.pending ? s.pending() : s.ask(o.count);
  const study::Driver& driver = s.driver();
  if (o.json) {
    std::cout << study::asks_json(s, asked, driver, o.pending ? 0 : o.count).dump() << '\n';
    return 0;
  }
  std::string out;
  for (const auto& a : asked) out += std::to_string(a.ask) + ' ' + s.pull_text(a.pull) + '\n';
  std::cout << out << std::flush;
  if (!o.pending && asked.size() < o.count)
    std::cerr << "cpex: study: " << asked.size() << " of " << o.count << " pulls: " << s.shortfall() << '\n';
  return 0;
}

int tell_command(study::Study& s, const StudyOptions& o) {
  std::vector<study::TellInput> inputs;
  if (o.json) {
    try {
      inputs = study::parse_tells(read_stdin(s.limits().body_limit));
    } catch (const study::TellError& e) {
      throw Error(std::string("study tell: nothing taken: ") + e.what());
    }
  } else if (o.void_seq != 0) {
    study::TellInput input;
    input.void_seq = o.void_seq;
    input.note = o.reason;
    inputs.push_back(std::move(input));
  } else {
    study::TellInput input;
    input.ask = o.ask;
    input.cancel = o.cancel;
    input.id = o.id;
    if (!o.arm.empty()) input.arms = arm_names(o.arm);
    if (!o.cancel) read_reward(o.reward, input);
    inputs.push_back(std::move(input));
  }
  study::TellOutcome outcome;
  try {
    outcome = s.tell(inputs, o.unasked);
  } catch (const study::TellError& e) {
    throw Error(std::string("study tell: ") + (o.json ? "nothing taken: " : "") + e.what());
  }
  if (outcome.late > 0)
    throw Error("study tell: " + std::to_string(outcome.late) + " observation(s) came after the study ended (" +
                to_string(s.driver().phase()) + "): recorded as late, not used");
  if (o.json) std::cout << study::tell_json(outcome, s, s.driver()).dump() << '\n';
  else if (outcome.voided) std::cout << "voided event " << o.void_seq << " (logged as event " << outcome.seqs.front() << ")\n";
  else if (outcome.duplicates) std::cout << "taken before (id " << o.id << ", event " << outcome.seqs.front() << ")\n";
  return 0;
}

int log_command(study::Study& s, const StudyOptions& o) {
  const study::Study::LogPage page = s.log(o.after, o.limit);
  const nlohmann::ordered_json out = study::log_json(s, page);
  if (o.json) {
    std::cout << out.dump() << '\n';
    return 0;
  }
  std::string text;
  for (const auto& e : out["events"]) {
    text += std::to_string(e["seq"].get<std::int64_t>()) + ' ' + e["kind"].get<std::string>();
    if (e["ask"].get<std::uint64_t>() != 0) text += " ask " + std::to_string(e["ask"].get<std::uint64_t>());
    for (const char* key : {"arm", "arms", "reward", "rewards", "id", "target", "note"})
      if (e.contains(key)) text += std::string(" ") + key + " " + (e[key].is_string() ? e[key].get<std::string>() : e[key].dump());
    if (e.contains("late") && e["late"].get<bool>()) text += " late";
    if (e.contains("voided") && e["voided"].get<bool>()) text += " voided";
    text += '\n';
  }
  std::cout << text << std::flush;
  return 0;
}

int simulate_command(study::Study& s, const StudyOptions& o, const Registry& registry) {
  study::SimulateOptions options;
  options.batch = o.batch;
  options.delay = o.delay;
  const study::SimulateResult r = study::simulate(s, PipelineFile::read(o.environment), registry, options);
  if (o.json) {
    std::cout << study::simulate_json(r).dump() << '\n';
    return 0;
  }
  std::cout << "state: " << to_string(r.phase) << "; samples: " << r.samples << "; batches: " << r.batches
            << "; recommendation: "
            << r.recommendation_names << "; correct: " << (r.correct ? "yes" : "no")
            << "; optimal: " << (r.optimal ? "yes" : "no") << '\n';
  return 0;
}

int run_verb(const StudyOptions& o) {
  PluginHost host;
  const auto paths = plugin_search_path(o.plugin_paths);
  host.load(paths, paths.size() - 1);
  if (o.verb == "new") {
    check_outputs({{"pipeline file", o.pipeline}}, {{"study", o.path}});
    PipelineFile file = PipelineFile::read(o.pipeline);
    for (const auto& assignment : o.overrides) file.apply_override(assignment);
    study::Study::create(o.path, file, host.registry());
    study::Study s(o.path, host.registry());
    const std::string token_file = o.serve.token_file.empty() ? study::default_token_file(o.path) : o.serve.token_file;
    study::ensure_token(token_file);
    std::cout << "study " << o.path << ": " << s.arms().size() << " arms, algorithm "
              << s.pipeline().algorithm->name << ", batches: " << s.meta().at("policy") << "; token for serve: "
              << token_file << '\n';
    return 0;
  }
  study::Study s(o.path, host.registry());
  if (o.verb == "ask") return ask_command(s, o);
  if (o.verb == "tell") return tell_command(s, o);
  if (o.verb == "status") {
    const study::StudyStatus status = s.status();
    if (o.json) std::cout << study::status_json(status).dump() << '\n';
    else std::cout << study::status_text(status);
    return 0;
  }
  if (o.verb == "log") return log_command(s, o);
  if (o.verb == "serve") {
    serve_study(s, o.serve);
    return signals::exit_status(0);
  }
  return simulate_command(s, o, host.registry());
}

}  // namespace

int study_main(int argc, char** argv) {
  StudyOptions options;
  try {
    options = parse(argc, argv);
  } catch (const po::error& e) {
    std::cerr << "cpex: " << one_line(exception_text(e)) << " (see cpex study --help)\n";
    return 2;
  }
  if (options.verb == "help") {
    std::cout << kStudyUsage;
    return 0;
  }
  try {
    return run_verb(options);
  } catch (const std::bad_alloc&) {
    std::cerr << "cpex: error: out of memory in cpex study " << options.verb << '\n';
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "cpex: error: " << one_line(exception_text(e)) << '\n';
    return 1;
  }
}

}  // namespace cpex::host
