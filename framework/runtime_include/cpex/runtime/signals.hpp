// SIGINT and SIGTERM from the first instant. The handlers are installed before main (from
// .preinit_array, before any library initializer runs) and again first thing in main;
// the two signals are unblocked there (a signal sent while a launcher had them blocked is
// delivered at that point).
// Outside a run loop a signal ends the process at once -- after removing the files
// registered for an abrupt exit (a store under construction, lock files) -- with status
// 130 (SIGINT) or 143 (SIGTERM). Inside a run loop (graceful mode) the first signal asks
// the engine to stop after the runs in progress, which are kept and summarized; a second
// signal then ends the process at once in the same way. Either way the exit status is
// 128 + the first signal's number.
#pragma once

#include <atomic>

namespace cpex::inline runtime::signals {

// Installs the handlers and unblocks SIGINT / SIGTERM (idempotent).
void install() noexcept;

// Graceful mode on or off (see above).
void set_graceful(bool graceful) noexcept;

// Set by the first signal in graceful mode: the engine's stop flag.
const std::atomic<bool>* stop_flag() noexcept;

// The first signal received (SIGINT or SIGTERM), or 0.
int received() noexcept;

// 128 + received() once a signal has been received, else `status`.
int exit_status(int status) noexcept;

}  // namespace cpex::runtime::signals
