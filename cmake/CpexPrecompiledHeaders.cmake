# Precompiled headers for the in-tree plugins (docs/testing.md, "CI time"): every plugin,
# environment and oracle library parses the same standard headers, Eigen's core and the SDK's
# registration headers before its own code -- about half of a small plugin unit's compile
# time. One precompiled header, built once (cpex-plugin-pch), is reused by every plugin
# library (REUSE_FROM: same compiler, options and -fPIC), so each plugin unit maps it instead
# of parsing those headers again. CPEX_PRECOMPILED_HEADERS (default: on with unity builds,
# off under sanitizers) turns it off; a source must still include what it uses (the build
# with CPEX_UNITY_BUILD=OFF, and so without precompiled headers, checks that).
option(CPEX_PRECOMPILED_HEADERS "plugins reuse one precompiled header" ${CPEX_UNITY_BUILD})

# cpex_plugin_precompiled_headers(TARGET...): TARGETs (plugin libraries and their static
# helpers) reuse the plugins' precompiled header.
function(cpex_plugin_precompiled_headers)
  if(NOT CPEX_PRECOMPILED_HEADERS)
    return()
  endif()
  if(NOT TARGET cpex-plugin-pch)
    add_library(cpex-plugin-pch OBJECT ${PROJECT_SOURCE_DIR}/cmake/cpex_plugin_pch.cpp)
    target_link_libraries(cpex-plugin-pch PRIVATE cpex::sdk)
    set_target_properties(cpex-plugin-pch PROPERTIES
      POSITION_INDEPENDENT_CODE ON
      CXX_VISIBILITY_PRESET hidden
      VISIBILITY_INLINES_HIDDEN ON)
    target_precompile_headers(cpex-plugin-pch PRIVATE
      <algorithm> <cmath> <cstddef> <cstdint> <functional> <limits> <map> <memory> <numeric>
      <optional> <span> <string> <string_view> <utility> <vector>
      <Eigen/Core>
      [["cpex/capabilities.hpp"]] [["cpex/errors.hpp"]] [["cpex/limits.hpp"]]
      [["cpex/plugin.hpp"]] [["cpex/random.hpp"]] [["cpex/registration.hpp"]])
  endif()
  foreach(target IN LISTS ARGN)
    target_precompile_headers(${target} REUSE_FROM cpex-plugin-pch)
  endforeach()
endfunction()
