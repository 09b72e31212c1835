// `cpex study serve`: the study over HTTP/JSON on 127.0.0.1 with cpp-httplib (Debian's
// libcpp-httplib-dev): GET /ask?count=N (&pending=1), POST /tell (JSON lines, an array or
// one object; ?unasked=1), GET /status, GET /pending. One Study object, one writer: the
// requests of many clients are served by a thread pool and serialized by a mutex, and
// each write is a transaction that first applies what other processes appended. A 200 is
// sent only after the commit: an acknowledged observation is on disk.
#include <cerrno>
#include <charconv>
#include <cstring>
#include <iostream>
#include <mutex>

#include "cpex/errors.hpp"
#include "cpex/limits.hpp"
#include "cpex/messages.hpp"
#include "cpex/runtime/option_errors.hpp"
#include "cpex/study/study.hpp"
#include "cpex/study/study_json.hpp"
#include "study_command.hpp"

// After Eigen (through the study headers): httplib.h includes <resolv.h>, whose macro
// `_res` would rename a parameter of Eigen's product kernels.
#include <httplib.h>

namespace cpex::host {

namespace {

using json = nlohmann::ordered_json;

void reply(httplib::Response& response, int status, const json& body) {
  response.status = status;
  response.set_content(body.dump() + "\n", "application/json");
}

void refuse(httplib::Response& response, int status, const std::string& why) {
  reply(response, status, {{"error", printable_message(why)}});
}

// A query parameter as a count in [1, 1000000]; Error naming it otherwise.
std::size_t count_of(const httplib::Request& request) {
  if (!request.has_param("count")) return 1;
  const std::string text = request.get_param_value("count");
  std::size_t value = 0;
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || result.ec != std::errc() || result.ptr != text.data() + text.size() || value < 1 ||
      value > 1'000'000)
    throw Error("count = '" + shorten(text) + "': expected an integer in [1, 1000000]");
  return value;
}

bool flag_of(const httplib::Request& request, const char* name) {
  if (!request.has_param(name)) return false;
  const std::string value = request.get_param_value(name);
  if (value == "1" || value == "true" || value == "yes" || value.empty()) return true;
  if (value == "0" || value == "false" || value == "no") return false;
  throw Error(std::string(name) + " = '" + shorten(value) + "': expected 1 or 0");
}

// Runs a handler under the study's mutex; a refused input answers 400, anything else 500.
template <typename Body>
void guarded(std::mutex& mutex, httplib::Response& response, Body body) {
  try {
    std::lock_guard lock(mutex);
    body();
  } catch (const study::TellError& e) {
    refuse(response, 400, std::string("nothing taken: ") + e.what());
  } catch (const ConfigError& e) {
    refuse(response, 400, e.what());
  } catch (const study::ReplayError& e) {
    refuse(response, 500, e.what());
  } catch (const Error& e) {
    refuse(response, 400, e.what());
  } catch (const std::exception& e) {
    refuse(response, 500, exception_text(e));
  }
}

}  // namespace

void serve_study(study::Study& s, int port, bool quiet) {
  httplib::Server server;
  std::mutex mutex;
  server.set_payload_max_length(kMaxDataFileBytes);
  server.set_keep_alive_max_count(1'000'000);
  server.set_keep_alive_timeout(60);
  // Answers go out at once: with Nagle's algorithm the body would wait for the client's
  // delayed acknowledgement of the headers (40 ms a request on Linux).
  server.set_tcp_nodelay(true);
  server.Get("/ask", [&](const httplib::Request& request, httplib::Response& response) {
    guarded(mutex, response, [&] {
      const bool pending = flag_of(request, "pending");
      const std::size_t count = count_of(request);
      const auto asked = pending ? s.pending() : s.ask(count);
      reply(response, 200, study::asks_json(s, asked, s.driver()));
    });
  });
  server.Get("/pending", [&](const httplib::Request&, httplib::Response& response) {
    guarded(mutex, response, [&] { reply(response, 200, study::asks_json(s, s.pending(), s.driver())); });
  });
  server.Post("/tell", [&](const httplib::Request& request, httplib::Response& response) {
    guarded(mutex, response, [&] {
      const bool unasked = flag_of(request, "unasked");
      const study::TellOutcome outcome = s.tell(study::parse_tells(request.body), unasked);
      json body = study::tell_json(outcome, s.driver());
      if (outcome.late == 0) {
        reply(response, 200, body);
        return;
      }
      body["error"] = std::to_string(outcome.late) + " observation(s) came after the study ended: recorded as late, not used";
      body["recorded"] = true;
      reply(response, 409, body);
    });
  });
  server.Get("/status", [&](const httplib::Request&, httplib::Response& response) {
    guarded(mutex, response, [&] { reply(response, 200, study::status_json(s.status())); });
  });
  server.set_error_handler([](const httplib::Request& request, httplib::Response& response) {
    if (response.status == 404)
      refuse(response, 404, "no such path: " + request.path + " (GET /ask?count=N, POST /tell, GET /status, GET /pending)");
  });
  errno = 0;
  const int bound = port == 0 ? server.bind_to_any_port("127.0.0.1")
                              : (server.bind_to_port("127.0.0.1", port) ? port : -1);
  if (bound <= 0) {
    const int error = errno;
    throw Error("study serve: cannot listen on 127.0.0.1:" + std::to_string(port) +
                (error ? std::string(": ") + std::strerror(error) : std::string(" (the port is in use?)")));
  }
  if (!quiet) std::cout << "cpex: serving study " << s.path() << " on http://127.0.0.1:" << bound << std::endl;
  if (!server.listen_after_bind()) throw Error("study serve: the server on port " + std::to_string(bound) + " failed");
}

}  // namespace cpex::host
