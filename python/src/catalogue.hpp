// What the module knows: the loaded plugins as `cpex list` / `cpex describe` show them
// (every field of an entry, the schema as the bound ParamSchema), and the framework's
// tables of result columns and run outcomes.
#pragma once

#include <pybind11/pybind11.h>

namespace cpex::python {

// load_plugins, plugin_directory, list_plugins, describe, result_columns, result_axes_at,
// outcomes.
void bind_catalogue(pybind11::module_& m);

}  // namespace cpex::python
