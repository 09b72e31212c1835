# The main job's cold code, compiled at -O1 in Release builds (docs/testing.md, "CI time"):
# the command line's own commands (framework/host/), the study service (framework/src/study/)
# and the Python module's bindings (python/src/) spend their time waiting on files, sockets,
# HTTP clients and the Python interpreter, and call into the -O3 libraries for every
# computation (numerics, the SDK, the runtime's engine and store, the plugins). -O1 takes a
# quarter off their compile (GCC's -O3 inlining and vectorization passes are half of it) and
# changes no number: without -ffast-math every optimization level computes the same IEEE
# results on x86-64. cpex_cold_code(TARGET...) appends -O1 (GCC takes the last -O).
function(cpex_cold_code)
  foreach(target IN LISTS ARGN)
    if(TARGET ${target})
      target_compile_options(${target} PRIVATE $<$<CONFIG:Release>:-O1>)
    endif()
  endforeach()
endfunction()
