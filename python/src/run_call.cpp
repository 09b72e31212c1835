// cpex.run / cpex.sweep (see run_call.hpp). Threads: the engine thread creates its Python
// thread state once. A pipeline without Python plugins runs without the GIL. A pipeline
// with one runs on one thread (oneTBB then runs every stage on the engine thread; its
// calls would serialize on the GIL anyway), and that thread holds the GIL from the first
// run to the last, so a plugin call costs no GIL hand-over; the interpreter still lets the
// waiting thread in between (it drops the GIL on request every 5 ms while plugin code runs).
#include "run_call.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <new>
#include <sstream>
#include <thread>

#include "cpex/runtime/run_pipeline.hpp"
#include "cpex/errors.hpp"
#include "cpex/runtime/pipeline_file.hpp"
#include "cpex/runtime/embedding.hpp"
#include "python_registration.hpp"
#include "session.hpp"
#include "cpex/runtime/sweep_setup.hpp"
#include "typed_rows.hpp"

namespace py = pybind11;

namespace cpex::python {

namespace {

bool uses_python_plugins(const runtime::PreparedSweep& s) {
  for (const auto& p : s.pipelines) {
    if (is_python_entry(*p.environment) || is_python_entry(*p.algorithm)) return true;
    for (const auto& o : p.oracles)
      if (is_python_entry(*o.entry)) return true;
  }
  return false;
}

// Moves the Python exception set by PyErr_CheckSignals (GIL held) into an object.
py::object fetch_exception() {
  PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  if (value && traceback) PyException_SetTraceback(value, traceback);
  Py_XDECREF(type);
  Py_XDECREF(traceback);
  return value ? py::reinterpret_steal<py::object>(value) : py::object(py::none());
}

}  // namespace

py::dict execute(const RunRequest& request, const py::object& progress) {
  Registry& reg = registry();  // loads the plugins (with the GIL: may raise)
  runtime::RunOptions options;
  options.overrides = request.overrides;
  options.threads = request.threads;
  options.out = request.out;
  options.json = true;
  options.quiet = true;
  options.force = request.force;
  options.force_new = request.force_new;
  options.strict = request.strict;
  options.shard = request.shard;
  options.command_line = request.command_line;

  TypedRows rows(request.collect);
  std::ostringstream summary;
  std::atomic<bool> stop{false};
  std::atomic<bool> started{false};
  std::atomic<std::uint64_t> selected{0}, total_runs{0};
  std::atomic<bool> python_plugins{false};
  PyThreadState* engine_state = nullptr;  // the engine thread's, while it does not hold the GIL

  runtime::EmbeddingHooks hooks;
  hooks.file_on_disk = request.on_disk;
  hooks.sink = &rows;
  hooks.stop = &stop;
  hooks.summary = &summary;
  hooks.on_start = [&](const runtime::PreparedSweep& s, std::uint64_t count, int& threads) {
    rows.set_axes(s.axis_keys);
    if (uses_python_plugins(s)) {
      threads = 1;
      python_plugins = true;
      PyEval_RestoreThread(engine_state);  // held until run_pipeline returns
      engine_state = nullptr;
    }
    total_runs = JobSpace(s.pipelines, s.points).size();
    selected = count;
    started = true;
  };
  options.embedding = &hooks;

  int status = 1;
  std::exception_ptr error;
  std::mutex mutex;
  std::condition_variable finished_cv;
  bool finished = false;
  py::object interrupt = py::none();

  auto report_progress = [&] {
    if (progress.is_none() || !started) return;
    try {
      progress(rows.done.load(std::memory_order_relaxed), selected.load());
    } catch (py::error_already_set& e) {
      e.discard_as_unraisable("cpex progress callback");
    }
  };

  {
    py::gil_scoped_release release;
    std::thread engine([&] {
      // This thread's Python state, made once: Python plugins then only take the GIL.
      const PyGILState_STATE state = PyGILState_Ensure();
      engine_state = PyEval_SaveThread();
      try {
        std::optional<PipelineFile> file;
        if (!request.read_file) {
          file = PipelineFile::from_text(request.text, request.path);
          hooks.file = &*file;
        }
        status = runtime::run_pipeline(reg, request.path, options, request.sweep);
      } catch (...) {
        error = std::current_exception();
      }
      if (engine_state) PyEval_RestoreThread(engine_state);
      PyGILState_Release(state);
      const std::lock_guard lock(mutex);
      finished = true;
      finished_cv.notify_all();
    });
    std::unique_lock lock(mutex);
    while (!finished) {
      finished_cv.wait_for(lock, std::chrono::milliseconds(100));
      if (finished) break;
      lock.unlock();
      {
        py::gil_scoped_acquire gil;
        if (PyErr_CheckSignals() != 0) {
          // The first signal that raises (Ctrl-C: KeyboardInterrupt) stops the runs; while
          // they stop, further ones are dropped.
          if (!stop.exchange(true))
            interrupt = fetch_exception();
          else
            PyErr_Clear();
        }
        report_progress();
      }
      lock.lock();
    }
    lock.unlock();
    engine.join();
  }

  if (error) {
    try {
      std::rethrow_exception(error);
    } catch (const Error&) {
      throw;
    } catch (const std::bad_alloc&) {
      throw Error("out of memory while running '" + request.path + "'");
    } catch (const std::exception& e) {
      throw Error(e.what());
    }
  }
  report_progress();
  py::dict result;
  result["status"] = status;
  result["columns"] = rows.columns();
  result["summary"] = summary.str();
  result["message"] = hooks.message;
  result["delivered"] = rows.done.load();
  result["selected"] = selected.load();
  result["total_runs"] = total_runs.load();
  result["python_plugins"] = python_plugins.load();
  result["interrupt"] = interrupt;
  return result;
}

}  // namespace cpex::python
