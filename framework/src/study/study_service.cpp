// The study's HTTP/JSON service (study_service.hpp): routes and their methods, the checks
// made on a request's head before its body is read, and the worker that runs queued
// requests in one transaction.
#include "cpex/study/study_service.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"
#include "cpex/runtime/option_errors.hpp"
#include "cpex/study/study.hpp"
#include "cpex/study/study_json.hpp"

namespace cpex::inline runtime::study {

namespace {

using Out = nlohmann::ordered_json;
using http::Request;
using http::Response;
using http::error_response;

constexpr std::size_t kLogLimit = 10'000;  // events one GET /log lists at most

Response json_response(int status, const Out& body) {
  Response response;
  response.status = status;
  response.body = body.dump() + "\n";
  return response;
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// The host name of a Host header ("127.0.0.1:8080" -> "127.0.0.1", "[::1]:80" -> "[::1]").
std::string host_name(const std::string& host) {
  if (!host.empty() && host.front() == '[') return lower(host.substr(0, host.find(']') + 1));
  return lower(host.substr(0, host.find(':')));
}

// Compares without leaking where the first difference is.
bool same_secret(const std::string& given, const std::string& token) {
  if (token.empty()) return false;
  unsigned char diff = given.size() == token.size() ? 0 : 1;
  for (std::size_t i = 0; i < token.size(); ++i)
    diff |= static_cast<unsigned char>((i < given.size() ? given[i] : '\0') ^ token[i]);
  return diff == 0;
}

std::size_t parse_count(const std::string& text, std::size_t limit) {
  std::size_t value = 0;
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || result.ec != std::errc() || result.ptr != text.data() + text.size() || value < 1 || value > limit)
    throw Refusal("count = '" + shorten(text) + "': an ask requests 1 to " + std::to_string(limit) +
                  " pulls ([study] ask-limit)");
  return value;
}

bool flag_of(const Request& request, const char* name) {
  const auto it = request.query.find(name);
  if (it == request.query.end()) return false;
  const std::string& value = it->second;
  if (value == "1" || value == "true" || value == "yes" || value.empty()) return true;
  if (value == "0" || value == "false" || value == "no") return false;
  throw Refusal(std::string(name) + " = '" + shorten(value) + "': expected 1 or 0");
}

// The paths and their methods.
struct Route {
  const char* path;
  const char* method;
};
constexpr Route kRoutes[] = {{"/ask", "POST"}, {"/tell", "POST"}, {"/status", "GET"}, {"/pending", "GET"}, {"/log", "GET"}};
const char* const kPaths = "POST /ask, POST /tell, GET /status, GET /pending, GET /log";

const Route* route_of(const std::string& path) {
  for (const Route& route : kRoutes)
    if (path == route.path) return &route;
  return nullptr;
}

}  // namespace

struct StudyService::Impl {
  // One request for the worker.
  struct Job {
    enum class Kind { Ask, Tell, Status, Pending, Log } kind = Kind::Status;
    std::size_t count = 1;
    bool unasked = false;
    std::string body;
    std::int64_t after = 0;
    std::size_t limit = kLogLimit;
    std::function<void(Response)> reply;
    std::uint64_t connection = 0;  // whose request it is
    bool writes() const { return kind == Kind::Ask || kind == Kind::Tell; }
  };

  Study& study;
  ServiceOptions options;
  std::unique_ptr<http::Server> server;
  std::mutex mutex;
  std::condition_variable wake;
  std::deque<Job> queue;
  bool stopping = false;
  std::atomic<std::size_t> groups{0}, grouped{0};

  Impl(Study& s, const ServiceOptions& o) : study(s), options(o) {}

  bool origin_allowed(const std::string& origin) const {
    return std::find(options.allowed_origins.begin(), options.allowed_origins.end(), origin) != options.allowed_origins.end();
  }

