// The event-driven HTTP/1.1 server under `cpex study serve`: one thread polls every
// connection, so slow or idle clients cost a socket each, never a worker. What keeps a
// client from hijacking, starving or bloating it (docs/studies.md, "Threat model"):
// - the port is bound exclusively (SO_REUSEADDR only, never SO_REUSEPORT): a second server
//   on it is refused, not handed half the clients;
// - deadlines: a request's head must arrive within `header_timeout` of its first byte, its
//   body within `body_timeout`, an answer must be taken within `write_timeout`, and a
//   connection idle between requests is closed after `idle_timeout`;
// - at most `max_connections` connections (a listen backlog of `backlog`): when full, the
//   longest-idle keep-alive connection is closed for a new one, else the new one is answered
//   503;
// - the request limits of http_request.hpp (413, 414, 431), checked before a body is read.
// Every error answer, the server's own included, is one line of JSON. The application sees
// a request twice: its head (check: may refuse it before the body is read, e.g. 401) and
// then whole (handle: answers at once or later, from any thread, through its Reply).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cpex/study/http_request.hpp"

namespace cpex::inline runtime::study::http {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 0;                      // 0: any free port
  std::size_t max_connections = 512;
  int backlog = 511;
  double header_timeout = 10.0;      // seconds, from a request's first byte to its blank line
  double body_timeout = 60.0;        // seconds, from the head to the body's last byte
  double idle_timeout = 5.0;         // seconds between requests on a kept-alive connection
  double write_timeout = 30.0;       // seconds to take an answer
  RequestLimits limits;
};

struct Response {
  int status = 200;
  std::string body;  // JSON (a line)
  std::vector<std::pair<std::string, std::string>> headers;  // extra headers
  bool close = false;  // close the connection after it
};

// `{"error": why, "status": status}` as a response.
Response error_response(int status, const std::string& why);

class Server;

// The answer to one request, sent from any thread; once.
class Reply {
 public:
  void send(Response response) const;
  // The connection it answers (an id, not reused while the server runs).
  std::uint64_t connection() const;

 private:
  friend class Server;
  struct Target;
  std::shared_ptr<Target> target_;
};

class Server {
 public:
  // nullopt: go on and read the body; a response: refuse the request with it (the
  // connection is then closed).
  using Check = std::function<std::optional<Response>(const Request&)>;
  using Handle = std::function<void(Request&, Reply)>;

  // Binds and listens; Error naming the address if it cannot (a port in use).
  Server(const ServerOptions& options, Check check, Handle handle);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  int port() const { return port_; }
  // Serves until `stop` is set (checked at least every 100 ms).
  void run(const std::atomic<bool>& stop);

  // Counters for tests and the log: connections accepted, refused when full, timed out.
  struct Counters {
    std::atomic<std::size_t> accepted{0}, evicted{0}, refused_full{0}, timed_out{0}, requests{0};
  };
  const Counters& counters() const { return counters_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  int port_ = 0;
  Counters counters_;
};

}  // namespace cpex::runtime::study::http
