// `cpex study serve`'s service: the study's HTTP/JSON API on the event-driven server
// (http_server.hpp) — POST /ask, POST /tell, GET /status, GET /pending, GET /log — with a
// bearer token on every request, Host and Origin checks (a web page the experimenter
// visits cannot use it), JSON bodies only, and one worker thread that owns the study and
// runs the requests queued meanwhile in one transaction: concurrent tells share one synced
// commit (group commit), and each is answered only after that commit. docs/studies.md,
// "HTTP" and "Threat model".
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "cpex/study/http_server.hpp"

namespace cpex::inline runtime::study {

class Study;

struct ServiceOptions {
  http::ServerOptions server;
  std::string token;                         // required as "Authorization: Bearer TOKEN"
  bool no_auth = false;                      // no token (loopback only)
  std::vector<std::string> allowed_origins;  // browser origins allowed (CORS), e.g. https://dash.example
  std::vector<std::string> allowed_hosts;    // Host names besides 127.0.0.1, localhost, [::1]
};

class StudyService {
 public:
  // Binds the port (Error if it cannot). `study` must outlive the service; it is used by
  // the service's worker thread only, from run() on.
  StudyService(Study& study, const ServiceOptions& options);
  ~StudyService();
  StudyService(const StudyService&) = delete;
  StudyService& operator=(const StudyService&) = delete;

  int port() const;
  // Serves until `stop` is set.
  void run(const std::atomic<bool>& stop);
  // Requests served in groups: how many groups, how many requests (for tests and docs).
  std::size_t groups() const;
  std::size_t grouped_requests() const;
  const http::Server::Counters& counters() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cpex::runtime::study