  // The checks made on a request's head, before its body is read.
  std::optional<Response> check(const Request& request) {
    if (const std::string* host = request.header("host")) {
      const std::string name = host_name(*host);
      if (name != "127.0.0.1" && name != "localhost" && name != "[::1]" &&
          std::find(options.allowed_hosts.begin(), options.allowed_hosts.end(), name) == options.allowed_hosts.end())
        return error_response(403, "Host '" + shorten(*host) + "' is not this server's name (a page resolving its own "
                                   "name to 127.0.0.1?); serve --allow-host NAME names a proxy's");
    }
    const std::string* origin = request.header("origin");
    if (origin && !origin_allowed(*origin))
      return error_response(403, "a request from the web page of origin '" + shorten(*origin) +
                                     "' is refused (serve --allow-origin ORIGIN allows one)");
    if (request.method == "OPTIONS") return std::nullopt;  // a browser's preflight: answered without a token
    if (!options.no_auth) {
      const std::string* authorization = request.header("authorization");
      const std::string given = authorization ? trimmed(*authorization) : "";
      const bool bearer = given.size() > 7 && lower(given.substr(0, 7)) == "bearer ";
      if (!bearer || !same_secret(trimmed(given.substr(7)), options.token)) {
        Response refusal = error_response(
            401, authorization ? "the bearer token is not this study's (see the study's token file)"
                               : "a token is required: Authorization: Bearer TOKEN (the study's token file)");
        refusal.headers.emplace_back("WWW-Authenticate", "Bearer");
        return refusal;
      }
    }
    const Route* route = route_of(request.path);
    if (!route) return error_response(404, "no such path: " + shorten(request.path) + " (" + kPaths + ")");
    if (request.method != route->method) {
      Response refusal = error_response(405, std::string(request.path) + " answers " + route->method + ", not " +
                                                 shorten(request.method) +
                                                 (std::string(route->method) == "POST" ? " (it changes the study)" : ""));
      refusal.headers.emplace_back("Allow", route->method);
      return refusal;
    }
    if (request.method == "POST") {
      const std::string* type = request.header("content-type");
      const std::string media = type ? lower(trimmed(type->substr(0, type->find(';')))) : "";
      if (media != "application/json" && media != "application/x-ndjson")
        return error_response(415, "a POST body is application/json (or application/x-ndjson), not '" +
                                       shorten(type ? *type : std::string("none")) + "'");
    }
    return std::nullopt;
  }

  // A whole request: answered at once (a preflight, a bad query) or queued for the worker.
  void handle(Request& request, http::Reply reply) {
    // an answer to an allowed origin carries the CORS headers
    const std::string* origin_header = request.header("origin");
    const std::string origin = origin_header && origin_allowed(*origin_header) ? *origin_header : "";
    auto answer = [origin, reply](Response response) {
      if (!origin.empty()) {
        response.headers.emplace_back("Access-Control-Allow-Origin", origin);
        response.headers.emplace_back("Vary", "Origin");
      }
      reply.send(std::move(response));
    };
    if (request.method == "OPTIONS") {
      Response preflight;
      preflight.status = 204;
      preflight.headers = {{"Access-Control-Allow-Methods", "GET, POST"},
                           {"Access-Control-Allow-Headers", "Authorization, Content-Type"},
                           {"Access-Control-Max-Age", "600"}};
      answer(std::move(preflight));
      return;
    }
    Job job;
    try {
      if (request.path == "/ask") {
        job.kind = Job::Kind::Ask;
        job.count = ask_count(request);
      } else if (request.path == "/tell") {
        job.kind = Job::Kind::Tell;
        job.unasked = flag_of(request, "unasked");
        job.body = std::move(request.body);
      } else if (request.path == "/status") {
        job.kind = Job::Kind::Status;
      } else if (request.path == "/pending") {
        job.kind = Job::Kind::Pending;
      } else {
        job.kind = Job::Kind::Log;
        if (const auto it = request.query.find("after"); it != request.query.end()) job.after = log_number(it->second, "after");
        if (const auto it = request.query.find("limit"); it != request.query.end())
          job.limit = std::min<std::size_t>(static_cast<std::size_t>(log_number(it->second, "limit")), kLogLimit);
      }
      for (const auto& [name, value] : request.query)
        if (name != "count" && name != "unasked" && name != "after" && name != "limit")
          throw Refusal("unknown query parameter '" + shorten(name) + "'");
    } catch (const Error& e) {
      answer(error_response(400, e.what()));
      return;
    }
    job.reply = std::move(answer);
    job.connection = reply.connection();
    {
      std::lock_guard lock(mutex);
      queue.push_back(std::move(job));
    }
    wake.notify_one();
  }

