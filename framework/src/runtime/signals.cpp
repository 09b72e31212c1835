// The SIGINT / SIGTERM handler of the host (see signals.hpp). Only async-signal-safe calls
// in the handler: atomics, write(2), unlink(2) (remove_files_on_abrupt_exit), _exit(2).
#include "cpex/runtime/signals.hpp"

#include <unistd.h>

#include <cerrno>
#include <csignal>

#include <pthread.h>

#include "cpex/store/output_lock.hpp"

namespace cpex::inline runtime::signals {

namespace {

std::atomic<int> g_first_signal{0};
std::atomic<bool> g_graceful{false};
std::atomic<bool> g_stop{false};

void say(const char* text, std::size_t length) {
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, text, length);
}

extern "C" void on_signal(int signal) {
  const int saved_errno = errno;
  int first = 0;
  const bool is_first = g_first_signal.compare_exchange_strong(first, signal);
  if (is_first && g_graceful.load()) {
    g_stop.store(true);
    static const char message[] =
        "\ncpex: interrupted: finishing the runs in progress; Ctrl-C again to stop at once\n";
    say(message, sizeof message - 1);
    errno = saved_errno;
    return;
  }
  const int status = 128 + (is_first ? signal : first);
  static const char deferred[] = "\ncpex: interrupted: stopping\n";
  if (cpex::defer_abrupt_exit(status)) {  // a lock file is being made: exits right after
    say(deferred, sizeof deferred - 1);
    errno = saved_errno;
    return;
  }
  cpex::remove_files_on_abrupt_exit();
  static const char by_int[] = "\ncpex: interrupted (SIGINT)\n";
  static const char by_term[] = "\ncpex: interrupted (SIGTERM)\n";
  if (status == 128 + SIGTERM)
    say(by_term, sizeof by_term - 1);
  else
    say(by_int, sizeof by_int - 1);
  ::_exit(status);
}

}  // namespace

void install() noexcept {
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaddset(&action.sa_mask, SIGINT);  // one handler at a time
  sigaddset(&action.sa_mask, SIGTERM);
  action.sa_flags = SA_RESTART;
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
  // A launcher may start us with them blocked (the mask survives exec): a signal sent
  // before this point is then delivered here, to the handler.
  sigset_t ours;
  sigemptyset(&ours);
  sigaddset(&ours, SIGINT);
  sigaddset(&ours, SIGTERM);
  ::pthread_sigmask(SIG_UNBLOCK, &ours, nullptr);
}

void set_graceful(bool graceful) noexcept { g_graceful.store(graceful); }

const std::atomic<bool>* stop_flag() noexcept { return &g_stop; }

int received() noexcept { return g_first_signal.load(); }

int exit_status(int status) noexcept {
  const int signal = g_first_signal.load();
  return signal ? 128 + signal : status;
}

}  // namespace cpex::runtime::signals
