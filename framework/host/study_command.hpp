// `cpex study new|ask|tell|status|serve|simulate STUDY.db ...`: the command line of
// studies (docs/studies.md), a thin shell over cpex/study/.
#pragma once

#include <string>

namespace cpex::inline runtime::study {
class Study;
}

namespace cpex::host {

// Parses its own options (argv[1] is "study"); returns the exit status (2: usage).
int study_main(int argc, char** argv);

// `cpex study serve`: HTTP/JSON on 127.0.0.1:port (0: any free port) until a signal ends
// the process; `ready` is called with the port once listening. Error if the port is taken.
void serve_study(cpex::study::Study& study, int port, bool quiet);

}  // namespace cpex::host