  std::size_t ask_count(const Request& request) const {
    const std::size_t limit = study.limits().ask_limit;
    const auto query = request.query.find("count");
    const std::string body = trimmed(request.body);
    if (body.empty() || body == "{}") return query == request.query.end() ? 1 : parse_count(query->second, limit);
    const auto object = nlohmann::json::parse(body, nullptr, false);
    if (object.is_discarded() || !object.is_object())
      throw Refusal("the body of POST /ask is a JSON object such as {\"count\": 10}");
    for (const auto& [key, value] : object.items())
      if (key != "count") throw Refusal("unknown key '" + shorten(key) + "' in POST /ask (known: count)");
    if (query != request.query.end()) throw Refusal("count is given twice (in the query and the body)");
    const auto& count = object.at("count");
    if (!count.is_number_unsigned()) throw Refusal("count must be a positive integer, got " + shorten(count.dump()));
    return parse_count(std::to_string(count.get<std::uint64_t>()), limit);
  }

  static std::int64_t log_number(const std::string& text, const char* name) {
    std::int64_t value = 0;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || result.ec != std::errc() || result.ptr != text.data() + text.size() || value < 0)
      throw Refusal(std::string(name) + " = '" + shorten(text) + "': expected a non-negative integer");
    return value;
  }

  // One job inside the group's transaction: its answer, or a Refusal (nothing changed).
  Response run(Job& job) {
    switch (job.kind) {
      case Job::Kind::Ask: {
        const auto asked = study.ask_locked(job.count);
        return json_response(200, asks_json(study, asked, study.driver(), job.count));
      }
      case Job::Kind::Tell: {
        const TellOutcome outcome = study.tell_locked(parse_tells(job.body), job.unasked);
        Out body = tell_json(outcome, study, study.driver());
        if (outcome.late == 0) return json_response(200, body);
        body["error"] = std::to_string(outcome.late) +
                        " observation(s) came after the study ended: recorded as late, not used";
        body["recorded"] = true;
        return json_response(409, body);
      }
      case Job::Kind::Status: {
        Out body = status_json(study.status_locked());
        const http::Server::Counters& c = server->counters();
        body["service"] = {{"connections", c.accepted.load()}, {"requests", c.requests.load()},
                           {"groups", groups.load()},          {"grouped", grouped.load()},
                           {"timed_out", c.timed_out.load()},  {"evicted", c.evicted.load()},
                           {"refused_full", c.refused_full.load()}};
        return json_response(200, body);
      }
      case Job::Kind::Pending: return json_response(200, asks_json(study, study.pending_locked(), study.driver()));
      case Job::Kind::Log: return json_response(200, log_json(study, study.log_locked(job.after, job.limit)));
    }
    return error_response(500, "unknown request");
  }

