# cpex_add_plugin(NAME SOURCES...): builds a CPEx plugin library with hidden visibility,
# linked against the SDK only (cpex::sdk: libcpex and libcpex-numerics; never the runtime,
# the store, reports or host code) with every symbol resolved at link time (so a call into
# the runtime fails to link), placed where the host searches by default.
function(cpex_add_plugin name)
  cmake_parse_arguments(ARG "" "OUTPUT_DIRECTORY" "SOURCES;LIBRARIES" ${ARGN})
  if(NOT ARG_OUTPUT_DIRECTORY)
    set(ARG_OUTPUT_DIRECTORY ${CPEX_PLUGIN_OUTPUT_DIR})
  endif()
  add_library(${name} MODULE ${ARG_SOURCES} ${ARG_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PRIVATE cpex::sdk ${ARG_LIBRARIES})
  target_link_options(${name} PRIVATE -Wl,--no-undefined)
  set_target_properties(${name} PROPERTIES
    PREFIX "lib"
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY ${ARG_OUTPUT_DIRECTORY})
  if(DEFINED CPEX_LIBRARY_OUTPUT_DIR)  # in the CPEx tree: find libcpex relative to $ORIGIN
    file(RELATIVE_PATH to_lib ${ARG_OUTPUT_DIRECTORY} ${CPEX_LIBRARY_OUTPUT_DIR})
    set_target_properties(${name} PROPERTIES INSTALL_RPATH "$ORIGIN/${to_lib}")
    # Source paths as the repository names them (PluginInfo::where, `cpex describe`), also
    # when ccache (base_dir) hands the compiler paths relative to the build directory.
    file(RELATIVE_PATH to_source ${CMAKE_CURRENT_BINARY_DIR} ${PROJECT_SOURCE_DIR})
    string(REGEX REPLACE "/$" "" to_source "${to_source}")
    target_compile_options(${name} PRIVATE "-fmacro-prefix-map=${PROJECT_SOURCE_DIR}/="
                                           "-fmacro-prefix-map=${to_source}/=")
  endif()
  if(ARG_OUTPUT_DIRECTORY STREQUAL CPEX_PLUGIN_OUTPUT_DIR)
    install(TARGETS ${name} LIBRARY DESTINATION ${CPEX_PLUGIN_SUBDIR})
    set_property(GLOBAL APPEND PROPERTY CPEX_PLUGIN_TARGETS ${name})
  endif()
endfunction()
