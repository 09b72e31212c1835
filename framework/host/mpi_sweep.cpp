// MPI sweeps: rank r of P runs the selected ids whose position is r modulo P; records
// travel to rank 0 as small binary messages, received by a thread that polls
// (MPI_Iprobe, so a waiting rank 0 does not spin a core) and feeds the sinks under a lock.
#include "cpex/messages.hpp"
#include "mpi_sweep.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>

#include <mpi.h>

#include "cpex/errors.hpp"
#include "cpex/store/output_lock.hpp"
#include "cpex/results/result_fields.hpp"

namespace cpex::host {

namespace {

constexpr int kTagRecord = 1;
constexpr int kTagDone = 2;
MpiContext g_context;
bool g_started = false;
std::atomic<bool> g_abandoned{false};  // rank 0 stopped waiting for a silent rank
// How long rank 0 waits, once stopped by a signal, for ranks still to report.
constexpr auto kStopGrace = std::chrono::seconds(5);

bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(name)) return true;
  return false;
}

// A record crosses as its fields in the order of the column table (for_each_result_field):
// numbers as their bytes, text as its length and bytes. The table is the only list, so a
// column added to it crosses too.
void put(std::string& out, const std::string& text) {
  const auto n = static_cast<std::uint64_t>(text.size());
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
  out += text;
}
template <typename T>
void put(std::string& out, const T& value) {
  static_assert(std::is_trivially_copyable_v<T>, "a result field crosses as its bytes");
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}
void get(const char*& in, std::string& text) {
  std::uint64_t n = 0;
  std::memcpy(&n, in, sizeof n);
  in += sizeof n;
  text.assign(in, n);
  in += n;
}
template <typename T>
void get(const char*& in, T& value) {
  std::memcpy(&value, in, sizeof value);
  in += sizeof value;
}

std::string encode(const RunRecord& r) {
  std::string out;
  for_each_result_field(r, [&](std::string_view, const auto& field) { put(out, field); });
  return out;
}

RunRecord decode(const std::string& message) {
  const char* in = message.data();
  RunRecord r;
  for_each_result_field(r, [&](std::string_view, auto& field) { get(in, field); });
  return r;
}

// Sends every record to rank 0.
class SendToRoot : public ResultSink {
 public:
  void write(const RunRecord& record, const Job&) override {
    const std::string message = encode(record);
    MPI_Send(message.data(), static_cast<int>(message.size()), MPI_BYTE, 0, kTagRecord,
             MPI_COMM_WORLD);
  }
};

// Serializes the local engine's deliveries and the receiver's.
class LockedSink : public ResultSink {
 public:
  explicit LockedSink(ResultSink& next) : next_(next) {}
  void write(const RunRecord& record, const Job& job) override {
    std::lock_guard lock(mutex_);
    next_.write(record, job);
  }

 private:
  ResultSink& next_;
  std::mutex mutex_;
};

}  // namespace

void mpi_start(int* argc, char*** argv) {
  if (!launched_by_mpi()) return;
  int provided = 0;
  {
    // A signal during MPI_Init ends the rank right after it, once it is known to the
    // launcher: ended inside it (half connected), Open MPI's mpirun could wait forever.
    const AbruptExitDeferred after_start_up;
    MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided);
  }
  g_started = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &g_context.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_context.size);
  if (provided < MPI_THREAD_SERIALIZED && g_context.size > 1) {
    if (g_context.rank == 0)
      std::fprintf(stderr, "cpex: error: the MPI library does not support MPI_THREAD_SERIALIZED\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
}

void mpi_stop(int status) {
  if (g_started && g_abandoned.load()) MPI_Abort(MPI_COMM_WORLD, status);
  if (g_started) MPI_Finalize();
  g_started = false;
}

void mpi_abort(int status) {
  if (g_started && g_context.size > 1) MPI_Abort(MPI_COMM_WORLD, status);
  mpi_stop(status);
  std::exit(status);
}

bool mpi_built() { return true; }
MpiContext mpi_context() { return g_context; }

void mpi_share_done(const MpiContext& mpi, std::vector<std::uint64_t>& done) {
  if (mpi.size <= 1) return;
  std::uint64_t n = done.size();
  MPI_Bcast(&n, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  done.resize(n);
  if (n) MPI_Bcast(done.data(), static_cast<int>(n), MPI_UINT64_T, 0, MPI_COMM_WORLD);
}

EngineReport mpi_run(const MpiContext& mpi, const JobSource& jobs, const RunSelection& selection,
                     const EngineOptions& options, ResultSink& sink) {
  RunSelection mine = selection;
  mine.shard_count = selection.shard_count * static_cast<std::uint64_t>(mpi.size);
  mine.shard_index = selection.shard_index + selection.shard_count * static_cast<std::uint64_t>(mpi.rank);
  if (mpi.rank != 0) {
    SendToRoot send;
    const EngineReport report = run_sweep(jobs, mine, options, send);
    const std::uint8_t interrupted = report.interrupted;
    MPI_Send(&interrupted, 1, MPI_BYTE, 0, kTagDone, MPI_COMM_WORLD);
    return report;
  }
  LockedSink locked(sink);
  EngineReport remote;
  std::exception_ptr receive_error;
  std::atomic<bool> local_done{false};
  std::thread receiver([&] {
    try {
      int finished = 0;
      std::string buffer;
      std::chrono::steady_clock::time_point stopped_at{};
      while (finished < mpi.size - 1) {
        int flag = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
        if (!flag) {
          // After a signal, a rank ended by it never reports: do not wait for it forever.
          if (options.stop && options.stop->load() && local_done.load()) {
            const auto now = std::chrono::steady_clock::now();
            if (stopped_at == std::chrono::steady_clock::time_point{}) stopped_at = now;
            if (now - stopped_at > kStopGrace) {
              g_abandoned.store(true);
              remote.interrupted = true;
              break;
            }
          }
          std::this_thread::sleep_for(std::chrono::microseconds(200));
          continue;
        }
        int count = 0;
        MPI_Get_count(&status, MPI_BYTE, &count);
        buffer.resize(static_cast<std::size_t>(count));
        MPI_Recv(buffer.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        if (status.MPI_TAG == kTagDone) {
          ++finished;
          remote.interrupted = remote.interrupted || buffer[0] != 0;
          continue;
        }
        const RunRecord record = decode(buffer);
        locked.write(record, jobs.job(record.run_id));
        ++remote.delivered;
        if (record.stop == StopReason::Error) ++remote.failed;
      }
    } catch (...) {
      receive_error = std::current_exception();
    }
  });
  EngineReport report;
  try {
    report = run_sweep(jobs, mine, options, locked);
    local_done.store(true);
  } catch (const std::exception& e) {
    // The receiver would wait for ranks that cannot be told to stop: end them all.
    std::fprintf(stderr, "cpex: error: %s\n", cpex::printable_message(e.what()).c_str());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  receiver.join();
  if (receive_error) std::rethrow_exception(receive_error);
  report.delivered += remote.delivered;
  report.failed += remote.failed;
  report.interrupted = report.interrupted || remote.interrupted;
  return report;
}

}  // namespace cpex::host
