// The event-driven HTTP/1.1 server (http_server.hpp): one poll() loop over the listening
// socket, an eventfd that wakes it when a reply is ready, and every connection's state,
// buffers and deadline.
#include "cpex/study/http_server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>

#include <nlohmann/json.hpp>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"

namespace cpex::inline runtime::study::http {

namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();
constexpr double kDrainSeconds = 2.0;  // reading what a refused client still sends, before closing

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string seconds_text(double seconds) {
  std::string text = std::to_string(seconds);
  text.erase(text.find_last_not_of('0') + 1);
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

std::string serialize(const Response& response, bool close, bool keep_alive_header) {
  std::string out = "HTTP/1.1 " + std::to_string(response.status) + " " + reason_phrase(response.status) + "\r\n";
  if (response.status != 204) {
    out += "Content-Type: application/json\r\nContent-Length: " + std::to_string(response.body.size()) + "\r\n";
  }
  out += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n";
  for (const auto& [name, value] : response.headers) out += name + ": " + value + "\r\n";
  if (close) out += "Connection: close\r\n";
  else if (keep_alive_header) out += "Connection: keep-alive\r\n";
  out += "\r\n";
  if (response.status != 204) out += response.body;
  return out;
}

}  // namespace

Response error_response(int status, const std::string& why) {
  Response response;
  response.status = status;
  response.body = nlohmann::ordered_json({{"error", printable_message(why)}, {"status", status}}).dump() + "\n";
  return response;
}

// Replies made on other threads, handed to the loop through an eventfd.
struct Completions {
  std::mutex mutex;
  std::vector<std::pair<std::uint64_t, Response>> done;
  int wake = -1;
  void push(std::uint64_t connection, Response response) {
    {
      std::lock_guard lock(mutex);
      done.emplace_back(connection, std::move(response));
    }
    const std::uint64_t one = 1;
    [[maybe_unused]] const ssize_t written = ::write(wake, &one, sizeof one);
  }
  ~Completions() {
    if (wake >= 0) ::close(wake);
  }
};

struct Reply::Target {
  std::shared_ptr<Completions> completions;
  std::uint64_t connection = 0;
  std::atomic<bool> sent{false};
  ~Target() {
    if (!sent.load()) completions->push(connection, error_response(500, "the request was not answered"));
  }
};

std::uint64_t Reply::connection() const { return target_ ? target_->connection : 0; }

void Reply::send(Response response) const {
  if (target_ && !target_->sent.exchange(true)) target_->completions->push(target_->connection, std::move(response));
}

namespace {

enum class Phase { Head, Body, Handling, Writing, Draining };

struct Connection {
  int fd = -1;
  std::uint64_t id = 0;
  Phase phase = Phase::Head;
  bool idle = true;          // Head, and no byte of the next request yet
  double idle_since = 0.0;
  double deadline = kNever;
  std::string in, out;
  std::size_t sent = 0;
  bool close_after = false;
  Request request;
  ~Connection() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

struct Server::Impl {
  ServerOptions options;
  Check check;
  Handle handle;
  Counters* counters = nullptr;
  int listener = -1;
  std::shared_ptr<Completions> completions = std::make_shared<Completions>();
  std::map<std::uint64_t, std::unique_ptr<Connection>> connections;
  std::uint64_t next_id = 1;
  double accept_paused_until = 0.0;

  ~Impl() {
    if (listener >= 0) ::close(listener);
  }

  void close(std::uint64_t id) { connections.erase(id); }

  void respond(Connection& c, const Response& response) {
    const bool close = response.close || !c.request.keep_alive();
    c.out += serialize(response, close, c.request.minor_version == 0 && !close);
    c.close_after = close;
    c.phase = Phase::Writing;
    c.deadline = now() + options.write_timeout;
    write(c);
  }

  // A refusal before the request was read whole: answered, then the connection closes.
  void refuse(Connection& c, int status, const std::string& why) {
    Response response = error_response(status, why);
    response.close = true;
    respond(c, response);
  }

  void begin_head(Connection& c) {
    c.phase = Phase::Head;
    c.idle = true;
    c.idle_since = now();
    c.deadline = c.idle_since + options.idle_timeout;
    c.request = Request();
  }

