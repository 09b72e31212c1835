# Unity (jumbo) builds of the main job's libraries (docs/testing.md, "CI time"): a library's
# sources compiled a few at a time as one unit, so the headers they share are parsed once
# and the templates and inline functions they share are instantiated and optimized once per
# batch instead of once per file. CPEX_UNITY_BUILD (default ON; OFF in sanitizer builds,
# which compile what the memory checks see file by file) turns it off: a one-file change
# then rebuilds that file alone instead of its whole batch.
if(CMAKE_CXX_FLAGS MATCHES "-fsanitize")
  set(cpex_unity_default OFF)
else()
  set(cpex_unity_default ON)
endif()
option(CPEX_UNITY_BUILD "compile each library of the main job in a few large units" ${cpex_unity_default})

# cpex_unity_build(BATCH TARGET...): each target's sources BATCH to a unit. On 2 cores a
# library should keep at least two units (both cores busy); the longest unit bounds the wall
# time. A source with its own compile options (e.g. lemon_matching.cpp's -std=c++17) stays
# a unit of its own (CMake leaves it out of the batches).
function(cpex_unity_build batch)
  if(NOT CPEX_UNITY_BUILD)
    return()
  endif()
  foreach(target IN LISTS ARGN)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${batch})
    # GCC's -Wsubobject-linkage is meant for headers: a type of a header whose member's type
    # lives in an anonymous namespace. In a unity unit every .cpp is an included file, so a
    # file's own private class holding its own anonymous-namespace type would be reported;
    # the build without unity (CPEX_UNITY_BUILD=OFF, the sanitizer build) still checks it.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
      target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
    endif()
  endforeach()
endfunction()
