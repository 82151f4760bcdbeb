#pragma once

#include "ClSolver.h"

#include <memory>
#include <string>

namespace rb::opencl {

struct SolverChoice {
    std::unique_ptr<Solver> solver; // loaded with the map
    std::string notice;             // set when OpenCL was asked for but the CPU solver took over
};

// True for "cpu", "opencl", "opencl:INDEX" and "opencl:NAME".
bool isBackendSpec(const std::string& backend);

// Creates the backend and loads the map into it. When OpenCL is asked for but has no library,
// platform or device, its kernels do not build, or the map does not fit, the CPU solver takes
// over and `notice` says why in one line (followed by the build log where there is one).
// Throws std::invalid_argument for an invalid map or an unknown backend spelling.
SolverChoice createSolver(const std::string& backend, const Map& map, InjectedFault fault = InjectedFault::None);

} // namespace rb::opencl
