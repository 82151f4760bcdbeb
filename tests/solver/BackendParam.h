#pragma once

#include "lattice/Lattice.h"
#include "solver/Solver.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace rb::test {

// Which backend and lattice a parameterised solver test runs on.
struct BackendLattice {
    std::string backend; // "cpu" or "opencl"
    LatticeKind lattice;
};

::testing::internal::ParamGenerator<BackendLattice> allBackendLattices();
std::string nameOf(const BackendLattice& p);
std::string backendLatticeName(const ::testing::TestParamInfo<BackendLattice>& info);

// The backend loaded with the map. If OpenCL was asked for and the CPU solver took over, the test
// fails (an OpenCL test that quietly ran on the CPU would prove nothing).
std::unique_ptr<Solver> loadedSolver(const std::string& backend, const Map& map);

} // namespace rb::test
