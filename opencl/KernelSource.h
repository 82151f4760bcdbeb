#pragma once

namespace rb::opencl {

// The solver's OpenCL C program: opencl/kernels/common.cl followed by one file per step function,
// embedded at build time.
const char* kernelSource();

} // namespace rb::opencl
