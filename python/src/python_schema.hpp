// Parameter schemas as Python objects: Range, ParamSpec and ParamSchema are the C++ ones,
// bound, so a Python plugin's schema is built by the same code as a compiled plugin's (the
// same checks: a name declared twice, a role given twice or to the wrong type) and
// `cpex.describe` reads the specs themselves, never text printed and parsed back.
#pragma once

#include <pybind11/pybind11.h>

#include "cpex/params.hpp"

namespace cpex::python {

void bind_schema(pybind11::module_& m);

// A spec as a dict of plain values (name, type, default, allowed, range, required, path,
// role, help): what cpex.describe() lists.
pybind11::dict describe_spec(const ParamSpec& spec);

}  // namespace cpex::python
