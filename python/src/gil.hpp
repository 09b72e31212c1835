// Holding the GIL for one call into Python from a thread that may not hold it. The engine
// thread keeps a Python thread state for its whole life (run_call.cpp), so this is a lock,
// not a thread-state allocation.
#pragma once

#include <pybind11/pybind11.h>

namespace cpex::python {

class Gil {
 public:
  Gil() : state_(PyGILState_Ensure()) {}
  ~Gil() { PyGILState_Release(state_); }
  Gil(const Gil&) = delete;
  Gil& operator=(const Gil&) = delete;

 private:
  PyGILState_STATE state_;
};

}  // namespace cpex::python