  // The requests queued meanwhile, in one transaction (a read one if none writes); every
  // answer is sent after its commit.
  void run_group(std::vector<Job>& group) {
    std::vector<Response> responses(group.size());
    const bool writes = std::any_of(group.begin(), group.end(), [](const Job& j) { return j.writes(); });
    auto body = [&] {
      for (std::size_t i = 0; i < group.size(); ++i) {
        try {
          responses[i] = run(group[i]);
        } catch (const TellError& e) {
          responses[i] = error_response(400, std::string("nothing taken: ") + e.what());
        } catch (const Refusal& e) {
          responses[i] = error_response(400, e.what());
        }
      }
    };
    try {
      if (writes) study.transaction(body);
      else study.read(body);
    } catch (const std::exception& e) {
      // a plugin failed or the file could not be written: nothing of the group was committed
      for (Response& r : responses) r = error_response(500, exception_text(e));
    }
    ++groups;
    grouped += group.size();
    for (std::size_t i = 0; i < group.size(); ++i) group[i].reply(std::move(responses[i]));
  }

  // The worker: takes every request queued, runs them as one group, answers them after its
  // commit. Group commit: while a group commits, the clients answered by the last one send
  // their next requests; the worker waits for those not yet back a little (at most half the
  // last group's time, 1 ms at most) so that they join the next group instead of making a
  // group of their own — with N clients, one commit for N tells, not for N/2. A client
  // whose next request is already queued is not waited for (one client alone never waits).
  void work() {
    std::vector<Job> group;
    std::vector<std::uint64_t> answered;  // the connections of the last group
    double last_seconds = 0.0;            // how long it took
    auto not_back = [&] {
      std::unordered_set<std::uint64_t> queued;
      for (const Job& job : queue) queued.insert(job.connection);
      return static_cast<std::size_t>(std::count_if(answered.begin(), answered.end(),
                                                    [&](std::uint64_t c) { return !queued.count(c); }));
    };
    while (true) {
      {
        std::unique_lock lock(mutex);
        wake.wait_for(lock, std::chrono::seconds(1), [&] { return !queue.empty() || stopping; });
        if (stopping) return;
        if (!queue.empty() && not_back() > 0) {
          const auto linger = std::chrono::duration<double>(std::min(0.5 * last_seconds, 0.001));
          wake.wait_for(lock, linger, [&] { return not_back() == 0 || stopping; });
        }
        group.assign(std::make_move_iterator(queue.begin()), std::make_move_iterator(queue.end()));
        queue.clear();
      }
      if (!group.empty()) {
        const auto start = std::chrono::steady_clock::now();
        answered.clear();
        for (const Job& job : group) answered.push_back(job.connection);
        run_group(group);
        last_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        group.clear();
        continue;
      }
      answered.clear();
      try {  // the pending-timeout, between requests
        const double now =
            std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
        if (now >= study.next_expiry()) study.expire();
      } catch (const std::exception&) {
        // the next request reports what is wrong with the study
      }
    }
  }
};

StudyService::StudyService(Study& study, const ServiceOptions& options) : impl_(std::make_unique<Impl>(study, options)) {
  if (!options.no_auth && options.token.empty()) throw Error("study serve: no token (and no --no-auth)");
  http::ServerOptions server = options.server;
  server.limits.body = study.limits().body_limit;
  server.limits.body_hint = "[study] body-limit";
  Impl& s = *impl_;
  s.server = std::make_unique<http::Server>(
      server, [&s](const Request& r) { return s.check(r); }, [&s](Request& r, http::Reply reply) { s.handle(r, reply); });
}

StudyService::~StudyService() = default;

int StudyService::port() const { return impl_->server->port(); }

void StudyService::run(const std::atomic<bool>& stop) {
  Impl& s = *impl_;
  std::thread worker([&s] { s.work(); });
  try {
    s.server->run(stop);
  } catch (...) {
    {
      std::lock_guard lock(s.mutex);
      s.stopping = true;
    }
    s.wake.notify_one();
    worker.join();
    throw;
  }
  {
    std::lock_guard lock(s.mutex);
    s.stopping = true;
  }
  s.wake.notify_one();
  worker.join();
}

std::size_t StudyService::groups() const { return impl_->groups; }
std::size_t StudyService::grouped_requests() const { return impl_->grouped; }
const http::Server::Counters& StudyService::counters() const { return impl_->server->counters(); }

}  // namespace cpex::runtime::study
