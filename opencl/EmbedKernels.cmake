# Writes OUTPUT, a C++ file holding every .cl file of SOURCES (in order) as one string, so the
# binary needs no kernel files at run time. Run at build time whenever a kernel changes.
file(WRITE "${OUTPUT}" "// Generated from opencl/kernels/*.cl by EmbedKernels.cmake. Do not edit.\n#include \"KernelSource.h\"\n\nnamespace rb::opencl {\n\nconst char* kernelSource()\n{\n    return\n")
foreach(source IN LISTS SOURCES)
  file(READ "${source}" content)
  get_filename_component(name "${source}" NAME)
  file(APPEND "${OUTPUT}" "        \"// ---- ${name}\\n\"\n        R\"RIVERBED_CL(${content})RIVERBED_CL\"\n")
endforeach()
file(APPEND "${OUTPUT}" "        ;\n}\n\n} // namespace rb::opencl\n")
