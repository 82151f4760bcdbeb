#pragma once

#include "ClSolver.h"

#include <memory>

namespace rb::opencl {

// The one way into the OpenCL solver from the rest of the program (SolverFactory). A build
// without OpenCL (-DRIVERBED_OPENCL=OFF) links NoOpenCl.cpp in place of ClBackend.cpp and the
// solver files: there it throws Unavailable saying so, and the CPU solver takes over.
// Otherwise: a ClSolver with `options`, loaded with `map`; throws Unavailable when it cannot run.
std::unique_ptr<Solver> loadClSolver(const ClOptions& options, const Map& map);

} // namespace rb::opencl
