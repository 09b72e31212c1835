// One session guard for every GLPK call in libcpex. GLPK keeps per-thread environment
// state: a GLPK built with thread-local storage (glp_config("TLS"), as Debian's) runs
// sessions of different threads at once; another build has its calls serialized. The
// session frees the calling thread's environment when it ends, so that a TBB worker thread
// that solved a linear program leaves nothing behind when it exits (LeakSanitizer reported
// it otherwise). Every problem object must be deleted before the session ends.
#pragma once

#include <mutex>

namespace cpex::numerics {

std::mutex& glpk_mutex();

class GlpkSession {
 public:
  GlpkSession();
  ~GlpkSession();
  GlpkSession(const GlpkSession&) = delete;
  GlpkSession& operator=(const GlpkSession&) = delete;

 private:
  std::unique_lock<std::mutex> lock_;  // held only without thread-local storage
};

}  // namespace cpex::numerics
