// `cpex study serve`: the study's HTTP/JSON service (cpex/study/study_service.hpp) on
// 127.0.0.1 — the token read or made, the options turned into the service's, the port
// named on stdout, and SIGINT / SIGTERM ending it after the requests in progress.
#include <iostream>

#include "cpex/errors.hpp"
#include "cpex/study/study.hpp"
#include "cpex/study/study_service.hpp"
#include "cpex/study/study_token.hpp"
#include "cpex/runtime/signals.hpp"
#include "study_command.hpp"

namespace cpex::host {

void serve_study(study::Study& s, const ServeOptions& o) {
  study::ServiceOptions options;
  options.server.host = "127.0.0.1";
  options.server.port = o.port;
  options.server.max_connections = o.max_connections;
  options.server.header_timeout = o.header_timeout;
  options.server.body_timeout = o.body_timeout;
  options.server.idle_timeout = o.idle_timeout;
  options.no_auth = o.no_auth;
  options.allowed_origins = o.allowed_origins;
  options.allowed_hosts = o.allowed_hosts;
  const std::string token_file = o.token_file.empty() ? study::default_token_file(s.path()) : o.token_file;
  if (o.no_auth)
    std::cerr << "cpex: warning: study serve --no-auth: any program on this machine may change the study "
                 "(127.0.0.1 only)\n";
  else
    options.token = study::ensure_token(token_file);
  signals::set_graceful(true);
  study::StudyService service(s, options);
  if (!o.quiet) {
    if (!o.no_auth) std::cerr << "cpex: study serve: clients send the token of " << token_file << '\n';
    std::cout << "cpex: serving study " << s.path() << " on http://127.0.0.1:" << service.port() << std::endl;
  }
  service.run(*signals::stop_flag());
}

}  // namespace cpex::host
