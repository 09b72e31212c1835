// `cpex report RESULTS... [options]`: grouped tables and plots of run results.
#pragma once

namespace cpex::host {

// Parses its own options (argv[1] is "report"); returns the exit status (2: usage).
int report_main(int argc, char** argv);

}  // namespace cpex::host
