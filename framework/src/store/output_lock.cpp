// Output locks (fcntl open-file-description locks on OUTPUT.lock) and the registry of
// files removed on an abrupt exit.
#include "cpex/store/output_lock.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <thread>

#include "cpex/errors.hpp"
#include "cpex/messages.hpp"

namespace cpex::inline runtime {

namespace {

// The registry: fixed slots of fixed-size paths, so the signal handler reads no heap.
constexpr std::size_t kSlots = 16;
constexpr std::size_t kMaxPath = 4096;
struct Slot {
  std::atomic<int> state{0};  // 0 free, 1 being filled or emptied, 2 registered
  char path[kMaxPath];
};
std::array<Slot, kSlots> g_slots;

// Lock files being made or removed (a signal's abrupt exit waits for them to be done) and
// the status of an abrupt exit waiting for that.
std::atomic<int> g_critical{0};
std::atomic<int> g_deferred_status{0};

}  // namespace

AbruptExitDeferred::AbruptExitDeferred() { g_critical.fetch_add(1); }
AbruptExitDeferred::~AbruptExitDeferred() {
  if (g_critical.fetch_sub(1) == 1) {
    const int status = g_deferred_status.load();
    if (status != 0) {
      remove_files_on_abrupt_exit();
      ::_exit(status);
    }
  }
}

namespace {

// A write lock on the whole file, owned by the open file description.
bool try_lock(int fd, int& error) {
  struct flock lock {};
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
  if (::fcntl(fd, F_OFD_SETLK, &lock) == 0) return true;
  error = errno;
  return false;
}

// The holder's pid as written in the lock file; it writes it right after locking, so an
// empty file is read again for a moment.
std::string holder_of(int fd) {
  for (int attempt = 0; attempt < 20; ++attempt) {
    char text[32] = {};
    const ssize_t got = ::pread(fd, text, sizeof text - 1, 0);
    if (got > 0) {
      std::string pid(text, static_cast<std::size_t>(got));
      while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
      if (!pid.empty() && pid.find_first_not_of("0123456789") == std::string::npos) return pid;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return "";
}

bool same_inode(int fd, const std::string& path) {
  struct stat open_file {}, named {};
  return ::fstat(fd, &open_file) == 0 && ::stat(path.c_str(), &named) == 0 &&
         open_file.st_dev == named.st_dev && open_file.st_ino == named.st_ino;
}

}  // namespace

std::string output_lock_path(const std::string& output) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path path = fs::absolute(output, ec);
  // Follow symlinks on the last component too, even one to a file not made yet (so every
  // name of an output shares one lock file); at most 40 links, like the kernel.
  for (int links = 0; links < 40 && fs::is_symlink(fs::symlink_status(path, ec)); ++links) {
    const fs::path target = fs::read_symlink(path, ec);
    if (ec) break;
    path = target.is_absolute() ? target : path.parent_path() / target;
  }
  fs::path resolved = fs::weakly_canonical(path, ec);
  if (ec || resolved.empty()) resolved = output;
  return resolved.string() + ".lock";
}

OutputLock::OutputLock(const std::string& output, const std::string& role)
    : lock_path_(output_lock_path(output)) {
  const std::string shown = role + " '" + shorten(output, 200) + "'";
  const auto refuse = [&](const std::string& pid) {
    throw Error(shown + " is being written by another cpex process (" +
                (pid.empty() ? std::string("pid unknown") : "pid " + pid) + ", lock file '" +
                shorten(lock_path_, 200) + "'); wait for it to end or choose another output");
  };
  // Until the sidecar is registered for removal, a signal's abrupt exit waits.
  const AbruptExitDeferred deferred;
  // A sidecar whose name was removed between our open and our lock belongs to a writer
  // that has finished: open the current one again (a few times at most).
  for (int attempt = 0; attempt < 100; ++attempt) {
    fd_ = ::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd_ < 0 && (errno == EACCES || errno == EROFS || errno == EPERM)) {
      // No sidecar possible: lock the existing output itself, if there is one.
      const int saved = errno;
      fd_ = ::open(output.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
      if (fd_ < 0)
        throw Error("cannot create the lock file '" + shorten(lock_path_, 200) + "' for " + shown +
                    ": " + std::strerror(saved));
      lock_path_ = output;
      sidecar_ = false;
      int error = 0;
      if (!try_lock(fd_, error)) {
        ::close(fd_);
        fd_ = -1;
        if (error == EAGAIN || error == EACCES) refuse("");
        throw Error("cannot lock " + shown + ": " + std::strerror(error));
      }
      return;
    }
    if (fd_ < 0)
      throw Error("cannot create the lock file '" + shorten(lock_path_, 200) + "' for " + shown +
                  ": " + std::strerror(errno));
    int error = 0;
    if (!try_lock(fd_, error)) {
      const std::string pid = error == EAGAIN || error == EACCES ? holder_of(fd_) : "";
      ::close(fd_);
      fd_ = -1;
      if (error == EAGAIN || error == EACCES) refuse(pid);
      throw Error("cannot lock '" + shorten(lock_path_, 200) + "' for " + shown + ": " +
                  std::strerror(error));
    }
    if (!same_inode(fd_, lock_path_)) {
      ::close(fd_);
      fd_ = -1;
      continue;
    }
    const std::string pid = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd_, 0) != 0 || ::pwrite(fd_, pid.data(), pid.size(), 0) < 0) {
      // The lock holds without the pid; a rival's message then says "pid unknown".
    }
    cleanup_slot_ = register_abrupt_exit_file(lock_path_);
    return;
  }
  throw Error("cannot lock " + shown + ": its lock file '" + shorten(lock_path_, 200) +
              "' keeps being replaced");
}

OutputLock::~OutputLock() {
  // Not interrupted half-way: an abrupt exit after our unlink would unlink the path again
  // (by then perhaps a new writer's lock file).
  const AbruptExitDeferred deferred;
  // Removed while still locked: a rival that opened this inode finds it unlinked after
  // taking the lock and opens the path again.
  if (sidecar_ && fd_ >= 0) ::unlink(lock_path_.c_str());
  release_abrupt_exit_file(cleanup_slot_);
  if (fd_ >= 0) ::close(fd_);
}

int register_abrupt_exit_file(const std::string& path) {
  if (path.size() >= kMaxPath) return -1;
  for (std::size_t i = 0; i < kSlots; ++i) {
    int expected = 0;
    if (!g_slots[i].state.compare_exchange_strong(expected, 1)) continue;
    std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
    g_slots[i].state.store(2);
    return static_cast<int>(i);
  }
  return -1;
}

void release_abrupt_exit_file(int slot) {
  if (slot < 0 || slot >= static_cast<int>(kSlots)) return;
  g_slots[static_cast<std::size_t>(slot)].state.store(0);
}

bool defer_abrupt_exit(int status) noexcept {
  g_deferred_status.store(status);  // first, so the critical section's end sees it
  return g_critical.load() > 0;
}

void remove_files_on_abrupt_exit() noexcept {
  for (auto& slot : g_slots)
    if (slot.state.load() == 2) ::unlink(slot.path);
}

}  // namespace cpex::runtime