  // Parses what has arrived: the head, then the body; a whole request goes to the handler.
  void advance(Connection& c) {
    if (c.phase == Phase::Head) {
      if (c.in.empty()) return;
      if (c.idle) {
        c.idle = false;
        c.deadline = now() + options.header_timeout;
      }
      Head head = parse_head(c.in, options.limits);
      if (head.outcome == Head::Outcome::Incomplete) return;
      if (head.outcome == Head::Outcome::Refused) {
        refuse(c, head.status, head.error);
        return;
      }
      ++counters->requests;
      c.request = std::move(head.request);
      c.in.erase(0, head.size);
      if (std::optional<Response> refusal = check(c.request)) {
        refusal->close = true;
        respond(c, *refusal);
        return;
      }
      c.phase = Phase::Body;
      c.deadline = now() + options.body_timeout;
      const std::string* expect = c.request.header("expect");
      if (expect && c.request.minor_version >= 1 && c.in.size() < c.request.content_length) {
        std::string value = *expect;
        std::transform(value.begin(), value.end(), value.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
        if (value == "100-continue") {
          c.out += "HTTP/1.1 100 Continue\r\n\r\n";
          write(c);
        }
      }
    }
    if (c.phase == Phase::Body) {
      const std::size_t length = c.request.content_length;
      if (c.in.size() < length) return;
      c.request.body = c.in.substr(0, length);
      c.in.erase(0, length);
      c.phase = Phase::Handling;
      c.deadline = kNever;
      Reply reply;
      reply.target_ = std::make_shared<Reply::Target>();
      reply.target_->completions = completions;
      reply.target_->connection = c.id;
      handle(c.request, reply);
    }
  }

  // Sends what is queued; at the end of an answer, the next request or the close.
  void write(Connection& c) {
    while (c.sent < c.out.size()) {
      const ssize_t n = ::send(c.fd, c.out.data() + c.sent, c.out.size() - c.sent, MSG_NOSIGNAL);
      if (n > 0) {
        c.sent += static_cast<std::size_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
      c.phase = Phase::Draining;  // the client is gone: closed at the sweep
      c.deadline = 0.0;
      return;
    }
    c.out.clear();
    c.sent = 0;
    if (c.phase != Phase::Writing) return;  // an interim 100 Continue
    if (c.close_after) {
      ::shutdown(c.fd, SHUT_WR);
      c.phase = Phase::Draining;
      c.deadline = now() + kDrainSeconds;
      c.in.clear();
      return;
    }
    begin_head(c);
    if (!c.in.empty()) advance(c);  // a pipelined request
  }

  // Reads what has arrived; false when the connection is to be closed.
  bool read(Connection& c) {
    char buffer[65536];
    for (int round = 0; round < 4; ++round) {
      const ssize_t n = ::recv(c.fd, buffer, sizeof buffer, 0);
      if (n > 0) {
        if (c.phase != Phase::Draining) c.in.append(buffer, static_cast<std::size_t>(n));
        if (static_cast<std::size_t>(n) < sizeof buffer) break;
        continue;
      }
      if (n == 0) return false;  // the client closed (mid-request: its request is dropped)
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) break;
      return false;
    }
    if (c.phase == Phase::Head || c.phase == Phase::Body) advance(c);
    return true;
  }

  // The longest-idle kept-alive connection closed to make room; false if none is idle.
  bool evict_idle() {
    auto oldest = connections.end();
    for (auto it = connections.begin(); it != connections.end(); ++it) {
      const Connection& c = *it->second;
      if (c.phase == Phase::Head && c.idle && c.in.empty() &&
          (oldest == connections.end() || c.idle_since < oldest->second->idle_since))
        oldest = it;
    }
    if (oldest == connections.end()) return false;
    connections.erase(oldest);
    ++counters->evicted;
    return true;
  }

  // A connection beyond max_connections: answered 503 at once and closed.
  void refuse_full(int fd) {
    ++counters->refused_full;
    char buffer[4096];
    while (::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT) > 0) {
    }
    const std::string out = serialize(error_response(503, "the server has " + std::to_string(options.max_connections) +
                                                               " connections, its most; try again shortly"),
                                      true, false);
    [[maybe_unused]] const ssize_t n = ::send(fd, out.data(), out.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    ::shutdown(fd, SHUT_WR);
    ::close(fd);
  }

  void accept_all() {
    for (int i = 0; i < 64; ++i) {
      const int fd = ::accept4(listener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) {
        if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
          accept_paused_until = now() + 0.1;  // out of descriptors: the backlog waits
        return;
      }
      ++counters->accepted;
      if (connections.size() >= options.max_connections && !evict_idle()) {
        refuse_full(fd);
        continue;
      }
      const int yes = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
      auto c = std::make_unique<Connection>();
      c->fd = fd;
      c->id = next_id++;
      begin_head(*c);
      connections.emplace(c->id, std::move(c));
    }
  }

  void take_completions() {
    std::uint64_t count = 0;
    [[maybe_unused]] const ssize_t n = ::read(completions->wake, &count, sizeof count);
    std::vector<std::pair<std::uint64_t, Response>> done;
    {
      std::lock_guard lock(completions->mutex);
      done.swap(completions->done);
    }
    for (auto& [id, response] : done) {
      const auto it = connections.find(id);
      if (it != connections.end() && it->second->phase == Phase::Handling) respond(*it->second, response);
    }
  }

  void sweep(double t) {
    std::vector<std::uint64_t> closing;
    for (auto& [id, c] : connections) {
      if (t < c->deadline) continue;
      switch (c->phase) {
        case Phase::Head:
          if (c->idle) {
            closing.push_back(id);  // idle too long: closed without a word
          } else {
            ++counters->timed_out;
            refuse(*c, 408, "the request's head did not arrive within " + seconds_text(options.header_timeout) + " s");
          }
          break;
        case Phase::Body:
          ++counters->timed_out;
          refuse(*c, 408, "the request's body did not arrive within " + seconds_text(options.body_timeout) + " s");
          break;
        case Phase::Handling: break;
        case Phase::Writing:
        case Phase::Draining: closing.push_back(id); break;
      }
    }
    for (std::uint64_t id : closing) close(id);
  }
};

Server::Server(const ServerOptions& options, Check check, Handle handle) : impl_(std::make_unique<Impl>()) {
  Impl& s = *impl_;
  s.options = options;
  s.check = std::move(check);
  s.handle = std::move(handle);
  s.counters = &counters_;
  // never more connections than descriptors
  rlimit files{};
  if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur != RLIM_INFINITY && files.rlim_cur > 64)
    s.options.max_connections = std::min<std::size_t>(s.options.max_connections, static_cast<std::size_t>(files.rlim_cur) - 48);
  s.completions->wake = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (s.completions->wake < 0) throw Error(std::string("cannot make an eventfd: ") + std::strerror(errno));
  const std::string where = options.host + ":" + std::to_string(options.port);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(options.port));
  if (::inet_pton(AF_INET, options.host.c_str(), &address.sin_addr) != 1)
    throw Error("cannot listen on " + where + ": not an IPv4 address");
  s.listener = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (s.listener < 0) throw Error("cannot listen on " + where + ": " + std::strerror(errno));
  // SO_REUSEADDR lets a restarted server bind while old connections linger in TIME_WAIT; on
  // Linux it never lets two listeners share a port (SO_REUSEPORT would, and is not set).
  const int yes = 1;
  ::setsockopt(s.listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  if (::bind(s.listener, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::listen(s.listener, options.backlog) != 0) {
    const int error = errno;
    throw Error("cannot listen on " + where + ": " + std::strerror(error) +
                (error == EADDRINUSE ? " (another server holds the port)" : ""));
  }
  socklen_t size = sizeof address;
  ::getsockname(s.listener, reinterpret_cast<sockaddr*>(&address), &size);
  port_ = ntohs(address.sin_port);
}

Server::~Server() = default;

void Server::run(const std::atomic<bool>& stop) {
  Impl& s = *impl_;
  std::vector<pollfd> fds;
  std::vector<std::uint64_t> ids;
  while (!stop.load()) {
    double t = now();
    fds.clear();
    ids.clear();
    fds.push_back({s.completions->wake, POLLIN, 0});
    fds.push_back({s.listener, static_cast<short>(t >= s.accept_paused_until ? POLLIN : 0), 0});
    double next = t + 0.1;
    for (auto& [id, c] : s.connections) {
      short events = 0;
      if (c->phase == Phase::Head || c->phase == Phase::Body || c->phase == Phase::Draining) events |= POLLIN;
      if (c->sent < c->out.size()) events |= POLLOUT;
      fds.push_back({c->fd, events, 0});
      ids.push_back(id);
      next = std::min(next, c->deadline);
    }
    const int timeout = static_cast<int>(std::clamp((next - t) * 1000.0 + 1.0, 0.0, 100.0));
    if (::poll(fds.data(), fds.size(), timeout) < 0 && errno != EINTR)
      throw Error(std::string("study serve: poll failed: ") + std::strerror(errno));
    if (fds[0].revents & POLLIN) s.take_completions();
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const short revents = fds[i + 2].revents;
      if (!revents) continue;
      const auto it = s.connections.find(ids[i]);
      if (it == s.connections.end()) continue;
      Connection& c = *it->second;
      bool keep = true;
      if (revents & (POLLIN | POLLHUP | POLLERR)) {
        if (c.phase == Phase::Head || c.phase == Phase::Body || c.phase == Phase::Draining) keep = s.read(c);
        else if (revents & (POLLHUP | POLLERR)) keep = false;
      }
      if (keep && (revents & POLLOUT) && c.sent < c.out.size()) s.write(c);
      if (!keep) s.close(ids[i]);
    }
    if (fds[1].revents & POLLIN) s.accept_all();
    s.sweep(now());
  }
}

}  // namespace cpex::runtime::study::http
