// The unit that builds the plugins' precompiled header (cmake/CpexPrecompiledHeaders.cmake);
// it has no code of its own.
