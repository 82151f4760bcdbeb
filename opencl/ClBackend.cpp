#include "ClBackend.h"

namespace rb::opencl {

std::unique_ptr<Solver> loadClSolver(const ClOptions& options, const Map& map)
{
    auto solver = std::make_unique<ClSolver>(options);
    solver->load(map);
    return solver;
}

} // namespace rb::opencl
