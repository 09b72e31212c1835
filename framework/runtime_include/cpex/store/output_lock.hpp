// Exclusive writers: an output file (results CSV, trace, exported CSV, results store) is
// locked for its writer's lifetime, so a second writer is refused at once, naming the
// holder's pid, instead of interleaving rows with the first. The lock is an advisory
// open-file-description write lock (fcntl F_OFD_SETLK) on the sidecar file OUTPUT.lock
// (next to the output, found through symlinks), which holds the writer's pid; the sidecar
// is removed when the lock is released -- also when the process ends on SIGINT/SIGTERM
// (remove_files_on_abrupt_exit). A sidecar left by a killed writer locks nothing: the
// next writer takes it over. Where no sidecar can be created (a directory without write
// permission), the existing output itself is locked (the message then has no pid).
#pragma once

#include <string>

namespace cpex::inline runtime {

class OutputLock {
 public:
  // Error "ROLE 'PATH' is being written by another cpex process (pid N) ..." when another
  // writer holds the lock; Error naming the lock file when it cannot be made.
  OutputLock(const std::string& output, const std::string& role);
  ~OutputLock();
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;

  // The sidecar file (or the output itself, see above).
  const std::string& lock_path() const { return lock_path_; }

 private:
  std::string lock_path_;
  int fd_ = -1;
  bool sidecar_ = true;
  int cleanup_slot_ = -1;
};

// The lock file of `output`: its resolved path with ".lock" appended.
std::string output_lock_path(const std::string& output);

// Files to delete when the process ends abruptly on a signal (a store under construction,
// lock sidecars): register_abrupt_exit_file returns a slot (-1 if none is free or the
// path is too long: the file is then simply left behind), release_abrupt_exit_file frees
// it. remove_files_on_abrupt_exit() unlinks every registered file and is
// async-signal-safe (the host's signal handler calls it before _exit).
int register_abrupt_exit_file(const std::string& path);
void release_abrupt_exit_file(int slot);
void remove_files_on_abrupt_exit() noexcept;

// While one exists, a signal's abrupt exit waits for its end (then removes the registered
// files and exits with the signal's status): around the making or removal of a lock file,
// and around MPI's start-up (a rank ended inside MPI_Init, half connected to its launcher,
// can leave `mpirun` waiting for it forever).
struct AbruptExitDeferred {
  AbruptExitDeferred();
  ~AbruptExitDeferred();
  AbruptExitDeferred(const AbruptExitDeferred&) = delete;
  AbruptExitDeferred& operator=(const AbruptExitDeferred&) = delete;
};

// For the signal handler, before it exits abruptly with `status`: true if a lock file is
// being made or removed right now -- the exit then happens (remove_files_on_abrupt_exit,
// _exit(status)) as soon as that is done, so no lock file is left behind or removed
// twice. Async-signal-safe.
bool defer_abrupt_exit(int status) noexcept;

}  // namespace cpex::runtime
