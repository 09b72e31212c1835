// `cpex study new|ask|tell|status|log|serve|simulate STUDY.db ...`: the command line of
// studies (docs/studies.md), a thin shell over cpex/study/.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace cpex::inline runtime::study {
class Study;
}

namespace cpex::host {

// Parses its own options (argv[1] is "study"); returns the exit status (2: usage).
int study_main(int argc, char** argv);

// What `cpex study serve` is told.
struct ServeOptions {
  int port = -1;
  bool quiet = false, no_auth = false;
  std::string token_file;  // "": STUDY.db.token
  std::vector<std::string> allowed_origins, allowed_hosts;
  std::size_t max_connections = 512;
  double header_timeout = 10.0, body_timeout = 60.0, idle_timeout = 5.0;
};

// `cpex study serve`: HTTP/JSON on 127.0.0.1:port (0: any free port) until SIGINT or
// SIGTERM; the first line on stdout names the port. Error if the port is taken.
void serve_study(cpex::study::Study& study, const ServeOptions& options);

}  // namespace cpex::host
